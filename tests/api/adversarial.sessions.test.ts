// Adversarial suite, part 2: sessions that must die mid-flight (disabled user, revoked responsibility,
// removed resource, logout, password reset), password rules, brute force, user enumeration by message
// and by timing, and the forgotten-password codes. Each refusal exact; each followed by a read-back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { backends, startTestServer, type TestServer } from '../support/testServer.js';
import type { SignedClient } from '../support/signedClient.js';
import { BANK, LOGIN, expectOk, expectRefusal, freshIp, oaep, post, publicKey, rawLogin, signIn, uniq, type Rec } from '../support/apiHelpers.js';
import { PASSWORD, fingerprint, makeResponsibility, makeUser } from '../support/adversary.js';

const FORBIDDEN = 'You are not permitted to do this';
const NO_SESSION = 'Not signed in or the session has expired; please sign in again';
const DISABLED = 'This account is disabled; contact your administrator';
const BAD_CREDENTIALS = 'Wrong user name or password';
const USERS = 'baseServer/v1/baseUsersRestful';
const PWD = '/api/baseServer/v1/basePasswordService';
const BANK_EDITOR = ['BANK:btnAdd', 'BANK:btnEdit', 'BANK:btnSave', 'BANK:btnDelete'];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

for (const backend of await backends()) {
  describe(`adversarial: sessions, passwords, enumeration on ${backend}`, () => {
    let t: TestServer;
    let key: string;
    const db = () => t.app.ctx.db;
    const bankEditor = async (extra: { email?: string; phone?: string } = {}) => {
      const resp = await makeResponsibility(db(), ['BANK'], BANK_EDITOR);
      const u = await makeUser(db(), { resps: [resp], ...extra });
      return { ...u, resp, c: await signIn(t.url, u.userName) };
    };
    const newBank = (c: SignedClient) => c.call<Rec>(`${BANK}/saveOrUpdate`, { bankCode: uniq('SE'), bankName: 'Session test' });
    const hashOf = async (userId: number) =>
      (await sql<{ h: string }>`select password_hash as h from base_users where user_id = ${userId}`.execute(db())).rows[0].h;
    const login = (userName: string, password: string, ip = freshIp()) => rawLogin(t.url, { userName, password: oaep(key, password) }, { ip });
    const change = (c: SignedClient, oldPassword: string, newPassword: string) =>
      c.call(`${USERS}/changePassword`, { oldPassword: oaep(key, oldPassword), newPassword: oaep(key, newPassword) });

    beforeAll(async () => {
      t = await startTestServer(backend);
      key = await publicKey(t.url);
    });
    afterAll(async () => t?.stop());

    describe('sessions that end mid-flight', () => {
      it('24. a user disabled by a direct service write is refused on the very next request, and cannot sign in', async () => {
        const u = await bankEditor();
        expectOk(await newBank(u.c));
        await sql`update base_users set enabled_flag = 'N' where user_id = ${u.userId}`.execute(db());
        const before = await fingerprint(db(), 'srm_base_bank');
        expectRefusal(await newBank(u.c), 401, DISABLED);
        // The session is gone for good, also after re-enabling.
        await sql`update base_users set enabled_flag = 'Y' where user_id = ${u.userId}`.execute(db());
        expectRefusal(await newBank(u.c), 401, NO_SESSION);
        expect(await fingerprint(db(), 'srm_base_bank')).toBe(before);
        await sql`update base_users set enabled_flag = 'N' where user_id = ${u.userId}`.execute(db());
        expectRefusal(await login(u.userName, PASSWORD), 200, BAD_CREDENTIALS);
      });
      it('24b. a user past its end date is refused on the next request and cannot sign in; nor can one whose start date is ahead', async () => {
        const u = await bankEditor();
        expectOk(await newBank(u.c));
        await sql`update base_users set end_date = current_date - 1 where user_id = ${u.userId}`.execute(db());
        const before = await fingerprint(db(), 'srm_base_bank');
        expectRefusal(await newBank(u.c), 401, DISABLED);
        expect(await fingerprint(db(), 'srm_base_bank')).toBe(before);
        expectRefusal(await login(u.userName, PASSWORD), 200, BAD_CREDENTIALS);
        // Valid again through today: signs in.
        await sql`update base_users set end_date = current_date where user_id = ${u.userId}`.execute(db());
        expectOk(await login(u.userName, PASSWORD));
        await sql`update base_users set start_date = current_date + 1, end_date = null where user_id = ${u.userId}`.execute(db());
        expectRefusal(await login(u.userName, PASSWORD), 200, BAD_CREDENTIALS);
      });
      it('25. a revoked responsibility refuses the next call with 403 (reads and writes)', async () => {
        const u = await bankEditor();
        expectOk(await u.c.call(`${BANK}/listByPage`, { params: {} }));
        await sql`delete from base_user_resp where user_id = ${u.userId}`.execute(db());
        const before = await fingerprint(db(), 'srm_base_bank');
        expectRefusal(await newBank(u.c), 403, FORBIDDEN);
        expectRefusal(await u.c.call(`${BANK}/listByPage`, { params: {} }), 403, FORBIDDEN);
        expect(await fingerprint(db(), 'srm_base_bank')).toBe(before);
      });
      it('26. an expired user responsibility (end date yesterday) refuses the next call', async () => {
        const u = await bankEditor();
        expectOk(await u.c.call(`${BANK}/listByPage`, { params: {} }));
        await sql`update base_user_resp set end_date = current_date - 1 where user_id = ${u.userId}`.execute(db());
        expectRefusal(await u.c.call(`${BANK}/listByPage`, { params: {} }), 403, FORBIDDEN);
      });
      it('27. a resource removed from the responsibility closes that button at once; reads stay', async () => {
        const u = await bankEditor();
        expectOk(await newBank(u.c));
        await sql`delete from base_resp_resource where resp_id = ${u.resp}`.execute(db());
        const before = await fingerprint(db(), 'srm_base_bank');
        expectRefusal(await newBank(u.c), 403, FORBIDDEN);
        expectOk(await u.c.call(`${BANK}/listByPage`, { params: {} }));
        expect(await fingerprint(db(), 'srm_base_bank')).toBe(before);
      });
      it('28. a disabled responsibility or menu closes the screen at once', async () => {
        const u = await bankEditor();
        expectOk(await u.c.call(`${BANK}/listByPage`, { params: {} }));
        await sql`update base_responsibility set enabled_flag = 'N' where resp_id = ${u.resp}`.execute(db());
        expectRefusal(await u.c.call(`${BANK}/listByPage`, { params: {} }), 403, FORBIDDEN);
        await sql`update base_responsibility set enabled_flag = 'Y' where resp_id = ${u.resp}`.execute(db());
        expectOk(await u.c.call(`${BANK}/listByPage`, { params: {} }));
      });
      it('29. logout, then reuse of the same code and key: 401, nothing saved', async () => {
        const u = await bankEditor();
        const before = await fingerprint(db(), 'srm_base_bank');
        const out = await post(t.url, `${LOGIN}/logout`, '{}', {
          'content-type': 'application/json',
          AuthorizationCode: u.c.session!.authorizationCode,
          'SAAF-Language': 'EN',
        });
        expect(out.status).toBe('S');
        expectRefusal(await newBank(u.c), 401, NO_SESSION);
        expect(await fingerprint(db(), 'srm_base_bank')).toBe(before);
      });
      it("30. an admin password reset ends the user's sessions; without btnResetPwd the reset is refused", async () => {
        const victim = await bankEditor();
        const hash = await hashOf(victim.userId);
        // A bank editor has no btnResetPwd.
        const other = await bankEditor();
        expectRefusal(await other.c.call(`${USERS}/resetPassword`, { userId: victim.userId }), 403, FORBIDDEN);
        expect(await hashOf(victim.userId)).toBe(hash);
        // The users screen's button: menu USER, resource btnResetPwd.
        const resp = await makeResponsibility(db(), ['USER'], ['USER:btnResetPwd']);
        const admin = await makeUser(db(), { resps: [resp] });
        const ac = await signIn(t.url, admin.userName);
        // The same menu without the button's resource is not enough.
        const viewer = await makeUser(db(), { resps: [await makeResponsibility(db(), ['USER'], [])] });
        expectRefusal(await (await signIn(t.url, viewer.userName)).call(`${USERS}/resetPassword`, { id: victim.userId }), 403, FORBIDDEN);
        expect(await hashOf(victim.userId)).toBe(hash);
        const reset = expectOk(await ac.call<{ password: string; mailed: boolean }>(`${USERS}/resetPassword`, { id: victim.userId }));
        expect(reset.mailed).toBe(false);
        expect(reset.password).toMatch(/^.{16}$/);
        expectRefusal(await newBank(victim.c), 401, NO_SESSION);
        expectRefusal(await login(victim.userName, PASSWORD), 200, BAD_CREDENTIALS);
        expectOk(await login(victim.userName, reset.password));
      });
    });

    describe('roles changed mid-session', () => {
      it("56. a role's rights leave a live session on its next request: resource removed from the role, role disabled, role taken off the responsibility", async () => {
        const admin = await signIn(t.url, 'admin');
        const ROLE = 'baseServer/v1/baseRoleRestful';
        const RESP = 'baseServer/v1/baseResponsibilityRestful';
        const keyOf = async (q: ReturnType<typeof sql<{ id: number }>>) => (await q.execute(db())).rows[0].id;
        const bankMenu = `M${await keyOf(sql<{ id: number }>`select menu_id as id from base_menu where menu_code = 'BANK'`)}`;
        const bankResource = async (code: string) =>
          `R${await keyOf(sql<{ id: number }>`select r.resource_id as id from base_resource r join base_menu m on m.menu_id = r.menu_id where m.menu_code = 'BANK' and r.resource_code = ${code}`)}`;
        const bankSave = await bankResource('btnSave');
        // A new bank is saved through 新增: the create button too.
        const bankAdd = await bankResource('btnAdd');
        // Through the admin screens' calls: a role with the bank menu and its save button, in a responsibility of its own.
        const role = expectOk(await admin.call<Rec>(`${ROLE}/saveOrUpdate`, { roleCode: uniq('ROLE'), roleName: 'bank editors' }));
        expectOk(await admin.call(`${ROLE}/saveRoleMenus`, { id: role.roleId, checked: [bankMenu, bankAdd, bankSave] }));
        const resp = expectOk(
          await admin.call<Rec>(`${RESP}/saveOrUpdate`, { respCode: uniq('R'), respName: 'via role', userType: 'INTERNAL', roles: [{ roleId: role.roleId }] }),
        );
        const u = await makeUser(db(), { resps: [resp.respId as number] });
        const c = await signIn(t.url, u.userName);
        expectOk(await newBank(c));
        const bankRows = await fingerprint(db(), 'srm_base_bank');
        // 1. The resource leaves the role: the save is refused at once, the reads stay.
        expectOk(await admin.call(`${ROLE}/saveRoleMenus`, { id: role.roleId, checked: [bankMenu] }));
        expectRefusal(await newBank(c), 403, FORBIDDEN);
        expectOk(await c.call(`${BANK}/listByPage`, { params: {} }));
        // 2. Given back, then the role disabled: the menu is gone at once.
        expectOk(await admin.call(`${ROLE}/saveRoleMenus`, { id: role.roleId, checked: [bankMenu, bankAdd, bankSave] }));
        expectOk(await newBank(c));
        const r1 = expectOk(await admin.call<Rec>(`${ROLE}/findById`, { id: role.roleId }));
        expectOk(await admin.call(`${ROLE}/saveOrUpdate`, { ...r1, enabledFlag: 'N' }));
        const afterDisable = await fingerprint(db(), 'srm_base_bank');
        expectRefusal(await newBank(c), 403, FORBIDDEN);
        expectRefusal(await c.call(`${BANK}/listByPage`, { params: {} }), 403, FORBIDDEN);
        expect(await fingerprint(db(), 'srm_base_bank')).toBe(afterDisable);
        // 3. Enabled again, then taken off the responsibility: gone at once.
        const r2 = expectOk(await admin.call<Rec>(`${ROLE}/findById`, { id: role.roleId }));
        expectOk(await admin.call(`${ROLE}/saveOrUpdate`, { ...r2, enabledFlag: 'Y' }));
        expectOk(await c.call(`${BANK}/listByPage`, { params: {} }));
        const current = expectOk(await admin.call<Rec>(`${RESP}/findById`, { id: resp.respId }));
        expectOk(await admin.call(`${RESP}/saveOrUpdate`, { ...current, roles: [] }));
        const afterRemove = await fingerprint(db(), 'srm_base_bank');
        expectRefusal(await newBank(c), 403, FORBIDDEN);
        expectRefusal(await c.call(`${BANK}/listByPage`, { params: {} }), 403, FORBIDDEN);
        expect(await fingerprint(db(), 'srm_base_bank')).toBe(afterRemove);
        expect(bankRows).not.toBe(afterRemove);
      });
    });

    describe('password rules', () => {
      let u: Awaited<ReturnType<typeof bankEditor>>;
      beforeAll(async () => {
        u = await bankEditor();
      });
      const refusedWith = async (newPassword: string, msg: string) => {
        const hash = await hashOf(u.userId);
        expectRefusal(await change(u.c, PASSWORD, newPassword), 200, `The new password does not meet the password rules: ${msg}`);
        expect(await hashOf(u.userId)).toBe(hash);
      };
      it('31. too short', () => refusedWith('Ab1#x', 'The password must have at least 8 characters'));
      it('32. too few character classes', () => refusedWith('alllowercase', 'The password must mix at least 3 of: upper case, lower case, digits, symbols'));
      it('33. containing the user name', async () => refusedWith(`X9#${u.userName}`, 'The password must not contain the user name'));
      it('34. the current password again', () => refusedWith(PASSWORD, 'The new password must differ from the last 3 passwords'));
      it('35. a wrong old password, or an unencrypted one, changes nothing', async () => {
        const hash = await hashOf(u.userId);
        expectRefusal(await change(u.c, 'Wrong#Pass1', 'Brand#New2026'), 200, 'The current password is wrong');
        expectRefusal(
          await u.c.call(`${USERS}/changePassword`, { oldPassword: PASSWORD, newPassword: 'Brand#New2026' }),
          200,
          "The password must be encrypted with the server's public key (RSA-OAEP)",
        );
        expect(await hashOf(u.userId)).toBe(hash);
      });
      it('36. a good change keeps this session, ends the others, and the old password stops working; history refuses it back', async () => {
        // A user of its own: the tests above (in any order) need u's password unchanged.
        const u = await bankEditor();
        const second = await signIn(t.url, u.userName);
        expectOk(await change(u.c, PASSWORD, 'Brand#New2026'));
        expectOk(await u.c.call(`${BANK}/listByPage`, { params: {} }));
        expectRefusal(await second.call(`${BANK}/listByPage`, { params: {} }), 401, NO_SESSION);
        expectRefusal(await login(u.userName, PASSWORD), 200, BAD_CREDENTIALS);
        expectOk(await login(u.userName, 'Brand#New2026'));
        expectRefusal(
          await change(u.c, 'Brand#New2026', PASSWORD),
          200,
          'The new password does not meet the password rules: The new password must differ from the last 3 passwords',
        );
      });
      it('37. the rules are the ones stored on the Password rules screen', async () => {
        await sql`insert into base_password_rule (min_length, min_classes, forbid_user_name, history_count) values (12, 4, 'Y', 1)`.execute(db());
        try {
          expectRefusal(
            await change(u.c, PASSWORD, 'Short#1aB'),
            200,
            'The new password does not meet the password rules: The password must have at least 12 characters',
          );
          expectRefusal(
            await change(u.c, PASSWORD, 'NoSymbolsHere2026'),
            200,
            'The new password does not meet the password rules: The password must mix at least 4 of: upper case, lower case, digits, symbols',
          );
        } finally {
          await sql`delete from base_password_rule`.execute(db());
        }
      });
    });

    describe('brute force and enumeration', () => {
      it('38. ten wrong passwords lock the account for the window: the 11th try is 429 even when right', async () => {
        const u = await makeUser(db());
        let needValidate = false;
        for (let i = 0; i < 10; i++) {
          const a = await login(u.userName, 'Wrong#Pass' + i);
          expect(a.status).toBe('E');
          needValidate ||= (a.data as { needValidate?: boolean } | null)?.needValidate === true;
        }
        expect(needValidate).toBe(true);
        const locked = await login(u.userName, PASSWORD);
        expectRefusal(locked, 429, /^Too many sign-in attempts; try again in \d+ s$/);
      });
      it('39. an unknown user, a wrong password and a disabled user get the same answer', async () => {
        const known = await makeUser(db());
        const disabled = await makeUser(db());
        await sql`update base_users set enabled_flag = 'N' where user_id = ${disabled.userId}`.execute(db());
        const answers = [await login(`ghost-${uniq('x')}`, PASSWORD), await login(known.userName, 'Wrong#Pass1'), await login(disabled.userName, PASSWORD)];
        for (const a of answers) expectRefusal(a, 200, BAD_CREDENTIALS);
        expect(new Set(answers.map((a) => a.raw)).size).toBe(1);
      });
      it('40. by timing: unknown users take as long as known ones (medians within 40% + 30 ms)', async () => {
        const known = await Promise.all(Array.from({ length: 9 }, () => makeUser(db())));
        const time = async (userName: string) => {
          const start = performance.now();
          const a = await login(userName, 'Wrong#Pass1');
          expect(a.msg).toBe(BAD_CREDENTIALS);
          return performance.now() - start;
        };
        const k: number[] = [];
        const g: number[] = [];
        for (const u of known) {
          // Interleaved, so that load on the machine hits both samples alike.
          k.push(await time(u.userName));
          g.push(await time(`ghost-${uniq('t')}`));
        }
        const [mk, mg] = [median(k), median(g)];
        expect(Math.abs(mk - mg)).toBeLessThan(Math.max(mk, mg) * 0.4 + 30);
      });
    });

    describe('forgotten password by code', () => {
      const sendPhone = (userName: string, ip = freshIp()) =>
        post(t.url, `${PWD}/sendPhoneCode`, JSON.stringify({ userName }), { 'content-type': 'application/json', 'SAAF-Language': 'EN', 'X-Forwarded-For': ip });
      const codeFor = async (phone: string) => {
        let content = '';
        await expect
          .poll(
            async () => {
              content =
                (
                  await sql<{ content: string }>`select content from base_message_log where recipient = ${phone} order by message_log_id desc limit 1`.execute(
                    db(),
                  )
                ).rows[0]?.content ?? '';
              return content;
            },
            { timeout: 15_000 },
          )
          .toMatch(/\b\d{6}\b/);
        return /\b(\d{6})\b/.exec(content)![1];
      };
      const byCode = (userName: string, code: string, newPassword: string) =>
        post(t.url, `${PWD}/resetPasswordByCode`, JSON.stringify({ userName, code, newPassword: oaep(key, newPassword) }), {
          'content-type': 'application/json',
          'SAAF-Language': 'EN',
          'X-Forwarded-For': freshIp(),
        });

      it('41. the same answer for an existing and an unknown account (no enumeration)', async () => {
        const u = await makeUser(db(), { phone: `+66${Date.now() % 1e9}` });
        const a = await sendPhone(u.userName);
        const b = await sendPhone(`ghost-${uniq('f')}`);
        expectOk(a);
        expect(a.raw).toBe(b.raw);
      });
      it('42. a code resets the password once; a second use and a wrong code are refused', async () => {
        const phone = `+84${Date.now() % 1e9}`;
        const u = await makeUser(db(), { phone });
        expectOk(await sendPhone(u.userName));
        const code = await codeFor(phone);
        const wrong = code === '000000' ? '000001' : '000000';
        expectRefusal(await byCode(u.userName, wrong, 'Fresh#Pass2026'), 200, 'The code is wrong or has expired');
        expectRefusal(await byCode(u.userName, code, 'weak'), 200, /^The new password does not meet the password rules: /);
        expectOk(await byCode(u.userName, code, 'Fresh#Pass2026'));
        const hash = await hashOf(u.userId);
        expectRefusal(await byCode(u.userName, code, 'Other#Pass2026'), 200, 'The code is wrong or has expired');
        expect(await hashOf(u.userId)).toBe(hash);
        expectOk(await login(u.userName, 'Fresh#Pass2026'));
        // The SMS went through the tripartite log.
        const logged = async () =>
          (
            await sql<{
              n: number;
            }>`select count(*)::int as n from srm_base_tripartite_logs where channel = 'SMS' and target = ${phone} and result_status = 'S'`.execute(db())
          ).rows[0].n;
        await expect.poll(logged, { timeout: 15_000 }).toBe(1);
      });
      it('43. five wrong tries burn the code: the right one no longer works', async () => {
        const phone = `+86${Date.now() % 1e9}`;
        const u = await makeUser(db(), { phone });
        expectOk(await sendPhone(u.userName));
        const code = await codeFor(phone);
        const hash = await hashOf(u.userId);
        for (let i = 0; i < 5; i++) {
          const a = await post(
            t.url,
            `${PWD}/checkEmailCode`,
            JSON.stringify({ userName: u.userName, code: String((Number(code) + 1 + i) % 1e6).padStart(6, '0') }),
            { 'content-type': 'application/json', 'SAAF-Language': 'EN' },
          );
          expectRefusal(a, 200, 'The code is wrong or has expired');
        }
        expectRefusal(await byCode(u.userName, code, 'Fresh#Pass2026'), 200, 'The code is wrong or has expired');
        expect(await hashOf(u.userId)).toBe(hash);
      });
      it('44. sending is rate-limited per account: the 4th request in the window is 429', async () => {
        const name = `ghost-${uniq('r')}`;
        for (let i = 0; i < 3; i++) expectOk(await sendPhone(name));
        expectRefusal(await sendPhone(name), 429, /^Too many requests; try again in \d+ s$/);
      });
    });

    describe('logs', () => {
      it('45. every state-changing call leaves one operation-log row with who, what, where and the result', async () => {
        const u = await bankEditor();
        const saved = expectOk(await newBank(u.c));
        const refused = await u.c.call(`${BANK}/saveOrUpdate`, { bankName: 'no code' });
        expect(refused.status).toBe('E');
        await u.c.call(`${BANK}/listByPage`, { params: {} });
        const rows = async () =>
          (
            await sql<Rec>`select user_name, action_name, entity_name, record_id, result_status, ip_address from base_user_operate_log where user_id = ${u.userId} order by operate_log_id`.execute(
              db(),
            )
          ).rows;
        await expect.poll(async () => (await rows()).length, { timeout: 15_000 }).toBe(2);
        expect(await rows()).toEqual([
          {
            user_name: u.userName,
            action_name: 'saveOrUpdate',
            entity_name: 'srmBaseBank',
            record_id: String(saved.bankId),
            result_status: 'S',
            ip_address: '127.0.0.1',
          },
          { user_name: u.userName, action_name: 'saveOrUpdate', entity_name: 'srmBaseBank', record_id: null, result_status: 'E', ip_address: '127.0.0.1' },
        ]);
      });
      it('46. a call from an external system (appId other than the web app) is interface-logged', async () => {
        const u = await bankEditor();
        const app = `erp-${uniq('a')}`;
        const path = `/api/${BANK}/listByPage`;
        const body = JSON.stringify({ params: {} });
        const { signedHeaders } = await import('../support/signedClient.js');
        expectOk(await post(t.url, path, body, { ...signedHeaders(u.c.session!, path, body, { lang: 'EN' }), appId: app }));
        await u.c.call(`${BANK}/listByPage`, { params: {} });
        const rows = async () =>
          (await sql<Rec>`select user_name, request_path, http_status, result_status from srm_base_interface_logs where app_id = ${app}`.execute(db())).rows;
        await expect.poll(async () => (await rows()).length, { timeout: 15_000 }).toBe(1);
        expect((await rows())[0]).toEqual({ user_name: u.userName, request_path: path, http_status: 200, result_status: 'S' });
      });
    });
  });
}
