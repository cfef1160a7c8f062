// The task centre in the browser, in CN and TH: buyer01 submits a requisition above 100,000 CNY from its
// page (PR_APPROVAL starts); approver01 (CN) sees it counted on the header badge and in the to-do list,
// opens it and approves; approver02 (TH) does the same for the second step; the requisition is approved,
// and both find the task among their completed tasks, buyer01 among the processes it started. An
// administrator's monitoring shows the instance's diagram with the current step highlighted.
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import {
  activePane,
  chromiumForFile,
  columnValues,
  confirmDialog,
  eventually,
  expectToast,
  grid,
  openMenu,
  showMenuItem,
  uniqueSuffix,
  type Session,
} from '../../../../tests/e2e/helpers';
import { MATERIAL, PR, expectOk, signIn, type Rec } from '../../../../tests/support/apiHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

type Lang = 'CN' | 'TH';
const T = {
  CN: {
    running: '审批中',
    completed: '已通过',
    approve: '同意',
    approved: '已同意',
    submitted: '已提交',
    docApproved: '已批准',
    step1: '采购经理审批',
    step2: '财务总监审批',
  },
  TH: {
    running: 'กำลังดำเนินการ',
    completed: 'อนุมัติแล้ว',
    approve: 'อนุมัติ',
    approved: 'อนุมัติแล้ว',
    submitted: 'ส่งแล้ว',
    docApproved: 'อนุมัติแล้ว',
    step1: '采购经理审批',
    step2: '财务总监审批',
  },
} as const;

async function switchLanguage(page: Page, lang: Lang): Promise<void> {
  await page.getByTestId('lang-switch').click();
  await page.getByTestId(`lang-${lang}`).click();
}

const badgeCount = async (page: Page) => Number((await page.getByTestId('bpm-todo-count').getAttribute('data-count')) || 0);

/** From the header badge to the to-do list, the task of `number` opened, approved with a comment; the
 *  badge's count before. */
async function approveFromTodo(page: Page, lang: Lang, number: string, step: string, comment: string, screenshot: string): Promise<number> {
  await eventually(() => badgeCount(page)).toBeGreaterThan(0);
  const before = await badgeCount(page);
  await page.getByTestId('bpm-todo-badge').click();
  await page.waitForURL(/\/main\/myUpcoming/);
  const todo = activePane(page);
  await todo.getByTestId('bpm-search-documentNumber').fill(number);
  await todo.getByTestId('bpm-search-submit').click();
  const rows = todo.locator('[data-testid=bpm-table-todo] tbody tr.arco-table-tr');
  await eventually(() => rows.allInnerTexts()).toEqual([expect.stringContaining(number)]);
  expect(await rows.first().innerText()).toContain(step);
  await shot(page, `${screenshot}-todo`);
  await todo.getByTestId('bpm-open-0').click();
  await page.waitForURL(/\/main\/order\/requisitionEdit\?.*taskId=\d+/);
  const doc = activePane(page);
  await eventually(() => doc.locator('#root_requisitionNumber').innerText()).toBe(number);
  await eventually(() => doc.getByTestId('bpm-panel-state').innerText()).toBe(T[lang].running);
  await eventually(() => doc.getByTestId('bpm-task-approve').innerText()).toBe(T[lang].approve);
  // The requisition's own approve / reject are not offered while the process runs.
  expect(await doc.getByTestId('action-approve').count()).toBe(0);
  expect(await doc.getByTestId('action-reject').count()).toBe(0);
  await shot(page, `${screenshot}-task`);
  await doc.getByTestId('bpm-task-approve').click();
  await page.getByTestId('bpm-dialog-comment').fill(comment);
  await page.getByTestId('bpm-dialog-ok').click();
  await expectToast(page, T[lang].approved);
  await eventually(() => doc.getByTestId('bpm-history').innerText()).toContain(comment);
  return before;
}

