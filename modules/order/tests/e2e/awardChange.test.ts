// The buyer's order screens of issue 17 that sit on existing calls, in CN and TH: a new order made from an
// award on the order edit page (pick the award and its winner, the draft opens with the awarded items at
// the awarded prices), and a change order through its own form on a confirmed order (a new quantity, date
// and price, a line taken off and a new line added, with a reason) — the old revision is listed under the
// kept versions, the changed and new lines wait for supplier01, whose confirmation makes the order
// confirmed again.
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chooseOption, chromiumForFile, eventually, expectToast, openMenu, type Session } from '../../../../tests/e2e/helpers';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';
import { MATERIAL, expectOk, signIn } from '../../../../tests/support/apiHelpers';
import { ORDER, worldOf, type Order } from '../api/orderHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

const TEXT = {
  CN: { draft: '拟定', released: '待供应商确认', sent: '变更已提交，等待供应商重新确认', done: '操作成功', versions: '历史版本（1）' },
  TH: { draft: 'ฉบับร่าง', released: 'รอผู้จัดจำหน่ายยืนยัน', sent: 'ส่งการเปลี่ยนแปลงแล้ว รอผู้จัดจำหน่ายยืนยันอีกครั้ง', done: 'สำเร็จ', versions: 'ฉบับก่อนหน้า (1)' },
} as const;

type Award = { sourceNumber: string; supplierId: number; items: number; amount: number };

const input = (page: Page, id: string) => activePane(page).locator(`[data-testid=${id}] input, input[data-testid=${id}]`).first();

