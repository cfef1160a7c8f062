// After the deadline: comparison (ladder price at the line's quantity, rank), bargaining rounds, awards
// split by quantity (the sum may not exceed the line), auto-award by minimum price, price items with
// validity, results to winners and losers, and every refusal changing nothing. The award's own rules:
// this server has no process bound to inquiries, so an award takes effect at once (awardApproval.test.ts:
// the same award through SRC_AWARD).
import { describe, expect, it } from 'vitest';
import { backends } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import ExcelJS from 'exceljs';
import { expectOk, expectRefusal, type Rec } from '../../../../tests/support/apiHelpers.js';
import { signedHeaders } from '../../../../tests/support/signedClient.js';
import { INQ, PRICE, passDeadline, publishedInquiry, quote, tomorrow, type Inquiry, sourcingWorld } from './support.js';

interface Offer {
  supplierId: number;
  price: number;
  unitPrice: number;
  convertedPrice: number;
  rank: number;
}
interface Comparison {
  lines: { inquiryLineId: number; quantity: number; offers: Offer[]; lowestSupplierId: number | null }[];
}
interface PriceItem {
  supplierId: number;
  materialId: number;
  price: number;
  quantity: number;
  validFrom: string;
  validTo: string;
  sourceInquiryId: number;
  sourceType: string;
  sourceId: number;
  sourceNumber: string;
}

