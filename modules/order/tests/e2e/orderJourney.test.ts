// The order journey in the browser, in CN and TH: buyer01 releases a two-line order (API), supplier01 confirms
// it with one changed date (the confirmation panel), the buyer accepts the change, supplier01 ships in two
// notes (the new-note panel), buyer01 receives the first partly by scanning its label's barcode, with a
// rejected quantity, and returns part of it. The order lines' quantities are read at each step.
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chromiumForFile, openMenu, confirmDialog, eventually, expectToast, grid, gridRows, type Session } from '../../../../tests/e2e/helpers';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';
import { expectOk, signIn } from '../../../../tests/support/apiHelpers';
import { DELIVERY, ORDER, RETURN, worldOf, type Order, type Receipt, type World } from '../api/orderHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

const TEXT = {
  CN: { changePending: '变更待确认', shipped: '已发货', change: '申请变更', done: '操作成功', received: '已收数量', open: '未交数量', ok: '确定' },
  TH: { changePending: 'รอพิจารณาการเปลี่ยนแปลง', shipped: 'จัดส่งแล้ว', change: 'ขอเปลี่ยน', done: 'สำเร็จ', received: 'จำนวนที่รับแล้ว', open: 'จำนวนค้างส่ง', ok: 'ตกลง' },
} as const;

const input = (page: Page, id: string) => activePane(page).locator(`[data-testid=${id}] input, input[data-testid=${id}]`).first();

async function linesOf(w: World, id: number) {
  return expectOk(await w.buyer.call<Order>(`${ORDER}/findById`, { id })).lines.map((l) => [l.receivedQuantity, l.openQuantity, l.lineStatus]);
}

/** Opens a list through its menu, finds the document by number and opens it (view). */
async function openFromList(page: Page, menu: string, list: RegExp, field: string, value: string): Promise<void> {
  await openMenu(page, menu, list);
  await activePane(page).getByTestId(`search-${field}`).fill(value);
  await activePane(page).getByTestId('search-submit').click();
  await activePane(page).getByTestId('row-action-view-0').click();
}

async function newNote(page: Page, orderNumber: string, ship: [string, string][], t: (typeof TEXT)[keyof typeof TEXT]): Promise<string> {
  await openMenu(page, 'MY_DELIVERIES', /\/main\/order\/deliveryList\?/);
  await activePane(page).getByTestId('action-add').click();
  const panel = activePane(page).getByTestId('po-delivery-new');
  await panel.waitFor({ state: 'visible' });
  await panel.getByTestId('po-delivery-order').click();
  await page.locator('.arco-select-option', { hasText: orderNumber }).first().click();
  await input(page, 'po-delivery-eta').fill('2026-12-18');
  for (const [line, q] of ship) {
    const box = input(page, `po-ship-${line}`);
    await box.waitFor({ state: 'visible' });
    await box.fill(q);
    await box.press('Tab');
  }
  await panel.getByTestId('po-delivery-save').click();
  await page.waitForURL(/\/main\/order\/deliveryEdit\?id=\d+/);
  const form = activePane(page);
  await eventually(async () => (await form.locator('#root_deliveryNumber').innerText()).trim()).toMatch(/^DN-\d{4}-\d{6}$/);
  const number = (await form.locator('#root_deliveryNumber').innerText()).trim();
  await form.getByTestId('action-ship').click();
  await confirmDialog(page).locator('.arco-btn-primary').click();
  await expectToast(page, t.done);
  await eventually(() => form.locator('#root_status').innerText()).toBe(t.shipped);
  return number;
}