for (const lang of ['CN', 'TH'] as const) {
  test(`${lang}: buyer01 makes an order from an award and changes a confirmed order through the change form`, async () => {
    const t = TEXT[lang];
    const [buyerApi, s1, s2] = await Promise.all([signIn(baseUrl, 'buyer01'), signIn(baseUrl, 'supplier01'), signIn(baseUrl, 'supplier02')]);
    const w = await worldOf(buyerApi, s1, s2);
    const award = expectOk(await w.buyer.call<Award[]>(`${ORDER}/awardedSources`, {})).find((a) => a.supplierId === w.supplier1)!;
    expect(award).toBeDefined();

    const buyer = await chromium.signIn('buyer01');
    const page = buyer.page;
    const current: Session = buyer;
    try {
      if (lang === 'TH') await switchLanguage(page, 'TH');
      // 1. From the order list: new → the award panel → the draft opens.
      await openMenu(page, 'PO_ORDER', /\/main\/order\/poOrderList\?/);
      await activePane(page).getByTestId('action-add').click();
      const panel = activePane(page).getByTestId('po-award');
      await panel.waitFor({ state: 'visible' });
      await panel.getByTestId('po-award-pick').click();
      const options = page.locator('.arco-select-option', { hasText: award.sourceNumber });
      await options.first().waitFor({ state: 'visible' });
      // The option of supplier01's win (the award may have more winners).
      const count = await options.count();
      let picked = false;
      for (let i = 0; i < count && !picked; i++) {
        const text = await options.nth(i).innerText();
        if (text.includes(award.amount.toFixed(2))) {
          await options.nth(i).click();
          picked = true;
        }
      }
      expect(picked).toBe(true);
      await input(page, 'po-award-date').fill('2027-03-15');
      await shot(page, `e2e-order-from-award-${lang}`);
      await panel.getByTestId('po-award-create').click();
      await expectToast(page, t.done);
      await page.waitForURL(/\/main\/order\/poOrderEdit\?id=\d+/);
      const orderId = Number(new URL(page.url()).searchParams.get('id'));
      await eventually(() => activePane(page).locator('#root_status').innerText()).toBe(t.draft);
      const made = expectOk(await w.buyer.call<Order>(`${ORDER}/findById`, { id: orderId }));
      expect(made).toMatchObject({ status: 'DRAFT', supplierId: w.supplier1 });
      expect(made.lines).toHaveLength(award.items);
      expect(made.totalAmount).toBeCloseTo(award.amount, 2);
      expect(made.lines.every((l) => l.requiredDate === '2027-03-15')).toBe(true);

      // 2. A confirmed order of its own (API), changed on screen through the change form.
      const draft = expectOk(
        await w.buyer.call<Order>(`${ORDER}/saveOrUpdate`, {
          supplierId: w.supplier1,
          orderDate: '2026-11-25',
          title: `E2E change ${lang}`,
          lines: [
            { materialId: w.materials[0], quantity: 40, price: 10, requiredDate: '2026-12-20' },
            { materialId: w.materials[1], quantity: 10, price: 10, requiredDate: '2026-12-20' },
            { materialId: w.materials[1], quantity: 5, price: 10, requiredDate: '2026-12-20' },
          ],
        }),
      );
      expectOk(await w.buyer.call(`${ORDER}/doSubmit`, { id: draft.orderId }));
      const rel = expectOk(await w.buyer.call<Order>(`${ORDER}/doRelease`, { id: draft.orderId }));
      expectOk(
        await w.s1.call(`${ORDER}/doSupplierConfirm`, { id: draft.orderId, lines: rel.lines.map((l) => ({ lineId: l.orderLineId, action: 'ACCEPT' })) }),
      );
      // Opened through its menu (the menu's buttons are the page's permissions), found by its number.
      await openMenu(page, 'PO_ORDER', /\/main\/order\/poOrderList\?/);
      await activePane(page).getByTestId('search-orderNumber').fill(draft.orderNumber);
      await activePane(page).getByTestId('search-submit').click();
      await activePane(page).getByTestId('row-action-view-0').click();
      await activePane(page).getByTestId('po-change-open').click();
      const form = activePane(page).getByTestId('po-change');
      await form.waitFor({ state: 'visible' });
      await input(page, 'po-change-qty-10').fill('45');
      await input(page, 'po-change-date-10').fill('2027-01-10');
      await input(page, 'po-change-price-10').fill('9.5');
      await input(page, 'po-change-price-10').press('Tab');
      // Line 30 is taken off; a new line of another material is added.
      await activePane(page).getByTestId('po-change-remove-30').click();
      const extra = expectOk(await w.buyer.call<{ materialCode: string }>(`${MATERIAL}/findById`, { id: w.materials[2] }));
      await activePane(page).getByTestId('po-change-add').click();
      await chooseOption(page, activePane(page).getByTestId('po-change-new-material-1'), extra.materialCode);
      await input(page, 'po-change-new-qty-1').fill('6');
      await input(page, 'po-change-new-date-1').fill('2027-02-01');
      await input(page, 'po-change-new-price-1').fill('4');
      await input(page, 'po-change-new-price-1').press('Tab');
      await input(page, 'po-change-reason').fill(`E2E ${lang} forecast`);
      await shot(page, `e2e-order-change-form-${lang}`);
      await form.getByTestId('po-change-submit').click();
      await expectToast(page, t.sent);
      await eventually(() => activePane(page).locator('#root_status').innerText()).toBe(t.released);
      const versions = activePane(page).getByTestId('po-versions');
      await versions.waitFor({ state: 'visible' });
      await versions.getByText(t.versions).click();
      await eventually(() => versions.getByTestId('po-version-0').innerText()).toContain(`E2E ${lang} forecast`);
      await shot(page, `e2e-order-change-versions-${lang}`);
      const changed = expectOk(await w.buyer.call<Order>(`${ORDER}/findById`, { id: draft.orderId }));
      expect(changed).toMatchObject({ status: 'RELEASED', revision: 1, totalAmount: 45 * 9.5 + 10 * 10 + 6 * 4 });
      expect(changed.lines.map((l) => [l.lineNumber, l.materialId, l.quantity, l.price, l.requiredDate, l.lineStatus])).toEqual([
        [10, w.materials[0], 45, 9.5, '2027-01-10', 'OPEN'],
        [20, w.materials[1], 10, 10, '2026-12-20', 'CONFIRMED'],
        [30, w.materials[1], 5, 10, '2026-12-20', 'CANCELLED'],
        [40, w.materials[2], 6, 4, '2027-02-01', 'OPEN'],
      ]);
      // supplier01 confirms the changed and the new line: the order is confirmed at revision 1.
      const again = expectOk(
        await w.s1.call<Order>(`${ORDER}/doSupplierConfirm`, {
          id: draft.orderId,
          lines: changed.lines.filter((l) => l.lineStatus === 'OPEN').map((l) => ({ lineId: l.orderLineId, action: 'ACCEPT' })),
        }),
      );
      expect(again).toMatchObject({ status: 'CONFIRMED', revision: 1 });
    } catch (e) {
      await shot(page, `e2e-order-award-change-FAILED-${lang}`).catch(() => undefined);
      throw new Error(`${e instanceof Error ? e.message : String(e)}\nbrowser errors:\n${current.errors.join('\n')}`, { cause: e });
    }
  });
}
