// A requisition's life in the browser: buyer01 creates it with two lines picked in the line grid, saves and
// submits, which starts the demo's PR_APPROVAL process; approver01 (another browser context) finds the task
// in the to-do list (the header badge counts it), opens the requisition from it and approves it there. The
// requisition's own approve button is not offered while the process runs.
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import {
  chromiumForFile,
  activePane,
  cellEditor,
  clickCell,
  columnValues,
  confirmDialog,
  eventually,
  expectToast,
  focused,
  grid,
  gridRows,
  openMenu,
  uniqueSuffix,
  type Session,
} from '../../../../tests/e2e/helpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

/** Picks a material in the line grid's reference select: click the cell, type to search, choose the option. */
async function pickMaterial(page: Page, row: number, code: string): Promise<void> {
  const lines = grid(page, 'lines');
  await clickCell(page, lines, 'materialId', row);
  const editor = cellEditor(page);
  await editor.locator('.arco-select').waitFor({ state: 'visible' });
  await editor.locator('input').pressSequentially(code, { delay: 30 });
  const option = page.locator('#portal .arco-select-option', { hasText: code });
  await option.first().click();
  await cellEditor(page).waitFor({ state: 'detached' });
}

async function typeQuantity(page: Page, row: number, quantity: string): Promise<void> {
  await clickCell(page, grid(page, 'lines'), 'quantity', row);
  const input = cellEditor(page).locator('.arco-input-number input');
  // Keys sent before the editor has focused its input (once glide has placed the overlay) were lost.
  await focused(input);
  await input.pressSequentially(quantity, { delay: 60 });
  await input.press('Enter');
  await cellEditor(page).waitFor({ state: 'detached' });
}

async function typeNeedByDate(page: Page, row: number, date: string): Promise<void> {
  await clickCell(page, grid(page, 'lines'), 'needByDate', row);
  const input = cellEditor(page).locator('.arco-picker input');
  await input.waitFor({ state: 'visible' });
  await input.fill(date);
  await input.press('Enter');
  await cellEditor(page).waitFor({ state: 'detached' });
}

// CN is the default language of a fresh browser.
const STATUS = { draft: '拟定', submitted: '已提交', approved: '已批准' } as const;

