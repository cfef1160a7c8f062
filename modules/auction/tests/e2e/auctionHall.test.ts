// An English reverse auction live in three browser contexts, in Chinese and in Thai: buyer01 publishes it
// (over the wire), supplier01 and supplier02 bid in their competition halls, each sees its own rank move
// when the other bids (live over /srm-ws), a bid inside the extension window shows the extension banner
// on both halls, the buyer's hall shows every bid, closes the auction early and awards it by lowest price.
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chromiumForFile, eventually, expectToast, grid, gridRows, openMenu } from '../../../../tests/e2e/helpers';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';
import { MATERIAL, expectOk, signIn, uniq } from '../../../../tests/support/apiHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);
const AU = 'srmServer/v1/srmSrcAuctionRestful';
const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

const TEXT = {
  CN: { accepted: '出价已被接受', extended: '竞价已延时', running: '竞价中', connected: '实时连接正常', awarded: '已定标', done: '操作成功', source: '竞价' },
  TH: {
    accepted: 'รับการเสนอราคาแล้ว',
    extended: 'การประมูลถูกต่อเวลา',
    running: 'กำลังประมูล',
    connected: 'เชื่อมต่อสด',
    awarded: 'ตัดสินแล้ว',
    done: 'สำเร็จ',
    source: 'การประมูล',
  },
} as const;

/** A published English auction that started 10 s ago, ends in 90 s, and extends on every bid in the last 120 s. */
async function publishedAuction(title: string): Promise<number> {
  const buyer = await signIn(baseUrl, 'buyer01');
  const s1 = await signIn(baseUrl, 'supplier01');
  const s2 = await signIn(baseUrl, 'supplier02');
  const [material] = expectOk(await buyer.call<{ materialId: number }[]>(`${MATERIAL}/listByPage`, { params: {}, pageRows: 1 }));
  const now = Date.now();
  const d = expectOk(
    await buyer.call<{ auctionId: number; versionNum: number }>(`${AU}/saveOrUpdate`, {
      title,
      auctionType: 'ENGLISH',
      visibility: 'LEAD_PRICE',
      currencyCode: 'CNY',
      startTime: utc(now - 10_000),
      endTime: utc(now + 90_000),
      extendWindowSeconds: 120,
      extendSeconds: 60,
      maxExtends: 3,
      minDecrement: 1,
      ceilingPrice: 100,
      lines: [{ materialId: material.materialId, quantity: 5 }],
      suppliers: [{ supplierId: s1.session!.supplierId }, { supplierId: s2.session!.supplierId }],
    }),
  );
  expectOk(await buyer.call(`${AU}/doPublish`, { id: d.auctionId, versionNum: d.versionNum }));
  return d.auctionId;
}

async function chooseAuction(page: Page, title: string): Promise<void> {
  const pane = activePane(page);
  await pane.getByTestId('hall-auction-select').click();
  await page.locator('.arco-select-option', { hasText: title }).first().click();
  await eventually(() => pane.getByTestId('hall-countdown').innerText()).toMatch(/^\d{2}:\d{2}$/);
}

async function bid(page: Page, price: string): Promise<void> {
  const pane = activePane(page);
  const input = pane.getByTestId('hall-price').locator('input');
  await input.fill(price);
  await pane.getByTestId('hall-bid').click();
}

for (const lang of ['CN', 'TH'] as const) {
  test(`${lang}: two suppliers bid live, the end is extended, the buyer closes and awards`, async () => {
    const t = TEXT[lang];
    const title = uniq(`E2E 竞价 ${lang}`);
    await publishedAuction(title);
    const one = await chromium.signIn('supplier01', 'exHome');
    const two = await chromium.signIn('supplier02', 'exHome');
    const buyer = await chromium.signIn('buyer01');
    for (const s of [one, two, buyer]) if (lang === 'TH') await switchLanguage(s.page, 'TH');
    for (const s of [one, two]) {
      await openMenu(s.page, 'SUPPLIER_AUCTION_HALL', /\/main\/auction\/supplierHall\?/);
      await chooseAuction(s.page, title);
      await eventually(() => activePane(s.page).getByTestId('hall-connection').innerText()).toBe(t.connected);
    }
    await openMenu(buyer.page, 'AUCTION_HALL', /\/main\/auction\/competeHall\?/);
    await chooseAuction(buyer.page, title);

    const p1 = activePane(one.page);
    const p2 = activePane(two.page);
    await bid(one.page, '95');
    await expectToast(one.page, t.accepted);
    await eventually(() => p1.getByTestId('hall-rank').innerText()).toBe('1');
    await eventually(() => p1.getByTestId('hall-status').innerText()).toBe(t.running);
    // Inside the 120 s window: the end moved, and both halls say so (supplier02 only from the live frame).
    await eventually(() => p2.getByTestId('hall-extension-banner').innerText()).toContain(t.extended);
    await eventually(() => p2.getByTestId('hall-lead-price').innerText()).toBe('95');

    await bid(two.page, '90');
    await expectToast(two.page, t.accepted);
    await eventually(() => p2.getByTestId('hall-rank').innerText()).toBe('1');
    // supplier01 learns its new rank and the lead price live, never who bid.
    await eventually(() => p1.getByTestId('hall-rank').innerText()).toBe('2');
    await eventually(() => p1.getByTestId('hall-lead-price').innerText()).toBe('90');
    await expect(p1.getByTestId('hall-bids').innerText()).resolves.not.toContain('90.');
    await shot(one.page, `e2e-auction-supplier-hall-${lang}`);

    // A refused bid shows the server's reason in the screen's language.
    await bid(one.page, '94.5');
    await expectToast(one.page, lang === 'CN' ? '降价幅度不足：须比您的最优报价 95 至少低 1' : 'ต้องลดราคาจากราคาที่ดีที่สุดของคุณ 95 อย่างน้อย 1');

    const hall = activePane(buyer.page);
    await eventually(async () => (await hall.getByTestId('hall-bids').innerText()).match(/UTC/g)?.length ?? 0).toBe(2);
    await eventually(() => hall.getByTestId('hall-board').innerText()).toContain('90');
    await shot(buyer.page, `e2e-auction-buyer-hall-${lang}`);

    await hall.getByTestId('hall-doClose').click();
    await buyer.page.getByTestId('hall-reason').fill(`E2E ${lang} target price reached`);
    await buyer.page.locator('.arco-modal-footer .arco-btn-primary').click();
    await expectToast(buyer.page, t.done);
    await hall.getByTestId('hall-autoAwardByMinPrice').click();
    await eventually(() => hall.getByTestId('hall-status').innerText()).toBe(t.awarded);
    await eventually(() => hall.getByTestId('hall-awarded').innerText()).toContain('90');
    await eventually(() => p2.getByTestId('hall-status').innerText()).toBe(t.awarded);
    await shot(buyer.page, `e2e-auction-awarded-${lang}`);

    // The award wrote supplier02's price item (90 for the lot of 5 → 18 a piece) with the auction as source.
    await openMenu(buyer.page, 'SRC_PRICE_ITEM', /\/main\/sourcing\/priceItemList/);
    // Newest first; the source number column lies beyond the visible columns (the API test checks it).
    const first = async () => (await gridRows(grid(buyer.page, 'priceItemList')))[0] ?? {};
    await eventually(async () => Object.values(await first())).toEqual(expect.arrayContaining([t.source, '18.0000', '5.0000']));
    await shot(buyer.page, `e2e-auction-price-items-${lang}`);
  });
}
