// Role-menu and role-resource permit lists with batch save (SPEC §6), and the responsibility's resource
// list: the families baseRoleMenu, baseRoleResource and baseRespResource, bound through the role and
// responsibility screens' sub pages (page.subPages) to those menus' buttons.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';

const USERS = 'baseServer/v1/baseUsersRestful';
const RESP = 'baseServer/v1/baseResponsibilityRestful';
const ROLE = 'baseServer/v1/baseRoleRestful';
const MENU = 'baseServer/v1/baseMenuRestful';
const RES = 'baseServer/v1/baseResourceRestful';
const ROLE_MENU = 'baseServer/v1/baseRoleMenuRestful';
const ROLE_RES = 'baseServer/v1/baseRoleResourceRestful';
const RESP_RES = 'baseServer/v1/baseRespResourceRestful';
const FORBIDDEN = 'You are not permitted to do this';

for (const backend of await backends()) {
  describe(`role permit lists on ${backend}`, () => {
    let t: TestServer;
    let admin: SignedClient;
    const menu: Record<string, number> = {};
    let bankAdd: number;
    let bankSave: number;

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = await signIn(t.url, 'admin');
      for (const code of ['BANK', 'EXCHANGE_RATE', 'ROLE', 'RESPONSIBILITY', 'PERMISSION_MGMT']) {
        // The code filter matches by "contains" (ROLE also finds BPM_PROCESS_ROLE): take the exact one.
        const found = expectOk(await admin.call<Rec[]>(`${MENU}/listByPage`, { params: { menuCode: code } }));
        menu[code] = found.find((m) => m.menuCode === code)!.menuId as number;
      }
      const res = expectOk(await admin.call<Rec[]>(`${RES}/listByPage`, { params: { menuId: menu.BANK }, pageRows: 100 }));
      bankAdd = res.find((r) => r.resourceCode === 'btnAdd')!.resourceId as number;
      bankSave = res.find((r) => r.resourceCode === 'btnSave')!.resourceId as number;
    });
    afterAll(async () => t?.stop());

    const newRole = async () =>
      expectOk(await admin.call<Rec>(`${ROLE}/saveOrUpdate`, { roleCode: uniq('ROLE'), roleName: 'Permit list role' })).roleId as number;
    const rowsOf = async (c: SignedClient, family: string, params: Rec) =>
      expectOk(await c.call<Rec[]>(`${family}/listByPage`, { params, pageRows: 1000 }, { lang: 'EN' }));

    it("lists and batch-saves a role's menus and buttons, which the permit tree then shows checked", async () => {
      const roleId = await newRole();
      const saved = expectOk(
        await admin.call<Rec[]>(`${ROLE_MENU}/doBatchSaveOrUpdate`, {
          data: [
            { roleId, menuId: menu.BANK },
            { roleId, menuId: menu.EXCHANGE_RATE },
          ],
        }),
      );
      expect(saved).toHaveLength(2);
      expectOk(
        await admin.call(`${ROLE_RES}/doBatchSaveOrUpdate`, {
          data: [
            { roleId, resourceId: bankAdd },
            { roleId, resourceId: bankSave },
          ],
        }),
      );

      const menus = await rowsOf(admin, ROLE_MENU, { roleId });
      expect(menus.map((r) => r.menuId).sort()).toEqual([menu.BANK, menu.EXCHANGE_RATE].sort());
      expect(menus.map((r) => (r.menuIdDisplay as string).split(' ')[0]).sort()).toEqual(['BANK', 'EXCHANGE_RATE']);
      const buttons = await rowsOf(admin, ROLE_RES, { roleId });
      expect(buttons.map((r) => r.resourceId).sort()).toEqual([bankAdd, bankSave].sort());

      interface Node {
        code: string;
        nodeType: string;
        checked: boolean;
        children: Node[];
      }
      const flat = (n: Node[]): Node[] => n.flatMap((x) => [x, ...flat(x.children)]);
      const tree = flat(expectOk(await admin.call<Node[]>(`${ROLE}/findMenuTree`, { id: roleId })));
      const bank = tree.find((n) => n.nodeType === 'MENU' && n.code === 'BANK')!;
      expect(bank.checked).toBe(true);
      expect(
        bank.children
          .filter((c) => c.checked)
          .map((c) => c.code)
          .sort(),
      ).toEqual(['btnAdd', 'btnSave']);

      // Batch delete through the list takes the permit away.
      expectOk(await admin.call(`${ROLE_MENU}/doBatchDelete`, { ids: [menus.find((r) => r.menuId === menu.EXCHANGE_RATE)!.roleMenuId] }));
      expect((await rowsOf(admin, ROLE_MENU, { roleId })).map((r) => r.menuId)).toEqual([menu.BANK]);
    });

    it('saves all or nothing: one bad row refuses the whole batch', async () => {
      const roleId = await newRole();
      const bad = await admin.call(
        `${ROLE_MENU}/doBatchSaveOrUpdate`,
        {
          data: [
            { roleId, menuId: menu.BANK },
            { roleId, menuId: 987654 },
          ],
        },
        { lang: 'EN' },
      );
      expectRefusal(bad, 200, /does not exist/);
      expect(await rowsOf(admin, ROLE_MENU, { roleId })).toEqual([]);
      expectRefusal(
        await admin.call(`${ROLE_RES}/doBatchSaveOrUpdate`, { data: [{ roleId, resourceId: bankAdd }, { roleId }] }, { lang: 'EN' }),
        200,
        /required|Resource/,
      );
      expect(await rowsOf(admin, ROLE_RES, { roleId })).toEqual([]);
    });

    it("lists and batch-saves a responsibility's buttons", async () => {
      const respId = expectOk(await admin.call<Rec>(`${RESP}/saveOrUpdate`, { respCode: uniq('R'), respName: 'Permit list resp', userType: 'INTERNAL' }))
        .respId as number;
      expectOk(await admin.call(`${RESP_RES}/doBatchSaveOrUpdate`, { data: [{ respId, resourceId: bankAdd }] }));
      expect((await rowsOf(admin, RESP_RES, { respId })).map((r) => r.resourceId)).toEqual([bankAdd]);
    });

    it('refuses the batch save to a holder of the role menu without its save button, and everything to a buyer', async () => {
      // A responsibility with the role screen but none of its buttons.
      const respId = expectOk(await admin.call<Rec>(`${RESP}/saveOrUpdate`, { respCode: uniq('R'), respName: 'Role reader', userType: 'INTERNAL' }))
        .respId as number;
      expectOk(await admin.call(`${RESP}/saveRespMenus`, { id: respId, checked: [`M${menu.ROLE}`] }));
      const name = uniq('u').toLowerCase();
      expectOk(
        await admin.call(`${USERS}/saveOrUpdate`, { userName: name, userType: 'INTERNAL', passwordHash: 'Perm#Test2026', responsibilities: [{ respId }] }),
      );
      const reader = await signIn(t.url, name, 'EN', 'Perm#Test2026');
      const roleId = await newRole();
      expectOk(await admin.call(`${ROLE_MENU}/doBatchSaveOrUpdate`, { data: [{ roleId, menuId: menu.BANK }] }));

      expect((await rowsOf(reader, ROLE_MENU, { roleId })).map((r) => r.menuId)).toEqual([menu.BANK]);
      expectRefusal(await reader.call(`${ROLE_MENU}/doBatchSaveOrUpdate`, { data: [{ roleId, menuId: menu.EXCHANGE_RATE }] }, { lang: 'EN' }), 403, FORBIDDEN);
      expectRefusal(await reader.call(`${ROLE_RES}/doBatchSaveOrUpdate`, { data: [{ roleId, resourceId: bankAdd }] }, { lang: 'EN' }), 403, FORBIDDEN);
      const row = (await rowsOf(admin, ROLE_MENU, { roleId }))[0];
      expectRefusal(await reader.call(`${ROLE_MENU}/doBatchDelete`, { ids: [row.roleMenuId] }, { lang: 'EN' }), 403, FORBIDDEN);
      // The responsibility's buttons list belongs to another screen: not even readable with the role screen alone.
      expectRefusal(await reader.call(`${RESP_RES}/listByPage`, { params: {} }, { lang: 'EN' }), 403, FORBIDDEN);
      expect((await rowsOf(admin, ROLE_MENU, { roleId })).map((r) => r.menuId)).toEqual([menu.BANK]);
      expect(await rowsOf(admin, ROLE_RES, { roleId })).toEqual([]);

      const buyer = await signIn(t.url, 'buyer01');
      for (const family of [ROLE_MENU, ROLE_RES, RESP_RES]) {
        expectRefusal(await buyer.call(`${family}/listByPage`, { params: {} }, { lang: 'EN' }), 403, FORBIDDEN);
        expectRefusal(await buyer.call(`${family}/doBatchSaveOrUpdate`, { data: [] }, { lang: 'EN' }), 403, FORBIDDEN);
      }
    });
  });
}
