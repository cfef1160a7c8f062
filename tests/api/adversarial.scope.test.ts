// Adversarial suite, part 3: save rights are a screen's, not an entity's. A save writes only what the
// screen granting it edits (no mass assignment across screens), never a password on update, never a
// responsibility of the other user type; ownership holds for a supplier that does hold delete/save;
// buttons outside the families (cache, lookups) need their resource. Each refusal exact; each followed
// by a fingerprint or read-back proving nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type RawBuilder } from 'kysely';
import { backends, startTestServer, type TestServer } from '../support/testServer.js';
import { BANK, SUPPLIER, expectOk, expectRefusal, freshIp, oaep, publicKey, rawLogin, signIn, uniq, type Rec } from '../support/apiHelpers.js';
import { PASSWORD, fingerprint, fingerprints, makeResponsibility, makeUser, rowOf } from '../support/adversary.js';

const FORBIDDEN = 'You are not permitted to do this';
const NOT_SUPPLIER = 'Supplier does not exist or has been deleted';
const USERS = 'baseServer/v1/baseUsersRestful';
const RESP = 'baseServer/v1/baseResponsibilityRestful';
const REDIS = 'baseServer/v1/baseRedisRestful';
const LOOKUP_VALUES = 'baseServer/v1/baseLookupValuesRestful';
const PASSWORD_HERE = 'Initial password cannot be changed here: use Reset password on the users list or Change password in the user centre';
/** The columns of a user an escalation or takeover would change. */
const USER_COLUMNS = [
  'user_name',
  'user_full_name',
  'user_type',
  'supplier_id',
  'institution_id',
  'email',
  'phone',
  'language_code',
  'password_hash',
  'enabled_flag',
  'start_date',
  'end_date',
];
const RESP_COLUMNS = ['resp_code', 'resp_name', 'resp_name_en', 'user_type', 'enabled_flag'];

const pick = (row: Rec | undefined, cols: string[]) => Object.fromEntries(cols.map((c) => [c, row?.[c]]));

