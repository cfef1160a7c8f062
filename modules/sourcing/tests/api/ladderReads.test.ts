// listByPageWithLadder (quotations with their lines and ladder prices, under the quotation family's row
// rules) and getMaterialItemUnit (the unit an inquiry line takes from its material, named in the
// caller's language).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { MATERIAL, expectOk, expectRefusal, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import { INQ, QUO, fixture, passDeadline, publishedInquiry, quote, type Fixture } from './support.js';

const LOOKUP_VALUES = 'baseServer/v1/baseLookupValuesRestful';

interface LadderLine {
  inquiryLineId: number;
  lineNumber: number;
  materialId: number;
  materialIdDisplay: string | null;
  quantity: number;
  price: number;
  ladders: { fromQuantity: number; price: number }[];
  unitPrice: number;
  deliveryDays: number | null;
}
interface WithLadder {
  quotationId: number;
  inquiryId: number;
  supplierId: number;
  status: string;
  lines: LadderLine[];
}

for (const backend of await backends()) {
  describe(`listByPageWithLadder and getMaterialItemUnit on ${backend}`, () => {
    let t: TestServer;
    let buyer: SignedClient;
    let admin: SignedClient;
    let s1: SignedClient;
    let s2: SignedClient;
    let f: Fixture;

    beforeAll(async () => {
      t = await startTestServer(backend);
      [buyer, s1, s2, admin] = await Promise.all([signIn(t.url, 'buyer01'), signIn(t.url, 'supplier01'), signIn(t.url, 'supplier02'), signIn(t.url, 'admin')]);
      f = await fixture(buyer, s1, s2);
    });
    afterAll(async () => t?.stop());

    it('gives a supplier its own quotations with lines, ladders and the price at the quantity asked', async () => {
      const inq = await publishedInquiry(buyer, f);
      expectOk(
        await s1.call(`${QUO}/doSupplierOfferPrice`, {
          inquiryId: inq.inquiryId,
          lines: [
            {
              lineId: inq.lines[0].inquiryLineId,
              price: 10,
              deliveryDays: 7,
              ladders: [
                { fromQuantity: 50, price: 9 },
                { fromQuantity: 100, price: 8 },
                { fromQuantity: 500, price: 7 },
              ],
            },
            { lineId: inq.lines[1].inquiryLineId, price: 30, deliveryDays: 5 },
          ],
        }),
      );
      expectOk(await quote(s2, inq, [11, 31]));

      const page = await s1.call<WithLadder[]>(`${QUO}/listByPageWithLadder`, { params: { inquiryId: inq.inquiryId }, pageIndex: 1, pageRows: 10 });
      const mine = expectOk(page);
      expect(page.page?.count).toBe(1);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ inquiryId: inq.inquiryId, supplierId: f.supplier1, status: 'SUBMITTED' });
      expect(mine[0].lines.map((l) => [l.inquiryLineId, l.lineNumber, Number(l.quantity), l.price, l.unitPrice, l.deliveryDays])).toEqual([
        [inq.lines[0].inquiryLineId, 10, 100, 10, 8, 7],
        [inq.lines[1].inquiryLineId, 20, 40, 30, 30, 5],
      ]);
      expect(mine[0].lines[0].ladders).toEqual([
        { fromQuantity: 50, price: 9 },
        { fromQuantity: 100, price: 8 },
        { fromQuantity: 500, price: 7 },
      ]);
      expect(mine[0].lines[0].materialId).toBe(f.materialIds[0]);
      expect(mine[0].lines[0].materialIdDisplay).toBeTruthy();
      // supplier02 sees only its own; nothing of supplier01's ladder.
      const theirs = expectOk(await s2.call<WithLadder[]>(`${QUO}/listByPageWithLadder`, { params: { inquiryId: inq.inquiryId } }));
      expect(theirs.map((q) => q.supplierId)).toEqual([f.supplier2]);
      expect(JSON.stringify(theirs)).not.toMatch(/"price":8\b/);

      // Sealed before the deadline for internal callers (no grant, or no rows); after it, opened rows only.
      const sealedFor = async (c: SignedClient) => {
        const a = await c.call<WithLadder[]>(`${QUO}/listByPageWithLadder`, { params: { inquiryId: inq.inquiryId } });
        if (a.status === 'S') expect(a.data).toEqual([]);
        else expect(a.http).toBe(403);
        expect(JSON.stringify(a)).not.toMatch(/"price":8\b/);
        return a.status;
      };
      // The administrator holds every menu: granted, but the sealed rows are hidden until the deadline.
      expect(await sealedFor(admin)).toBe('S');
      await sealedFor(buyer);
      await passDeadline(t, inq.inquiryId);
      const opened = expectOk(await admin.call<WithLadder[]>(`${QUO}/listByPageWithLadder`, { params: { inquiryId: inq.inquiryId } }));
      expect(opened.map((q) => q.supplierId).sort()).toEqual([f.supplier1, f.supplier2].sort());
      expect(opened.find((q) => q.supplierId === f.supplier1)?.lines[0].unitPrice).toBe(8);
    });

    it('getMaterialItemUnit names each material unit in the caller language', async () => {
      const mats = expectOk(
        await buyer.call<{ materialId: number; materialCode: string; uomCode: string }[]>(`${MATERIAL}/listByPage`, { params: {}, pageRows: 2 }),
      );
      const one = expectOk(await buyer.call<Rec[]>(`${INQ}/getMaterialItemUnit`, { materialId: mats[0].materialId }));
      expect(one).toEqual([
        expect.objectContaining({ materialId: mats[0].materialId, materialCode: mats[0].materialCode, uomCode: mats[0].uomCode, uomName: expect.any(String) }),
      ]);
      const uom = expectOk(await buyer.call<{ lookupCode: string; meaning: string }[]>(`${LOOKUP_VALUES}/findDic`, { lookupType: 'UOM' }, { lang: 'CN' }));
      const meaning = uom.find((v) => v.lookupCode === mats[0].uomCode)?.meaning;
      expect(meaning).toBeTruthy();
      const cn = expectOk(
        await buyer.call<Rec[]>(`${INQ}/getMaterialItemUnit`, { materialIds: [mats[1].materialId, mats[0].materialId, 999_999_999] }, { lang: 'CN' }),
      );
      expect(cn.map((u) => u.materialId)).toEqual([mats[0].materialId, mats[1].materialId].sort((a, b) => a - b));
      expect(cn.find((u) => u.materialId === mats[0].materialId)?.uomName).toBe(meaning);
      expectRefusal(await buyer.call(`${INQ}/getMaterialItemUnit`, {}), 200, 'Please name the material');
      expectRefusal(await buyer.call(`${INQ}/getMaterialItemUnit`, { materialIds: ['x'] }, { lang: 'TH' }), 200, 'กรุณาระบุวัสดุ');
    });
  });
}