test('buyer01 submits; approver01 (CN) and approver02 (TH) approve from their to-do lists; monitoring shows the diagram', async () => {
  const suffix = uniqueSuffix();
  const title = `E2E 审批 ${suffix}`;
  // The draft is made over the API (the requisition's own journey fills the line grid in the browser).
  const api = await signIn(baseUrl, 'buyer01');
  const material = expectOk(await api.call<Rec[]>(`${MATERIAL}/listByPage`, { params: {}, pageRows: 1 }))[0];
  const draft = expectOk(
    await api.call<Rec>(`${PR}/saveOrUpdate`, {
      title,
      requestDate: '2026-11-22',
      currencyCode: 'CNY',
      lines: [{ materialId: material.materialId, quantity: 10, unitPrice: 12_000, needByDate: '2026-12-31' }],
    }),
  );
  const number = String(draft.requisitionNumber);

  let current: Session = await chromium.signIn('buyer01');
  let page = current.page;
  try {
    // buyer01 submits from the requisition's page: the process starts at approver01's step.
    await openMenu(page, 'REQUISITION', /\/main\/order\/requisitionList\?/);
    await activePane(page).getByTestId('search-requisitionNumber').fill(number);
    await activePane(page).getByTestId('search-submit').click();
    await eventually(() => columnValues(grid(page, 'requisitionList'), '申请单号')).toEqual([number]);
    await activePane(page).getByTestId('row-action-edit-0').click();
    await page.waitForURL(/\/main\/order\/requisitionEdit\?.*mode=edit/);
    const form = activePane(page);
    await eventually(() => form.locator('#root_requisitionNumber').innerText()).toBe(number);
    await form.getByTestId('action-submit').click();
    await confirmDialog(page).getByRole('button', { name: '确定' }).click();
    await expectToast(page, '操作成功');
    await eventually(() => form.getByTestId('bpm-panel-state').innerText()).toBe(T.CN.running);
    await eventually(() => form.getByTestId('bpm-panel-current').innerText()).toContain(T.CN.step1);

    // approver01, in Chinese.
    current = await chromium.signIn('approver01');
    page = current.page;
    await approveFromTodo(page, 'CN', number, T.CN.step1, '同意，转财务总监', 'e2e-bpm-approver01-CN');
    // One step approved, one to go: still running, now at approver02's step.
    const doc1 = activePane(page);
    await eventually(() => doc1.getByTestId('bpm-panel-current').innerText()).toContain(T.CN.step2);
    await eventually(() => doc1.locator('#root_status').innerText()).toBe(T.CN.submitted);
    await openMenu(page, 'MY_DONE', /\/main\/myApproval/);
    await activePane(page).getByTestId('bpm-search-documentNumber').fill(number);
    await activePane(page).getByTestId('bpm-search-submit').click();
    await eventually(() => activePane(page).locator('[data-testid=bpm-table-done] tbody').innerText()).toContain('同意，转财务总监');

    // approver02, in Thai.
    current = await chromium.signIn('approver02');
    page = current.page;
    await switchLanguage(page, 'TH');
    await showMenuItem(page, 'MY_TODO');
    await eventually(() => page.getByTestId('menu-MY_TODO').innerText()).toContain('งานที่ต้องทำของฉัน');
    const before = await approveFromTodo(page, 'TH', number, T.TH.step2, 'อนุมัติ OK', 'e2e-bpm-approver02-TH');
    const doc2 = activePane(page);
    await eventually(() => doc2.getByTestId('bpm-panel-state').innerText()).toBe(T.TH.completed);
    await eventually(() => doc2.locator('#root_status').innerText()).toBe(T.TH.docApproved);
    // The badge counts one task fewer (approver02 keeps the demo's own open task).
    await eventually(() => badgeCount(page)).toBe(before - 1);
    await shot(page, 'e2e-bpm-approved-TH');

    // buyer01's processes: completed.
    current = await chromium.signIn('buyer01');
    page = current.page;
    await openMenu(page, 'MY_STARTED', /\/main\/processInitiate/);
    await activePane(page).getByTestId('bpm-search-documentNumber').fill(number);
    await activePane(page).getByTestId('bpm-search-submit').click();
    await eventually(() => activePane(page).locator('[data-testid=bpm-table-started] tbody').innerText()).toContain(T.CN.completed);

    // The administrator's monitoring: a running demo instance's diagram, its current step highlighted.
    current = await chromium.signIn('admin');
    page = current.page;
    await openMenu(page, 'BPM_MONITOR', /\/main\/bpm\/processMonitoring/);
    await activePane(page).getByTestId('search-documentNumber').fill('PR-2026-000007');
    await activePane(page).getByTestId('search-submit').click();
    await activePane(page).getByTestId('row-action-view-0').click();
    await page.waitForURL(/\/main\/bpm\/instanceView\?/);
    const view = activePane(page);
    await eventually(() => view.getByTestId('bpm-diagram').getAttribute('data-state'), 20_000).toBe('ready');
    expect(await view.getByTestId('bpm-diagram').getAttribute('data-active')).toBe('approve02');
    expect(await view.locator('.djs-element.srm-bpm-active[data-element-id=approve02]').count()).toBe(1);
    expect(await view.locator('.djs-element.srm-bpm-done[data-element-id=approve01]').count()).toBe(1);
    await shot(page, 'e2e-bpm-monitoring-diagram');
  } catch (e) {
    await shot(page, 'e2e-bpm-FAILED').catch(() => undefined);
    throw new Error(`${e instanceof Error ? e.message : String(e)}\nbrowser errors:\n${current.errors.join('\n')}`, { cause: e });
  }
});
