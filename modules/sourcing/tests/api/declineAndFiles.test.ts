// A supplier's decline carries its reason to the buyer (the inquiry's invited suppliers and the
// comparison), quoting again takes it back; the comparison names each quotation's files only after the
// deadline (sealed before: no name by any path, no bytes), and the buyer downloads them then.
import { describe, expect, it } from 'vitest';
import { backends } from '../../../../tests/support/testServer.js';
import { signedHeaders } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, type Rec } from '../../../../tests/support/apiHelpers.js';
import { PDF, upload } from '../../../../tests/support/fileUpload.js';
import { INQ, QUO, passDeadline, publishedInquiry, quote, type Inquiry, sourcingWorld } from './support.js';

type Supplier = { supplierId: number; quoteStatus: string; declineReason: string | null };
type OfferFile = { fileId: number; fileName: string; fileSize: number };
type Comparison = { suppliers: Supplier[]; lines: { offers: { supplierId: number; attachmentCount: number; attachments: OfferFile[] }[] }[] };

for (const backend of await backends()) {
  describe(`decline reasons and quotation files on ${backend}`, () => {
    const w = sourcingWorld(backend);

    const invited = async (inq: Inquiry) => expectOk(await w.buyer.call<{ suppliers: Supplier[] }>(`${INQ}/findById`, { id: inq.inquiryId })).suppliers;

    /** The buyer's download of a quotation file: the HTTP answer. */
    const download = (inq: Inquiry, fileId: number) => {
      const path = `/api/${INQ}/downloadQuotationFile`;
      const body = JSON.stringify({ id: inq.inquiryId, fileId });
      return fetch(w.t.url + path, {
        method: 'POST',
        headers: { ...signedHeaders(w.buyer.session!, path, body, { lang: 'EN' }), 'content-type': 'application/json' },
        body,
      });
    };

    it('stores the decline reason and shows it to the buyer; quoting again takes it back', async () => {
      const inq = await publishedInquiry(w.buyer, w.f);
      const why = '产能已满，本季度无法供货';
      expect(expectOk(await w.s2.call<Rec>(`${QUO}/doDeclineQuote`, { inquiryId: inq.inquiryId, reason: `  ${why} ` }))).toMatchObject({
        quoteStatus: 'DECLINED',
        declineReason: why,
      });
      // Before the deadline: the invited suppliers show the status and the reason (no price is involved).
      expect((await invited(inq)).find((s) => s.supplierId === w.f.supplier2)).toMatchObject({ quoteStatus: 'DECLINED', declineReason: why });
      // A reason that is not text, or too long, is refused in the caller's language; nothing changes.
      expectRefusal(await w.s2.call(`${QUO}/doDeclineQuote`, { inquiryId: inq.inquiryId, reason: 'x'.repeat(501) }, { lang: 'EN' }), 200, /500/);
      expectRefusal(await w.s2.call(`${QUO}/doDeclineQuote`, { inquiryId: inq.inquiryId, reason: 42 }, { lang: 'TH' }), 200, /เหตุผล/);
      expect((await invited(inq)).find((s) => s.supplierId === w.f.supplier2)?.declineReason).toBe(why);

      // supplier01 declines, then quotes after all: its reason is gone.
      expectOk(await w.s1.call(`${QUO}/doDeclineQuote`, { inquiryId: inq.inquiryId, reason: '价格无法满足' }));
      expectOk(await quote(w.s1, inq, [10, 20]));
      expect((await invited(inq)).find((s) => s.supplierId === w.f.supplier1)).toMatchObject({ quoteStatus: 'QUOTED', declineReason: null });

      await passDeadline(w.t, inq.inquiryId);
      const cmp = expectOk(await w.buyer.call<Comparison>(`${INQ}/sourceSummary`, { id: inq.inquiryId }));
      expect(cmp.suppliers.find((s) => s.supplierId === w.f.supplier2)).toMatchObject({ quoteStatus: 'DECLINED', declineReason: why });
      expect(cmp.suppliers.find((s) => s.supplierId === w.f.supplier1)?.declineReason).toBeNull();
    });

    it('names the quotation files only after the deadline, and serves them to the buyer then', async () => {
      const inq = await publishedInquiry(w.buyer, w.f);
      const [file] = expectOk(await upload(w.s1, [{ name: '报价说明.pdf', data: PDF }]));
      expectOk(await quote(w.s1, inq, [10, 20], { attachmentIds: [file.fileId] }));
      // Sealed: no comparison, and no path gives the file's name or bytes to the buyer.
      const sealed = await w.buyer.call(`${INQ}/sourceSummary`, { id: inq.inquiryId }, { lang: 'EN' });
      expectRefusal(sealed, 200, /sealed/);
      expect(JSON.stringify(sealed)).not.toContain('报价说明');
      expect(JSON.stringify(await w.buyer.call(`${QUO}/listByPage`, { params: { inquiryId: inq.inquiryId } }))).not.toContain(String(file.fileId));
      const early = await download(inq, file.fileId);
      expect(await early.text()).toMatch(/sealed/);
      // The files module's own download stays the uploader's (the buyer holds no grant on quotations).
      expect((await w.buyer.call('fileServer/v2/file/download', { id: file.fileId })).status).toBe('E');

      await passDeadline(w.t, inq.inquiryId);
      const cmp = expectOk(await w.buyer.call<Comparison>(`${INQ}/sourceSummary`, { id: inq.inquiryId }));
      for (const line of cmp.lines) {
        const offer = line.offers.find((o) => o.supplierId === w.f.supplier1)!;
        expect(offer.attachmentCount).toBe(1);
        expect(offer.attachments).toEqual([expect.objectContaining({ fileId: file.fileId, fileName: '报价说明.pdf', fileSize: PDF.length })]);
      }
      const res = await download(inq, file.fileId);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/pdf/);
      expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
      // A file of no opened quotation is refused (another supplier's upload, unbound).
      const [other] = expectOk(await upload(w.s2, [{ name: 'other.pdf', data: PDF }]));
      expect(await (await download(inq, other.fileId)).text()).toMatch(/does not belong/);
      // A supplier may not use the buyer's route.
      const path = `/api/${INQ}/downloadQuotationFile`;
      const body = JSON.stringify({ id: inq.inquiryId, fileId: file.fileId });
      const bySupplier = await fetch(w.t.url + path, {
        method: 'POST',
        headers: { ...signedHeaders(w.s2.session!, path, body, { lang: 'EN' }), 'content-type': 'application/json' },
        body,
      });
      expect(bySupplier.headers.get('content-type')).toMatch(/json/);
      expect(((await bySupplier.json()) as { status: string }).status).toBe('E');
    });
  });
}
