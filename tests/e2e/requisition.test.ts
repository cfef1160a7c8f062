// A requisition's life in the browser: buyer01 creates it with two lines picked in the line grid, saves and
// submits; approver01 (another browser context) opens it from the list and approves it.
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { shot } from './browser';
import { chromiumForFile,
  activePane,
  cellEditor,
  clickCell,
  columnValues,
  confirmDialog,
  eventually,
  expectToast,
  grid,
  gridRows,
  openMenu,
  uniqueSuffix,
  type Session,
 } from './helpers';

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
  await input.waitFor({ state: 'visible' });
  // pressSequentially focuses the input first (the editor opens without focus: the canvas keeps it).
  // Typed at a person's pace: keys sent the instant the editor mounts were lost in about half the runs.
  await page.waitForTimeout(300);
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

test('buyer01 creates and submits a two-line requisition; approver01 approves it', async () => {
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
    await typeQuantity(page, 0, '12.5');
    await eventually(() => cell(0, '数量')).toBe('12.5000');
    await typeNeedByDate(page, 0, '2026-12-20');
    await eventually(() => cell(0, '需求日期')).toBe('2026-12-20');
    await pickMaterial(page, 1, 'M-0003');
    await eventually(() => cell(1, '物料')).toContain('M-0003');
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
    await eventually(() => saved.locator('#root_requisitionNumber').innerText()).not.toBe('');
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

    // approver01 in a new context: finds it in the list, opens it and approves.
    const approver = await chromium.signIn('approver01');
    current = approver;
    page = approver.page;
    await openMenu(page, 'REQUISITION', /\/main\/order\/requisitionList\?/);
    await activePane(page).getByTestId('search-requisitionNumber').fill(number);
    await activePane(page).getByTestId('search-submit').click();
    const list = grid(page, 'requisitionList');
    await eventually(() => gridRows(list)).toEqual([expect.objectContaining({ 申请单号: number, 标题: title, 状态: STATUS.submitted })]);
    await shot(page, 'e2e-requisition-approver-list');

    // The approver holds btnView (not btnEdit): the row offers View.
    await activePane(page).getByTestId('row-action-view-0').click();
    await page.waitForURL(/\/main\/order\/requisitionEdit\?.*id=\d+/);
    const doc = activePane(page);
    await eventually(() => doc.locator('#root_requisitionNumber').innerText()).toBe(number);
    await eventually(() => doc.locator('#root_status').innerText()).toBe(STATUS.submitted);
    await shot(page, 'e2e-requisition-approver-opened');
    const approve = doc.getByTestId('action-approve');
    const seen = await approve.waitFor({ state: 'visible', timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (!seen) {
      const buttons = await doc.locator('.srm-action-bar button').allInnerTexts();
      throw new Error(`approver01 opened ${page.url()} (row action "view" of a SUBMITTED requisition) and sees no Approve button; page buttons: ${JSON.stringify(buttons)}`);
    }
    await approve.click();
    await confirmDialog(page).waitFor({ state: 'visible' });
    await confirmDialog(page).getByRole('button', { name: '确定' }).click();
    await expectToast(page, '操作成功');
    await eventually(() => doc.locator('#root_status').innerText()).toBe(STATUS.approved);
    await shot(page, 'e2e-requisition-approved');

    // And the list says so.
    await doc.getByTestId('action-back').click();
    await page.waitForURL(/\/main\/order\/requisitionList\?/);
    await activePane(page).getByTestId('search-submit').click();
    await eventually(() => columnValues(list, '状态')).toEqual([STATUS.approved]);
  } catch (e) {
    await shot(page, 'e2e-requisition-FAILED').catch(() => undefined);
    throw new Error(`${e instanceof Error ? e.message : String(e)}\nbrowser errors:\n${current.errors.join('\n')}`, { cause: e });
  }
});
