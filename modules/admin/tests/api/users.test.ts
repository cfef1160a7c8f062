// Users administration (issue 5): CRUD through the generic family, the initial password (hashed,
// never answered), duplicate user names, responsibilities as lines, and who may reach these families.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';

const USERS = 'baseServer/v1/baseUsersRestful';
const RESP = 'baseServer/v1/baseResponsibilityRestful';
const FORBIDDEN = 'You are not permitted to do this';
const HASH = /scrypt\$|passwordHash|password_hash/;

interface User {
  userId: number;
  userName: string;
  userType: string;
  versionNum: number;
  supplierIdDisplay?: string | null;
  responsibilities: Rec[];
}

for (const backend of await backends()) {
  describe(`admin users on ${backend}`, () => {
    let t: TestServer;
    let admin: SignedClient;
    let buyer: SignedClient;
    let buyerRespId: number;

    beforeAll(async () => {
      t = await startTestServer(backend);
      [admin, buyer] = await Promise.all([signIn(t.url, 'admin'), signIn(t.url, 'buyer01')]);
      buyerRespId = expectOk(await admin.call<Rec[]>(`${RESP}/listByPage`, { params: { respCode: 'BUYER' } }))[0].respId as number;
    });
    afterAll(async () => t?.stop());

    it('creates a user with an initial password that logs in, and never answers the hash', async () => {
      const name = uniq('u').toLowerCase();
      const saved = await admin.call<User>(`${USERS}/saveOrUpdate`, {
        userName: name,
        userFullName: 'New Buyer',
        userType: 'INTERNAL',
        email: `${name}@example.com`,
        enabledFlag: 'Y',
        passwordHash: 'Init#Pass2026',
        responsibilities: [{ respId: buyerRespId, startDate: '2026-01-01' }],
      });
      const user = expectOk(saved);
      expect(JSON.stringify(saved)).not.toMatch(HASH);
      expect(user.responsibilities.map((r) => r.respIdDisplay)).toEqual(['BUYER 采购员']);
      const stored = (await t.app.ctx.db
        .selectFrom('base_users' as never)
        .select('password_hash' as never)
        .where('user_id' as never, '=', user.userId as never)
        .executeTakeFirst()) as { password_hash: string };
      expect(stored.password_hash).toMatch(/^scrypt\$/);
      // The new user signs in with that password and holds the responsibility given on the form.
      const c = await signIn(t.url, name, 'EN', 'Init#Pass2026');
      expect(c.session!.responsibilities.map((r) => r.respName)).toEqual(['Buyer']);
      // Reading back: findById, listByPage and the OpenAPI document never carry the hash.
      const one = await admin.call(`${USERS}/findById`, { id: user.userId });
      const list = await admin.call(`${USERS}/listByPage`, { params: { userName: name } });
      expect(JSON.stringify(one) + JSON.stringify(list)).not.toMatch(/scrypt\$|passwordHash/);
      const openapi = await (await fetch(`${t.url}/api/openapi.json`)).text();
      expect(openapi).not.toMatch(/"passwordHash"\s*:\s*\{[^}]*"type"/);
      // Filtering or sorting on the hidden field is refused like any unknown field.
      expectRefusal(
        await admin.call(`${USERS}/listByPage`, { params: { passwordHash: stored.password_hash } }, { lang: 'EN' }),
        200,
        'Unsupported search condition: passwordHash',
      );
      expectRefusal(
        await admin.call(`${USERS}/listByPage`, { sort: [{ field: 'passwordHash', order: 'asc' }] }, { lang: 'EN' }),
        200,
        'Unsupported sort field: passwordHash',
      );
    });

    it('requires the initial password on insert and keeps the stored hash when an update leaves it empty', async () => {
      const name = uniq('u').toLowerCase();
      expectRefusal(await admin.call(`${USERS}/saveOrUpdate`, { userName: name, userType: 'INTERNAL' }, { lang: 'EN' }), 200, /Initial password is required/);
      expect(expectOk(await admin.call<Rec[]>(`${USERS}/listByPage`, { params: { userName: name } }))).toEqual([]);
      // The password rules apply to an initial password too.
      expectRefusal(
        await admin.call(`${USERS}/saveOrUpdate`, { userName: name, userType: 'INTERNAL', passwordHash: 'short' }, { lang: 'EN' }),
        200,
        /The new password does not meet the password rules: The password must have at least 8 characters/,
      );
      expect(expectOk(await admin.call<Rec[]>(`${USERS}/listByPage`, { params: { userName: name } }))).toEqual([]);
      const user = expectOk(await admin.call<User>(`${USERS}/saveOrUpdate`, { userName: name, userType: 'INTERNAL', passwordHash: 'First#Pass1' }));
      const updated = expectOk(
        await admin.call<User & { userFullName: string }>(`${USERS}/saveOrUpdate`, {
          userId: user.userId,
          versionNum: user.versionNum,
          userFullName: 'Renamed',
          passwordHash: '',
        }),
      );
      expect(updated.userFullName).toBe('Renamed');
      await signIn(t.url, name, 'EN', 'First#Pass1');
    });

    it('refuses a duplicate user name with a clear message in the caller language, changing nothing', async () => {
      const before = expectOk(await admin.call<Rec[]>(`${USERS}/listByPage`, { params: { userName: 'buyer01' } }));
      expectRefusal(
        await admin.call(`${USERS}/saveOrUpdate`, { userName: 'buyer01', userType: 'INTERNAL', passwordHash: 'Xx#12345678' }, { lang: 'EN' }),
        200,
        'User name "buyer01" already exists',
      );
      expectRefusal(
        await admin.call(`${USERS}/saveOrUpdate`, { userName: 'buyer01', userType: 'INTERNAL', passwordHash: 'Xx#12345678' }, { lang: 'CN' }),
        200,
        /^用户名“buyer01”已存在$/,
      );
      expect(expectOk(await admin.call<Rec[]>(`${USERS}/listByPage`, { params: { userName: 'buyer01' } }))).toEqual(before);
    });

    it('lists external users with their supplier (user2) and refuses an unknown supplier', async () => {
      const ext = expectOk(await admin.call<User[]>(`${USERS}/listByPage`, { params: { userType: 'EXTERNAL' }, sort: [{ field: 'userName', order: 'asc' }] }));
      expect(ext.map((u) => [u.userName, u.supplierIdDisplay])).toEqual([
        ['supplier01', 'S-0001 华东精密钢材有限公司'],
        ['supplier02', 'S-0002 Siam Electronic Components Co., Ltd.'],
      ]);
      expectRefusal(
        await admin.call(
          `${USERS}/saveOrUpdate`,
          { userName: uniq('x'), userType: 'EXTERNAL', supplierId: 987654, passwordHash: 'Xx#12345678' },
          { lang: 'EN' },
        ),
        200,
        /Supplier/,
      );
    });

    it('is reachable only with the administration menus: a buyer gets 403 on every users and responsibility call', async () => {
      // A screen that picks a user (the buyer's e-signature accounts: an account's owner) lets its holder
      // list and show users to pick from, as every reference does (server/acl/bindings.ts); nothing secret
      // comes with them, and nothing else of the users administration is open.
      const listed = expectOk(await buyer.call<Record<string, unknown>[]>(`${USERS}/listByPage`, {}));
      expect(listed.length).toBeGreaterThan(0);
      expect(JSON.stringify(listed)).not.toMatch(/passwordHash|"password"|signKey|authorizationCode/i);
      for (const [path, body] of [
        [`${USERS}/saveOrUpdate`, { userName: uniq('x'), userType: 'INTERNAL', passwordHash: 'Xx#12345678' }],
        [`${RESP}/listByPage`, {}],
        [`${RESP}/findMenuTree`, { id: buyerRespId }],
        [`${RESP}/saveRespMenus`, { id: buyerRespId, checked: [] }],
      ] as const) {
        expectRefusal(await buyer.call(path, body), 403, FORBIDDEN);
      }
    });
  });
}
