// From registration to qualified supplier in the browser, in CN and TH, on a server of this file's own
// (a copy of the demo data): approver01 opens a SUBMITTED demo registration on 供应商注册审核 (its
// categories, bank account and certificates read-only) and approves it with the task panel on that page;
// the new supplier is POTENTIAL on the supplier list; buyer01 asks for its qualification in a category
// on 供应商状态变更 and submits it; approver01 approves it there; the supplier is QUALIFIED.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chooseOption, chromiumForFile, confirmPrimary, eventually, grid, gridRows, openMenu } from '../../../../tests/e2e/helpers';
import { startMailingServer, type MailingServer } from '../../../../tests/e2e/mailingServer';

let server: MailingServer;
beforeAll(async () => {
  server = await startMailingServer('supplier-review');
});
afterAll(async () => {
  await server?.stop();
});
const chrome = chromiumForFile('');

const CASES = {
  CN: {
    company: '杭州绿源包装科技有限公司',
    bank: '招商银行杭州分行',
    cert: 'ISO 9001 质量管理体系认证',
    category: 'PACK',
    submitted: '已提交',
    approved: '已批准',
    potential: '潜在',
    qualified: '合格',
    qualify: '品类合格认定',
    inApproval: '审批中',
    effective: '已生效',
  },
  TH: {
    company: 'Bangkok Precision Parts Co., Ltd.',
    bank: 'Bangkok Bank',
    cert: 'Company registration certificate',
    category: 'RAW',
    submitted: 'ส่งแล้ว',
    approved: 'อนุมัติแล้ว',
    potential: 'ผู้มีศักยภาพ',
    qualified: 'ผ่านการรับรอง',
    qualify: 'รับรองตามหมวดหมู่',
    inApproval: 'รออนุมัติ',
    effective: 'มีผลแล้ว',
  },
} as const;

const signedIn = (user: string, lang: 'CN' | 'TH'): Promise<Page> => chrome.signedIn(server.base, user, lang);

/** Picks an option of a form select (reference or lookup) by typing part of it. */
async function pick(page: Page, field: string, typed: string, option: string): Promise<void> {
  await chooseOption(page, activePane(page).locator(`.arco-select:has(#root_${field}), #root_${field}`).first(), typed, option);
}

/** The values of the grid's rows once the search left exactly the one holding `text`. */
async function onlyRow(g: Locator, text: string): Promise<string[]> {
  const rows = async () => (await gridRows(g)).map((r) => Object.values(r)).filter((v) => v.some((x) => x.trim() !== ''));
  await eventually(async () => (await rows()).map((v) => v.includes(text))).toEqual([true]);
  return (await rows())[0];
}

const statusOf = (page: Page) => activePane(page).locator('#root_status').innerText();

