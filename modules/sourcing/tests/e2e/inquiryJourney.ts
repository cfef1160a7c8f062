// An inquiry's life in the browser, in Chinese and in Thai: buyer01 publishes an inquiry (a draft made
// through the API with a deadline ~100 s ahead of the server clock, on an offer template that requires
// delivery days and freight and hides the tax rate), supplier01 and supplier02 quote in the portal
// (询价报价: the template's fields, required ones marked; a submit missing freight is refused naming the
// line and field), the deadline passes, buyer01 opens the bids (开标, the opening record) and compares
// and splits line 1 between them; the award waits for approval (SRC_AWARD, shown on the comparison)
// until approver01 approves it.
// (Helpers only: the tests are inquiry.cn.test.ts and inquiry.th.test.ts.)
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chooseOption, chromiumForFile, confirmDialog, eventually, expectToast, openMenu } from '../../../../tests/e2e/helpers';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';
import { expectOk, signIn, uniq } from '../../../../tests/support/apiHelpers.js';
import { INQ, PRICE, QUO, type Inquiry } from '../api/support.js';

const TITLE = { CN: '询价单', TH: 'ใบขอใบเสนอราคา' } as const;

/** The server's clock plus `seconds`, as the deadline text the server stores. */
async function serverTimePlus(baseUrl: string, seconds: number): Promise<string> {
  const s1 = await signIn(baseUrl, 'supplier01');
  const rows = expectOk(await s1.call<{ serverTime: string }[]>(`${QUO}/listByPageForBid`, { params: {}, pageRows: 1 }));
  const now = new Date(`${rows[0].serverTime.replace(' ', 'T')}Z`).getTime() + seconds * 1000;
  return new Date(now).toISOString().slice(0, 19).replace('T', ' ');
}

const REFUSED = { CN: /第 20 行.*运费/, TH: /รายการ 20.*ค่าขนส่ง/ } as const;

/** Quotes price, delivery days and freight per line; `forgetFreight`: first submits without line 20's freight (refused). */
async function quoteInPortal(page: Page, number: string, prices: string[], lang: 'CN' | 'TH', forgetFreight = false): Promise<void> {
  await openMenu(page, 'SRC_BID', /\/main\/sourcing\/bidList/);
  await activePane(page).getByTestId(`bid-open-${number}`).click();
  const detail = activePane(page).getByTestId('bid-detail');
  await detail.waitFor();
  // The template's fields: freight and delivery days required (marked), the tax rate not asked.
  await expect.poll(() => detail.getByTestId('bid-col-freight').getAttribute('data-mode')).toBe('REQUIRED');
  expect(await detail.getByTestId('bid-col-deliveryDays').innerText()).toContain('*');
  expect(await detail.getByTestId('bid-col-taxRate').count()).toBe(0);
  for (const [i, p] of prices.entries()) {
    const line = (i + 1) * 10;
    await detail.getByTestId(`bid-price-${line}`).locator('input').fill(p);
    await detail
      .getByTestId(`bid-days-${line}`)
      .locator('input')
      .fill(String(7 + i));
    if (!forgetFreight || line === 10) await detail.getByTestId(`bid-freight-${line}`).locator('input').fill('30');
  }
  if (forgetFreight) {
    await detail.getByTestId('bid-submit').click();
    await expectToast(page, REFUSED[lang]);
    await shot(page, `e2e-sourcing-quote-refused-${lang}`);
    await detail.getByTestId('bid-freight-20').locator('input').fill('45');
    // supplier01 attaches its quotation's file (the buyer's comparison names it after the deadline).
    const uploaded = page.waitForResponse((r) => r.url().includes('/fileServer/v2/file/upload'));
    await detail
      .getByTestId('attachment-input-quoteFiles')
      .setInputFiles([{ name: QUOTE_FILE, mimeType: 'text/plain', buffer: Buffer.from('quotation notes') }]);
    expect(((await (await uploaded).json()) as { status: string }).status).toBe('S');
    await expect.poll(() => detail.getByTestId('attachment-quoteFiles').getAttribute('data-count')).toBe('1');
  }
  await detail.getByTestId('bid-submit').click();
}

/** The file supplier01 attaches to its quotation. */
const QUOTE_FILE = 'quote-notes.txt';

/**
 * The journey in one language, as its own test file (inquiry.cn.test.ts, inquiry.th.test.ts): most of it
 * waits for the deadline on the server's clock, so the two languages run side by side on two workers.
 */
