// Sealed quotes (CONTRACT.md "Sourcing"): before the deadline the buyer sees who quoted but no price by
// any path (findById and listByPage of both families, the export, the comparison, aggregates); suppliers
// see only their own quotation and only inquiries they are invited to; quoting is refused after the
// deadline, when not invited, or when not published — in EN and TH.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import { INQ, QUO, draftInquiry, fixture, passDeadline, publishedInquiry, quote, type Fixture, type Inquiry } from './support.js';

for (const backend of await backends()) {
  describe(`sealed quotes on ${backend}`, () => {
    let t: TestServer;
    let buyer: SignedClient;
    let s1: SignedClient;
    let s2: SignedClient;
    let admin: SignedClient;
    let f: Fixture;

    beforeAll(async () => {
      t = await startTestServer(backend);
      [buyer, s1, s2, admin] = await Promise.all([
        signIn(t.url, 'buyer01'),
        signIn(t.url, 'supplier01'),
        signIn(t.url, 'supplier02', 'TH'),
        signIn(t.url, 'admin'),
      ]);
      f = await fixture(buyer, s1, s2);
    });
    afterAll(async () => t?.stop());

    it('before the deadline the buyer sees who quoted, and no price by any path', async () => {
      const inq = await publishedInquiry(buyer, f);
      expectOk(await quote(s1, inq, [12.5, 30]));
      const seen = expectOk(await buyer.call<Inquiry>(`${INQ}/findById`, { id: inq.inquiryId }));
      expect(seen.suppliers.find((s) => s.supplierId === f.supplier1)?.quoteStatus).toBe('QUOTED');
      expect(seen.suppliers.find((s) => s.supplierId === f.supplier2)?.quoteStatus).toBe('NOT_QUOTED');
      expect(JSON.stringify(seen)).not.toMatch(/12\.5/);
      // The quotation family: nothing for any internal user, the administrator included.
      for (const c of [buyer, admin]) {
        const list = await c.call<Rec[]>(`${QUO}/listByPage`, { params: { inquiryId: inq.inquiryId } });
        // Either no grant to the family at all (403), or the row rule hides the sealed row.
        if (list.status === 'S') expect(list.data).toEqual([]);
        else expect(list.http).toBe(403);
        expect(JSON.stringify(list)).not.toMatch(/12\.5/);
      }
      const own = expectOk(await s1.call<Rec[]>(`${QUO}/listByPage`, { params: { inquiryId: inq.inquiryId } }));
      expect(own).toHaveLength(1);
      const quotationId = own[0].quotationId as number;
      const byId = await buyer.call(`${QUO}/findById`, { id: quotationId });
      expect(byId.status).toBe('E');
      expect(JSON.stringify(byId)).not.toMatch(/12\.5/);
      // The comparison is refused while sealed, with the deadline in the message.
      expectRefusal(await buyer.call(`${INQ}/sourceSummary`, { id: inq.inquiryId }), 200, /sealed/);
      // The Excel export runs the list with the caller's rules: no row.
      const exported = await buyer.call(`exportServer/v1/exportExcelRestful/exportExcel`, {
        requestUrl: `/api/${QUO}/listByPage`,
        requestParams: { params: { inquiryId: inq.inquiryId } },
        columns: [{ key: 'quotationId', title: 'id' }],
        fileName: 'q',
      });
      expect(JSON.stringify(exported)).not.toMatch(/12\.5/);
      // After the deadline the same calls show the prices.
      await passDeadline(t, inq.inquiryId);
      const cmp = expectOk(
        await buyer.call<{ lines: { offers: { supplierId: number; price: number; rank: number }[] }[] }>(`${INQ}/sourceSummary`, { id: inq.inquiryId }),
      );
      expect(cmp.lines[0].offers).toEqual([expect.objectContaining({ supplierId: f.supplier1, price: 12.5, rank: 1 })]);
    });

    it('a supplier sees only its own quotation and only inquiries it is invited to', async () => {
      const inq = await publishedInquiry(buyer, f);
      const onlyOne = await draftInquiry(buyer, f, { suppliers: [{ supplierId: f.supplier1 }] });
      const published = expectOk(await buyer.call<Inquiry>(`${INQ}/doPublish`, { id: onlyOne.inquiryId, versionNum: onlyOne.versionNum }));
      expectOk(await quote(s1, inq, [10, 20]));
      expectOk(await quote(s2, inq, [11, 19]));
      const mine = expectOk(await s2.call<Rec[]>(`${QUO}/listByPage`, { params: {} }));
      expect(mine.every((q) => q.supplierId === f.supplier2)).toBe(true);
      const s1Quote = expectOk(await s1.call<Rec[]>(`${QUO}/listByPage`, { params: { inquiryId: inq.inquiryId } }))[0];
      expect((await s2.call(`${QUO}/findById`, { id: s1Quote.quotationId })).status).toBe('E');
      const bids = expectOk(await s2.call<{ inquiryId: number }[]>(`${QUO}/listByPageForBid`, { params: {}, pageRows: 200 }));
      expect(bids.map((b) => b.inquiryId)).toContain(inq.inquiryId);
      expect(bids.map((b) => b.inquiryId)).not.toContain(published.inquiryId);
      // The inquiry's other invitees and the draft are out of reach of the supplier.
      const detail = expectOk(await s2.call<Rec>(`${QUO}/findInquiryForBid`, { id: inq.inquiryId }));
      expect(JSON.stringify(detail)).not.toMatch(new RegExp(`"supplierId":${f.supplier1}\\b`));
      expect(JSON.stringify(detail)).not.toMatch(/"price":10\b/);
      expect((await s2.call(`${QUO}/findInquiryForBid`, { id: published.inquiryId })).status).toBe('E');
      expect((await s2.call(`${INQ}/findById`, { id: inq.inquiryId })).status).toBe('E');
    });

    it('refuses quotes after the deadline, when not invited, or not published (EN and TH)', async () => {
      const inq = await publishedInquiry(buyer, f);
      const onlyOne = await draftInquiry(buyer, f, { suppliers: [{ supplierId: f.supplier1 }] });
      const pub = expectOk(await buyer.call<Inquiry>(`${INQ}/doPublish`, { id: onlyOne.inquiryId, versionNum: onlyOne.versionNum }));
      expectRefusal(await quote(s2, pub, [5, 5]), 200, /ไม่ได้รับเชิญ/);
      expectRefusal(await quote(s2, pub, [5, 5], {}, 'EN'), 200, /not invited/);
      const draft = await draftInquiry(buyer, f);
      expectRefusal(await quote(s1, draft, [5, 5]), 200, /not invited/);
      // Draft, submit and revise before the deadline.
      expectOk(await quote(s1, inq, [9, 9], { submit: false }));
      let row = expectOk(await buyer.call<Inquiry>(`${INQ}/findById`, { id: inq.inquiryId })).suppliers.find((s) => s.supplierId === f.supplier1)!;
      expect(row.quoteStatus).toBe('DRAFT');
      expectOk(await quote(s1, inq, [9, 9]));
      expectOk(await quote(s1, inq, [8, 9]));
      row = expectOk(await buyer.call<Inquiry>(`${INQ}/findById`, { id: inq.inquiryId })).suppliers.find((s) => s.supplierId === f.supplier1)!;
      expect(row.quoteStatus).toBe('QUOTED');
      expectRefusal(await quote(s1, inq, [0, 9]), 200, /greater than 0/);
      expectRefusal(await quote(s2, inq, [-1, 9]), 200, /มากกว่า 0/);
      await passDeadline(t, inq.inquiryId);
      expectRefusal(await quote(s1, inq, [7, 7]), 200, /deadline .* has passed/);
      expectRefusal(await quote(s2, inq, [7, 7]), 200, /เลยกำหนด/);
      const cmp = expectOk(await buyer.call<{ lines: { offers: { price: number }[] }[] }>(`${INQ}/sourceSummary`, { id: inq.inquiryId }));
      expect(cmp.lines[0].offers.map((o) => o.price)).toEqual([8]);
      // A buyer is not a supplier.
      expect((await buyer.call(`${QUO}/doSupplierOfferPrice`, { inquiryId: inq.inquiryId, lines: [] })).status).toBe('E');
    });

    it('publishing needs eligible suppliers and a deadline ahead', async () => {
      const past = await draftInquiry(buyer, f, { deadline: '2020-01-01 10:00:00' });
      expectRefusal(await buyer.call(`${INQ}/doPublish`, { id: past.inquiryId, versionNum: past.versionNum }), 200, /deadline has passed/);
      expectRefusal(await buyer.call(`${INQ}/doPublish`, { id: past.inquiryId, versionNum: past.versionNum }, { lang: 'TH' }), 200, /เลยกำหนด/);
      expect(expectOk(await buyer.call<Inquiry>(`${INQ}/findById`, { id: past.inquiryId })).status).toBe('DRAFT');
      expectRefusal(
        await buyer.call(`${INQ}/saveOrUpdate`, { ...past, suppliers: [{ supplierId: f.supplier1 }, { supplierId: f.supplier1 }] }),
        200,
        /invited twice/,
      );
    });
  });
}
