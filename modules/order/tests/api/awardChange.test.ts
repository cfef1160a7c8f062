// The two buyer screens of issue 17 that sit on existing calls, checked on the wire: awardedSources lists
// the awards a new order may be made from (never to a supplier), and a change order made the way the
// change form sends it (only the differing fields of changed lines) keeps the old revision with its
// values, sends the changed lines back to the supplier, who confirms again; refusals in EN and TH.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { expectOk, expectRefusal, signIn } from '../../../../tests/support/apiHelpers.js';
import { DELIVERY, ORDER, confirmedOrder, lineOf, worldOf, type Delivery, type Order, type World } from './orderHelpers.js';

type Award = { sourceNumber: string; title: string; supplierId: number; supplierName: string | null; currencyCode: string; items: number; amount: number };
type Version = {
  revision: number;
  changeReason: string;
  lines: { order_line_id: number; quantity: number | string; price: number | string; required_date: string }[];
};

for (const backend of await backends()) {
  describe(`orders from awards and change orders on ${backend}`, () => {
    let t: TestServer;
    let w: World;
    beforeAll(async () => {
      t = await startTestServer(backend);
      const [buyer, s1, s2] = await Promise.all([signIn(t.url, 'buyer01'), signIn(t.url, 'supplier01'), signIn(t.url, 'supplier02')]);
      w = await worldOf(buyer, s1, s2);
    });
    afterAll(async () => t?.stop());

    it('awardedSources: the demo award per winner, with name, items and amount; an order made from one; suppliers refused', async () => {
      const awards = expectOk(await w.buyer.call<Award[]>(`${ORDER}/awardedSources`, {}));
      const mine = awards.find((a) => a.supplierId === w.supplier1)!;
      expect(mine).toBeDefined();
      expect(mine.sourceNumber).toMatch(/\S/);
      expect(mine.supplierName).toMatch(/\S/);
      expect(mine.items).toBeGreaterThan(0);
      expect(mine.amount).toBeGreaterThan(0);
      const only = expectOk(await w.buyer.call<Award[]>(`${ORDER}/awardedSources`, { supplierId: w.supplier2 }));
      expect(only.every((a) => a.supplierId === w.supplier2)).toBe(true);
      // What the panel then sends: the order's lines are the award's items, their amount the award's.
      const o = expectOk(
        await w.buyer.call<Order>(`${ORDER}/createFromAward`, { sourceNumber: mine.sourceNumber, supplierId: mine.supplierId, requiredDate: '2027-03-01' }),
      );
      expect(o).toMatchObject({ status: 'DRAFT', supplierId: w.supplier1 });
      expect(o.lines).toHaveLength(mine.items);
      expect(o.totalAmount).toBeCloseTo(mine.amount, 2);
      expect(o.lines.every((l) => l.requiredDate === '2027-03-01')).toBe(true);
      // Awards name every winner and price: a supplier user may read its orders but never this list.
      expectRefusal(await w.s1.call(`${ORDER}/awardedSources`, {}, { lang: 'EN' }), 403, 'You are not permitted to do this');
      expectRefusal(await w.s2.call(`${ORDER}/awardedSources`, {}, { lang: 'TH' }), 403, 'คุณไม่มีสิทธิ์ดำเนินการนี้');
    });

    it('a change order keeps the old revision, the changed lines go back to the supplier, who confirms again', async () => {
      const c = await confirmedOrder(w, [10, 20]);
      const [a, b] = c.lines;
      const rev = expectOk(
        await w.buyer.call<Order>(`${ORDER}/doRevise`, {
          id: c.orderId,
          reason: 'customer forecast up',
          lines: [{ lineId: a.orderLineId, quantity: 15, requiredDate: '2027-01-15', price: 9.5 }],
        }),
      );
      expect(rev).toMatchObject({ status: 'RELEASED', revision: 1 });
      expect(lineOf(rev, a.orderLineId)).toMatchObject({ quantity: 15, openQuantity: 15, price: 9.5, requiredDate: '2027-01-15', lineStatus: 'OPEN' });
      expect(lineOf(rev, b.orderLineId)).toMatchObject({ quantity: 20, lineStatus: 'CONFIRMED' });
      expect(rev.totalAmount).toBe(15 * 9.5 + 20 * 10);
      // The supplier reads the kept revision with the values as they were.
      const kept = expectOk(await w.s1.call<Version[]>(`${ORDER}/findVersions`, { id: c.orderId }));
      expect(kept.map((v) => [v.revision, v.changeReason])).toEqual([[0, 'customer forecast up']]);
      const old = kept[0].lines.find((l) => Number(l.order_line_id) === a.orderLineId)!;
      expect([Number(old.quantity), Number(old.price), String(old.required_date).slice(0, 10)]).toEqual([10, 10, '2026-12-20']);
      // Only the changed line is answered again.
      const again = expectOk(await w.s1.call<Order>(`${ORDER}/doSupplierConfirm`, { id: c.orderId, lines: [{ lineId: a.orderLineId, action: 'ACCEPT' }] }));
      expect(again.status).toBe('CONFIRMED');
      expect(again.lines.map((l) => l.lineStatus)).toEqual(['CONFIRMED', 'CONFIRMED']);
      // A second change order: revision 2, two versions kept, newest first.
      expectOk(
        await w.buyer.call(`${ORDER}/doRevise`, { id: c.orderId, reason: 'date moved', lines: [{ lineId: b.orderLineId, requiredDate: '2027-02-01' }] }),
      );
      const two = expectOk(await w.buyer.call<Version[]>(`${ORDER}/findVersions`, { id: c.orderId }));
      expect(two.map((v) => v.revision)).toEqual([1, 0]);
    });

    it('change order refusals (EN, TH), nothing saved: no reason, no lines, below what was shipped', async () => {
      const c = await confirmedOrder(w, [10]);
      const lineId = c.lines[0].orderLineId;
      expectRefusal(await w.buyer.call(`${ORDER}/doRevise`, { id: c.orderId, lines: [{ lineId, quantity: 12 }] }, { lang: 'EN' }), 200, 'Please give a reason');
      expectRefusal(await w.buyer.call(`${ORDER}/doRevise`, { id: c.orderId, reason: 'x', lines: [] }, { lang: 'TH' }), 200, 'กรุณาระบุรายการที่จะเปลี่ยนแปลง');
      const note = expectOk(
        await w.s1.call<Delivery>(`${DELIVERY}/saveOrUpdate`, {
          orderId: c.orderId,
          expectedArrival: '2026-12-18',
          lines: [{ orderLineId: lineId, quantity: 6 }],
        }),
      );
      expectOk(await w.s1.call(`${DELIVERY}/doShip`, { id: note.deliveryId }));
      expectRefusal(
        await w.buyer.call(`${ORDER}/doRevise`, { id: c.orderId, reason: 'less', lines: [{ lineId, quantity: 5 }] }, { lang: 'EN' }),
        200,
        'Line 10: the quantity cannot be below what was received or is on its way',
      );
      expectRefusal(
        await w.buyer.call(`${ORDER}/doRevise`, { id: c.orderId, reason: 'less', lines: [{ lineId, quantity: 5 }] }, { lang: 'TH' }),
        200,
        'รายการ 10: จำนวนต้องไม่น้อยกว่าที่รับแล้วหรือกำลังจัดส่ง',
      );
      const after = expectOk(await w.buyer.call<Order>(`${ORDER}/findById`, { id: c.orderId }));
      expect(after).toMatchObject({ status: 'CONFIRMED', revision: 0 });
      expect(after.lines[0]).toMatchObject({ quantity: 10, lineStatus: 'CONFIRMED' });
      expect(expectOk(await w.buyer.call<unknown[]>(`${ORDER}/findVersions`, { id: c.orderId }))).toHaveLength(0);
      // A supplier cannot make change orders.
      expectRefusal(await w.s1.call(`${ORDER}/doRevise`, { id: c.orderId, reason: 'x', lines: [{ lineId, quantity: 12 }] }), 403, /./);
    });
  });
}
