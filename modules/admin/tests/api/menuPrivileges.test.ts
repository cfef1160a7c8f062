// 菜单功能权限 (systemsetting/menuFuncPrivilege): baseRespMenuRestful/listByPageWithRoles answers the
// responsibilities holding a menu directly AND through an enabled role they include, once each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';

const RESP = 'baseServer/v1/baseResponsibilityRestful';
const ROLE = 'baseServer/v1/baseRoleRestful';
const MENU = 'baseServer/v1/baseMenuRestful';
const RESP_MENU = 'baseServer/v1/baseRespMenuRestful';

for (const backend of await backends()) {
  describe(`menu privileges on ${backend}`, () => {
    let t: TestServer;
    let admin: SignedClient;
    let bankMenu: number;
    let rateMenu: number;

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = await signIn(t.url, 'admin');
      const menuId = async (code: string) => expectOk(await admin.call<Rec[]>(`${MENU}/listByPage`, { params: { menuCode: code } }))[0].menuId as number;
      [bankMenu, rateMenu] = await Promise.all([menuId('BANK'), menuId('EXCHANGE_RATE')]);
    });
    afterAll(async () => t?.stop());

    const newResp = async (code: string, roles: number[] = []) =>
      expectOk(
        await admin.call<Rec>(`${RESP}/saveOrUpdate`, { respCode: code, respName: code, userType: 'INTERNAL', roles: roles.map((roleId) => ({ roleId })) }),
      ).respId as number;
    const privileges = async (params: Rec) => expectOk(await admin.call<Rec[]>(`${RESP_MENU}/listByPageWithRoles`, { params, pageRows: 1000 }, { lang: 'EN' }));

    it('lists direct holders and holders through an enabled role, once each, with display texts', async () => {
      const role = expectOk(await admin.call<Rec>(`${ROLE}/saveOrUpdate`, { roleCode: uniq('ROLE'), roleName: 'Bank readers' }));
      expectOk(await admin.call(`${ROLE}/saveRoleMenus`, { id: role.roleId, checked: [`M${bankMenu}`] }));
      const viaRole = await newResp(uniq('VIA'), [role.roleId as number]);
      const direct = await newResp(uniq('DIR'));
      expectOk(await admin.call(`${RESP}/saveRespMenus`, { id: direct, checked: [`M${bankMenu}`] }));
      const both = await newResp(uniq('BOTH'), [role.roleId as number]);
      expectOk(await admin.call(`${RESP}/saveRespMenus`, { id: both, checked: [`M${bankMenu}`, `M${rateMenu}`] }));

      const rows = await privileges({ menuId: bankMenu });
      const mine = rows.filter((r) => [viaRole, direct, both].includes(r.respId as number));
      expect(mine.map((r) => r.respId).sort()).toEqual([viaRole, direct, both].sort());
      expect(rows.every((r) => r.menuId === bankMenu)).toBe(true);
      const of = (id: number) => mine.find((r) => r.respId === id)!;
      // Held only through the role: no base_resp_menu row behind it.
      expect(of(viaRole).respMenuId).toBeNull();
      expect(of(direct).respMenuId).toEqual(expect.any(Number));
      expect(of(both).respMenuId).toEqual(expect.any(Number));
      expect(of(viaRole).menuIdDisplay).toMatch(/^BANK /);
      expect(of(viaRole).respIdDisplay).toMatch(/^VIA-/);
      // The family's plain listByPage stays base_resp_menu: the role's holder is not there.
      const plain = expectOk(await admin.call<Rec[]>(`${RESP_MENU}/listByPage`, { params: { menuId: bankMenu }, pageRows: 1000 }));
      expect(plain.map((r) => r.respId)).not.toContain(viaRole);

      // Filter by responsibility: every menu it holds, its own and its role's.
      expect((await privileges({ respId: both })).map((r) => r.menuId).sort()).toEqual(expect.arrayContaining([bankMenu, rateMenu]));
      expect(await privileges({ respId: viaRole, menuId: rateMenu })).toEqual([]);

      // A disabled role holds nothing.
      expectOk(await admin.call(`${ROLE}/saveOrUpdate`, { ...expectOk(await admin.call<Rec>(`${ROLE}/findById`, { id: role.roleId })), enabledFlag: 'N' }));
      const after = (await privileges({ menuId: bankMenu })).map((r) => r.respId);
      expect(after).not.toContain(viaRole);
      expect(after).toEqual(expect.arrayContaining([direct, both]));
    });

    it('pages with an exact count', async () => {
      const all = await admin.call<Rec[]>(`${RESP_MENU}/listByPageWithRoles`, { params: { menuId: bankMenu }, pageRows: 1000 });
      const second = await admin.call<Rec[]>(`${RESP_MENU}/listByPageWithRoles`, { params: { menuId: bankMenu }, pageRows: 1, pageIndex: 2 });
      expect(expectOk(second)).toEqual([expectOk(all)[1]]);
      expect(second.page).toMatchObject({ count: expectOk(all).length, curIndex: 2, pageRows: 1 });
    });

    it('refuses unknown filters and bad paging, and other users', async () => {
      expectRefusal(
        await admin.call(`${RESP_MENU}/listByPageWithRoles`, { params: { roleId: 1 } }, { lang: 'EN' }),
        200,
        'Unsupported search condition: roleId',
      );
      expectRefusal(
        await admin.call(`${RESP_MENU}/listByPageWithRoles`, { params: { menuId: "1' or 1=1" } }, { lang: 'EN' }),
        200,
        'Unsupported search condition: menuId',
      );
      expectRefusal(await admin.call(`${RESP_MENU}/listByPageWithRoles`, { params: {}, pageRows: 5000 }, { lang: 'EN' }), 200, /page/i);
      for (const user of ['buyer01', 'supplier01']) {
        const c = await signIn(t.url, user);
        expectRefusal(await c.call(`${RESP_MENU}/listByPageWithRoles`, { params: {} }, { lang: 'EN' }), 403, 'You are not permitted to do this');
      }
    });
  });
}