export function inquiryJourney(lang: 'CN' | 'TH', baseUrl: string): void {
  const chromium = chromiumForFile(baseUrl);
  test(
    `${lang}: buyer01 publishes, two suppliers quote on its template, buyer01 opens the bids, compares and splits the award`,
    { timeout: 300_000 },
    async () => {
      const buyerApi = await signIn(baseUrl, 'buyer01');
      const [s1Api, s2Api] = [await signIn(baseUrl, 'supplier01'), await signIn(baseUrl, 'supplier02')];
      const [supplier1, supplier2] = [s1Api.session!.supplierId!, s2Api.session!.supplierId!];
      const cats = expectOk(
        await buyerApi.call<{ categoryId: number }[]>('srmServer/v1/srmBasePurchaseCategoryRestful/listByPage', { params: {}, pageRows: 1 }),
      );
      const mats = expectOk(await buyerApi.call<{ materialId: number }[]>('srmServer/v1/srmBaseMaterialRestful/listByPage', { params: {}, pageRows: 2 }));
      const template = expectOk(
        await buyerApi.call<{ offerTemplateId: number }>('srmServer/v1/srmSrcOfferTemplateRestful/saveOrUpdate', {
          templateCode: uniq('E2E').slice(0, 30),
          templateName: uniq(`E2E 运费模板 ${lang}`),
          enabledFlag: 'Y',
          ladderMode: 'OPTIONAL',
          deliveryDaysMode: 'REQUIRED',
          validToMode: 'OPTIONAL',
          freightMode: 'REQUIRED',
          taxRateMode: 'HIDDEN',
          remarkMode: 'OPTIONAL',
          attachmentMode: 'OPTIONAL',
        }),
      );
      const draft = expectOk(
        await buyerApi.call<Inquiry & { inquiryNumber: string }>(`${INQ}/saveOrUpdate`, {
          title: uniq(`E2E ${lang}`),
          categoryId: cats[0].categoryId,
          currencyCode: 'CNY',
          offerTemplateId: template.offerTemplateId,
          deadline: await serverTimePlus(baseUrl, 100),
          lines: [
            { materialId: mats[0].materialId, quantity: 100, requiredDate: '2027-01-31' },
            { materialId: mats[1].materialId, quantity: 20, requiredDate: '2027-01-31' },
          ],
          suppliers: [{ supplierId: supplier1 }, { supplierId: supplier2 }],
        }),
      );
      const number = draft.inquiryNumber;

      // The buyer publishes it from its screen.
      const buyer = await chromium.signIn('buyer01');
      if (lang === 'TH') await switchLanguage(buyer.page, 'TH');
      await openMenu(buyer.page, 'SRC_INQUIRY', /\/main\/sourcing\/inquiryList/);
      await eventually(() => activePane(buyer.page).innerText()).toContain(TITLE[lang]);
      await activePane(buyer.page).getByTestId('search-inquiryNumber').fill(number);
      await activePane(buyer.page).getByTestId('search-submit').click();
      await shot(buyer.page, `e2e-sourcing-list-${lang}`);
      await activePane(buyer.page).getByTestId('row-action-edit-0').click();
      await buyer.page.waitForURL(/\/main\/sourcing\/inquiryEdit\?/);
      await activePane(buyer.page).getByTestId('action-publish').click();
      const dialog = confirmDialog(buyer.page);
      await dialog.waitFor({ state: 'visible' });
      await dialog.locator('.arco-btn-primary').click();
      await eventually(async () => expectOk(await buyerApi.call<Inquiry>(`${INQ}/findById`, { id: draft.inquiryId })).status).toBe('PUBLISHED');

      // Both suppliers quote in the portal.
      for (const [user, prices] of [
        ['supplier01', ['10', '50']],
        ['supplier02', ['9', '55']],
      ] as const) {
        const s = await chromium.signIn(user, 'exHome');
        if (lang === 'TH') await switchLanguage(s.page, 'TH');
        await quoteInPortal(s.page, number, [...prices], lang, user === 'supplier01');
        await eventually(
          async () =>
            expectOk(await buyerApi.call<Inquiry>(`${INQ}/findById`, { id: draft.inquiryId })).suppliers.filter((x) => x.quoteStatus === 'QUOTED').length,
        ).toBeGreaterThanOrEqual(user === 'supplier01' ? 1 : 2);
        await shot(s.page, `e2e-sourcing-quote-${user}-${lang}`);
      }

      // The deadline passes on the server's clock (polled, no fixed sleep).
      await eventually(async () => (await buyerApi.call(`${INQ}/sourceSummary`, { id: draft.inquiryId })).status, 150_000).toBe('S');

      // The buyer opens the bids on the inquiry's page: the 开标 button appears once the deadline passed.
      const opening = activePane(buyer.page).getByTestId('src-bid-opening');
      await opening.getByTestId('src-open-bids').waitFor({ timeout: 30_000 });
      await opening.getByTestId('src-open-bids').click();
      await confirmDialog(buyer.page).locator('.arco-btn-primary').click();
      await eventually(() => opening.getByTestId(`opening-result-1-${supplier1}`).innerText()).toBe(lang === 'CN' ? '已报价' : 'เสนอราคาแล้ว');
      await eventually(async () => expectOk(await buyerApi.call<Inquiry>(`${INQ}/findById`, { id: draft.inquiryId })).status).toBe('OPENED');
      await opening.scrollIntoViewIfNeeded();
      await shot(buyer.page, `e2e-sourcing-opened-${lang}`);

      // The buyer compares and splits line 1 (60 / 40) and gives line 2 to supplier01.
      await activePane(buyer.page).getByTestId('action-back').click();
      await buyer.page.waitForURL(/\/main\/sourcing\/inquiryList/);
      await activePane(buyer.page).getByTestId('subpage-sourcing/inquiryCompare').click();
      await buyer.page.waitForURL(/\/main\/sourcing\/inquiryCompare/);
      const pane = activePane(buyer.page);
      await chooseOption(buyer.page, pane.getByTestId('compare-inquiry'), number);
      await pane.getByTestId(`offer-10-${supplier1}`).waitFor();
      // The freight the template asked for is on the comparison.
      expect(await pane.getByTestId(`offer-extra-20-${supplier1}`).innerText()).toContain('45');
      // supplier01's file by name, and its bytes on download (sealed until the deadline: API test).
      await expect.poll(() => pane.getByTestId(`offer-files-${supplier1}`).innerText()).toContain(QUOTE_FILE);
      const saved = buyer.page.waitForEvent('download');
      await pane.getByTestId(`offer-files-${supplier1}`).getByRole('button').last().click();
      expect((await saved).suggestedFilename()).toBe(QUOTE_FILE);
      await pane.getByTestId(`award-10-${supplier1}`).locator('input').fill('60');
      await pane.getByTestId(`award-10-${supplier2}`).locator('input').fill('40');
      await pane.getByTestId(`award-20-${supplier1}`).locator('input').fill('20');
      await shot(buyer.page, `e2e-sourcing-compare-${lang}`);
      await pane.getByTestId('compare-award').click();
      // In approval: the comparison says so and shows the proposed quantities; nothing is effective yet.
      await pane.getByTestId('compare-approving').waitFor();
      await eventually(() => pane.getByTestId(`proposed-10-${supplier2}`).innerText()).toContain('40');
      expect(expectOk(await buyerApi.call<Inquiry>(`${INQ}/findById`, { id: draft.inquiryId })).status).toBe('APPROVING');
      await shot(buyer.page, `e2e-sourcing-approving-${lang}`);
      // approver01 approves from the task centre's call; the award takes effect.
      const approver = await signIn(baseUrl, 'approver01');
      const tasks = expectOk(
        await approver.call<{ taskId: number; entity: string; businessId: number }[]>('bpmServer/v1/bpmTaskRestful/findTodoTasks', {
          params: {},
          pageRows: 200,
        }),
      );
      const task = tasks.find((x) => x.entity === 'srmSrcInquiry' && x.businessId === draft.inquiryId)!;
      expectOk(await approver.call('bpmServer/v1/bpmTaskRestful/doApprove', { taskId: task.taskId, comment: 'OK' }));
      await eventually(async () => expectOk(await buyerApi.call<Inquiry>(`${INQ}/findById`, { id: draft.inquiryId })).status).toBe('AWARDED');
      const items = expectOk(
        await buyerApi.call<{ supplierId: number; quantity: number }[]>(`${PRICE}/listByPage`, { params: { sourceInquiryId: draft.inquiryId } }),
      );
      expect(items.map((i) => [i.supplierId, i.quantity]).sort()).toEqual(
        [
          [supplier1, 60],
          [supplier2, 40],
          [supplier1, 20],
        ].sort(),
      );
      // The comparison again (another inquiry, then this one): the awarded quantities.
      await chooseOption(buyer.page, pane.getByTestId('compare-inquiry'), 'RFQ-2026-000004');
      await chooseOption(buyer.page, pane.getByTestId('compare-inquiry'), number);
      await eventually(() => pane.getByTestId(`offer-10-${supplier2}`).innerText()).toContain('40');
      expect(await pane.getByTestId('compare-approving').count()).toBe(0);
      await shot(buyer.page, `e2e-sourcing-awarded-${lang}`);
    },
  );
}
