// Contracts' documents: the PDF (valid, its watermark on every page, Chinese, Thai and Vietnamese text read
// back as written through the platform's PDF fonts, the
// stamps of both signatures), a change (version 2, version 1 kept and readable by its supplier), a
// contract from an award (through the sourcing API), and the demo contracts in every state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { expectOk, expectRefusal, signIn } from '../../../../tests/support/apiHelpers.js';
import { CONTRACT, draftContract, imageSizes, signedContract, worldOf, type Contract, type World } from './contractHelpers.js';
import { pdfText, savePdfShot } from '../../../../tests/support/pdfText.js';

const WATERMARK = 'srmServer/v1/srmConWatermarkRestful';

for (const backend of await backends()) {
  describe(`contract documents on ${backend}`, () => {
    let t: TestServer;
    let w: World;

    beforeAll(async () => {
      t = await startTestServer(backend);
      const [buyer, s1, s2] = await Promise.all([signIn(t.url, 'buyer01'), signIn(t.url, 'supplier01'), signIn(t.url, 'supplier02')]);
      w = await worldOf(buyer, s1, s2);
    });
    afterAll(async () => t?.stop());

    const find = async (id: number) => expectOk(await w.buyer.call<Contract>(`${CONTRACT}/findById`, { id }));
    const pdfOf = async (who: World['buyer'], id: number) => {
      const a = expectOk(await who.call<{ base64: string; fileName: string }>(`${CONTRACT}/getContractPdf`, { id }));
      return { ...a, bytes: new Uint8Array(Buffer.from(a.base64, 'base64')) };
    };

    it('the PDF: a valid document with the configured watermark on every page; CN, TH and VN text print as written', async () => {
      const mark = expectOk(
        await w.buyer.call<{ watermarkId: number }>(`${WATERMARK}/saveOrUpdate`, {
          watermarkName: `API mark ${Date.now()}`,
          watermarkText: 'API-WATERMARK-42 机密 ลับ Bảo mật',
          fontSize: 30,
          opacity: 0.3,
          rotation: 30,
          colorHex: '#aa0000',
          repeatFlag: 'Y',
          defaultFlag: 'N',
          enabledFlag: 'Y',
        }),
      );
      const TH = 'เงื่อนไข: ผู้ขายส่งสินค้าตรงเวลา บริษัท ไทยซัพพลาย จำกัด กรุงเทพฯ';
      const VN = 'Điều khoản: Bên bán giao hàng đúng hạn tại đường Nguyễn Huệ, Quận 1';
      const long = [...Array.from({ length: 120 }, (_, i) => `Clause ${i + 1}: 双方同意 the goods are delivered on time.`), TH, VN].join('\n');
      const d = await draftContract(w, [3], 7, { watermarkId: mark.watermarkId, content: long, title: '中文合同 ABC สัญญาซื้อขาย Hợp đồng' });
      const pdf = await pdfOf(w.buyer, d.contractId);
      expect(pdf.fileName).toBe(`${d.contractNumber}-v1.pdf`);
      expect(Buffer.from(pdf.bytes.slice(0, 5)).toString()).toBe('%PDF-');
      const { pages, pageCount } = await pdfText(pdf.bytes);
      expect(pageCount).toBeGreaterThan(1);
      // Each run of one font is a text item of its own: read a page as one string.
      const flat = pages.map((p) => p.replace(/\n/g, ''));
      for (const p of flat) expect(p).toContain('API-WATERMARK-42 机密 ลับ Bảo mật');
      expect(flat[0]).toContain(d.contractNumber);
      expect(flat[0]).toContain('中文合同 ABC สัญญาซื้อขาย Hợp đồng');
      const all = flat.join('');
      for (const s of ['Clause 120: 双方同意 the goods are delivered on time.', TH, VN]) expect(all).toContain(s);
      expect(all).not.toContain('?');
      await savePdfShot(pdf.bytes, `contract-pdf-${backend}`);
      await savePdfShot(pdf.bytes, `contract-pdf-last-${backend}`, pageCount);
      // The supplier prints its own contract; another supplier cannot.
      expectRefusal(await w.s2.call(`${CONTRACT}/getContractPdf`, { id: d.contractId }), 200, /./);
    });

    it('watermarks: a bad colour is refused (EN, TH); one default at most', async () => {
      const base = { watermarkName: `W ${Date.now()}`, watermarkText: 'X', fontSize: 40, opacity: 0.2, rotation: 45, repeatFlag: 'N', enabledFlag: 'Y' };
      expectRefusal(await w.buyer.call(`${WATERMARK}/saveOrUpdate`, { ...base, colorHex: 'red', defaultFlag: 'N' }, { lang: 'EN' }), 200, /#rrggbb/);
      expectRefusal(await w.buyer.call(`${WATERMARK}/saveOrUpdate`, { ...base, colorHex: '#12345', defaultFlag: 'N' }, { lang: 'TH' }), 200, /สีของลายน้ำ/);
      const made = expectOk(await w.buyer.call<{ watermarkId: number }>(`${WATERMARK}/saveOrUpdate`, { ...base, colorHex: '#123456', defaultFlag: 'Y' }));
      const all = expectOk(await w.buyer.call<{ watermarkId: number; defaultFlag: string }[]>(`${WATERMARK}/listByPage`, { params: {}, pageRows: 100 }));
      expect(all.filter((x) => x.defaultFlag === 'Y').map((x) => x.watermarkId)).toEqual([made.watermarkId]);
    });

    it('the signed PDF carries both stamps with signer and SHA-256', async () => {
      const c = await signedContract(w);
      const { bytes } = await pdfOf(w.s1, c.contractId);
      const { pages } = await pdfText(bytes);
      const all = pages.join('\n');
      // buyer01's and supplier01's demo accounts have drawn images (signature 300×110, seal 240×240): both
      // stamps print them instead of the drawn seal.
      expect(await imageSizes(bytes)).toEqual(['240×240', '300×110']);
      expect(all.split('\n').filter((x) => x === 'SIGNED')).toHaveLength(0);
      expect(all).toContain('Signer: supplier01');
      expect(all).toContain('Signer: buyer01');
      expect(all).toContain(c.documentHash!.slice(0, 32));
      expect(all.replace(/\s+/g, '')).toContain('CONFIDENTIAL-SRM');
    });

    it('captions in the language of the user asking: TH and CN (the stamps too), data as written', async () => {
      const c = await signedContract(w);
      const textIn = async (who: World['buyer'], lang: string) => {
        const a = expectOk(await who.call<{ base64: string }>(`${CONTRACT}/getContractPdf`, { id: c.contractId }, { lang }));
        const bytes = new Uint8Array(Buffer.from(a.base64, 'base64'));
        await savePdfShot(bytes, `contract-pdf-${lang}-${backend}`);
        return (await pdfText(bytes)).pages.map((p) => p.replace(/\n/g, '')).join('');
      };
      const th = await textIn(w.s1, 'TH');
      for (const s of [`เลขที่สัญญา ${c.contractNumber}`, 'ข้อความสัญญา', 'ผู้ซื้อ', 'ผู้ขาย', 'ผู้ลงนาม: supplier01', 'ผู้ลงนาม: buyer01', 'ลงนามแล้ว'])
        expect(th).toContain(s);
      expect(th).not.toContain('Contract No.');
      expect(th).not.toContain('Signer:');
      const cn = await textIn(w.buyer, 'CN');
      for (const s of [`合同编号 ${c.contractNumber}`, '合同正文', '采购方', '供应方', '签署人：buyer01', '已签署', '电子签章：内置签章服务'])
        expect(cn).toContain(s);
      expect(cn).not.toContain('Contract No.');
      for (const t of [th, cn]) {
        expect(t).toContain(c.documentHash!.slice(0, 32));
        expect(t).not.toContain('?');
      }
    });

    it('change: a reason is required; version 2 is a draft, version 1 kept (its supplier reads it)', async () => {
      const c = await signedContract(w);
      expectRefusal(await w.buyer.call(`${CONTRACT}/doChange`, { id: c.contractId }, { lang: 'EN' }), 200, 'Please give a reason');
      const d = await draftContract(w, [1]);
      expectRefusal(await w.buyer.call(`${CONTRACT}/doChange`, { id: d.contractId, reason: 'x' }, { lang: 'TH' }), 200, /เปลี่ยนแปลงสัญญาในสถานะปัจจุบัน/);
      expect((await find(c.contractId)).status).toBe('SIGNED');
      const v2 = expectOk(await w.buyer.call<Contract>(`${CONTRACT}/doChange`, { id: c.contractId, reason: 'longer validity' }));
      expect(v2).toMatchObject({
        status: 'DRAFT',
        versionNo: 2,
        changeReason: 'longer validity',
        buyerSignedDate: null,
        supplierSignedDate: null,
        documentHash: null,
      });
      expect(v2.contractNumber).toBe(c.contractNumber);
      const versions = expectOk(await w.s1.call<{ versionNo: number; status: string; snapshot: Contract }[]>(`${CONTRACT}/findVersions`, { id: c.contractId }));
      expect(versions.map((v) => [v.versionNo, v.status])).toEqual([[1, 'SIGNED']]);
      expect(versions[0].snapshot.documentHash).toBe(c.documentHash);
      const edited = expectOk(await w.buyer.call<Contract>(`${CONTRACT}/saveOrUpdate`, { ...v2, endDate: '2028-11-30' }));
      expect(expectOk(await w.buyer.call<Contract>(`${CONTRACT}/doSubmit`, { id: edited.contractId })).status).toBe('APPROVED');
      expectRefusal(await w.s2.call(`${CONTRACT}/findVersions`, { id: c.contractId }), 200, /./);
    });

    it('from an award: the won items and the source, through the sourcing API; no award → refused', async () => {
      type Award = { inquiryId: number; inquiryNumber: string; supplierId: number; lines: { materialId: number; quantity: number; price: number }[] };
      const awards = expectOk(await w.buyer.call<Award[]>(`${CONTRACT}/awardedInquiries`, {}));
      expect(awards.length).toBeGreaterThan(0);
      const a = awards[0];
      const c = expectOk(
        await w.buyer.call<Contract>(`${CONTRACT}/createFromAward`, {
          inquiryId: a.inquiryId,
          supplierId: a.supplierId,
          templateId: w.templates.get('TPL-PURCHASE'),
        }),
      );
      expect(c).toMatchObject({ status: 'DRAFT', supplierId: a.supplierId, sourceNumber: a.inquiryNumber });
      expect(c.lines.map((l) => [l.materialId, l.quantity, l.price])).toEqual(a.lines.map((l) => [l.materialId, l.quantity, l.price]));
      expect(c.totalAmount).toBeCloseTo(
        a.lines.reduce((s, l) => s + l.quantity * l.price, 0),
        2,
      );
      expect(c.content).toContain(`来源：${a.inquiryNumber}`);
      const other = 999_999; // no such winner
      expectRefusal(
        await w.buyer.call(
          `${CONTRACT}/createFromAward`,
          { inquiryId: a.inquiryId, supplierId: other, templateId: w.templates.get('TPL-PURCHASE') },
          { lang: 'EN' },
        ),
        200,
        'That inquiry has no award for that supplier',
      );
    });

    it('demo: supplier01 has contracts in every state, the changed one with 2 versions; supplier02 only its own; approver01 has the large one', async () => {
      const mine = expectOk(await w.s1.call<Contract[]>(`${CONTRACT}/listByPage`, { params: { contractNumber: 'CT-2026-0000' }, pageRows: 100 }));
      const states = new Set(mine.map((c) => c.status));
      for (const s of ['DRAFT', 'APPROVING', 'APPROVED', 'SENT', 'CONFIRMED', 'REFUSED', 'SIGNING', 'SIGNED', 'TERMINATED']) expect(states).toContain(s);
      const changed = mine.find((c) => c.versionNo === 2)!;
      const versions = expectOk(await w.s1.call<{ versionNo: number }[]>(`${CONTRACT}/findVersions`, { id: changed.contractId }));
      expect(versions.map((v) => v.versionNo)).toEqual([1]);
      const theirs = expectOk(await w.s2.call<Contract[]>(`${CONTRACT}/listByPage`, { params: {}, pageRows: 100 }));
      expect(theirs.length).toBeGreaterThanOrEqual(2);
      expect(theirs.every((c) => c.supplierId === w.supplier2)).toBe(true);
      // The half-signed demo contract: the buyer's signature completes it (same document hash).
      const half = mine.find((c) => c.status === 'SIGNING')!;
      expect(expectOk(await w.buyer.call<Contract>(`${CONTRACT}/doSign`, { id: half.contractId })).status).toBe('SIGNED');
      const approver = await signIn(t.url, 'approver01');
      const tasks = expectOk(
        await approver.call<{ entity: string; documentNumber: string }[]>('bpmServer/v1/bpmTaskRestful/findTodoTasks', { params: {}, pageRows: 100 }),
      );
      expect(tasks.some((x) => x.entity === 'srmConContract' && x.documentNumber === 'CT-2026-000002')).toBe(true);
    });
  });
}
