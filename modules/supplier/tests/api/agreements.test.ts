// Supplier agreements on PGlite and PostgreSQL: the demo holds every state; buyer01 drafts an agreement for
// supplier01's company and sends it (variables filled from the supplier); supplier01 signs it in the portal:
// the PDF is stored as a file of the agreement, its SHA-256 is the one recorded, its text names the supplier,
// and the buyer downloads the same bytes. Refusal with a reason; another supplier can neither read nor sign
// it (in the caller's language); signing twice is refused; the daily program expires it after validTo.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { SUPPLIER, expectOk, expectRefusal, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { pdfText } from '../../../../tests/support/pdfText.js';
import { download } from '../../../../tests/support/fileUpload.js';
import { pageImageSizes } from '../../../../tests/support/pdfImages.js';
import { expireAgreements } from '../../server/warnings/agreementExpiry.js';

const AG = 'srmServer/v1/srmPosAgreementRestful';
const dayPlus = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);

for (const backend of await backends()) {
  describe(`supplier agreements on ${backend}`, () => {
    let t: TestServer;
    let buyer: SignedClient;
    let s1: SignedClient;
    let s2: SignedClient;
    let supplier1 = 0;
    let supplier1Name = '';

    beforeAll(async () => {
      t = await startTestServer(backend);
      buyer = await signIn(t.url, 'buyer01');
      s1 = await signIn(t.url, 'supplier01');
      s2 = await signIn(t.url, 'supplier02');
      const s = expectOk(await buyer.call<Rec[]>(`${SUPPLIER}/listByPage`, { params: { supplierNumber: 'S-0001' }, pageRows: 10 })).find(
        (r) => r.supplierNumber === 'S-0001',
      )!;
      supplier1 = Number(s.supplierId);
      supplier1Name = String(s.supplierName);
    });
    afterAll(async () => t?.stop());

    const draft = async (title = uniq('AGR')) =>
      expectOk(
        await buyer.call<Rec>(`${AG}/saveOrUpdate`, {
          supplierId: supplier1,
          agreementType: 'QUALITY',
          title,
          content: '乙方 {{companyName}}（{{creditCode}}）承诺按约定质量标准供货。日期 {{date}}',
          validFrom: dayPlus(0),
          validTo: dayPlus(365),
        }),
      );

    it('the demo holds agreements in every state; a supplier sees only its own, never a draft', async () => {
      const states = expectOk(await buyer.call<Rec[]>(`${AG}/listByPage`, { params: {}, pageRows: 100 })).map((a) => a.status);
      for (const s of ['DRAFT', 'SENT', 'SIGNED', 'REFUSED', 'EXPIRED']) expect(states).toContain(s);
      const mine = expectOk(await s1.call<Rec[]>(`${AG}/listByPage`, { params: {}, pageRows: 100 }));
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((a) => a.supplierId === supplier1 && a.status !== 'DRAFT')).toBe(true);
      expect(mine.map((a) => a.status)).toContain('SENT');
    });

    it('every demo signed agreement has its signed PDF stored, and its hash is that of the stored bytes', async () => {
      const signed = expectOk(await buyer.call<Rec[]>(`${AG}/listByPage`, { params: {}, pageRows: 200 })).filter((a) => a.signedAt && a.signedBy);
      // S-0001 SIGNED and EXPIRED (signed before it lapsed), S-0002 SIGNED: whatever else other tests signed.
      expect(signed.length).toBeGreaterThanOrEqual(3);
      for (const a of signed) {
        const fileId = Number(a.pdfFileId);
        expect(fileId, String(a.agreementNumber)).toBeGreaterThan(0);
        const d = await download(buyer, fileId);
        expect(d.http).toBe(200);
        expect(d.body.subarray(0, 5).toString()).toBe('%PDF-');
        expect(createHash('sha256').update(d.body).digest('hex')).toBe(a.documentSha256);
      }
      // supplier01 downloads its own signed demo agreement's PDF from the portal; the text names the signer.
      const own = expectOk(await s1.call<Rec[]>(`${AG}/listByPage`, { params: { status: 'SIGNED' }, pageRows: 50 })).find((a) => a.signedBy === 'supplier01');
      expect(own).toBeTruthy();
      const mine = await download(s1, Number(own!.pdfFileId));
      expect(createHash('sha256').update(mine.body).digest('hex')).toBe(own!.documentSha256);
      const text = (await pdfText(new Uint8Array(mine.body))).pages.join('\n');
      expect(text).toContain(String(own!.agreementNumber));
      expect(text).toContain('supplier01');
    });

    it('buyer sends, supplier01 signs: PDF stored, hash of its bytes, supplier name in its text; buyer downloads it', async () => {
      const a = await draft();
      expect(a.status).toBe('DRAFT');
      expect(a.agreementNumber).toMatch(/^AG/);
      const id = Number(a.agreementId);
      // A draft is invisible to the supplier.
      expectRefusal(await s1.call(`${AG}/findById`, { id }), 200, /not exist|not found/i);
      const sent = expectOk(await buyer.call<Rec>(`${AG}/doSend`, { id }));
      expect(sent.status).toBe('SENT');
      expect(sent.content).toContain(supplier1Name);
      expect(sent.content).not.toContain('{{');
      // Once sent the buyer cannot change it.
      expectRefusal(await buyer.call(`${AG}/saveOrUpdate`, { ...sent, title: 'changed' }), 200, /.+/);
      // The buyer does not sign for the supplier (no such button on the buyer's menu).
      expectRefusal(await buyer.call(`${AG}/doSign`, { id }), 403, /.+/);
      // Signed in Thai: the captions print in the signer's language, the data as written.
      const signed = expectOk(await s1.call<Rec>(`${AG}/doSign`, { id }, { lang: 'TH' }));
      expect(signed).toMatchObject({ status: 'SIGNED', signedBy: 'supplier01' });
      expect(String(signed.signedAt)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const fileId = Number(signed.pdfFileId);
      expect(fileId).toBeGreaterThan(0);
      const d = await download(buyer, fileId);
      expect(d.http).toBe(200);
      expect(d.body.subarray(0, 5).toString()).toBe('%PDF-');
      expect(createHash('sha256').update(d.body).digest('hex')).toBe(signed.documentSha256);
      const text = (await pdfText(new Uint8Array(d.body))).pages.join('\n');
      expect(text).toContain(supplier1Name);
      expect(text).toContain(String(signed.agreementNumber));
      expect(text).toContain('supplier01');
      // (Thai and Latin runs print in different fonts, so the text comes back in pieces; the type is its Thai name.)
      for (const caption of ['เลขที่ข้อตกลง', 'ประเภท ข้อตกลงด้านคุณภาพ', 'มีผล', 'ผู้ลงนาม']) expect(text).toContain(caption);
      expect(text).not.toContain('Agreement No.');
      // The stamp carries supplier01's company seal (its active e-signature account's image, contract module) on
      // the signature page, instead of the drawn seal and its word.
      expect(await pageImageSizes(new Uint8Array(d.body))).toHaveLength(1);
      expect(text).not.toContain('ลงนามแล้ว');
      // The file is the agreement's: supplier02 cannot fetch it.
      const foreign = await download(s2, fileId);
      expect(foreign.body.subarray(0, 5).toString()).not.toBe('%PDF-');
      expect(JSON.parse(foreign.body.toString('utf8'))).toMatchObject({ status: 'E' });
      // Signing twice is refused, in the caller's language.
      expectRefusal(await s1.call(`${AG}/doSign`, { id }), 200, /Signed/);
      expectRefusal(await s1.call(`${AG}/doSign`, { id }, { lang: 'TH' }), 200, /ลงนามแล้ว/);
      const after = expectOk(await buyer.call<Rec>(`${AG}/findById`, { id }));
      expect(after.pdfFileId).toBe(signed.pdfFileId);
      // The signed PDF is the agreement's record of the signature: its signer (who "uploaded" it) cannot delete it.
      expectRefusal(await s1.call('fileServer/v2/file/delete', { id: fileId }, { lang: 'EN' }), 403, 'You are not permitted to do this');
      expect((await download(buyer, fileId)).http).toBe(200);
    });

    it('supplier refuses with a reason (none refused, in TH); the reason is kept', async () => {
      const a = await draft();
      const id = Number(a.agreementId);
      expectOk(await buyer.call(`${AG}/doSend`, { id }));
      expectRefusal(await s1.call(`${AG}/doRefuse`, { id, reason: ' ' }, { lang: 'TH' }), 200, 'กรุณาระบุเหตุผลที่ปฏิเสธ');
      expectRefusal(await s1.call(`${AG}/doRefuse`, { id }), 200, 'Please give the reason for refusing');
      const r = expectOk(await s1.call<Rec>(`${AG}/doRefuse`, { id, reason: 'Liability must be capped' }));
      expect(r).toMatchObject({ status: 'REFUSED', refuseReason: 'Liability must be capped' });
      expectRefusal(await s1.call(`${AG}/doSign`, { id }), 200, /Refused/);
    });

    it('another supplier cannot read, sign or refuse it (in its language)', async () => {
      const a = await draft();
      const id = Number(a.agreementId);
      expectOk(await buyer.call(`${AG}/doSend`, { id }));
      expectRefusal(await s2.call(`${AG}/findById`, { id }), 200, /not exist|not found/i);
      const th = await s2.call(`${AG}/doSign`, { id }, { lang: 'TH' });
      expect(th.status).toBe('E');
      expect(String(th.msg)).toMatch(/[\u0e00-\u0e7f]/);
      expectRefusal(await s2.call(`${AG}/doRefuse`, { id, reason: 'x' }), 200, /not exist|not found/i);
      expect(expectOk(await buyer.call<Rec>(`${AG}/findById`, { id })).status).toBe('SENT');
    });

    it('refuses a validity that ends before it starts; the daily scan expires agreements past validTo', async () => {
      expectRefusal(
        await buyer.call(
          `${AG}/saveOrUpdate`,
          { supplierId: supplier1, agreementType: 'INTEGRITY', title: uniq('AGR'), content: 'x', validFrom: dayPlus(5), validTo: dayPlus(1) },
          { lang: 'TH' },
        ),
        200,
        'วันสิ้นสุดของข้อตกลงต้องไม่ก่อนวันเริ่มมีผล',
      );
      const a = await draft();
      const id = Number(a.agreementId);
      expectOk(await buyer.call(`${AG}/doSend`, { id }));
      // The scan as of a day after validTo (the program runs it with today's date).
      expect(await expireAgreements(t.app.ctx.db, dayPlus(400), `${dayPlus(400)} 00:00:00`)).toBeGreaterThan(0);
      expect(expectOk(await buyer.call<Rec>(`${AG}/findById`, { id })).status).toBe('EXPIRED');
    });
  });
}
