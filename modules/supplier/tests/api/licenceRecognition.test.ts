// Business-licence recognition at registration, over real HTTP on PGlite and PostgreSQL, with a real HTTP
// server on loopback playing the cloud recognition service: the registrant uploads the licence scan by its
// draft link and asks doRecognizeLicence; the service gets the image and the answer comes back as suggestions
// (nothing stored). Not configured, service down, timeout, "not a licence", a file of another registration,
// an unknown link and a registration under review are refused in the page's language; the call is counted
// with the other writes (rate limit).
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { expectOk, expectRefusal, freshIp, LOGIN, post, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';
import { PROFILE } from '../../../../tests/support/orgHelpers.js';
import type { Answer, SignedClient } from '../../../../tests/support/signedClient.js';
import { PNG } from '../../../../tests/support/fileUpload.js';

const REG = '/api/srmServer/v1/srmPosSupplierRegisterRestful';
const TIMEOUT_MS = 400;
const LICENCE = {
  companyName: '杭州识别科技有限公司',
  creditCode: '91330100 ma2h0000 1x',
  legalRepresentative: '林识别',
  address: '浙江省杭州市西湖区文三路 100 号',
  validTo: '2046-03-01',
};

/** The fake recognition service; `mode` decides the next answers. */
function fakeService() {
  const seen: { bytes: number; type: string | undefined; key: string | undefined }[] = [];
  let mode: 'ok' | 'down' | 'slow' | 'notLicence' = 'ok';
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ bytes: Buffer.concat(chunks).length, type: req.headers['content-type'], key: req.headers['x-api-key'] as string | undefined });
      if (mode === 'down') return void res.writeHead(502).end('bad gateway');
      if (mode === 'notLicence') return void res.writeHead(422, { 'content-type': 'application/json' }).end('{"error":"no licence"}');
      if (mode === 'slow') {
        const timer = setTimeout(() => res.writeHead(200).end('{}'), TIMEOUT_MS * 5);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ licence: LICENCE }));
    });
  });
  return { server, seen, set: (m: typeof mode) => (mode = m) };
}

async function setting(admin: SignedClient, code: string, valueType: string, value: string) {
  const found = expectOk(await admin.call<Rec[]>(`${PROFILE}/listByPage`, { params: { profileCode: code }, pageRows: 5 })).find((p) => p.profileCode === code);
  expectOk(
    await admin.call(`${PROFILE}/saveOrUpdate`, { ...(found ?? {}), profileCode: code, profileName: code, valueType, profileValue: value, enabledFlag: 'Y' }),
  );
}

