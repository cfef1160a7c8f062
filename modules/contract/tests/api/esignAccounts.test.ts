// E-signature accounts (esignAccountRestful, spec §7): staff keep user and supplier accounts, a supplier only
// its own company's (never another's, whatever the body says); one active account per owner; and the
// built-in provider stamps the signer's account image when it has one, else the drawn seal. The demo accounts
// carry images drawn at seed time (seed/sealImages.ts), so the demo's signed contracts print them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCanvas } from '@napi-rs/canvas';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { expectOk, expectRefusal, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import { upload } from '../../../../tests/support/fileUpload.js';
import { pdfText, savePdfShot } from '../../../../tests/support/pdfText.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { CONTRACT, imageSizes, signedContract, worldOf, type World } from './contractHelpers.js';

const ACCOUNT = 'srmServer/v1/esignAccountRestful';

interface Account {
  accountId: number;
  accountName: string;
  ownerType: string;
  userId: number | null;
  supplierId: number | null;
  status: string;
  signatureImage: string | null;
  versionNum: number;
}

/** A real PNG: a blue signature-like stroke and a name (pdf-lib must be able to embed it). */
function signaturePng(name: string): Buffer {
  const canvas = createCanvas(160, 80);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 160, 80);
  ctx.strokeStyle = '#1f3fbf';
  ctx.lineWidth = 4;
  ctx.beginPath();
  ctx.moveTo(10, 60);
  ctx.bezierCurveTo(40, 0, 70, 80, 150, 20);
  ctx.stroke();
  ctx.fillStyle = '#1f3fbf';
  ctx.font = '16px sans-serif';
  ctx.fillText(name, 20, 75);
  return canvas.toBuffer('image/png');
}

