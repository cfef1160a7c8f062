// Change orders that add and take off lines (doRevise addLines / removeLineIds): a new line waits for the
// supplier like a changed one and can be shipped once confirmed; a line taken off stays on the order as
// CANCELLED (kept in the version); a line with received or shipped quantity cannot be taken off (EN, TH);
// every refusal leaves the order as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { expectOk, expectRefusal, signIn } from '../../../../tests/support/apiHelpers.js';
import { DELIVERY, ORDER, RECEIPT, confirmedOrder, lineOf, worldOf, type Delivery, type Order, type World } from './orderHelpers.js';

type Version = { revision: number; lines: Record<string, unknown>[] };

for (const backend of await backends()) {
  describe(`change orders with new and removed lines on ${backend}`, () => {
    let t: TestServer;
    let w: World;

    beforeAll(async () => {
      t = await startTestServer(backend);
      const [buyer, s1, s2] = await Promise.all([signIn(t.url, 'buyer01'), signIn(t.url, 'supplier01'), signIn(t.url, 'supplier02')]);
      w = await worldOf(buyer, s1, s2);
    });
    afterAll(async () => t?.stop());

    const find = async (id: number) => expectOk(await w.buyer.call<Order>(`${ORDER}/findById`, { id }));
    const shipped = async (o: Order, lineId: number, quantity: number) => {
      const d = expectOk(
        await w.s1.call<Delivery>(`${DELIVERY}/saveOrUpdate`, {
          orderId: o.orderId,
          expectedArrival: '2026-12-18',
          lines: [{ orderLineId: lineId, quantity }],
        }),
      );
      return expectOk(await w.s1.call<Delivery>(`${DELIVERY}/doShip`, { id: d.deliveryId }));
    };

    it('adds a line and takes one off; lines received or shipped cannot be taken off (EN, TH), nothing saved', async () => {
      const o = await confirmedOrder(w, [10, 20, 5]);
      const [a, b, d] = o.lines;
      const note = await shipped(o, a.orderLineId, 4);
      expectOk(
        await w.buyer.call(`${RECEIPT}/saveOrUpdate`, {
          deliveryId: note.deliveryId,
          receiptDate: '2026-12-18',
          lines: [{ deliveryLineId: note.lines[0].deliveryLineId, quantity: 4 }],
        }),
      );
      await shipped(o, b.orderLineId, 3);
      expectRefusal(
        await w.buyer.call(`${ORDER}/doRevise`, { id: o.orderId, reason: 'drop', removeLineIds: [a.orderLineId] }, { lang: 'EN' }),
        200,
        `Line ${a.lineNumber} has been received or is on a delivery note: it cannot be removed (close it instead)`,
      );
      expectRefusal(
        await w.buyer.call(`${ORDER}/doRevise`, { id: o.orderId, reason: 'drop', removeLineIds: [d.orderLineId, b.orderLineId] }, { lang: 'TH' }),
        200,
        `รายการ ${b.lineNumber} มีการรับสินค้าแล้วหรืออยู่ในใบส่งสินค้า จึงลบไม่ได้ (ให้ปิดรายการแทน)`,
      );
      // A new line with a material that does not exist, a new line without quantity, a line changed and
      // taken off at once: refused, named.
      const add = { materialId: w.materials[1], quantity: 7, requiredDate: '2027-01-10', price: 3 };
      expectRefusal(
        await w.buyer.call(`${ORDER}/doRevise`, { id: o.orderId, reason: 'x', addLines: [{ ...add, materialId: 987654321 }] }, { lang: 'EN' }),
        200,
        /New line 1: /,
      );
      expectRefusal(
        await w.buyer.call(`${ORDER}/doRevise`, { id: o.orderId, reason: 'x', addLines: [{ ...add, quantity: 0 }] }, { lang: 'EN' }),
        200,
        /quantity/i,
      );
      expectRefusal(
        await w.buyer.call(
          `${ORDER}/doRevise`,
          { id: o.orderId, reason: 'x', lines: [{ lineId: d.orderLineId, quantity: 6 }], removeLineIds: [d.orderLineId] },
          { lang: 'EN' },
        ),
        200,
        `Line ${d.lineNumber} is given twice`,
      );
      const still = await find(o.orderId);
      expect(still).toMatchObject({ status: 'CONFIRMED', revision: 0 });
      expect(still.lines.map((l) => l.lineStatus)).toEqual(['CONFIRMED', 'CONFIRMED', 'CONFIRMED']);
      expect(expectOk(await w.buyer.call<Version[]>(`${ORDER}/findVersions`, { id: o.orderId }))).toHaveLength(0);

      // The change order: one line more, one taken off.
      const rev = expectOk(
        await w.buyer.call<Order>(`${ORDER}/doRevise`, {
          id: o.orderId,
          reason: 'new part, old one dropped',
          addLines: [add],
          removeLineIds: [d.orderLineId],
        }),
      );
      expect(rev).toMatchObject({ status: 'RELEASED', revision: 1 });
      expect(lineOf(rev, d.orderLineId)).toMatchObject({ lineStatus: 'CANCELLED', openQuantity: 0 });
      expect(lineOf(rev, a.orderLineId)).toMatchObject({ lineStatus: 'CONFIRMED', receivedQuantity: 4, openQuantity: 6 });
      const added = rev.lines.find((l) => ![a, b, d].some((x) => x.orderLineId === l.orderLineId))!;
      expect(added).toMatchObject({ materialId: w.materials[1], quantity: 7, openQuantity: 7, price: 3, requiredDate: '2027-01-10', lineStatus: 'OPEN' });
      expect(added.lineNumber).toBe(Math.max(a.lineNumber, b.lineNumber, d.lineNumber) + 10);
      expect((added as typeof added & { uomCode?: string | null }).uomCode).toBeTruthy(); // filled from the material, as on a saved line
      expect(rev.totalAmount).toBe(10 * 10 + 20 * 10 + 7 * 3);
      // The version keeps the order as it was: three lines, the third live.
      const kept = expectOk(await w.s1.call<Version[]>(`${ORDER}/findVersions`, { id: o.orderId }));
      expect(kept).toHaveLength(1);
      expect(kept[0].lines.map((l) => l.line_status)).toEqual(['CONFIRMED', 'CONFIRMED', 'CONFIRMED']);
      // The supplier answers the new line; then it ships like any other.
      const again = expectOk(await w.s1.call<Order>(`${ORDER}/doSupplierConfirm`, { id: o.orderId, lines: [{ lineId: added.orderLineId, action: 'ACCEPT' }] }));
      expect(again.status).toBe('CONFIRMED');
      const moving = await shipped(again, added.orderLineId, 7);
      expect(moving.status).toBe('SHIPPED');
      // Another supplier cannot change it; a supplier cannot make change orders.
      expectRefusal(await w.s2.call(`${ORDER}/doRevise`, { id: o.orderId, reason: 'x', addLines: [add] }), 403, /./);
    });

    it('a change order must leave a line (TH); an ended line cannot be taken off again (EN)', async () => {
      const o = await confirmedOrder(w, [3, 4]);
      const [a, b] = o.lines;
      expectRefusal(
        await w.buyer.call(`${ORDER}/doRevise`, { id: o.orderId, reason: 'x', removeLineIds: [a.orderLineId, b.orderLineId] }, { lang: 'TH' }),
        200,
        'ใบสั่งเปลี่ยนแปลงต้องเหลืออย่างน้อยหนึ่งรายการในใบสั่งซื้อ หากไม่ต้องการแล้วให้ยกเลิกใบสั่งซื้อ',
      );
      expectOk(await w.buyer.call(`${ORDER}/doRevise`, { id: o.orderId, reason: 'one is enough', removeLineIds: [a.orderLineId] }));
      expectRefusal(await w.buyer.call(`${ORDER}/doRevise`, { id: o.orderId, reason: 'again', removeLineIds: [a.orderLineId] }, { lang: 'EN' }), 200, /./);
      const now = await find(o.orderId);
      expect(now.lines.map((l) => l.lineStatus)).toEqual(['CANCELLED', 'CONFIRMED']);
      expect(now.totalAmount).toBe(4 * 10);
    });
  });
}
