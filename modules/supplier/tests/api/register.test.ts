// The public supplier registration over real HTTP (no session), on PGlite and PostgreSQL, with a real SMTP
// server on loopback: the duplicate check (any case, spacing, full-width), a blacklisted credit code under
// a new name, a draft whose link is e-mailed and read back, submission and its refusals, withdrawal
// before review, an expired link, the verification image and the per-address limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { expectOk, expectRefusal, freshIp, LOGIN, post, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';
import { startLoopbackSmtp, type ReceivedMail } from '../../../../tests/support/loopbackSmtp.js';
import { typed } from '../../../../server/db/typed.js';
import type { SupplierTables } from '../../generated/tables.js';

const REG = '/api/srmServer/v1/srmPosSupplierRegisterRestful';
const CATEGORY = 'srmServer/v1/srmBasePurchaseCategoryRestful';
const inYears = (n: number) => `${new Date().getUTCFullYear() + n}-06-30`;

for (const backend of await backends()) {
  describe(`public supplier registration on ${backend}`, () => {
    let t: TestServer;
    let smtp: Awaited<ReturnType<typeof startLoopbackSmtp>>;
    const mails: ReceivedMail[] = [];
    let categoryId: number;

    beforeAll(async () => {
      smtp = await startLoopbackSmtp(0, mails);
      t = await startTestServer(backend, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_SECURE: '0', SMTP_TIMEOUT_MS: '1500' });
      const buyer = await signIn(t.url, 'buyer01');
      const cats = expectOk(await buyer.call<Rec[]>(`${CATEGORY}/listByPage`, { params: {}, pageRows: 5 }));
      categoryId = Number(cats[0].categoryId);
    });
    afterAll(async () => {
      await t?.stop();
      await smtp?.stop();
    });

    const db = () => typed<SupplierTables>(t.app.ctx.db);
    /** A public call from one client address, in a language. */
    const call = (path: string, body: Rec, ip = freshIp(), lang = 'EN') =>
      post(t.url, `${REG}/${path}`, JSON.stringify(body), { 'content-type': 'application/json', 'SAAF-Language': lang, 'X-Forwarded-For': ip });
    /** A solved verification image (the code read from the cache store, as the login tests do). */
    const captcha = async () => {
      const a = await post(t.url, `${LOGIN}/generateRandomValidate`, '{}', { 'content-type': 'application/json', 'X-Forwarded-For': freshIp() });
      const { validateKey } = expectOk(a) as { validateKey: string };
      return { validateKey, validateCode: (await t.app.ctx.cache.get(`captcha:${validateKey}`))! };
    };
    const company = (over: Rec = {}): Rec => ({
      companyName: uniq('Acme Trading'),
      creditCode: uniq('91')
        .replace(/[^0-9A-Z]/g, '')
        .padEnd(18, '7'),
      contactName: 'Ana Lee',
      email: `${uniq('reg').toLowerCase()}@example.com`,
      phone: '+66-2-000-0000',
      categoryIds: [categoryId],
      bankAccounts: [{ bankName: 'Bangkok Bank', accountName: 'Acme', accountNumber: '123-4-56789-0', currencyCode: 'THB' }],
      certificates: [{ certName: 'ISO 9001', certNumber: 'Q-1', expiryDate: inYears(2) }],
      ...over,
    });
    const linkIn = (to: string) => {
      const mail = mails.filter((m) => m.to.includes(to)).at(-1);
      return /registerInfoEdit\?token=([A-Za-z0-9_-]{32})/.exec(mail?.text ?? '')?.[1];
    };

    it('offers the enabled purchase categories without a session', async () => {
      const cats = expectOk(await call('getRegisterCategories', {})) as Rec[];
      expect(cats.map((c) => c.categoryId)).toContain(categoryId);
      expect(cats[0]).toEqual({ categoryId: expect.any(Number), categoryCode: expect.any(String), categoryName: expect.any(String) });
    });

    it('finds a known company by name or credit code in any case, spacing and full-width form', async () => {
      const byName = expectOk(await call('validationRepeatByName', { companyName: ' 华东精密钢材 有限公司 ' }));
      expect(byName).toMatchObject({ exists: true, field: 'companyName', message: 'A company with this name is already registered' });
      const wide = expectOk(await call('validationRepeatByName', { companyName: 'ＳＩＡＭ electronic  components co., ltd.' }));
      expect(wide).toMatchObject({ exists: true, field: 'companyName' });
      const code = expectOk(await call('validationRepeatByName', { creditCode: '９１３１００００ma1fl0001x' }, freshIp(), 'TH'));
      expect(code).toMatchObject({ exists: true, field: 'creditCode', message: 'เลขทะเบียนนี้ลงทะเบียนแล้ว' });
      expect(expectOk(await call('validationRepeatByName', { companyName: uniq('New Co'), creditCode: uniq('X') }))).toEqual({ exists: false });
    });

    it('refuses a blacklisted supplier registering under a new name with its credit code', async () => {
      const tax = uniq('BL').replace(/-/g, '');
      await db()
        .insertInto('srm_pos_supplier_info')
        .values({ supplier_number: uniq('S'), supplier_name: uniq('Banned'), tax_number: tax, supplier_status: 'BLACKLIST' })
        .execute();
      const typing = expectOk(await call('validationRepeatByName', { companyName: uniq('Fresh Name'), creditCode: tax.toLowerCase() }));
      expect(typing).toMatchObject({ exists: true, field: 'creditCode', message: 'A supplier with this credit code is blacklisted and cannot register' });
      expectRefusal(
        await call('doRegister', { ...company({ creditCode: tax }), ...(await captcha()) }),
        200,
        'A supplier with this credit code is blacklisted and cannot register',
      );
    });

    it('saves a draft, e-mails its link, reads it back by the link and changes it', async () => {
      const c = company({ bankAccounts: [], categoryIds: [] });
      const saved = expectOk(await call('doSaveDraft', { ...c, ...(await captcha()) })) as Rec;
      expect(saved).toMatchObject({ status: 'DRAFT', mailed: true });
      const token = linkIn(String(c.email));
      expect(token).toBe(saved.token);
      const back = expectOk(await call('getRegisterInfoByToken', { token })) as Rec;
      expect(back).toMatchObject({ registerId: saved.registerId, status: 'DRAFT', companyName: c.companyName, bankAccounts: [], certificates: c.certificates });
      expect(back).not.toHaveProperty('editTokenHash');
      expectOk(await call('doSaveDraft', { ...c, token, address: '1 Silom Rd', ...(await captcha()) }));
      expect(expectOk(await call('getRegisterInfoByToken', { token }))).toMatchObject({ registerId: saved.registerId, address: '1 Silom Rd' });
      const rows = await db().selectFrom('srm_pos_supplier_register').select('register_id').where('email', '=', String(c.email)).execute();
      expect(rows).toHaveLength(1);
    });

    it('refuses an incomplete or wrong submission in the caller’s language and saves nothing', async () => {
      const refused = async (body: Rec, msg: string, lang = 'EN') => {
        expectRefusal(await call('doRegister', { ...body, ...(await captcha()) }, freshIp(), lang), 200, msg);
        expect(await db().selectFrom('srm_pos_supplier_register').select('register_id').where('email', '=', String(body.email)).execute()).toEqual([]);
      };
      await refused(company({ certificates: [{ certName: 'ISO 9001', expiryDate: '2020-01-31' }] }), 'Certificate “ISO 9001” expired on 2020-01-31');
      await refused(company({ categoryIds: [] }), 'กรุณาเลือกหมวดหมู่ที่จัดหาอย่างน้อยหนึ่งรายการ', 'TH');
      await refused(company({ categoryIds: [987654321] }), 'A chosen category does not exist or is disabled');
      await refused(company({ bankAccounts: [] }), 'Please add at least one bank account');
      await refused(company({ email: 'not-an-address' }), 'The e-mail address is not valid');
      await refused(company({ companyName: 'ｓｉａｍ ELECTRONIC components CO., LTD.' }), 'A company with this name is already registered');
      await refused(company({ creditCode: '91310000ma1fl0001x' }), 'This credit code is already registered');
      await refused(company({ companyName: 42 }), 'companyName is not in the right format');
      // Without the image, or with a wrong one, nothing is even checked.
      const c = company();
      expectRefusal(await call('doRegister', c), 200, 'The verification code is wrong or has expired; please refresh it and try again');
      const wrong = await captcha();
      expectRefusal(
        await call('doRegister', { ...c, validateKey: wrong.validateKey, validateCode: wrong.validateCode === 'AAAA' ? 'BBBB' : 'AAAA' }),
        200,
        'The verification code is wrong or has expired; please refresh it and try again',
      );
    });

    it('submits, holds the name and code against a second registration, withdraws once before review', async () => {
      const c = company();
      const sub = expectOk(await call('doRegister', { ...c, ...(await captcha()) })) as Rec;
      expect(sub).toMatchObject({ status: 'SUBMITTED', mailed: true });
      const token = linkIn(String(c.email));
      expect(token).toBe(sub.token);
      const row = await db().selectFrom('srm_pos_supplier_register').selectAll().where('register_id', '=', Number(sub.registerId)).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'SUBMITTED', credit_key: String(c.creditCode).toLowerCase(), category_ids: String(categoryId) });
      expect(row.submitted_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

      const again = company({ companyName: ` ${String(c.companyName).toUpperCase()} ` });
      expectRefusal(await call('doRegister', { ...again, ...(await captcha()) }), 200, 'A company with this name is already registered');
      expect(expectOk(await call('validationRepeatByName', { creditCode: c.creditCode }))).toMatchObject({ exists: true, field: 'creditCode' });
      // Its own link does not count as a duplicate of itself.
      expect(expectOk(await call('validationRepeatByName', { companyName: c.companyName, token }))).toEqual({ exists: false });
      expectRefusal(
        await call('doSaveDraft', { ...c, token, ...(await captcha()) }),
        200,
        'The registration is under review or approved and cannot be changed',
      );

      expect(expectOk(await call('doWithdrawRegister', { token }))).toEqual({ registerId: sub.registerId, status: 'WITHDRAWN' });
      expectRefusal(await call('doWithdrawRegister', { token }), 200, 'Only a registration waiting for review can be withdrawn');
      // Withdrawn, the name is free again and the registrant may change and submit it again.
      expect(expectOk(await call('validationRepeatByName', { companyName: c.companyName }))).toEqual({ exists: false });
      expect(expectOk(await call('doRegister', { ...c, token, phone: '+66-2-111-1111', ...(await captcha()) }))).toMatchObject({
        registerId: sub.registerId,
        status: 'SUBMITTED',
      });
    });

    it('refuses an unknown or expired link', async () => {
      expectRefusal(await call('getRegisterInfoByToken', { token: 'x'.repeat(32) }), 200, 'This link is not valid');
      expectRefusal(await call('doWithdrawRegister', { token: 'short' }), 200, 'This link is not valid');
      const c = company();
      const saved = expectOk(await call('doSaveDraft', { ...c, ...(await captcha()) })) as Rec;
      await db()
        .updateTable('srm_pos_supplier_register')
        .set({ token_expires: '2020-01-01 00:00:00' })
        .where('register_id', '=', Number(saved.registerId))
        .execute();
      expectRefusal(await call('getRegisterInfoByToken', { token: saved.token }, freshIp(), 'TH'), 200, 'ลิงก์นี้หมดอายุแล้ว กรุณาลงทะเบียนใหม่');
      expectRefusal(await call('doRegister', { ...c, token: saved.token, ...(await captcha()) }), 200, 'This link has expired; please register again');
    });

    it('limits the calls of one client address', async () => {
      const ip = freshIp();
      for (let i = 0; i < 60; i++) expectOk(await call('validationRepeatByName', { companyName: 'x' }, ip));
      expectRefusal(await call('validationRepeatByName', { companyName: 'x' }, ip), 429, /^Too many requests; please try again in \d+ seconds$/);
      expectOk(await call('validationRepeatByName', { companyName: 'x' }));
    });
  });
}
