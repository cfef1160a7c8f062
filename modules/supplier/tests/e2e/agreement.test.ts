// Supplier agreements in the browser, in CN and TH, on a server of this file's own (a copy of the demo data):
// buyer01 drafts a quality agreement for supplier01's company (华东精密钢材) with variables in its text and
// sends it; supplier01 finds it on its home under "agreements to sign", reads the filled text and signs; the
// buyer's agreement then shows SIGNED, the signer and the link that downloads the signed PDF.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chooseOption, chromiumForFile, confirmPrimary, eventually, openMenu } from '../../../../tests/e2e/helpers';
import { startMailingServer, type MailingServer } from '../../../../tests/e2e/mailingServer';

let server: MailingServer;
beforeAll(async () => {
  server = await startMailingServer('supplier-agreement');
});
afterAll(async () => {
  await server?.stop();
});
const chrome = chromiumForFile('');

const CASES = {
  CN: { type: '质量协议', draft: '草稿', sent: '待签署', signed: '已签署' },
  TH: { type: 'ข้อตกลงด้านคุณภาพ', draft: 'ฉบับร่าง', sent: 'รอลงนาม', signed: 'ลงนามแล้ว' },
} as const;

const signedIn = (user: string, lang: 'CN' | 'TH', home: 'inHome' | 'exHome'): Promise<Page> => chrome.signedIn(server.base, user, lang, home);
async function date(page: Page, field: string, value: string): Promise<void> {
  const input = activePane(page).locator(`[data-field=${field}] input`);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}
const text = (page: Page, field: string) => activePane(page).locator(`#root_${field}`).innerText();
const dayPlus = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);

for (const lang of ['CN', 'TH'] as const) {
  describe(`supplier agreement in ${lang}`, () => {
    it('buyer01 sends, supplier01 signs in the portal, the buyer sees SIGNED and the signed PDF link', async () => {
      const c = CASES[lang];
      const l = lang.toLowerCase();
      const title = `E2E quality ${lang} ${Date.now() % 100000}`;
      const buyer = await signedIn('buyer01', lang, 'inHome');
      await openMenu(buyer, 'SUPPLIER_AGREEMENT', /\/main\/supplier\/agreementList/);
      await activePane(buyer).getByTestId('action-add').click();
      await buyer.waitForURL(/\/main\/supplier\/agreementEdit\?.*mode=create/);
      const pane = activePane(buyer);
      await chooseOption(buyer, pane.locator('.arco-select:has(#root_supplierId), #root_supplierId').first(), '华东', '华东精密钢材');
      await chooseOption(buyer, pane.locator('.arco-select:has(#root_agreementType), #root_agreementType').first(), '', c.type);
      await pane.locator('#root_title').fill(title);
      await date(buyer, 'validFrom', dayPlus(0));
      await date(buyer, 'validTo', dayPlus(365));
      await pane.locator('#root_content').fill('乙方：{{companyName}}（{{creditCode}}）按约定的质量标准供货。签订日期：{{date}}');
      await pane.getByTestId('action-save').click();
      await buyer.waitForURL(/\/main\/supplier\/agreementEdit\?.*id=\d+/);
      await eventually(async () => (await text(buyer, 'agreementNumber')).trim()).toMatch(/^AG/);
      const number = (await text(buyer, 'agreementNumber')).trim();
      const editUrl = buyer.url();
      await eventually(() => text(buyer, 'status')).toBe(c.draft);
      await pane.getByTestId('action-send').click();
      await confirmPrimary(buyer);
      await eventually(() => text(buyer, 'status')).toBe(c.sent);
      await shot(buyer, `supplier-agreement-sent-${l}`);

      // supplier01: the home card lists it; the text it reads names its company; it signs.
      const supplier = await signedIn('supplier01', lang, 'exHome');
      const card = supplier.getByTestId(`home-agreement-${number}`);
      await card.waitFor({ state: 'visible' });
      await shot(supplier, `supplier-agreement-home-${l}`);
      await card.locator('button').click();
      await supplier.waitForURL(/\/main\/supplier\/myAgreementEdit\?.*id=\d+/);
      await eventually(() => text(supplier, 'content')).toContain('华东精密钢材有限公司');
      expect(await text(supplier, 'content')).not.toContain('{{');
      await shot(supplier, `supplier-agreement-reading-${l}`);
      await activePane(supplier).getByTestId('action-sign').click();
      await confirmPrimary(supplier);
      await eventually(() => text(supplier, 'status')).toBe(c.signed);
      await activePane(supplier).getByTestId('agreement-pdf').waitFor({ state: 'visible' });
      await shot(supplier, `supplier-agreement-signed-${l}`);

      // The buyer's agreement: SIGNED, who signed, and the signed PDF to download.
      await buyer.goto(editUrl.replace(/mode=\w+/, 'mode=view'));
      await eventually(() => text(buyer, 'status')).toBe(c.signed);
      await eventually(async () => (await text(buyer, 'signedBy')).trim()).toBe('supplier01');
      const link = activePane(buyer).getByTestId('agreement-pdf-link');
      await link.waitFor({ state: 'visible' });
      const [download] = await Promise.all([buyer.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      await shot(buyer, `supplier-agreement-buyer-signed-${l}`);
    });
  });
}