for (const backend of await backends()) {
  describe(`business-licence recognition on ${backend}`, () => {
    let t: TestServer;
    let admin: SignedClient;
    let fake: ReturnType<typeof fakeService>;

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = await signIn(t.url, 'admin');
      fake = fakeService();
      await new Promise<void>((r) => fake.server.listen(0, '127.0.0.1', r));
    });
    afterAll(async () => {
      await t?.stop();
      fake?.server.closeAllConnections();
      await new Promise((r) => fake?.server.close(r));
    });

    const call = (path: string, body: Rec, lang = 'EN', ip = freshIp()) =>
      post(t.url, `${REG}/${path}`, JSON.stringify(body), { 'content-type': 'application/json', 'SAAF-Language': lang, 'X-Forwarded-For': ip });
    const captcha = async () => {
      const a = await post(t.url, `${LOGIN}/generateRandomValidate`, '{}', { 'content-type': 'application/json', 'X-Forwarded-For': freshIp() });
      const { validateKey } = expectOk(a) as { validateKey: string };
      return { validateKey, validateCode: (await t.app.ctx.cache.get(`captcha:${validateKey}`))! };
    };
    const send = async (token: string): Promise<number> => {
      const form = new FormData();
      form.append('token', token);
      form.append('files', new Blob([new Uint8Array(PNG)]), 'licence.png');
      const res = await fetch(`${t.url}${REG}/doUploadCertificateFile`, { method: 'POST', headers: { 'X-Forwarded-For': freshIp() }, body: form });
      const a = { http: res.status, ...((await res.json()) as Omit<Answer, 'http'>) } as Answer<Rec[]>;
      return Number(expectOk(a)[0].id);
    };
    /** A draft with only what a draft needs: the registrant has typed a company name and an e-mail. */
    const draft = async (companyName = uniq('Typed Co')) => {
      const d = expectOk(await call('doSaveDraft', { companyName, email: `${uniq('ocr').toLowerCase()}@example.com`, ...(await captcha()) })) as Rec;
      return { token: String(d.token), registerId: Number(d.registerId), fileId: await send(String(d.token)) };
    };

    it('without SRM_OCR_URL it says recognition is not available', async () => {
      const d = await draft();
      expectRefusal(
        await call('doRecognizeLicence', { token: d.token, fileId: d.fileId }),
        200,
        'Licence recognition is not available; please fill in the form yourself',
      );
      expectRefusal(await call('doRecognizeLicence', { token: d.token, fileId: d.fileId }, 'CN'), 200, '暂未开通营业执照识别服务，请手工填写');
    });

    it('answers the recognised fields as suggestions and stores nothing', async () => {
      const port = (fake.server.address() as { port: number }).port;
      await setting(admin, 'SRM_OCR_URL', 'STRING', `http://127.0.0.1:${port}/ocr`);
      await setting(admin, 'SRM_OCR_KEY', 'STRING', 'ocr-key');
      await setting(admin, 'SRM_OCR_TIMEOUT_MS', 'NUMBER', String(TIMEOUT_MS));
      const typed = uniq('Typed Co');
      const d = await draft(typed);
      const a = expectOk(await call('doRecognizeLicence', { token: d.token, fileId: d.fileId })) as Rec;
      expect(a.suggestions).toEqual({
        companyName: '杭州识别科技有限公司',
        creditCode: '91330100MA2H00001X',
        legalRepresentative: '林识别',
        address: '浙江省杭州市西湖区文三路 100 号',
        licenceExpiry: '2046-03-01',
      });
      expect(fake.seen.at(-1)).toEqual({ bytes: PNG.length, type: 'image/png', key: 'ocr-key' });
      // What the registrant typed stays until it chooses a suggestion and saves.
      const back = expectOk(await call('getRegisterInfoByToken', { token: d.token })) as Rec;
      expect(back).toMatchObject({ companyName: typed, creditCode: '', legalRepresentative: null });
      // Taking the suggestions is a normal save of the form, legal representative included.
      const saved = expectOk(
        await call('doSaveDraft', { token: d.token, companyName: typed, email: back.email, legalRepresentative: '林识别', ...(await captcha()) }),
      ) as Rec;
      expect(saved.status).toBe('DRAFT');
      expect((expectOk(await call('getRegisterInfoByToken', { token: d.token })) as Rec).legalRepresentative).toBe('林识别');
    });

    it('service down, timeout, not a licence, another registration’s file, a bad link: refused in the page language', async () => {
      const d = await draft();
      const other = await draft();
      const cases: [typeof fake extends { set: (m: infer M) => unknown } ? M : never, string, string][] = [
        ['down', 'EN', 'The recognition service is not available; try again later or fill in the form yourself'],
        ['down', 'TH', 'บริการอ่านข้อมูลไม่พร้อมใช้งาน โปรดลองใหม่ภายหลังหรือกรอกข้อมูลเอง'],
        ['slow', 'EN', 'The recognition service did not answer in time; try again later or fill in the form yourself'],
        ['slow', 'VN', 'Dịch vụ nhận dạng không phản hồi kịp; hãy thử lại sau hoặc tự điền'],
        ['notLicence', 'EN', 'No business licence could be read from this image; upload a clear photo of the licence'],
      ];
      for (const [mode, lang, text] of cases) {
        fake.set(mode);
        expectRefusal(await call('doRecognizeLicence', { token: d.token, fileId: d.fileId }, lang), 200, text);
      }
      fake.set('ok');
      const asked = fake.seen.length;
      expectRefusal(
        await call('doRecognizeLicence', { token: d.token, fileId: other.fileId }),
        200,
        'Upload the business licence image first, then recognise it',
      );
      expectRefusal(await call('doRecognizeLicence', { token: d.token }), 200, 'Upload the business licence image first, then recognise it');
      expect(fake.seen.length).toBe(asked);
      const bad = await call('doRecognizeLicence', { token: 'no-such-link', fileId: d.fileId });
      expect(bad.status).toBe('E');
      expect(fake.seen.length).toBe(asked);
    });

    it('is counted with the other writes of the address (rate limit)', async () => {
      const d = await draft();
      const ip = freshIp();
      let last: Answer | undefined;
      for (let i = 0; i < 21; i++) last = await call('doRecognizeLicence', { token: d.token, fileId: d.fileId }, 'EN', ip);
      expect(last?.http).toBe(429);
    });
  });
}