test('buyer01 creates and submits a two-line requisition; approver01 approves it from the to-do list', async () => {
  const suffix = uniqueSuffix();
  const title = `E2E 申请 ${suffix}`;
  const buyer = await chromium.signIn('buyer01');
  let page = buyer.page;
  let current: Session = buyer;

  try {
    await openMenu(page, 'REQUISITION', /\/main\/order\/requisitionList\?/);
    await activePane(page).getByTestId('action-add').click();
    await page.waitForURL(/\/main\/order\/requisitionEdit\?.*mode=create/);
    const form = activePane(page);
    await eventually(() => form.locator('#root_status').innerText()).toBe(STATUS.draft);

    await form.locator('#root_title').fill(title);
    const requestDate = form.locator('[data-field=requestDate] input');
    await requestDate.click();
    await requestDate.fill('2026-12-01');
    await requestDate.press('Enter');
    await form.locator('#root_description').fill('two lines, made by the browser test');
    await form.locator('#root_title').click(); // close the date popup

    // Two lines: material, quantity and need-by date through the grid's cell editors.
    await form.getByTestId('line-lines-action-addLine').click();
    await form.getByTestId('line-lines-action-addLine').click();
    const lines = grid(page, 'lines');
    await eventually(async () => (await gridRows(lines)).filter((r) => r['序号'] === '1' || r['序号'] === '2').length).toBe(2);

    // Each edit is checked as it lands, so a lost edit names the step that lost it.
    const cell = async (row: number, title: string) => (await gridRows(lines))[row]?.[title];
    await pickMaterial(page, 0, 'M-0001');
    await eventually(() => cell(0, '物料')).toContain('M-0001');
    // The line's unit fills from the chosen material (the field's `fills`): M-0001 is counted in kilograms.
    await eventually(() => cell(0, '单位')).toBe('千克');
    await typeQuantity(page, 0, '12.5');
    await eventually(() => cell(0, '数量')).toBe('12.5000');
    await typeNeedByDate(page, 0, '2026-12-20');
    await eventually(() => cell(0, '需求日期')).toBe('2026-12-20');
    await pickMaterial(page, 1, 'M-0003');
    await eventually(() => cell(1, '物料')).toContain('M-0003');
    await eventually(() => cell(1, '单位')).toBe('米');
    await typeQuantity(page, 1, '4');
    await eventually(() => cell(1, '数量')).toBe('4.0000');
    await typeNeedByDate(page, 1, '2026-12-31');
    await eventually(() => cell(1, '需求日期')).toBe('2026-12-31');

    await eventually(async () => (await gridRows(lines)).slice(0, 2)).toEqual([
      expect.objectContaining({ 物料: expect.stringContaining('M-0001'), 数量: '12.5000', 需求日期: '2026-12-20' }),
      expect.objectContaining({ 物料: expect.stringContaining('M-0003'), 数量: '4.0000', 需求日期: '2026-12-31' }),
    ]);
    await shot(page, 'e2e-requisition-lines-filled');

    // Save: the server numbers the document.
    await form.getByTestId('action-save').click();
    await expectToast(page, '保存成功');
    await page.waitForURL(/\/main\/order\/requisitionEdit\?.*id=\d+.*mode=edit/);
    const saved = activePane(page);
    // The number appears once the saved document has loaded (a blank or whitespace cell before that).
    await eventually(async () => (await saved.locator('#root_requisitionNumber').innerText()).trim()).toMatch(/^PR-\d{4}-\d{6}$/);
    const number = (await saved.locator('#root_requisitionNumber').innerText()).trim();
    await eventually(async () => (await columnValues(grid(page, 'lines'), '物料')).filter((v) => v !== '')).toEqual([
      expect.stringContaining('M-0001'),
      expect.stringContaining('M-0003'),
    ]);

    // Submit with confirmation.
    await saved.getByTestId('action-submit').click();
    const dialog = confirmDialog(page);
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.innerText()).toContain('确定提交吗');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expectToast(page, '操作成功');
    await eventually(() => saved.locator('#root_status').innerText()).toBe(STATUS.submitted);
    // A submitted requisition is no longer editable.
    expect(await saved.getByTestId('action-save').count()).toBe(0);
    await shot(page, 'e2e-requisition-submitted');

    // The buyer's own page shows the process it started, at approver01's step.
    await eventually(() => saved.getByTestId('bpm-panel-state').innerText()).toBe('审批中');
    await eventually(() => saved.getByTestId('bpm-panel-current').innerText()).toContain('采购经理审批');

    // approver01 in a new context: the header badge counts the task; the to-do list holds it.
    const approver = await chromium.signIn('approver01');
    current = approver;
    page = approver.page;
    await eventually(async () => Number((await page.getByTestId('bpm-todo-count').getAttribute('data-count')) || 0)).toBeGreaterThan(0);
    await page.getByTestId('bpm-todo-badge').click();
    await page.waitForURL(/\/main\/myUpcoming/);
    const todo = activePane(page);
    await todo.getByTestId('bpm-search-documentNumber').fill(number);
    await todo.getByTestId('bpm-search-submit').click();
    const rows = todo.locator('[data-testid=bpm-table-todo] tbody tr.arco-table-tr');
    await eventually(() => rows.allInnerTexts()).toEqual([expect.stringContaining(title)]);
    expect(await rows.first().innerText()).toContain('采购经理审批');
    await shot(page, 'e2e-requisition-approver-todo');

    // Opened from the task: the requisition in view mode, the task's buttons above it, not the page's own.
    await todo.getByTestId('bpm-open-0').click();
    await page.waitForURL(/\/main\/order\/requisitionEdit\?.*taskId=\d+/);
    const doc = activePane(page);
    await eventually(() => doc.locator('#root_requisitionNumber').innerText()).toBe(number);
    await eventually(() => doc.locator('#root_status').innerText()).toBe(STATUS.submitted);
    await doc.getByTestId('bpm-task-approve').waitFor({ state: 'visible' });
    expect(await doc.getByTestId('action-approve').count()).toBe(0);
    expect(await doc.getByTestId('action-reject').count()).toBe(0);
    await shot(page, 'e2e-requisition-approver-opened');
    await doc.getByTestId('bpm-task-approve').click();
    await page.getByTestId('bpm-dialog-comment').fill('同意采购');
    await page.getByTestId('bpm-dialog-ok').click();
    await expectToast(page, '已同意');
    await eventually(() => doc.locator('#root_status').innerText()).toBe(STATUS.approved);
    await eventually(() => doc.getByTestId('bpm-panel-state').innerText()).toBe('已通过');
    await eventually(() => doc.getByTestId('bpm-history').innerText()).toContain('同意采购');
    await shot(page, 'e2e-requisition-approved');

    // And the requisition list says so.
    await openMenu(page, 'REQUISITION', /\/main\/order\/requisitionList\?/);
    await activePane(page).getByTestId('search-requisitionNumber').fill(number);
    await activePane(page).getByTestId('search-submit').click();
    const list = grid(page, 'requisitionList');
    await eventually(() => gridRows(list)).toEqual([expect.objectContaining({ 申请单号: number, 标题: title, 状态: STATUS.approved })]);
  } catch (e) {
    await shot(page, 'e2e-requisition-FAILED').catch(() => undefined);
    throw new Error(`${e instanceof Error ? e.message : String(e)}\nbrowser errors:\n${current.errors.join('\n')}`, { cause: e });
  }
});
