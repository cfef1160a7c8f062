// Review of a public registration through the workflow (SUPPLIER_REGISTER_APPROVAL bound to its submit), on
// PGlite and PostgreSQL with a real SMTP server on loopback: approver01 gets the task; approval creates the
// supplier in POTENTIAL and its first external user, whose one-time password arrives by e-mail and must be
// changed at the first sign-in; a rejection keeps the comment, tells the contact and lets the registrant
// submit again; a withdrawal before review takes the task away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { expectOk, expectRefusal, freshIp, LOGIN, post, setOwnPassword, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { startLoopbackSmtp, type ReceivedMail } from '../../../../tests/support/loopbackSmtp.js';
import { typed } from '../../../../server/db/typed.js';
import type { SupplierTables } from '../../generated/tables.js';
import type { SupplierApi } from '../../api.js';

const REG = '/api/srmServer/v1/srmPosSupplierRegisterRestful';
const TASK = 'bpmServer/v1/bpmTaskRestful';
const CATEGORY = 'srmServer/v1/srmBasePurchaseCategoryRestful';

for (const backend of await backends()) {
  describe(`supplier registration review on ${backend}`, () => {
    let t: TestServer;
    let smtp: Awaited<ReturnType<typeof startLoopbackSmtp>>;
    const mails: ReceivedMail[] = [];
    let categoryId: number;
    let approver: SignedClient;

    beforeAll(async () => {
      smtp = await startLoopbackSmtp(0, mails);
      t = await startTestServer(backend, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_SECURE: '0', SMTP_TIMEOUT_MS: '1500' });
      const buyer = await signIn(t.url, 'buyer01');
      categoryId = Number(expectOk(await buyer.call<Rec[]>(`${CATEGORY}/listByPage`, { params: {}, pageRows: 5 }))[0].categoryId);
      approver = await signIn(t.url, 'approver01');
    });
    afterAll(async () => {
      await t?.stop();
      await smtp?.stop();
    });

    const db = () => typed<SupplierTables>(t.app.ctx.db);
    const call = (path: string, body: Rec, lang = 'EN') =>
      post(t.url, `${REG}/${path}`, JSON.stringify(body), { 'content-type': 'application/json', 'SAAF-Language': lang, 'X-Forwarded-For': freshIp() });
    const captcha = async () => {
      const { validateKey } = expectOk(await post(t.url, `${LOGIN}/generateRandomValidate`, '{}', { 'content-type': 'application/json' })) as {
        validateKey: string;
      };
      return { validateKey, validateCode: (await t.app.ctx.cache.get(`captcha:${validateKey}`))! };
    };
    const register = async (lang = 'EN') => {
      const c = {
        companyName: uniq('Review Co'),
        creditCode: uniq('RV').replace(/-/g, ''),
        contactName: 'Mai Tran',
        email: `${uniq('rv').toLowerCase()}@example.com`,
        categoryIds: [categoryId],
        bankAccounts: [{ bankName: 'Vietcombank', accountName: 'Review Co', accountNumber: '0071000123456' }],
      };
      const a = expectOk(await call('doRegister', { ...c, ...(await captcha()) }, lang)) as { registerId: number; token: string };
      return { ...c, ...a };
    };
    const taskOf = async (companyName: unknown) =>
      expectOk(await approver.call<Rec[]>(`${TASK}/findTodoTasks`, { params: { entity: 'srmPosSupplierRegister' }, pageIndex: 1, pageRows: 100 })).find(
        (x) => x.title === companyName,
      );
    const registration = (id: number) => db().selectFrom('srm_pos_supplier_register').selectAll().where('register_id', '=', id).executeTakeFirstOrThrow();

    it('a submission waits for approver01; approval creates the supplier in POTENTIAL and its user, whose e-mailed password must be changed', async () => {
      const r = await register('TH');
      const task = await taskOf(r.companyName);
      expect(task).toMatchObject({ entity: 'srmPosSupplierRegister', businessId: r.registerId, taskName: '供应商准入审核' });
      // Under review it cannot be changed by its link any more, nor approved past the process.
      expectRefusal(await call('doSaveDraft', { ...r, ...(await captcha()) }), 200, 'The registration is under review or approved and cannot be changed');

      expectOk(await approver.call(`${TASK}/doApprove`, { taskId: task!.taskId, comment: 'documents in order' }));
      const row = await registration(r.registerId);
      expect(row.status).toBe('APPROVED');
      const supplier = await db().selectFrom('srm_pos_supplier_info').selectAll().where('supplier_id', '=', Number(row.supplier_id)).executeTakeFirstOrThrow();
      expect(supplier).toMatchObject({ supplier_name: r.companyName, tax_number: r.creditCode, supplier_status: 'POTENTIAL', email: r.email });
      // POTENTIAL in the category it registered for: not yet one sourcing may invite.
      const perCategory = await db()
        .selectFrom('srm_pos_supplier_category')
        .select(['category_id', 'status'])
        .where('supplier_id', '=', supplier.supplier_id)
        .execute();
      expect(perCategory.map((c) => [Number(c.category_id), c.status])).toEqual([[categoryId, 'POTENTIAL']]);
      expect(await t.app.ctx.modules.api<SupplierApi>('supplier').eligibleSuppliers(categoryId)).not.toContain(Number(supplier.supplier_id));

      // The password is e-mailed after the commit, in the registrant's language (Thai here).
      await expect.poll(() => mails.find((m) => m.to.includes(r.email) && m.text.includes('รหัสผ่านใช้ครั้งเดียว')), { timeout: 15_000 }).toBeTruthy();
      const text = mails.find((m) => m.to.includes(String(r.email)) && m.text.includes('รหัสผ่านใช้ครั้งเดียว'))!.text;
      const userName = /ชื่อผู้ใช้: (\S+)/.exec(text)![1];
      const password = /รหัสผ่านใช้ครั้งเดียว: (\S+)/.exec(text)![1];
      expect(userName).toBe(`sr${String(r.registerId).padStart(6, '0')}`);
      const first = await signIn(t.url, userName, 'EN', password);
      expect(first.session).toMatchObject({ userType: 'EXTERNAL', supplierId: Number(row.supplier_id), passwordChangeRequired: true });
      await setOwnPassword(t.url, userName, password, 'Srm#Supplier2026');
      const again = await signIn(t.url, userName, 'EN', 'Srm#Supplier2026');
      expect(again.session).not.toHaveProperty('passwordChangeRequired');
      // Its own company only: the supplier portal's company list shows this one supplier.
      const mine = expectOk(await again.call<Rec[]>('srmServer/v1/srmPosSupplierInfoRestful/listByPage', { params: {} }));
      expect(mine.map((s) => s.supplierName)).toEqual([r.companyName]);
    });

    it('a rejection keeps the comment, tells the contact, and the registrant submits again by the link', async () => {
      const r = await register();
      const task = await taskOf(r.companyName);
      expectOk(await approver.call(`${TASK}/doReject`, { taskId: task!.taskId, comment: 'Bank account name does not match' }));
      expect(await registration(r.registerId)).toMatchObject({ status: 'REJECTED', reject_reason: 'Bank account name does not match', supplier_id: null });
      await expect
        .poll(() => mails.find((m) => m.to.includes(String(r.email)) && m.text.includes('was rejected: Bank account name does not match')), { timeout: 15_000 })
        .toBeTruthy();
      expect(expectOk(await call('getRegisterInfoByToken', { token: r.token }))).toMatchObject({
        status: 'REJECTED',
        rejectReason: 'Bank account name does not match',
      });
      expectOk(
        await call('doRegister', {
          ...r,
          bankAccounts: [{ bankName: 'Vietcombank', accountName: r.companyName, accountNumber: '0071000123456' }],
          ...(await captcha()),
        }),
      );
      expect((await registration(r.registerId)).status).toBe('SUBMITTED');
      expect(await taskOf(r.companyName)).toMatchObject({ businessId: r.registerId });
    });

    it('a withdrawal before review takes the task away; the reviewer cannot approve it any more', async () => {
      const r = await register();
      const task = await taskOf(r.companyName);
      expect(task).toBeTruthy();
      expectOk(await call('doWithdrawRegister', { token: r.token }));
      expect(await taskOf(r.companyName)).toBeUndefined();
      expectRefusal(await approver.call(`${TASK}/doApprove`, { taskId: task!.taskId, comment: 'late' }), 200, /.+/);
      expect(await registration(r.registerId)).toMatchObject({ status: 'WITHDRAWN', supplier_id: null });
    });
  });
}
