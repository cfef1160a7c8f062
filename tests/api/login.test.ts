// Login hardening: one message for every bad credential, the captcha after three failures, RSA-OAEP
// only, and the per-user and per-address attempt limits. Its own server: the attempt counters live
// in that server's cache, so nothing here can lock out the users of the other files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../support/testServer.js';
import { LOGIN, expectOk, expectRefusal, freshIp, oaep, pkcs1, post, publicKey, rawLogin, uniq } from '../support/apiHelpers.js';

const PASSWORD = 'Srm#Demo2026';
const BAD_CREDENTIALS = 'Wrong user name or password';

for (const backend of await backends()) {
  describe(`login on ${backend}`, () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer(backend);
    });
    afterAll(async () => t?.stop());

    describe('login', () => {
      it('answers a wrong password and an unknown user with the same message', async () => {
        const key = await publicKey(t.url);
        const ip = freshIp();
        const wrong = await rawLogin(t.url, { userName: 'buyer01', password: oaep(key, 'nope-nope') }, { ip });
        const unknown = await rawLogin(t.url, { userName: `ghost${uniq('u')}`, password: oaep(key, PASSWORD) }, { ip });
        expectRefusal(wrong, 200, BAD_CREDENTIALS);
        expectRefusal(unknown, 200, BAD_CREDENTIALS);
        expect(wrong.data).toEqual(unknown.data);
        expect(wrong.data).toEqual({ needValidate: false });
        const th = await rawLogin(t.url, { userName: `ghost${uniq('u')}`, password: oaep(key, PASSWORD) }, { ip, lang: 'TH' });
        expectRefusal(th, 200, 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง');
        const ok = await rawLogin(t.url, { userName: 'BUYER01', password: oaep(key, PASSWORD) }, { ip });
        expect(expectOk(ok)).toMatchObject({ userName: 'buyer01', userType: 'INTERNAL', gatewayTag: 'srm' });
        expect(ok.data.authorizationCode).toMatch(/^[0-9a-f]{48}$/);
        expect(ok.data.responsibilities.map((r) => r.respName)).toEqual(['Buyer']);
      });

      it('after 3 failures asks for a captcha, and a correct captcha with the right password signs in', async () => {
        const key = await publicKey(t.url);
        const ip = freshIp();
        const fail = () => rawLogin(t.url, { userName: 'admin', password: oaep(key, 'wrong-password') }, { ip });
        expect((await fail()).data).toEqual({ needValidate: false });
        expect((await fail()).data).toEqual({ needValidate: false });
        const third = await fail();
        expectRefusal(third, 200, BAD_CREDENTIALS);
        expect(third.data).toEqual({ needValidate: true });

        const fourth = await rawLogin(t.url, { userName: 'admin', password: oaep(key, PASSWORD) }, { ip });
        expectRefusal(fourth, 200, 'Please enter the verification code');
        expect(fourth.data).toEqual({ needValidate: true });

        const cap = async () => {
          const a = await post(t.url, `${LOGIN}/generateRandomValidate`, '{}', { 'content-type': 'application/json' });
          const d = expectOk(a) as { validateKey: string; image: string };
          expect(d.validateKey).toMatch(/^[0-9a-f]{32}$/);
          expect(d.image).toMatch(/^data:image\/svg\+xml;base64,/);
          const code = await t.app.ctx.cache.get(`captcha:${d.validateKey}`);
          expect(code).toMatch(/^[A-Z0-9]{4}$/);
          return { validateKey: d.validateKey, code: code! };
        };
        const c1 = await cap();
        const badCode = await rawLogin(
          t.url,
          { userName: 'admin', password: oaep(key, PASSWORD), validateKey: c1.validateKey, validateCode: c1.code === 'AAAA' ? 'BBBB' : 'AAAA' },
          { ip },
        );
        expectRefusal(badCode, 200, 'The verification code is wrong or has expired');
        // A key is good for one attempt only, even the right code after a wrong one.
        const reused = await rawLogin(t.url, { userName: 'admin', password: oaep(key, PASSWORD), validateKey: c1.validateKey, validateCode: c1.code }, { ip });
        expectRefusal(reused, 200, 'The verification code is wrong or has expired');

        const c2 = await cap();
        const ok = await rawLogin(
          t.url,
          { userName: 'admin', password: oaep(key, PASSWORD), validateKey: c2.validateKey, validateCode: c2.code.toLowerCase() },
          { ip },
        );
        expect(expectOk(ok).userName).toBe('admin');
        // Success clears the failures: no captcha next time.
        expectOk(await rawLogin(t.url, { userName: 'admin', password: oaep(key, PASSWORD) }, { ip }));
      });

      it('refuses a plaintext password and a PKCS#1 v1.5-encrypted one', async () => {
        const key = await publicKey(t.url);
        const ip = freshIp();
        const cipher = "The password must be encrypted with the server's public key (RSA-OAEP)";
        expectRefusal(await rawLogin(t.url, { userName: 'approver01', password: PASSWORD }, { ip }), 200, cipher);
        expectRefusal(await rawLogin(t.url, { userName: 'approver01', password: pkcs1(key, PASSWORD) }, { ip }), 200, cipher);
        expectRefusal(await rawLogin(t.url, { userName: 'approver01', password: Buffer.from(PASSWORD).toString('base64') }, { ip }), 200, cipher);
        const malformed = await rawLogin(t.url, { userName: 'approver01' }, { ip });
        expectRefusal(malformed, 400, /^Malformed request: /);
      });

      it('limits sign-in attempts per user: the 11th within the window gets HTTP 429, even with the right password', async () => {
        const key = await publicKey(t.url);
        const answers = [];
        for (let i = 0; i < 10; i++) answers.push(await rawLogin(t.url, { userName: 'supplier02', password: oaep(key, `wrong-${i}`) }, { ip: freshIp() }));
        expect(answers.every((a) => a.http === 200 && a.status === 'E')).toBe(true);
        const limited = await rawLogin(t.url, { userName: 'supplier02', password: oaep(key, PASSWORD) }, { ip: freshIp() });
        expectRefusal(limited, 429, /^Too many sign-in attempts; try again in \d+ s$/);
        const cn = await rawLogin(t.url, { userName: 'Supplier02', password: oaep(key, PASSWORD) }, { ip: freshIp(), lang: 'CN' });
        expectRefusal(cn, 429, /^登录尝试过于频繁，请\d+秒后再试$/);
      });
    });

    describe('regressions of bugs found by this suite', () => {
      it('successful sign-ins from one address are not limited (an office behind one address), failures still are', async () => {
        const key = await publicKey(t.url);
        const ip = freshIp();
        for (let i = 0; i < 35; i++) {
          const a = await rawLogin(t.url, { userName: 'buyer01', password: oaep(key, PASSWORD) }, { ip });
          expect(a.status, `sign-in ${i + 1}`).toBe('S');
        }
        let limited = false;
        for (let i = 0; i < 31 && !limited; i++) {
          limited = (await rawLogin(t.url, { userName: `nobody${i}${uniq('y')}`, password: oaep(key, 'wrong') }, { ip })).http === 429;
        }
        expect(limited).toBe(true);
      });
      it('a client outside a trusted proxy cannot dodge the per-address login limit by spoofing X-Forwarded-For', async () => {
        const direct = await startTestServer(backend, { TRUST_PROXY: '0' });
        try {
          const key = await publicKey(direct.url);
          const wrong = oaep(key, 'wrong');
          let limited = false;
          for (let i = 0; i < 32 && !limited; i++) {
            // A different user name each time keeps the per-user limit out of the way.
            const a = await rawLogin(direct.url, { userName: `nobody${i}${uniq('x')}`, password: wrong }, { ip: freshIp() });
            limited = a.http === 429;
          }
          expect(limited).toBe(true);
        } finally {
          await direct.stop();
        }
      });
    });
  });
}
