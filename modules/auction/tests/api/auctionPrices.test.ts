// An awarded auction writes the winner's price items to the sourcing price library (inside the award
// transaction) on both backends: the lot total split over the lines by quantity, or by the library's latest
// unit prices when every line's material has one; validity from the award date for a year; the auction as
// source; a buyer lists them, a supplier is refused the library.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../../../tests/support/testServer.js';
import { MATERIAL, expectOk, expectRefusal, type Rec } from '../../../../tests/support/apiHelpers.js';
import { AU, bid, msOf, openHall, runningAuction, type Hall } from './helpers.js';

const PRICE = 'srmServer/v1/srmPriceItemRestful';
// A currency the demo price library does not use: the reference prices are this test's own.
const CUR = 'VND';

interface PriceItem {
  priceItemId: number;
  supplierId: number;
  materialId: number;
  price: number;
  currencyCode: string;
  quantity: number;
  validFrom: string;
  validTo: string;
  sourceType: string;
  sourceId: number;
  sourceNumber: string;
}

for (const backend of await backends()) {
  describe(`auction price items on ${backend}`, () => {
    let h: Hall;
    let m1: number;
    let m2: number;
    beforeAll(async () => {
      h = await openHall(backend);
      const materials = expectOk(await h.buyer.call<{ materialId: number }[]>(`${MATERIAL}/listByPage`, { params: {}, pageRows: 5 }));
      [m1, m2] = [materials[0].materialId, materials[1].materialId];
    });
    afterAll(async () => h?.t.stop());

    const itemsOf = async (auctionId: number) =>
      expectOk(await h.buyer.call<PriceItem[]>(`${PRICE}/listByPage`, { params: { sourceType: 'AUCTION' }, pageRows: 200 }))
        .filter((p) => p.sourceId === auctionId)
        .sort((a, b) => a.materialId - b.materialId);

    const today = () => new Date().toISOString().slice(0, 10);

    it('auto-award: one item per line for the winner, the lot total split by quantity when the library has no price', async () => {
      const a = await runningAuction(h, {
        currencyCode: CUR,
        lines: [
          { materialId: m1, quantity: 10 },
          { materialId: m2, quantity: 30 },
        ],
      });
      expectOk(await bid(h.s1, a.auctionId, 90));
      expectOk(await bid(h.s2, a.auctionId, 80));
      h.clock.now = msOf(a.endTime);
      const won = expectOk(await h.buyer.call<Rec>(`${AU}/autoAwardByMinPrice`, { id: a.auctionId }));
      const items = await itemsOf(a.auctionId);
      expect(items.map((i) => [i.supplierId, i.materialId, i.price, i.quantity, i.currencyCode])).toEqual([
        [h.sup2, m1, 2, 10, CUR],
        [h.sup2, m2, 2, 30, CUR],
      ]);
      for (const i of items) {
        expect(i).toMatchObject({ sourceType: 'AUCTION', sourceNumber: won.auctionNumber });
        expect(i.validFrom).toBe(today());
        expect(Date.parse(i.validTo) - Date.parse(i.validFrom)).toBeGreaterThanOrEqual(364 * 86_400_000);
      }
      // The price library is the buyer's (no portal menu grants it): a supplier's read is refused.
      const asSupplier = await h.s2.call(`${PRICE}/listByPage`, { params: { sourceType: 'AUCTION' } });
      expectRefusal(asSupplier, 403, 'You are not permitted to do this');
    });

    it('chosen award: a single line takes the total as its quantity price; lines split by the latest library prices', async () => {
      const one = await runningAuction(h, { currencyCode: CUR, lines: [{ materialId: m1, quantity: 10 }] });
      expectOk(await bid(h.s1, one.auctionId, 60));
      expectOk(await bid(h.s2, one.auctionId, 50));
      h.clock.now = msOf(one.endTime);
      expectOk(await h.buyer.call(`${AU}/doAward`, { id: one.auctionId, supplierId: h.sup1, reason: 'Better delivery terms' }));
      expect((await itemsOf(one.auctionId)).map((i) => [i.supplierId, i.materialId, i.price])).toEqual([[h.sup1, m1, 6]]);
      // Latest library prices now: m1 6 (this award), m2 2 (the test before) → weights 60 and 60.
      const two = await runningAuction(h, {
        currencyCode: CUR,
        lines: [
          { materialId: m1, quantity: 10 },
          { materialId: m2, quantity: 30 },
        ],
      });
      expectOk(await bid(h.s1, two.auctionId, 99));
      h.clock.now = msOf(two.endTime);
      expectOk(await h.buyer.call(`${AU}/doAward`, { id: two.auctionId, supplierId: h.sup1 }));
      expect((await itemsOf(two.auctionId)).map((i) => [i.supplierId, i.materialId, i.price])).toEqual([
        [h.sup1, m1, 4.95],
        [h.sup1, m2, 1.65],
      ]);
    });

    it('a refused award writes no price item', async () => {
      const a = await runningAuction(h, { currencyCode: CUR });
      expectOk(await bid(h.s1, a.auctionId, 90));
      expectOk(await bid(h.s2, a.auctionId, 80));
      h.clock.now = msOf(a.endTime);
      expectRefusal(
        await h.buyer.call(`${AU}/doAward`, { id: a.auctionId, supplierId: h.sup1 }),
        200,
        'Give a reason when the award does not go to the lowest bid',
      );
      expect(await itemsOf(a.auctionId)).toEqual([]);
    });
  });
}
