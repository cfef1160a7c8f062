// doBidOpening {id} (issue 16, spec §4/§7): refused before the deadline (server clock) with the reason,
// allowed once after it; the opening record (who, when, per invited supplier quoted / declined / no answer,
// lines quoted, total); OPENED state, from which the award still works; the operation log; the invited
// suppliers' notice. Prices never depend on the opening: the comparison opens at the deadline.
import { describe, expect, it } from 'vitest';
import { backends } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import { INQ, QUO, passDeadline, publishedInquiry, quote, type Inquiry, sourcingWorld } from './support.js';

type Opening = {
  roundNumber: number;
  openedAt: string;
  openedByName: string;
  suppliers: { supplierId: number; result: string; linesQuoted: number; lineCount: number; total: number | null; currencyCode: string | null }[];
};
type Opened = Inquiry & { bidOpening: Opening; bidOpeningRecord: string; bidOpenedDate: string };

for (const backend of await backends()) {
  describe(`bid opening on ${backend}`, () => {
    const w = sourcingWorld(backend, { directAward: true });

    it('is refused before the deadline, opens once after it with the record, tells the suppliers, and the award follows', async () => {
      const inq = await publishedInquiry(w.buyer, w.f);
      // supplier01 quotes both lines (line 1 with a ladder from 100 at 8); supplier02 only saves a draft.
      expectOk(
        await w.s1.call(`${QUO}/doSupplierOfferPrice`, {
          inquiryId: inq.inquiryId,
          lines: [
            { lineId: inq.lines[0].inquiryLineId, price: 10, deliveryDays: 5, ladders: [{ fromQuantity: 100, price: 8 }] },
            { lineId: inq.lines[1].inquiryLineId, price: 30, deliveryDays: 5 },
          ],
        }),
      );
      expectOk(await quote(w.s2, inq, [9, 29], { submit: false }));
      for (const [lang, text] of [
        ['CN', /截止时间 .* 之前不能开标/],
        ['TH', /ไม่สามารถเปิดซองก่อนกำหนด/],
      ] as const)
        expectRefusal(await w.buyer.call(`${INQ}/doBidOpening`, { id: inq.inquiryId }, { lang }), 200, text);
      expect(expectOk(await w.buyer.call<Inquiry>(`${INQ}/findById`, { id: inq.inquiryId })).status).toBe('PUBLISHED');
      // A supplier may not open.
      expect((await w.s1.call(`${INQ}/doBidOpening`, { id: inq.inquiryId })).status).toBe('E');

      await passDeadline(w.t, inq.inquiryId);
      // The comparison is readable at the deadline, before any opening (prices do not wait for it).
      expectOk(await w.buyer.call(`${INQ}/sourceSummary`, { id: inq.inquiryId }));
      const opened = expectOk(await w.buyer.call<Opened>(`${INQ}/doBidOpening`, { id: inq.inquiryId }));
      expect(opened.status).toBe('OPENED');
      expect(opened.bidOpenedDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const rec = opened.bidOpening;
      expect(rec).toMatchObject({ roundNumber: 1, openedByName: w.buyer.session!.userName });
      const bySupplier = new Map(rec.suppliers.map((s) => [s.supplierId, s]));
      // 100 × 8 (the ladder at the quantity asked) + 40 × 30
      expect(bySupplier.get(w.f.supplier1)).toMatchObject({ result: 'QUOTED', linesQuoted: 2, lineCount: 2, total: 2000, currencyCode: 'CNY' });
      expect(bySupplier.get(w.f.supplier2)).toMatchObject({ result: 'NO_ANSWER', linesQuoted: 0, total: null });
      expect(JSON.parse(opened.bidOpeningRecord)).toEqual([rec]);

      // Once: a second opening is refused with when and by whom (EN, TH).
      expectRefusal(await w.buyer.call(`${INQ}/doBidOpening`, { id: inq.inquiryId }, { lang: 'EN' }), 200, /already opened at .* by/);
      expectRefusal(await w.buyer.call(`${INQ}/doBidOpening`, { id: inq.inquiryId }, { lang: 'TH' }), 200, /ถูกเปิดซองแล้ว/);

      // Both invited suppliers are told.
      const inbox = async (c: SignedClient) =>
        expectOk(await c.call<{ title: string }[]>('messageServer/v1/msgReceiveRestful/listByPage', { params: {}, pageRows: 50 })).map((m) => m.title);
      for (const c of [w.s1, w.s2])
        await expect.poll(async () => (await inbox(c)).some((x) => x.includes(inq.inquiryNumber) && /Bids opened|开标/.test(x))).toBe(true);

      // The operation log holds the opening as a step of the document.
      const admin = await signIn(w.t.url, 'admin');
      await expect
        .poll(async () => {
          const rows = await admin.call<Rec[]>('baseServer/v1/baseUserOperateLogRestful/listByPage', { params: { actionName: 'doBidOpening' }, pageRows: 50 });
          return (rows.data ?? []).some((r) => String(r.recordId) === String(inq.inquiryId) && r.resultStatus === 'S');
        })
        .toBe(true);

      // From OPENED the award works as from PUBLISHED.
      const awarded = expectOk(await w.buyer.call<Inquiry>(`${INQ}/autoAwardByMinPrice`, { id: inq.inquiryId }));
      expect(awarded.status).toBe('AWARDED');
    });

    it('a declined supplier shows as declined; a bargaining round is sealed again and opened on its own', async () => {
      const inq = await publishedInquiry(w.buyer, w.f);
      expectOk(await quote(w.s1, inq, [10, 30]));
      expectOk(await quote(w.s2, inq, [11, 29]));
      await passDeadline(w.t, inq.inquiryId);
      expectOk(await w.buyer.call(`${INQ}/doBidOpening`, { id: inq.inquiryId }));
      const deadline = new Date(Date.now() + 86_400_000).toISOString().slice(0, 19);
      const round2 = expectOk(
        await w.buyer.call<Inquiry>(`${INQ}/doInitiateBargaining`, { id: inq.inquiryId, supplierIds: [w.f.supplier1, w.f.supplier2], deadline }),
      );
      expect(round2.status).toBe('PUBLISHED');
      expectOk(await quote(w.s1, inq, [9.5, 28]));
      expectOk(await w.s2.call(`${QUO}/doDeclineQuote`, { inquiryId: inq.inquiryId }));
      expectRefusal(await w.buyer.call(`${INQ}/doBidOpening`, { id: inq.inquiryId }, { lang: 'EN' }), 200, /before the deadline/);
      await passDeadline(w.t, inq.inquiryId);
      const opened = expectOk(await w.buyer.call<Opened>(`${INQ}/doBidOpening`, { id: inq.inquiryId }));
      expect(opened.bidOpening.roundNumber).toBe(2);
      expect(opened.bidOpening.suppliers.map((s) => [s.supplierId, s.result])).toEqual([
        [w.f.supplier1, 'QUOTED'],
        [w.f.supplier2, 'DECLINED'],
      ]);
      expect((JSON.parse(opened.bidOpeningRecord) as Opening[]).map((o) => o.roundNumber)).toEqual([1, 2]);
    });
  });
}