for (const lang of ['CN', 'TH'] as const) {
  test(`${lang}: supplier01 confirms with a changed date, ships in two notes; buyer01 receives partly and returns part`, async () => {
    const t = TEXT[lang];
    const [buyerApi, s1, s2] = await Promise.all([signIn(baseUrl, 'buyer01'), signIn(baseUrl, 'supplier01'), signIn(baseUrl, 'supplier02')]);
    const w = await worldOf(buyerApi, s1, s2);
    const draft = expectOk(
      await w.buyer.call<Order>(`${ORDER}/saveOrUpdate`, {
        supplierId: w.supplier1,
        orderDate: '2026-11-25',
        title: `E2E ${lang}`,
        lines: [
          { materialId: w.materials[0], quantity: 40, price: 10, requiredDate: '2026-12-20' },
          { materialId: w.materials[1], quantity: 10, price: 10, requiredDate: '2026-12-20' },
        ],
      }),
    );
    expectOk(await w.buyer.call(`${ORDER}/doSubmit`, { id: draft.orderId }));
    expectOk(await w.buyer.call(`${ORDER}/doRelease`, { id: draft.orderId }));

    const supplier = await chromium.signIn('supplier01', 'exHome');
    let page = supplier.page;
    let current: Session = supplier;
    try {
      if (lang === 'TH') await switchLanguage(page, 'TH');
      await openFromList(page, 'MY_ORDERS', /\/main\/order\/supplierOrderList\?/, 'orderNumber', draft.orderNumber);
      const panel = activePane(page).getByTestId('po-confirm');
      await panel.waitFor({ state: 'visible' });
      await panel.getByTestId('po-answer-20').click();
      await page.locator('.arco-select-option', { hasText: t.change }).first().click();
      await input(page, 'po-date-20').fill('2027-01-10');
      await shot(page, `e2e-order-confirm-${lang}`);
      await panel.getByTestId('po-confirm-submit').click();
      await expectToast(page, lang === 'CN' ? '已提交确认' : 'ส่งการยืนยันแล้ว');
      await eventually(() => activePane(page).locator('#root_status').innerText()).toBe(t.changePending);
      expect(await linesOf(w, draft.orderId)).toEqual([
        [0, 40, 'CONFIRMED'],
        [0, 10, 'CHANGE_REQUESTED'],
      ]);
      expectOk(await w.buyer.call(`${ORDER}/doBuyerConfirm`, { id: draft.orderId }));

      const dn1 = await newNote(
        page,
        draft.orderNumber,
        [
          ['10', '25'],
          ['20', '0'],
        ],
        t,
      );
      await shot(page, `e2e-order-note1-${lang}`);
      const dn2 = await newNote(
        page,
        draft.orderNumber,
        [
          ['10', '15'],
          ['20', '10'],
        ],
        t,
      );
      expect(dn2).not.toBe(dn1);
      // Shipping moves nothing on the order lines: only receiving does.
      expect(await linesOf(w, draft.orderId)).toEqual([
        [0, 40, 'CONFIRMED'],
        [0, 10, 'CONFIRMED'],
      ]);

      const buyer = await chromium.signIn('buyer01');
      current = buyer;
      page = buyer.page;
      if (lang === 'TH') await switchLanguage(page, 'TH');
      await openMenu(page, 'PO_RECEIPT', /\/main\/order\/poReceiptList\?/);
      await activePane(page).getByTestId('action-add').click();
      const scan = input(page, 'po-barcode');
      await scan.waitFor({ state: 'visible' });
      await scan.fill(`${dn1}/10`);
      await scan.press('Enter');
      await eventually(() => activePane(page).getByTestId('po-receive-note').innerText()).toContain(dn1);
      await input(page, 'po-receive-10').fill('20');
      await input(page, 'po-reject-10').fill('2');
      await input(page, 'po-reject-10').press('Tab');
      await shot(page, `e2e-order-receive-${lang}`);
      await activePane(page).getByTestId('po-receive-post').click();
      await expectToast(page, t.done);
      await page.waitForURL(/\/main\/order\/poReceiptEdit\?id=\d+/);
      expect(await linesOf(w, draft.orderId)).toEqual([
        [20, 20, 'CONFIRMED'],
        [0, 10, 'CONFIRMED'],
      ]);

      // Part of the rejected goods goes back, with replacement: the quantity is open again.
      const receipts = expectOk(await w.buyer.call<Receipt[]>('srmServer/v1/srmPoReceiptRestful/listByPage', { params: { orderId: draft.orderId } }));
      const receipt = expectOk(await w.buyer.call<Receipt>('srmServer/v1/srmPoReceiptRestful/findById', { id: receipts[0].receiptId }));
      const ret = expectOk(
        await w.buyer.call<{ returnId: number }>(`${RETURN}/saveOrUpdate`, {
          receiptId: receipt.receiptId,
          reason: 'E2E',
          lines: [{ receiptLineId: receipt.lines[0].receiptLineId, quantity: 1 }],
        }),
      );
      expectOk(await w.buyer.call(`${RETURN}/doSubmit`, { id: ret.returnId }));
      expectOk(await w.buyer.call(`${RETURN}/doApproval`, { id: ret.returnId }));
      expect(await linesOf(w, draft.orderId)).toEqual([
        [19, 21, 'CONFIRMED'],
        [0, 10, 'CONFIRMED'],
      ]);
      // The buyer's order page shows the same quantities.
      await openFromList(page, 'PO_ORDER', /\/main\/order\/poOrderList\?/, 'orderNumber', draft.orderNumber);
      const lines = grid(page, 'lines');
      await eventually(async () => (await gridRows(lines)).slice(0, 2).map((r) => [r[t.received], r[t.open]])).toEqual([
        ['19.0000', '21.0000'],
        ['0.0000', '10.0000'],
      ]);
      await shot(page, `e2e-order-lines-${lang}`);
      // The order-lines board shows both confirmed lines of the order.
      await openMenu(page, 'PO_LINE_BOARD', /\/main\/order\/poLineBoard/);
      const confirmed = activePane(page).getByTestId('po-board-CONFIRMED');
      await eventually(async () => (await confirmed.innerText()).split(draft.orderNumber).length - 1).toBe(2);
      await shot(page, `e2e-order-board-${lang}`);
      // The second note is still to receive.
      const notes = expectOk(
        await w.buyer.call<{ deliveryNumber: string; status: string }[]>(`${DELIVERY}/listByPage`, { params: { orderId: draft.orderId } }),
      );
      expect(notes.map((n) => [n.deliveryNumber, n.status]).sort()).toEqual(
        [
          [dn1, 'RECEIVED'],
          [dn2, 'SHIPPED'],
        ].sort(),
      );
    } catch (e) {
      await shot(page, `e2e-order-FAILED-${lang}`).catch(() => undefined);
      throw new Error(`${e instanceof Error ? e.message : String(e)}\nbrowser errors:\n${current.errors.join('\n')}`, { cause: e });
    }
  });
}
