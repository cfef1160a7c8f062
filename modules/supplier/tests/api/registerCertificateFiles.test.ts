// Certificate files at registration (issue 15 "certificates (attachments with expiry dates)"), over real
// HTTP on PGlite and PostgreSQL: the registrant uploads a scan by the link of a saved draft (no session),
// puts it on a certificate line and submits; the reviewer sees and downloads it; a file of no registration
// or of another one is dropped from the line; wrong types, a disguised script, an unknown link and a
// registration under review are refused in the caller's language; another supplier cannot see the file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { expectOk, expectRefusal, freshIp, LOGIN, post, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';
import type { Answer } from '../../../../tests/support/signedClient.js';
import { PDF, PNG, upload } from '../../../../tests/support/fileUpload.js';

const REG = '/api/srmServer/v1/srmPosSupplierRegisterRestful';
const CATEGORY = 'srmServer/v1/srmBasePurchaseCategoryRestful';
const inYears = (n: number) => `${new Date().getUTCFullYear() + n}-06-30`;

for (const backend of await backends()) {
  describe(`certificate files of a public registration on ${backend}`, () => {
    let t: TestServer;
    let categoryId: number;

    beforeAll(async () => {
      t = await startTestServer(backend);
      const buyer = await signIn(t.url, 'buyer01');
      const cats = expectOk(await buyer.call<Rec[]>(`${CATEGORY}/listByPage`, { params: {}, pageRows: 5 }));
      categoryId = Number(cats[0].categoryId);
    });
    afterAll(async () => {
      await t?.stop();
    });

    const call = (path: string, body: Rec, lang = 'EN') =>
      post(t.url, `${REG}/${path}`, JSON.stringify(body), { 'content-type': 'application/json', 'SAAF-Language': lang, 'X-Forwarded-For': freshIp() });
    const captcha = async () => {
      const a = await post(t.url, `${LOGIN}/generateRandomValidate`, '{}', { 'content-type': 'application/json', 'X-Forwarded-For': freshIp() });
      const { validateKey } = expectOk(a) as { validateKey: string };
      return { validateKey, validateCode: (await t.app.ctx.cache.get(`captcha:${validateKey}`))! };
    };
    /** The public upload: multipart, unsigned, the link's token as a field. */
    const send = async (token: string, files: { name: string; data: Buffer }[], lang = 'EN'): Promise<Answer<Rec[]>> => {
      const form = new FormData();
      form.append('token', token);
      for (const f of files) form.append('files', new Blob([new Uint8Array(f.data)]), f.name);
      const res = await fetch(`${t.url}${REG}/doUploadCertificateFile`, {
        method: 'POST',
        headers: { 'SAAF-Language': lang, 'X-Forwarded-For': freshIp() },
        body: form,
      });
      return { http: res.status, ...((await res.json()) as Omit<Answer, 'http'>) } as Answer<Rec[]>;
    };
    const company = (over: Rec = {}): Rec => ({
      companyName: uniq('Cert Files Co'),
      creditCode: uniq('92')
        .replace(/[^0-9A-Z]/g, '')
        .padEnd(18, '3'),
      contactName: 'Mai Tran',
      email: `${uniq('cf').toLowerCase()}@example.com`,
      categoryIds: [categoryId],
      bankAccounts: [{ bankName: 'Vietcombank', accountName: 'Cert Files', accountNumber: '0011-22', currencyCode: 'VND' }],
      certificates: [{ certName: 'Business licence', certNumber: 'BL-1', expiryDate: inYears(3) }],
      ...over,
    });

    it('stores a scan by the draft link, keeps it on the certificate line, and the reviewer downloads it', async () => {
      const c = company();
      const draft = expectOk(await call('doSaveDraft', { ...c, ...(await captcha()) })) as Rec;
      const token = String(draft.token);
      const stored = expectOk(await send(token, [{ name: 'licence.pdf', data: PDF }]));
      expect(stored).toEqual([{ id: expect.any(Number), fileName: 'licence.pdf', fileSize: PDF.length }]);
      const fileId = Number(stored[0].id);
      // A file the registrant did not upload by this link (someone's own upload) is dropped from the line.
      const buyer = await signIn(t.url, 'buyer01');
      const foreign = expectOk(await upload(buyer, [{ name: 'other.png', data: PNG }]))[0].id;
      const certificates = [{ ...(c.certificates as Rec[])[0], attachmentIds: `${fileId},${foreign}` }];
      const sub = expectOk(await call('doRegister', { ...c, token, certificates, ...(await captcha()) })) as Rec;
      expect(sub.status).toBe('SUBMITTED');
      const back = expectOk(await call('getRegisterInfoByToken', { token })) as Rec;
      expect((back.certificates as Rec[])[0]).toMatchObject({
        certName: 'Business licence',
        attachmentIds: String(fileId),
        attachments: [{ id: fileId, fileName: 'licence.pdf', fileSize: PDF.length }],
      });
      // The reviewer (approver01 decides registrations) opens the registration and gets the file.
      const approver = await signIn(t.url, 'approver01');
      const reg = expectOk(await approver.call<Rec>('srmServer/v1/srmPosSupplierRegisterRestful/findById', { id: draft.registerId }));
      const line = (reg.certs ?? reg.certificates ?? []) as Rec[];
      expect(JSON.stringify(line)).toContain(String(fileId));
      const listed = expectOk(await approver.call<Rec[]>('fileServer/v1/baseFileRestful/listBaseFile', { ids: String(fileId) }));
      expect(listed).toMatchObject([{ id: fileId, fileName: 'licence.pdf', functionId: 'srmPosSupplierRegister', businessId: draft.registerId }]);
      // A supplier's user cannot see another company's registration files.
      const supplier = await signIn(t.url, 'supplier01');
      expect(expectOk(await supplier.call<Rec[]>('fileServer/v1/baseFileRestful/listBaseFile', { ids: String(fileId) }))).toEqual([]);
      // Under review the registration takes no more files.
      expectRefusal(await send(token, [{ name: 'late.pdf', data: PDF }]), 200, /cannot be changed|can no longer/i);
    });

    it('refuses other types, a disguised file, an unknown link and no file, in the caller’s language', async () => {
      const draft = expectOk(await call('doSaveDraft', { ...company(), ...(await captcha()) })) as Rec;
      const token = String(draft.token);
      expectRefusal(
        await send(token, [{ name: 'notes.txt', data: Buffer.from('hello') }]),
        200,
        'Files of type .txt cannot be attached. Allowed types: pdf, jpg, jpeg, png',
      );
      expectRefusal(await send(token, [{ name: 'virus.pdf', data: Buffer.from('#!/bin/sh\nrm -rf /\n') }]), 200, /virus\.pdf/);
      expectRefusal(await send('A'.repeat(32), [{ name: 'a.pdf', data: PDF }], 'TH'), 200, /ลิงก์/);
      expectRefusal(await send(token, []), 200, /file/i);
      const back = expectOk(await call('getRegisterInfoByToken', { token })) as Rec;
      expect((back.certificates as Rec[])[0].attachments).toEqual([]);
      // The same scan as png is fine; the draft keeps it once saved on the line.
      const png = expectOk(await send(token, [{ name: 'photo.png', data: PNG }]))[0];
      expect(png.fileName).toBe('photo.png');
    });
  });
}