for (const backend of await backends()) {
  describe(`e-signature accounts on ${backend}`, () => {
    let t: TestServer;
    let w: World;

    beforeAll(async () => {
      t = await startTestServer(backend);
      const [buyer, s1, s2] = await Promise.all([signIn(t.url, 'buyer01'), signIn(t.url, 'supplier01'), signIn(t.url, 'supplier02')]);
      w = await worldOf(buyer, s1, s2);
    });
    afterAll(async () => t?.stop());

    const list = async (who: SignedClient) => expectOk(await who.call<Account[]>(`${ACCOUNT}/listByPage`, { params: {}, pageRows: 200 }));
    const imageFile = async (who: SignedClient, name: string) =>
      expectOk(await upload(who, [{ name: `${name}.png`, data: signaturePng(name) }], { functionId: 'esignAccount' }))[0].fileId;
    const pdfOf = async (id: number) => {
      const a = expectOk(await w.buyer.call<{ base64: string }>(`${CONTRACT}/getContractPdf`, { id }, { lang: 'EN' }));
      return new Uint8Array(Buffer.from(a.base64, 'base64'));
    };

    it('a supplier sees and keeps only its own company account; the owner is forced to it', async () => {
      const mine = await list(w.s1);
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((a) => a.ownerType === 'SUPPLIER' && a.supplierId === w.supplier1)).toBe(true);
      const all = await list(w.buyer);
      const other = all.find((a) => a.supplierId === w.supplier2)!;
      expect(other).toBeDefined();
      expect(all.some((a) => a.ownerType === 'USER' && a.userId === w.buyer.session!.userId)).toBe(true);
      // Another supplier's account: not found, not updatable.
      expectRefusal(await w.s1.call(`${ACCOUNT}/findById`, { id: other.accountId }), 200, /./);
      expectRefusal(await w.s1.call(`${ACCOUNT}/saveOrUpdate`, { ...other, accountName: 'taken over' }), 200, /./);
      expect(expectOk(await w.buyer.call<Account>(`${ACCOUNT}/findById`, { id: other.accountId })).accountName).toBe(other.accountName);
      // Its company already has an active account: a second active one is refused (TH), a disabled one is kept,
      // owned by its own supplier whatever the body named.
      const body: Rec = {
        accountName: 'สำรอง',
        ownerType: 'USER',
        userId: w.buyer.session!.userId,
        supplierId: w.supplier2,
        status: 'ACTIVE',
        provider: 'BUILTIN',
      };
      expectRefusal(await w.s1.call(`${ACCOUNT}/saveOrUpdate`, body, { lang: 'TH' }), 200, /มีบัญชีลายเซ็นที่ใช้งานอยู่แล้ว/);
      const spare = expectOk(await w.s1.call<Account>(`${ACCOUNT}/saveOrUpdate`, { ...body, status: 'DISABLED' }));
      expect(spare).toMatchObject({ ownerType: 'SUPPLIER', supplierId: w.supplier1, userId: null, status: 'DISABLED' });
      expect((await list(w.s2)).map((a) => a.accountId)).not.toContain(spare.accountId);
    });

    it('staff name the owner: a user account needs its user (EN), a supplier account its supplier (TH); one active per owner', async () => {
      const base = { accountName: `acc ${Date.now()}`, provider: 'BUILTIN', status: 'ACTIVE' };
      expectRefusal(
        await w.buyer.call(`${ACCOUNT}/saveOrUpdate`, { ...base, ownerType: 'USER' }, { lang: 'EN' }),
        200,
        'Choose the user this signature account belongs to',
      );
      expectRefusal(await w.buyer.call(`${ACCOUNT}/saveOrUpdate`, { ...base, ownerType: 'SUPPLIER' }, { lang: 'TH' }), 200, /โปรดเลือกผู้จัดจำหน่าย/);
      expectRefusal(
        await w.buyer.call(`${ACCOUNT}/saveOrUpdate`, { ...base, ownerType: 'USER', userId: w.buyer.session!.userId }, { lang: 'CN' }),
        200,
        /该归属方已有启用的签章账户/,
      );
    });

    it('demo accounts carry images drawn at seed time; the PDF stamps the signer’s account image, else its supplier’s, else the drawn seal', async () => {
      const seals = (text: string) => text.split('\n').filter((x) => x === 'SIGNED').length;
      // The demo: buyer01's signature and both companies' seals, stored as files of their accounts; approver01's
      // disabled account has none.
      const demo = new Map((await list(w.buyer)).map((a) => [a.accountName, a]));
      for (const name of ['buyer01 签章', '华东精密钢材 公章', 'Siam Electronic company seal']) expect(demo.get(name)?.signatureImage, name).toMatch(/^\d+$/);
      expect(demo.get('approver01 旧签章')?.signatureImage ?? null).toBeNull();
      // A contract signed by buyer01 and supplier01 prints both drawn images (signature 300×110, seal 240×240),
      // so does the demo's own signed contract of supplier02.
      const c = await signedContract(w);
      const both = await pdfOf(c.contractId);
      expect(await imageSizes(both)).toEqual(['240×240', '300×110']);
      const text = (await pdfText(both)).pages.join('\n');
      expect(seals(text)).toBe(0);
      for (const s of ['Signer: buyer01', 'Signer: supplier01', c.documentHash!.slice(0, 32)]) expect(text).toContain(s);
      await savePdfShot(both, `contract-pdf-demo-images-${backend}`);
      const demoSigned = expectOk(
        await w.buyer.call<{ contractId: number; supplierId: number }[]>(`${CONTRACT}/listByPage`, { params: { status: 'SIGNED' }, pageRows: 100 }),
      ).find((x) => x.supplierId === w.supplier2)!;
      expect(await imageSizes(await pdfOf(demoSigned.contractId))).toEqual(['240×240', '300×110']);

      // buyer01 uploads another image to its account: the buyer's side prints that one.
      const own = demo.get('buyer01 签章')!;
      const saved = expectOk(await w.buyer.call<Account>(`${ACCOUNT}/saveOrUpdate`, { ...own, signatureImage: String(await imageFile(w.buyer, 'buyer01')) }));
      expect(saved.signatureImage).toMatch(/^\d+$/);
      expect(await imageSizes(await pdfOf(c.contractId))).toEqual(['160×80', '240×240']);

      // A disabled account is not used: supplier01's company account off → the drawn seal on the supplier's side.
      const company = (await list(w.s1)).find((a) => a.status === 'ACTIVE')!;
      expectOk(await w.s1.call(`${ACCOUNT}/saveOrUpdate`, { ...company, status: 'DISABLED' }));
      const one = await pdfOf(c.contractId);
      expect(await imageSizes(one)).toEqual(['160×80']);
      expect(seals((await pdfText(one)).pages.join('\n'))).toBe(1);
      // And buyer01's too: both sides print the drawn seal.
      const mine = expectOk(await w.buyer.call<Account>(`${ACCOUNT}/findById`, { id: own.accountId }));
      expectOk(await w.buyer.call(`${ACCOUNT}/saveOrUpdate`, { ...mine, status: 'DISABLED' }));
      const none = await pdfOf(c.contractId);
      expect(await imageSizes(none)).toEqual([]);
      expect(seals((await pdfText(none)).pages.join('\n'))).toBe(2);
    });
  });
}
