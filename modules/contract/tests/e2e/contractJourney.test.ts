// The contract journey in the browser, in CN and TH: buyer01 makes a contract from an award and a template
// (the award panel of a new contract), submits it (CON_APPROVAL: approved on submit, or approver01
// approves above 100,000) and sends it; supplier01 finds it in "my contracts", confirms and signs; buyer01
// signs; the PDF downloads, opens with pdf-lib and pdfjs and carries the watermark and both stamps.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chromiumForFile, confirmDialog, eventually, expectToast, grid, gridRows, openMenu, type Session } from '../../../../tests/e2e/helpers';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';
import { expectOk, signIn } from '../../../../tests/support/apiHelpers';
import { CONTRACT, worldOf, type Contract } from '../api/contractHelpers';
import { pdfText } from '../../../../tests/support/pdfText';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

const TEXT = {
  CN: {
    approved: '已批准',
    sent: '待供应商确认',
    confirmed: '供应商已确认',
    signing: '签署中',
    signed: '已签署',
    done: '操作成功',
    note: '内置签章服务',
    signer: '签署人：',
  },
  TH: {
    approved: 'อนุมัติแล้ว',
    sent: 'รอผู้จัดจำหน่ายยืนยัน',
    confirmed: 'ผู้จัดจำหน่ายยืนยันแล้ว',
    signing: 'กำลังลงนาม',
    signed: 'ลงนามแล้ว',
    done: 'ดำเนินการสำเร็จ',
    note: 'ผู้ให้บริการลายเซ็นในตัว',
    signer: 'ผู้ลงนาม:',
  },
} as const;

const status = (page: Page) => activePane(page).locator('#root_status').innerText();

/** Clicks a page button that asks for confirmation, and confirms. */
async function confirmed(page: Page, action: string): Promise<void> {
  await activePane(page).getByTestId(`action-${action}`).click();
  await confirmDialog(page).locator('.arco-btn-primary').click();
}

