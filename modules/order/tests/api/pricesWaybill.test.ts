// Prices from the price library (SourcingApi): a line without a price takes the valid item's, a typed one
// that differs is flagged, a material without a valid item is flagged NO_PRICE (nothing refused); an
// order from the demo's award at the awarded prices. doWaybillNumberCalc: an S10 waybill number with its
// check digit, kept on a second call, a wrong check digit refused (EN, TH), none after receipt.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { expectOk, expectRefusal, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import { s10CheckDigit, waybillValid } from '../../server/waybill.js';
import { DELIVERY, ORDER, confirmedOrder, worldOf, type Delivery, type World } from './orderHelpers.js';

const INQ = 'srmServer/v1/srmSrcInquiryRestful';
const PRICE = 'srmServer/v1/srmPriceItemRestful';
type Line = { materialId: number; price: number; priceFlag: string; priceSource: string | null; priceItemId: number | null; quantity: number };

for (const backend of await backends()) {
  describe(`library prices and waybill numbers on ${backend}`, () => {
    let t: TestServer;
    let w: World;
    let admin: Awaited<ReturnType<typeof signIn>>;
    beforeAll(async () => {
      t = await startTestServer(backend);
      const [buyer, s1, s2, a] = await Promise.all([
        signIn(t.url, 'buyer01'),
        signIn(t.url, 'supplier01'),
        signIn(t.url, 'supplier02'),
        signIn(t.url, 'admin'),
      ]);
      admin = a;
      w = await worldOf(buyer, s1, s2);
    });
    afterAll(async () => t?.stop());

    it('order lines take, flag or miss the library price; an order from an award', async () => {
      const awarded = expectOk(await admin.call<Rec[]>(`${INQ}/listByPage`, { params: { status: 'AWARDED' }, pageRows: 50 })).find((i) =>
        String(i.title).includes('已定标'),
      )!;
      const items = expectOk(await admin.call<Rec[]>(`${PRICE}/listByPage`, { params: { sourceInquiryId: awarded.inquiryId }, pageRows: 50 })).filter(
        (p) => p.sourceInquiryId === awarded.inquiryId,
      );
      const mine = items.filter((p) => p.supplierId === w.supplier1);
      expect(mine.length).toBeGreaterThan(0);
      const item = mine[0];
      const today = new Date().toISOString().slice(0, 10);
      const other = w.materials.find((m) => !items.some((p) => p.materialId === m && p.supplierId === w.supplier1))!;
      const o = expectOk(
        await w.buyer.call<{ orderId: number; lines: Line[] }>(`${ORDER}/saveOrUpdate`, {
          supplierId: w.supplier1,
          orderDate: today,
          currencyCode: 'CNY',
          lines: [
            { materialId: item.materialId, quantity: 5, price: 0, requiredDate: '2027-02-01' },
            { materialId: item.materialId, quantity: 5, price: 99.5, requiredDate: '2027-02-01' },
            { materialId: other, quantity: 5, price: 12, requiredDate: '2027-02-01' },
          ],
        }),
      );
      expect(o.lines.map((l) => [l.price, l.priceFlag, l.priceItemId])).toEqual([
        [Number(item.price), 'LIBRARY', item.priceItemId],
        [99.5, 'DIFFERS', item.priceItemId],
        [12, 'NO_PRICE', null],
      ]);
      expect(o.lines[0].priceSource).toBe(`#${String(item.priceItemId)} ${String(awarded.inquiryNumber)}`);
      // Another currency: the library has nothing valid.
      const usd = expectOk(
        await w.buyer.call<{ lines: Line[] }>(`${ORDER}/saveOrUpdate`, {
          supplierId: w.supplier1,
          orderDate: today,
          currencyCode: 'USD',
          lines: [{ materialId: item.materialId, quantity: 1, price: 0, requiredDate: '2027-02-01' }],
        }),
      );
      expect(usd.lines[0]).toMatchObject({ price: 0, priceFlag: 'NO_PRICE' });

      const fromAward = expectOk(
        await w.buyer.call<{ orderId: number; status: string; lines: Line[] }>(`${ORDER}/createFromAward`, {
          sourceNumber: awarded.inquiryNumber,
          supplierId: w.supplier1,
          requiredDate: '2027-02-15',
        }),
      );
      expect(fromAward.status).toBe('DRAFT');
      expect(fromAward.lines.map((l) => [l.materialId, l.quantity, l.price, l.priceFlag]).sort()).toEqual(
        mine.map((p) => [p.materialId, Number(p.quantity), Number(p.price), 'LIBRARY']).sort(),
      );
      expectRefusal(
        await w.buyer.call(`${ORDER}/createFromAward`, { sourceNumber: 'INQ-NOPE', supplierId: w.supplier1, requiredDate: '2027-02-15' }, { lang: 'EN' }),
        200,
        'Award INQ-NOPE has no price items for this supplier',
      );
      expectRefusal(
        await w.buyer.call(`${ORDER}/createFromAward`, { sourceNumber: 'INQ-NOPE', supplierId: w.supplier1, requiredDate: '2027-02-15' }, { lang: 'TH' }),
        200,
        'การตัดสินผล INQ-NOPE ไม่มีรายการราคาของผู้จัดจำหน่ายรายนี้',
      );
      // The supplier cannot make orders.
      expectRefusal(
        await w.s1.call(`${ORDER}/createFromAward`, { sourceNumber: awarded.inquiryNumber, supplierId: w.supplier1, requiredDate: '2027-02-15' }),
        403,
        /./,
      );
    });

    it('doWaybillNumberCalc gives an S10 number with its check digit', async () => {
      expect(s10CheckDigit('47312482')).toBe(9); // the UPU's own example RR473124829GB
      expect(waybillValid('RR473124829GB')).toBe(true);
      expect(waybillValid('RR473124828GB')).toBe(false);
      expect(waybillValid('SF1234567890')).toBe(true); // a carrier's own form is kept as typed
      const o = await confirmedOrder(w, [10]);
      const note = (extra: Rec) => ({
        orderId: o.orderId,
        expectedArrival: '2027-01-05',
        lines: [{ orderLineId: o.lines[0].orderLineId, quantity: 4 }],
        ...extra,
      });
      const d = expectOk(await w.s1.call<Delivery>(`${DELIVERY}/saveOrUpdate`, note({ carrier: 'SF Express' })));
      const calc = expectOk(await w.s1.call<Rec>(`${DELIVERY}/doWaybillNumberCalc`, { id: d.deliveryId }));
      const serial = String(d.deliveryId % 100_000_000).padStart(8, '0');
      expect(calc).toEqual({ deliveryId: d.deliveryId, waybillNumber: `SF${serial}${s10CheckDigit(serial)}CN`, calculated: true });
      expect(waybillValid(String(calc.waybillNumber))).toBe(true);
      expect(expectOk(await w.s1.call<Rec>(`${DELIVERY}/doWaybillNumberCalc`, { id: d.deliveryId })).calculated).toBe(false);
      expect(expectOk(await w.s1.call<Rec>(`${DELIVERY}/findById`, { id: d.deliveryId })).waybillNumber).toBe(calc.waybillNumber);
      const bad = `SF${serial}${(s10CheckDigit(serial) + 1) % 10}CN`;
      const saved = expectOk(await w.s1.call<Rec>(`${DELIVERY}/findById`, { id: d.deliveryId }));
      expectRefusal(
        await w.s1.call(`${DELIVERY}/saveOrUpdate`, { ...saved, waybillNumber: bad }, { lang: 'EN' }),
        200,
        `The check digit of waybill number ${bad} is wrong`,
      );
      expectRefusal(
        await w.s1.call(`${DELIVERY}/saveOrUpdate`, { ...saved, waybillNumber: bad }, { lang: 'TH' }),
        200,
        `หลักตรวจสอบของเลขใบขนส่ง ${bad} ไม่ถูกต้อง`,
      );
      // Another supplier's note: not found for it.
      expectRefusal(await w.s2.call(`${DELIVERY}/doWaybillNumberCalc`, { id: d.deliveryId }), 200, /./);
      expectOk(await w.s1.call(`${DELIVERY}/doCancel`, { id: d.deliveryId }));
      expectRefusal(await w.s1.call(`${DELIVERY}/doWaybillNumberCalc`, { id: d.deliveryId, recalc: true }, { lang: 'EN' }), 200, /is received or cancelled/);
    });
  });
}