for (const backend of await backends()) {
  describe(`adversarial: screen-scoped saves, user types, ownership, buttons outside families on ${backend}`, () => {
    let t: TestServer;
    let key: string;
    let sysAdmin: number;
    let buyerResp: number;
    let supplierA: number;
    let supplierB: number;
    const db = () => t.app.ctx.db;
    const one = async <T>(q: RawBuilder<T>) => (await q.execute(db())).rows[0];
    const respOf = (code: string) => one(sql<{ id: number }>`select resp_id as id from base_responsibility where resp_code = ${code}`).then((r) => r!.id);
    const holder = async (menus: string[], resources: string[], opts: { type?: 'INTERNAL' | 'EXTERNAL'; supplierId?: number } = {}) => {
      const resp = await makeResponsibility(db(), menus, resources, opts.type ?? 'INTERNAL');
      const u = await makeUser(db(), { resps: [resp], type: opts.type, supplierId: opts.supplierId });
      return { ...u, resp, c: await signIn(t.url, u.userName) };
    };
    const userRow = async (userId: number) => pick(await rowOf(db(), 'base_users', 'user_id', userId), USER_COLUMNS);
    const respRow = async (respId: number) => pick(await rowOf(db(), 'base_responsibility', 'resp_id', respId), RESP_COLUMNS);
    const login = (userName: string, password: string) => rawLogin(t.url, { userName, password: oaep(key, password) }, { ip: freshIp() });

    beforeAll(async () => {
      t = await startTestServer(backend);
      key = await publicKey(t.url);
      [sysAdmin, buyerResp] = [await respOf('SYS_ADMIN'), await respOf('BUYER')];
      const suppliers = (
        await sql<{
          supplier_id: number;
        }>`select supplier_id from srm_pos_supplier_info where supplier_number in ('S-0001', 'S-0002') order by supplier_number`.execute(db())
      ).rows;
      [supplierA, supplierB] = suppliers.map((s) => s.supplier_id);
    });
    afterAll(async () => t?.stop());

    describe('mass assignment across screens', () => {
      it('47. user permits (USER_AUTHORISATION:btnSave) cannot give SYS_ADMIN, change type, supplier, state or password of a user; its own lines save', async () => {
        const victim = await makeUser(db());
        const { c } = await holder(['USER_AUTHORISATION'], ['USER_AUTHORISATION:btnSave']);
        const institutionId = (await one(sql<{ id: number }>`select min(institution_id) as id from base_institution`))!.id;
        const before = { user: await userRow(victim.userId), resps: await fingerprint(db(), 'base_user_resp') };
        const record = expectOk(await c.call<Rec>(`${USERS}/findById`, { id: victim.userId }));
        const attack = {
          ...record,
          userName: 'admin2',
          userFullName: 'hijacked',
          userType: 'EXTERNAL',
          supplierId: supplierB,
          enabledFlag: 'N',
          endDate: '2000-01-01',
          email: 'attacker@example.com',
          passwordHash: 'Takeover#2026',
          responsibilities: [{ respId: sysAdmin }],
          orgPermits: [{ institutionId }],
        };
        const saved = expectOk(await c.call<Rec>(`${USERS}/saveOrUpdate`, attack));
        expect(saved).toMatchObject({ userName: victim.userName, userType: 'INTERNAL', enabledFlag: 'Y', supplierId: null, responsibilities: [] });
        expect((saved.orgPermits as Rec[]).map((p) => p.institutionId)).toEqual([institutionId]);
        expectOk(await c.call(`${USERS}/doBatchSaveOrUpdate`, { data: [{ ...attack, versionNum: saved.versionNum, orgPermits: saved.orgPermits }] }));
        expect(await userRow(victim.userId)).toEqual(before.user);
        expect(await fingerprint(db(), 'base_user_resp')).toBe(before.resps);
        expectOk(await login(victim.userName, PASSWORD));
        // Creating a user is not this screen's either: it has no create button (case 57).
        const users = await fingerprint(db(), 'base_users');
        expectRefusal(
          await c.call(`${USERS}/saveOrUpdate`, {
            userName: uniq('evil'),
            userType: 'INTERNAL',
            passwordHash: 'Evil#Pass2026',
            responsibilities: [{ respId: sysAdmin }],
          }),
          403,
          FORBIDDEN,
        );
        expect(await fingerprint(db(), 'base_users')).toBe(users);
      });

      it('48. responsibility assignment (USER_RESPONSIBILITY:btnSave) cannot add roles, rename, retype or disable a responsibility, nor save its menus; its users line saves', async () => {
        const { c } = await holder(['USER_RESPONSIBILITY'], ['USER_RESPONSIBILITY:btnSave']);
        const target = await makeResponsibility(db(), ['BANK'], []);
        const member = await makeUser(db());
        const role = (await one(
          sql<{ id: number }>`insert into base_role (role_code, role_name) values (${uniq('ROLE')}, 'all menus') returning role_id as id`,
        ))!.id;
        await sql`insert into base_role_menu (role_id, menu_id) select ${role}, menu_id from base_menu`.execute(db());
        const tables = ['base_resp_role', 'base_resp_menu', 'base_resp_resource'];
        const before = { resp: await respRow(target), links: await fingerprints(db(), tables) };
        const record = expectOk(await c.call<Rec>(`${RESP}/findById`, { id: target }));
        const saved = expectOk(
          await c.call<Rec>(`${RESP}/saveOrUpdate`, {
            ...record,
            respName: 'hijacked',
            userType: 'EXTERNAL',
            enabledFlag: 'N',
            roles: [{ roleId: role }],
            users: [{ userId: member.userId }],
          }),
        );
        expect(saved).toMatchObject({ respName: record.respName, userType: 'INTERNAL', enabledFlag: 'Y', roles: [] });
        expect((saved.users as Rec[]).map((u) => u.userId)).toEqual([member.userId]);
        const menuKey = `M${(await one(sql<{ id: number }>`select menu_id as id from base_menu where menu_code = 'USER'`))!.id}`;
        expectRefusal(await c.call(`${RESP}/saveRespMenus`, { id: target, checked: [menuKey] }), 403, FORBIDDEN);
        expect(await respRow(target)).toEqual(before.resp);
        expect(await fingerprints(db(), tables)).toEqual(before.links);
      });

      it('49. a password is never set by saveOrUpdate on update, not even by a full user administrator; the initial one on insert works', async () => {
        const { c } = await holder(['USER'], ['USER:btnAdd', 'USER:btnEdit', 'USER:btnSave']);
        const userName = uniq('init').toLowerCase();
        const created = expectOk(await c.call<Rec>(`${USERS}/saveOrUpdate`, { userName, userType: 'INTERNAL', passwordHash: 'Init#Pass2026' }));
        expect(created).not.toHaveProperty('passwordHash');
        expectOk(await login(userName, 'Init#Pass2026'));
        const id = created.userId as number;
        const before = await userRow(id);
        expectRefusal(await c.call(`${USERS}/saveOrUpdate`, { ...created, passwordHash: 'Other#Pass2026' }), 200, PASSWORD_HERE);
        expectRefusal(
          await c.call(`${USERS}/doBatchSaveOrUpdate`, { data: [{ ...created, passwordHash: 'Other#Pass2026' }] }),
          200,
          `Record 1: ${PASSWORD_HERE}`,
        );
        const cn = await c.call(`${USERS}/saveOrUpdate`, { ...created, passwordHash: 'Other#Pass2026' }, { lang: 'CN' });
        expectRefusal(cn, 200, '初始密码不能在此修改：请使用用户列表的“重置密码”或个人中心的“修改密码”');
        expect(await userRow(id)).toEqual(before);
        expectOk(await login(userName, 'Init#Pass2026'));
        // A weak initial password is refused by the rules like any other.
        expectRefusal(
          await c.call(`${USERS}/saveOrUpdate`, { userName: uniq('weak'), userType: 'INTERNAL', passwordHash: 'weak' }),
          200,
          /^The new password does not meet the password rules: /,
        );
      });
    });

    describe('a responsibility is for one user type', () => {
      const mismatch = (resp: string, respType: string, user: string, userType: string) =>
        `Responsibility "${resp}" (${respType}) cannot be given to ${user} (${userType}): the user types must match`;

      it('50. the users screen refuses an internal responsibility for an external user, and a type change that would mismatch, in four languages', async () => {
        const { c } = await holder(['USER2', 'USER'], ['USER2:btnAdd', 'USER2:btnSave', 'USER:btnAdd', 'USER:btnSave']);
        const userName = uniq('ext').toLowerCase();
        const tables = ['base_users', 'base_user_resp'];
        const before = await fingerprints(db(), tables);
        const body = { userName, userType: 'EXTERNAL', supplierId: supplierA, passwordHash: 'Init#Pass2026', responsibilities: [{ respId: buyerResp }] };
        expectRefusal(await c.call(`${USERS}/saveOrUpdate`, body), 200, mismatch('Buyer', 'Internal user', userName, 'External user'));
        const translated: Record<string, string> = {
          CN: `职责“采购员”（内部用户）不能分配给 ${userName}（外部用户）：用户类型必须一致`,
          TH: `ไม่สามารถมอบหน้าที่รับผิดชอบ “ผู้จัดซื้อ” (ผู้ใช้ภายใน) ให้ ${userName} (ผู้ใช้ภายนอก) ได้: ประเภทผู้ใช้ต้องตรงกัน`,
          VN: `Không thể giao trách nhiệm “Nhân viên mua hàng” (Người dùng nội bộ) cho ${userName} (Người dùng bên ngoài): loại người dùng phải khớp nhau`,
        };
        for (const [lang, msg] of Object.entries(translated)) expectRefusal(await c.call(`${USERS}/saveOrUpdate`, body, { lang }), 200, msg);
        expect(await fingerprints(db(), tables)).toEqual(before);
        // An internal user holding BUYER cannot become external while it holds it.
        const buyer = await makeUser(db(), { resps: [buyerResp] });
        const rec = expectOk(await c.call<Rec>(`${USERS}/findById`, { id: buyer.userId }));
        const row = await userRow(buyer.userId);
        expectRefusal(
          await c.call(`${USERS}/saveOrUpdate`, { ...rec, userType: 'EXTERNAL', supplierId: supplierA }),
          200,
          mismatch('Buyer', 'Internal user', buyer.userName, 'External user'),
        );
        expect(await userRow(buyer.userId)).toEqual(row);
        // The matching responsibility is accepted.
        const portal = await respOf('SUPPLIER_PORTAL');
        expectOk(await c.call(`${USERS}/saveOrUpdate`, { ...body, responsibilities: [{ respId: portal }] }));
      });

      it('51. the assignment screens refuse an external user on an internal responsibility, and retyping a responsibility its users do not fit', async () => {
        const { c } = await holder(['USER_RESPONSIBILITY', 'RESPONSIBILITY'], ['USER_RESPONSIBILITY:btnSave', 'RESPONSIBILITY:btnSave']);
        const target = await makeResponsibility(db(), ['BANK'], []);
        const external = await makeUser(db(), { type: 'EXTERNAL', supplierId: supplierA });
        const internal = await makeUser(db(), { resps: [target] });
        const tables = ['base_responsibility', 'base_user_resp'];
        const before = await fingerprints(db(), tables);
        const rec = expectOk(await c.call<Rec>(`${RESP}/findById`, { id: target }));
        const respName = String(rec.respNameEn ?? rec.respName);
        expectRefusal(
          await c.call(`${RESP}/saveOrUpdate`, { ...rec, users: [...(rec.users as Rec[]), { userId: external.userId }] }),
          200,
          mismatch(respName, 'Internal user', external.userName, 'External user'),
        );
        expectRefusal(
          await c.call(`${RESP}/saveOrUpdate`, { ...rec, userType: 'EXTERNAL' }),
          200,
          mismatch(respName, 'External user', internal.userName, 'Internal user'),
        );
        expect(await fingerprints(db(), tables)).toEqual(before);
      });
    });

    describe('ownership for a supplier that holds delete and save', () => {
      it('52. supplier A with btnDelete/btnSave on the supplier list cannot delete or update supplier B by id; its own row is reached (and kept)', async () => {
        const a = await holder(['SUPPLIER_LIST'], ['SUPPLIER_LIST:btnDelete', 'SUPPLIER_LIST:btnSave', 'SUPPLIER_LIST:btnEdit'], {
          type: 'EXTERNAL',
          supplierId: supplierA,
        });
        const b = (await rowOf(db(), 'srm_pos_supplier_info', 'supplier_id', supplierB))!;
        const before = await fingerprint(db(), 'srm_pos_supplier_info');
        expectRefusal(await a.c.call(`${SUPPLIER}/delete`, { id: supplierB }), 200, NOT_SUPPLIER);
        expectRefusal(await a.c.call(`${SUPPLIER}/doBatchDelete`, { ids: [supplierB] }), 200, `Record 1: ${NOT_SUPPLIER}`);
        const update = { supplierId: supplierB, versionNum: b.version_num, supplierName: 'taken over', contactName: 'A' };
        expectRefusal(await a.c.call(`${SUPPLIER}/saveOrUpdate`, update), 200, NOT_SUPPLIER);
        expectRefusal(await a.c.call(`${SUPPLIER}/doBatchSaveOrUpdate`, { data: [update] }), 200, `Record 1: ${NOT_SUPPLIER}`);
        // A supplier never creates a supplier row.
        expectRefusal(await a.c.call(`${SUPPLIER}/saveOrUpdate`, { supplierNumber: uniq('S'), supplierName: 'new' }), 403, FORBIDDEN);
        // The resources are real: its own row is reached — and kept, being in use by its users.
        expectRefusal(await a.c.call(`${SUPPLIER}/delete`, { id: supplierA }), 200, 'This record is used by other documents and cannot be deleted');
        expect(await fingerprint(db(), 'srm_pos_supplier_info')).toBe(before);
      });
    });

    describe('buttons outside the families', () => {
      it('53. cache management: holding the menu lets keys be listed; view, delete and rebuild need their buttons, and nothing changes', async () => {
        const { c } = await holder(['REDIS', 'REDIS_MANAGE'], []);
        const marker = `lookup:ZZ_${uniq('M')}`;
        await t.app.ctx.cache.set(marker, '["kept"]', 600);
        expectOk(await c.call(`${REDIS}/findKeys`, { pattern: 'lookup:*' }));
        expectRefusal(await c.call(`${REDIS}/findValue`, { key: marker }), 403, FORBIDDEN);
        expectRefusal(await c.call(`${REDIS}/deleteKey`, { key: marker }), 403, FORBIDDEN);
        expectRefusal(await c.call(`${LOOKUP_VALUES}/createLookupRedisCache`, {}), 403, FORBIDDEN);
        expect(await t.app.ctx.cache.get(marker)).toBe('["kept"]');
        // With the buttons the same calls work (the refusals above are the buttons', not the menu's).
        const full = await holder(['REDIS_MANAGE'], ['REDIS_MANAGE:btnView', 'REDIS_MANAGE:btnDelete']);
        expectOk(await full.c.call(`${REDIS}/findValue`, { key: marker }));
        expectOk(await full.c.call(`${REDIS}/deleteKey`, { key: marker }));
        expect(await t.app.ctx.cache.get(marker)).toBeNull();
      });

      it('54. lookups saveOrUpdateALL with the lookup menus but without btnSave: 403, no value changed', async () => {
        const { c } = await holder(['LOOKUP_TYPE', 'LOOKUP_VALUES'], ['LOOKUP_TYPE:btnSave']);
        const before = await fingerprint(db(), 'base_lookup_values');
        const values = expectOk(await c.call<Rec[]>(`${LOOKUP_VALUES}/find`, { lookupType: 'USER_TYPE' }));
        const data = [...values.map((v) => ({ ...v, meaning: 'hijacked', enabledFlag: 'N' })), { lookupCode: 'ROOT', meaning: 'root' }];
        expectRefusal(await c.call(`${LOOKUP_VALUES}/saveOrUpdateALL`, { lookupType: 'USER_TYPE', data }), 403, FORBIDDEN);
        expectRefusal(await c.call(`${LOOKUP_VALUES}/doBatchSaveOrUpdate`, { data }), 403, FORBIDDEN);
        expect(await fingerprint(db(), 'base_lookup_values')).toBe(before);
      });
    });

    describe('user name check', () => {
      it('55. validateUserName tells a taken name (any case) from a free one, only to holders of a users screen', async () => {
        const { c } = await holder(['USER'], []);
        const admin = (await one(sql<{ id: number }>`select user_id as id from base_users where user_name = 'admin'`))!.id;
        expect(expectOk(await c.call(`${USERS}/validateUserName`, { userName: ' ADMIN ' }))).toEqual({ exists: true, userId: admin });
        expect(expectOk(await c.call(`${USERS}/validateUserName`, { userName: uniq('free') }))).toEqual({ exists: false, userId: null });
        expectRefusal(await c.call(`${USERS}/validateUserName`, { userName: '' }), 200, 'Malformed request: userName');
        const bank = await holder(['BANK'], []);
        expectRefusal(await bank.c.call(`${USERS}/validateUserName`, { userName: 'admin' }), 403, FORBIDDEN);
      });
    });

    describe('creating needs the create button', () => {
      it('57. with 编辑 and 保存 but not 新增, banks are updated but none is inserted (single or in a batch); with 新增 they are', async () => {
        const editor = await holder(['BANK'], ['BANK:btnEdit', 'BANK:btnSave']);
        const bank = (await one(sql<{ bank_id: number; version_num: number }>`select bank_id, version_num from srm_base_bank order by bank_id limit 1`))!;
        const record = expectOk(await editor.c.call<Rec>(`${BANK}/findById`, { id: bank.bank_id }));
        const before = await fingerprint(db(), 'srm_base_bank');
        const fresh = () => ({ bankCode: uniq('NB'), bankName: 'new bank' });
        expectRefusal(await editor.c.call(`${BANK}/saveOrUpdate`, fresh()), 403, FORBIDDEN);
        // A batch that updates one and slips in one new row is refused whole.
        expectRefusal(await editor.c.call(`${BANK}/doBatchSaveOrUpdate`, { data: [{ ...record, remark: 'edited' }, fresh()] }), 403, FORBIDDEN);
        expect(await fingerprint(db(), 'srm_base_bank')).toBe(before);
        // Updating stays this user's.
        expectOk(await editor.c.call(`${BANK}/saveOrUpdate`, { ...record, remark: 'edited by the editor' }));
        const creator = await holder(['BANK'], ['BANK:btnAdd', 'BANK:btnSave']);
        expectOk(await creator.c.call(`${BANK}/saveOrUpdate`, fresh()));
      });
    });
  });
}