for (const lang of ['CN', 'TH'] as const) {
  test(`${lang}: a contract from an award and a template, approved, sent, confirmed and signed by both; the PDF has its watermark`, async () => {
    const t = TEXT[lang];
    const [buyerApi, s1, s2] = await Promise.all([signIn(baseUrl, 'buyer01'), signIn(baseUrl, 'supplier01'), signIn(baseUrl, 'supplier02')]);
    const w = await worldOf(buyerApi, s1, s2);
    const supplierName = (await s1.call<{ supplierName: string }[]>('srmServer/v1/srmPosSupplierInfoRestful/listByPage', { params: {}, pageRows: 1 })).data![0]
      .supplierName;
    const buyer = await chromium.signIn('buyer01');
    let page = buyer.page;
    let current: Session = buyer;
    try {
      if (lang === 'TH') await switchLanguage(page, 'TH');
      await openMenu(page, 'CON_CONTRACT', /\/main\/contract\/contractList\?/);
      await activePane(page).getByTestId('action-add').click();
      const panel = activePane(page).getByTestId('con-award');
      await panel.waitFor({ state: 'visible' });
      await panel.getByTestId('con-award-pick').click();
      await page.locator('.arco-select-option', { hasText: supplierName }).first().click();
      await panel.getByTestId('con-award-template').click();
      await page.locator('.arco-select-option', { hasText: 'TPL-PURCHASE' }).first().click();
      await shot(page, `e2e-contract-award-${lang}`);
      await panel.getByTestId('con-award-create').click();
      await page.waitForURL(/\/main\/contract\/contractEdit\?id=\d+/);
      const id = Number(/id=(\d+)/.exec(page.url())![1]);
      const form = activePane(page);
      await eventually(async () => (await form.locator('#root_contractNumber').innerText()).trim()).toMatch(/^CT-\d{4}-\d{6}$/);
      const made = expectOk(await w.buyer.call<Contract>(`${CONTRACT}/findById`, { id }));
      expect(made.supplierId).toBe(w.supplier1);
      expect(made.content).toContain(made.contractNumber);

      await confirmed(page, 'submit');
      await expectToast(page, t.done);
      if (made.totalAmount > 100_000) {
        // CON_APPROVAL: above 100,000 approver01 approves (the approval step).
        const approver = await signIn(baseUrl, 'approver01');
        const tasks = expectOk(
          await approver.call<{ taskId: number; businessId: number; entity: string }[]>('bpmServer/v1/bpmTaskRestful/findTodoTasks', {
            params: {},
            pageRows: 100,
          }),
        );
        const task = tasks.find((x) => x.businessId === id && x.entity === 'srmConContract')!;
        expectOk(await approver.call('bpmServer/v1/bpmTaskRestful/doApprove', { taskId: task.taskId, comment: 'E2E' }));
        await page.reload();
      }
      await eventually(() => status(page), 15_000).toBe(t.approved);
      await activePane(page).getByTestId('action-sendConfirm').click();
      await expectToast(page, t.done);
      await eventually(() => status(page)).toBe(t.sent);

      const supplier = await chromium.signIn('supplier01', 'exHome');
      current = supplier;
      page = supplier.page;
      if (lang === 'TH') await switchLanguage(page, 'TH');
      await openMenu(page, 'MY_CONTRACTS', /\/main\/contract\/supplierContractList\?/);
      await activePane(page).getByTestId('search-contractNumber').fill(made.contractNumber);
      await activePane(page).getByTestId('search-submit').click();
      await activePane(page).getByTestId('row-action-view-0').click();
      await eventually(() => status(page)).toBe(t.sent);
      await confirmed(page, 'confirm');
      await eventually(() => status(page)).toBe(t.confirmed);
      await activePane(page).getByTestId('action-sign').click();
      await eventually(() => status(page)).toBe(t.signing);
      await eventually(() => activePane(page).getByTestId('con-esign-note').innerText()).toContain(t.note);
      // Its side signed: no sign button for it any more (the buyer's side still waits).
      await eventually(() => activePane(page).getByTestId('action-sign').count()).toBe(0);
      await shot(page, `e2e-contract-supplier-signed-${lang}`);

      current = buyer;
      page = buyer.page;
      await page.reload();
      await eventually(() => status(page), 15_000).toBe(t.signing);
      await activePane(page).getByTestId('action-sign').click();
      await eventually(() => status(page)).toBe(t.signed);
      await eventually(() => activePane(page).getByTestId('con-esign').innerText()).toContain('buyer01');
      await eventually(() => activePane(page).getByTestId('action-sign').count()).toBe(0);
      await shot(page, `e2e-contract-signed-${lang}`);
      const [download] = await Promise.all([page.waitForEvent('download'), activePane(page).getByTestId('con-pdf').click()]);
      expect(download.suggestedFilename()).toBe(`${made.contractNumber}-v1.pdf`);
      const bytes = new Uint8Array(await readFile((await download.path())!));
      const { pages, pageCount } = await pdfText(bytes);
      expect(pageCount).toBeGreaterThan(0);
      const flat = pages.join('\n').replace(/\s+/g, '');
      expect(flat).toContain('CONFIDENTIAL-SRM');
      expect(flat).toContain(made.contractNumber);
      // Captions in the buyer's language (the PDF's captions follow the user's language).
      expect(flat).toContain(`${t.signer}supplier01`);
      expect(flat).toContain(`${t.signer}buyer01`);
      // The library screens show the demo templates, terms, watermarks and the signature records.
      for (const [menu, route, text] of [
        ['CON_TEMPLATE', 'templateList', 'TPL-PURCHASE'],
        ['CON_TERM', 'termList', 'T-PAY'],
        ['CON_WATERMARK', 'watermarkList', 'CONFIDENTIAL - SRM'],
        ['CON_ESIGN', 'esignList', 'CT-2026-'],
      ] as const) {
        await openMenu(page, menu, new RegExp(`/main/contract/${route}\\?`));
        await eventually(async () => (await gridRows(grid(page, route))).some((r) => Object.values(r).some((v) => v.includes(text)))).toBe(true);
        await shot(page, `e2e-contract-${menu}-${lang}`);
      }
    } catch (e) {
      await shot(page, `e2e-contract-FAILED-${lang}`).catch(() => undefined);
      throw new Error(`${e instanceof Error ? e.message : String(e)}\nbrowser errors:\n${current.errors.join('\n')}`, { cause: e });
    }
  });
}