for (const backend of await backends()) {
  describe(`inquiry award on ${backend}`, () => {
    const w = sourcingWorld(backend, { directAward: true });

    const opened = async () => {
      const inq = await publishedInquiry(w.buyer, w.f);
      // supplier01: 10 on line 1, but 8 from 100 pieces (the line asks 100); supplier02: 9 flat.
      expectOk(await quote(w.s1, inq, [10, 30], {}));
      expectOk(
        await w.s1.call(`srmServer/v1/srmSrcQuotationRestful/doSupplierOfferPrice`, {
          inquiryId: inq.inquiryId,
          validTo: '2027-06-30',
          lines: [
            {
              lineId: inq.lines[0].inquiryLineId,
              price: 10,
              deliveryDays: 7,
              ladders: [
                { fromQuantity: 100, price: 8 },
                { fromQuantity: 500, price: 7 },
              ],
            },
            { lineId: inq.lines[1].inquiryLineId, price: 30, deliveryDays: 7 },
          ],
        }),
      );
      expectOk(await quote(w.s2, inq, [9, 25]));
      await passDeadline(w.t, inq.inquiryId);
      return inq;
    };
    const reread = async (id: number) => expectOk(await w.buyer.call<Inquiry>(`${INQ}/findById`, { id }));
    const items = async (id: number) =>
      expectOk(await w.buyer.call<PriceItem[]>(`${PRICE}/listByPage`, { params: { sourceInquiryId: id }, pageRows: 50 })).filter(
        (p) => p.sourceInquiryId === id,
      );

    it('compares with the ladder price at the line quantity and ranks the offers', async () => {
      const inq = await opened();
      const cmp = expectOk(await w.buyer.call<Comparison>(`${INQ}/sourceSummary`, { id: inq.inquiryId }));
      const l1 = cmp.lines[0];
      expect(l1.offers.find((o) => o.supplierId === w.f.supplier1)).toMatchObject({ price: 10, unitPrice: 8, convertedPrice: 8, rank: 1 });
      expect(l1.offers.find((o) => o.supplierId === w.f.supplier2)).toMatchObject({ price: 9, unitPrice: 9, rank: 2 });
      expect(l1.lowestSupplierId).toBe(w.f.supplier1);
      expect(cmp.lines[1].lowestSupplierId).toBe(w.f.supplier2);
    });

    it('exports the comparison to Excel only once the quotes are open', async () => {
      const exportOf = async (id: number, lang = 'EN') => {
        const path = `/api/${INQ}/exportDataForPricingSummary`;
        const body = JSON.stringify({ id });
        return fetch(w.t.url + path, {
          method: 'POST',
          headers: { ...signedHeaders(w.buyer.session!, path, body, { lang }), 'content-type': 'application/json' },
          body,
        });
      };
      const sealed = await publishedInquiry(w.buyer, w.f);
      expectOk(await quote(w.s1, sealed, [4.25, 4]));
      const refused = await exportOf(sealed.inquiryId);
      const text = await refused.text();
      expect(text).toMatch(/sealed/);
      expect(text).not.toMatch(/4\.25/);
      const inq = await opened();
      const res = await exportOf(inq.inquiryId, 'TH');
      expect(res.headers.get('content-type')).toMatch(/spreadsheetml/);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
      const rows = wb.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
      expect(rows[1]).toContain('ผู้ขาย');
      // Two lines × two suppliers, supplier01's line-1 ladder price 8 at 100 pieces.
      expect(rows.slice(2)).toHaveLength(4);
      expect(rows.slice(2).some((r) => r.includes(10) && r.includes(8))).toBe(true);
    });

    it('splits a line by quantity, refuses more than the line, writes price items and results', async () => {
      const inq = await opened();
      const [l1, l2] = inq.lines;
      const over = [
        { lineId: l1.inquiryLineId, supplierId: w.f.supplier1, quantity: 70 },
        { lineId: l1.inquiryLineId, supplierId: w.f.supplier2, quantity: 31 },
      ];
      expectRefusal(await w.buyer.call(`${INQ}/doAward`, { id: inq.inquiryId, awards: over }), 200, /add up to 101, more than the 100/);
      expectRefusal(await w.buyer.call(`${INQ}/doAward`, { id: inq.inquiryId, awards: over }, { lang: 'TH' }), 200, /เกินจำนวนที่ต้องการ 100/);
      expect((await reread(inq.inquiryId)).status).toBe('PUBLISHED');
      expect(await items(inq.inquiryId)).toEqual([]);
      const awarded = expectOk(
        await w.buyer.call<Inquiry>(`${INQ}/doAward`, {
          id: inq.inquiryId,
          awards: [
            { lineId: l1.inquiryLineId, supplierId: w.f.supplier1, quantity: 70 },
            { lineId: l1.inquiryLineId, supplierId: w.f.supplier2, quantity: 30 },
            { lineId: l2.inquiryLineId, supplierId: w.f.supplier2, quantity: 40 },
          ],
        }),
      );
      expect(awarded.status).toBe('AWARDED');
      expect(awarded.lines.map((l) => l.awardedQuantity)).toEqual([100, 40]);
      expect(awarded.suppliers.every((s) => s.awardResult === 'WON')).toBe(true);
      const written = await items(inq.inquiryId);
      expect(written).toHaveLength(3);
      // supplier01's 70 pieces fall below its ladder step of 100: its base price 10 applies.
      expect(written.find((p) => p.supplierId === w.f.supplier1)).toMatchObject({ materialId: l1.materialId, price: 10, quantity: 70, validTo: '2027-06-30' });
      expect(written.find((p) => p.supplierId === w.f.supplier2 && p.materialId === l1.materialId)).toMatchObject({ price: 9, quantity: 30 });
      // Written through the shared writer (SourcingApi.recordPriceItems): the inquiry is the source.
      for (const p of written) expect(p).toMatchObject({ sourceType: 'INQUIRY', sourceId: inq.inquiryId, sourceNumber: awarded.inquiryNumber });
      // Awarded once only.
      expectRefusal(await w.buyer.call(`${INQ}/autoAwardByMinPrice`, { id: inq.inquiryId }), 200, /not open/);
      // The history lowest price of the material now includes it.
      const history = expectOk(await w.buyer.call<Rec[]>(`${INQ}/getHistoryLowerPrice`, { materialId: l1.materialId }));
      expect(history.find((h) => h.currencyCode === 'CNY')?.lowestPrice).toBeLessThanOrEqual(9);
      // Result messages reached both suppliers' contacts.
      const inbox = async (c: SignedClient) =>
        expectOk(await c.call<{ title: string }[]>('messageServer/v1/msgReceiveRestful/listByPage', { params: {}, pageRows: 50 })).map((m) => m.title);
      await expect.poll(async () => (await inbox(w.s2)).some((x) => x.includes(inq.inquiryNumber) && /Awarded|中标/.test(x))).toBe(true);
    });

    it('auto-awards each line in full to the lowest converted price; losers are told', async () => {
      const inq = await opened();
      const done = expectOk(await w.buyer.call<Inquiry>(`${INQ}/autoAwardByMinPrice`, { id: inq.inquiryId }));
      expect(done.status).toBe('AWARDED');
      const written = await items(inq.inquiryId);
      expect(written.map((p) => [p.supplierId, p.price, p.quantity]).sort()).toEqual(
        [
          [w.f.supplier1, 8, 100],
          [w.f.supplier2, 25, 40],
        ].sort(),
      );
    });

    it('a bargaining round lets the chosen supplier quote again, sealed until its new deadline', async () => {
      const inq = await opened();
      expectRefusal(
        await w.buyer.call(`${INQ}/doInitiateBargaining`, { id: inq.inquiryId, supplierIds: [w.f.supplier2], deadline: '2020-01-01T00:00:00Z' }),
        200,
        /future/,
      );
      const round2 = expectOk(
        await w.buyer.call<Inquiry>(`${INQ}/doInitiateBargaining`, { id: inq.inquiryId, supplierIds: [w.f.supplier2], deadline: tomorrow() }),
      );
      expect(round2.roundNumber).toBe(2);
      expectRefusal(await quote(w.s1, inq, [1, 1]), 200, /not invited to this bargaining round/);
      expectOk(await quote(w.s2, inq, [7.5, 24]));
      // While the new round runs, comparison and award are sealed again.
      expectRefusal(await w.buyer.call(`${INQ}/sourceSummary`, { id: inq.inquiryId }), 200, /sealed/);
      expectRefusal(await w.buyer.call(`${INQ}/autoAwardByMinPrice`, { id: inq.inquiryId }), 200, /sealed/);
      await passDeadline(w.t, inq.inquiryId);
      const cmp = expectOk(await w.buyer.call<Comparison>(`${INQ}/sourceSummary`, { id: inq.inquiryId }));
      expect(cmp.lines[0].offers.find((o) => o.supplierId === w.f.supplier2)?.price).toBe(7.5);
      expect(cmp.lines[0].lowestSupplierId).toBe(w.f.supplier2);
    });
  });
}
