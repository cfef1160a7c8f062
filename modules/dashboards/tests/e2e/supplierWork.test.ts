// The supplier home is a place to work (issue 18 item 9): supplier01 sees its orders to confirm, the
// inquiries it may still quote and its running or coming auctions, each row opening the document under
// its menu (so the menu's buttons come with it: the order's confirmation panel, the quotation, the hall).
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { chromiumForFile, eventually } from '../../../../tests/e2e/helpers';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

const TEXT = {
  CN: { orders: '待处理的订单', toConfirm: '待确认', bids: '待报价的询价', auctions: '竞价', running: '进行中', portal: '供应商门户' },
  TH: {
    orders: 'ใบสั่งซื้อที่ต้องดำเนินการ',
    toConfirm: 'รอยืนยัน',
    bids: 'คำขอใบเสนอราคาที่ต้องเสนอ',
    auctions: 'การประมูล',
    running: 'กำลังดำเนินการ',
    portal: 'พอร์ทัลผู้จัดจำหน่าย',
  },
} as const;

for (const lang of ['CN', 'TH'] as const) {
  test(`${lang}: supplier01's home lists its open orders, inquiries and auctions, each opening its document`, async () => {
    const { page } = await chromium.signIn('supplier01', 'exHome');
    if (lang !== 'CN') await switchLanguage(page, lang);
    const orders = page.getByTestId('home-supplier-orders');
    const bids = page.getByTestId('home-supplier-bids');
    const auctions = page.getByTestId('home-supplier-auctions');
    await eventually(() => orders.innerText()).toContain(TEXT[lang].orders);
    await eventually(() => bids.innerText()).toContain(TEXT[lang].bids);
    await eventually(() => auctions.innerText()).toContain(TEXT[lang].running);
    for (const card of [orders, bids, auctions]) await eventually(async () => Number(await card.getAttribute('data-count'))).toBeGreaterThan(0);
    // The menus arrive again in the new language: the screenshot waits for them.
    await eventually(() => page.locator('.arco-layout-sider').innerText()).toContain(TEXT[lang].portal);
    await shot(page, `e2e-home-ex-work-${lang}`);

    // An order to confirm opens under 我的订单 with its confirmation panel (the menu's buttons came along).
    await orders.locator('tr', { hasText: TEXT[lang].toConfirm }).first().click();
    await page.waitForURL(/\/main\/order\/supplierOrderEdit\?.*id=\d+.*menuId=\d+/);
    await page.getByTestId('po-confirm').waitFor();

    await page.goBack();
    await bids.locator('tr').first().click();
    await page.waitForURL(/\/main\/sourcing\/bidList\?.*id=\d+.*menuId=\d+/);
    await page.getByTestId('bid-detail').waitFor();

    await page.goBack();
    await auctions.locator('tr', { hasText: TEXT[lang].running }).first().click();
    await page.waitForURL(/\/main\/auction\/supplierHall\?.*id=\d+.*menuId=\d+/);
    await eventually(() => page.getByTestId('hall-rank').innerText()).not.toBe('');
    expect(await page.getByTestId('supplier-hall').innerText()).not.toContain('Error');
  });
}