for (const lang of ['CN', 'TH'] as const) {
  describe(`supplier review and qualification in ${lang}`, () => {
    it('approver01 approves a registration on the review screen; buyer01 has the new supplier qualified', async () => {
      const c = CASES[lang];
      const l = lang.toLowerCase();
      const approver = await signedIn('approver01', lang);
      await openMenu(approver, 'SUPPLIER_REGISTER_REVIEW', /\/main\/supplier\/registerReviewList/);
      const list = grid(approver, 'registerReviewList');
      await eventually(async () => (await gridRows(list)).length).toBeGreaterThan(4);
      await shot(approver, `supplier-review-list-${l}`);
      await activePane(approver).getByTestId('search-companyName').fill(c.company);
      await activePane(approver).getByTestId('search-submit').click();
      expect(await onlyRow(list, c.company)).toContain(c.submitted);

      // Opened read-only with everything the registrant sent; the task's buttons above it.
      await activePane(approver).getByTestId('row-action-view-0').click();
      await approver.waitForURL(/\/main\/supplier\/registerReviewEdit\?.*mode=view/);
      const doc = activePane(approver);
      await eventually(() => doc.locator('#root_companyName').innerText()).toBe(c.company);
      await eventually(() => doc.locator('#root_categoryNames').innerText()).toContain(c.category);
      await eventually(async () => JSON.stringify(await gridRows(grid(approver, 'bankAccounts')))).toContain(c.bank);
      await eventually(async () => JSON.stringify(await gridRows(grid(approver, 'certificates')))).toContain(c.cert);
      await doc.getByTestId('bpm-task-approve').waitFor({ state: 'visible' });
      await shot(approver, `supplier-review-open-${l}`);
      await doc.getByTestId('bpm-task-approve').click();
      await approver.getByTestId('bpm-dialog-comment').fill('OK');
      await approver.getByTestId('bpm-dialog-ok').click();
      await eventually(() => statusOf(approver)).toBe(c.approved);
      await shot(approver, `supplier-review-approved-${l}`);

      // buyer01: the new supplier is POTENTIAL; a qualification for one of its categories is asked for.
      const buyer = await signedIn('buyer01', lang);
      await openMenu(buyer, 'SUPPLIER_LIST', /\/main\/supplier\/supplierList/);
      await activePane(buyer).getByTestId('search-supplierName').fill(c.company);
      await activePane(buyer).getByTestId('search-submit').click();
      const suppliers = grid(buyer, 'supplierList');
      expect(await onlyRow(suppliers, c.company)).toContain(c.potential);
      await openMenu(buyer, 'SUPPLIER_LIFECYCLE', /\/main\/supplier\/supplierLifecycleList/);
      await activePane(buyer).getByTestId('action-add').click();
      await buyer.waitForURL(/\/main\/supplier\/supplierLifecycleEdit\?.*mode=create/);
      await pick(buyer, 'supplierId', c.company.slice(0, 8), c.company);
      await pick(buyer, 'changeType', '', c.qualify);
      await pick(buyer, 'categoryId', c.category, c.category);
      await activePane(buyer).locator('#root_reason').fill('sample test passed, site audit 88');
      await activePane(buyer).getByTestId('action-save').click();
      await buyer.waitForURL(/\/main\/supplier\/supplierLifecycleEdit\?.*id=\d+/);
      await eventually(async () => (await activePane(buyer).locator('#root_changeNumber').innerText()).trim()).toMatch(/^SC-\d{4}-\d{6}$/);
      const number = (await activePane(buyer).locator('#root_changeNumber').innerText()).trim();
      await activePane(buyer).getByTestId('action-submit').click();
      await confirmPrimary(buyer);
      await eventually(() => statusOf(buyer)).toBe(c.inApproval);
      await shot(buyer, `supplier-qualify-submitted-${l}`);

      // approver01 decides it on the same screen.
      await openMenu(approver, 'SUPPLIER_LIFECYCLE', /\/main\/supplier\/supplierLifecycleList/);
      await activePane(approver).getByTestId('search-changeNumber').fill(number);
      await activePane(approver).getByTestId('search-submit').click();
      const changes = grid(approver, 'supplierLifecycleList');
      await onlyRow(changes, number);
      await activePane(approver).getByTestId('row-action-view-0').click();
      await approver.waitForURL(/\/main\/supplier\/supplierLifecycleEdit\?.*mode=view/);
      await eventually(async () => (await activePane(approver).locator('#root_changeNumber').innerText()).trim()).toBe(number);
      await activePane(approver).getByTestId('action-approve').click();
      await confirmPrimary(approver);
      await eventually(() => statusOf(approver)).toBe(c.effective);
      await shot(approver, `supplier-qualify-approved-${l}`);

      await openMenu(buyer, 'SUPPLIER_LIST', /\/main\/supplier\/supplierList/);
      await activePane(buyer).getByTestId('search-submit').click();
      await eventually(async () => (await onlyRow(suppliers, c.company)).includes(c.qualified)).toBe(true);
    });
  });
}
