// 从采购申请添加 in the browser, in Chinese and in Thai: buyer01 opens a draft inquiry, finds its own
// freshly approved requisition (submitted, then approved by approver01 through PR_APPROVAL) in the panel,
// ticks its lines and adds them; the lines grid shows them with the source requisition, and the panel no
// longer offers them.
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chromiumForFile, eventually, expectToast, openMenu } from '../../../../tests/e2e/helpers';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';
import { PR, expectOk, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';
import { INQ, type Inquiry } from '../api/support.js';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);
const TASK = 'bpmServer/v1/bpmTaskRestful';
const PANEL = { CN: '从采购申请添加', TH: 'เพิ่มจากใบขอซื้อ' } as const;
const ADDED = { CN: '已添加 2 行', TH: 'เพิ่มแล้ว 2 รายการ' } as const;

/** A requisition of two lines, approved through its process by approver01. */
async function approvedRequisition(): Promise<{ requisitionNumber: string; title: string }> {
  const buyer = await signIn(baseUrl, 'buyer01');
  const approver = await signIn(baseUrl, 'approver01');
  const mats = expectOk(await buyer.call<{ materialId: number }[]>('srmServer/v1/srmBaseMaterialRestful/listByPage', { params: {}, pageRows: 2 }));
  const title = uniq('E2E PR');
  const d = expectOk(
    await buyer.call<{ requisitionId: number; requisitionNumber: string; versionNum: number }>(`${PR}/saveOrUpdate`, {
      title,
      requestDate: '2026-11-22',
      lines: [
        { materialId: mats[0].materialId, quantity: 25, needByDate: '2027-02-01' },
        { materialId: mats[1].materialId, quantity: 8, needByDate: '2027-02-15' },
      ],
    }),
  );
  expectOk(await buyer.call(`${PR}/doSubmit`, { id: d.requisitionId, versionNum: d.versionNum }));
  const todos = () => approver.call<{ taskId: number }[]>(`${TASK}/findTodoTasks`, { params: { documentNumber: d.requisitionNumber } });
  await eventually(async () => expectOk(await todos()).length).toBe(1);
  const [todo] = expectOk(await todos());
  expectOk(await approver.call(`${TASK}/doApprove`, { taskId: todo.taskId, comment: 'OK' }));
  await eventually(async () => expectOk(await buyer.call<Rec>(`${PR}/findById`, { id: d.requisitionId })).status).toBe('APPROVED');
  return { requisitionNumber: d.requisitionNumber, title };
}

for (const lang of ['CN', 'TH'] as const) {
  test(`${lang}: buyer01 adds approved requisition lines to a draft inquiry`, { timeout: 120_000 }, async () => {
    const pr = await approvedRequisition();
    const buyerApi = await signIn(baseUrl, 'buyer01');
    const cats = expectOk(await buyerApi.call<{ categoryId: number }[]>('srmServer/v1/srmBasePurchaseCategoryRestful/listByPage', { params: {}, pageRows: 1 }));
    const draft = expectOk(
      await buyerApi.call<Inquiry & { inquiryNumber: string }>(`${INQ}/saveOrUpdate`, {
        title: uniq(`E2E FROM PR ${lang}`),
        categoryId: cats[0].categoryId,
        currencyCode: 'CNY',
        deadline: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 19).replace('T', ' '),
        lines: [],
        suppliers: [],
      }),
    );

    const buyer = await chromium.signIn('buyer01');
    if (lang === 'TH') await switchLanguage(buyer.page, 'TH');
    await openMenu(buyer.page, 'SRC_INQUIRY', /\/main\/sourcing\/inquiryList/);
    await activePane(buyer.page).getByTestId('search-inquiryNumber').fill(draft.inquiryNumber);
    await activePane(buyer.page).getByTestId('search-submit').click();
    await activePane(buyer.page).getByTestId('row-action-edit-0').click();
    await buyer.page.waitForURL(/\/main\/sourcing\/inquiryEdit\?/);
    const panel = activePane(buyer.page).getByTestId('src-from-req');
    await eventually(() => panel.innerText()).toContain(PANEL[lang]);
    // Arco puts the test id on the search box's input itself.
    const search = panel.locator('input[data-testid="src-from-req-search"], [data-testid="src-from-req-search"] input').first();
    await search.fill(pr.requisitionNumber);
    await search.press('Enter');
    const rows = panel.locator('tbody tr.arco-table-tr:not(.arco-table-empty-row)');
    await eventually(() => panel.innerText()).toContain(pr.requisitionNumber);
    await eventually(() => rows.count()).toBe(2);
    await rows.nth(0).locator('.arco-checkbox').click();
    await rows.nth(1).locator('.arco-checkbox').click();
    await shot(buyer.page, `e2e-sourcing-from-requisitions-${lang}`);
    await panel.getByTestId('src-from-req-add').click();
    await expectToast(buyer.page, ADDED[lang]);

    // Stored with their source, shown in the lines grid, and no longer offered.
    await eventually(async () => {
      const lines = expectOk(
        await buyerApi.call<{ lines: { requisitionNumber: string | null; quantity: number }[] }>(`${INQ}/findById`, { id: draft.inquiryId }),
      ).lines;
      return lines.map((l) => [l.requisitionNumber, Number(l.quantity)]);
    }).toEqual([
      [pr.requisitionNumber, 25],
      [pr.requisitionNumber, 8],
    ]);
    await eventually(() => rows.count()).toBe(0);
    await shot(buyer.page, `e2e-sourcing-from-requisitions-added-${lang}`);
    expect(await panel.innerText()).toContain(PANEL[lang]);
  });
}
