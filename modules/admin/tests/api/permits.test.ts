// Responsibilities, roles and their permit trees (SPEC §3 tree node, §4 tree checking, §6 permit lists
// with batch save): what is stored, all or nothing, and what the holders then see and may call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { BANK, expectOk, expectRefusal, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';

const USERS = 'baseServer/v1/baseUsersRestful';
const RESP = 'baseServer/v1/baseResponsibilityRestful';
const ROLE = 'baseServer/v1/baseRoleRestful';
const MENU = 'baseServer/v1/baseMenuRestful';
const RES = 'baseServer/v1/baseResourceRestful';
const FORBIDDEN = 'You are not permitted to do this';
const BAD_KEYS = 'Invalid permission nodes: reload the tree and check them again';

interface Node {
  key: string;
  nodeType: 'MENU' | 'RESOURCE';
  code: string;
  title: string;
  checked: boolean;
  checkFlag: 'Y' | 'N';
  treeFullPath: string;
  isEdit: boolean;
  expand: boolean;
  children: Node[];
}
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const find = (nodes: Node[], menu: string, resource?: string): Node => {
  const m = flat(nodes).find((n) => n.nodeType === 'MENU' && n.code === menu)!;
  return resource ? m.children.find((c) => c.code === resource)! : m;
};
const checkedCodes = (nodes: Node[]): string[] => {
  const out: string[] = [];
  const walk = (list: Node[], parent: string) => {
    for (const n of list) {
      if (n.checked) out.push(n.nodeType === 'RESOURCE' ? `${parent}:${n.code}` : n.code);
      walk(n.children, n.code);
    }
  };
  walk(nodes, '');
  return out.sort();
};
interface MenuNode {
  menuCode: string;
  children: MenuNode[];
}
const menuCodes = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.menuCode, ...menuCodes(n.children)]).sort();

for (const backend of await backends()) {
  describe(`admin permits on ${backend}`, () => {
    let t: TestServer;
    let admin: SignedClient;
    let tree: Node[];

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = await signIn(t.url, 'admin');
      // The node keys the tests check with: the tree of an empty responsibility.
      tree = expectOk(await admin.call<Node[]>(`${RESP}/findMenuTree`, { id: (await newResp()).respId }));
    });
    afterAll(async () => t?.stop());

    async function newResp(extra: Rec = {}): Promise<{ respId: number; versionNum: number }> {
      return expectOk(
        await admin.call<{ respId: number; versionNum: number }>(`${RESP}/saveOrUpdate`, {
          respCode: uniq('R'),
          respName: '测试职责',
          respNameEn: 'Test responsibility',
          userType: 'INTERNAL',
          ...extra,
        }),
      );
    }
    async function newUser(respIds: number[]): Promise<string> {
      const name = uniq('u').toLowerCase();
      expectOk(
        await admin.call(`${USERS}/saveOrUpdate`, {
          userName: name,
          userType: 'INTERNAL',
          passwordHash: 'Perm#Test2026',
          responsibilities: respIds.map((respId) => ({ respId })),
        }),
      );
      return name;
    }

    it('answers the whole menu tree with resources as leaves, every SPEC §3 tree node field set', async () => {
      const r = await newResp();
      const tree = expectOk(await admin.call<Node[]>(`${RESP}/findMenuTree`, { id: r.respId }, { lang: 'EN' }));
      const bank = find(tree, 'BANK');
      expect(bank).toMatchObject({ nodeType: 'MENU', title: 'Banks', checked: false, checkFlag: 'N', isEdit: false, expand: false });
      expect(bank.treeFullPath).toBe(`${find(tree, 'BASE_DATA').key}/${bank.key}`);
      expect(bank.children.map((c) => c.code).slice(0, 5)).toEqual(['btnAdd', 'btnEdit', 'btnView', 'btnSave', 'btnDelete']);
      expect(bank.children.every((c) => c.nodeType === 'RESOURCE' && c.children.length === 0)).toBe(true);
      expect(find(tree, 'BANK', 'btnAdd').treeFullPath).toBe(`${bank.treeFullPath}/${find(tree, 'BANK', 'btnAdd').key}`);
      expect(checkedCodes(tree)).toEqual([]);
      // The administrator's own responsibility holds everything.
      const sysAdmin = expectOk(await admin.call<Rec[]>(`${RESP}/listByPage`, { params: { respCode: 'SYS_ADMIN' } }))[0];
      const full = expectOk(await admin.call<Node[]>(`${RESP}/findMenuTree`, { id: sysAdmin.respId }));
      expect(flat(full).every((n) => n.checked && n.checkFlag === 'Y')).toBe(true);
    });

    it('saves a menu with two buttons: ancestors are held too, and the holder sees exactly that', async () => {
      const r = await newResp();
      const checked = [find(tree, 'BANK', 'btnAdd').key, find(tree, 'BANK', 'btnEdit').key];
      expect(expectOk(await admin.call(`${RESP}/saveRespMenus`, { id: r.respId, checked }))).toEqual({ menus: 2, resources: 2 });
      const after = expectOk(await admin.call<Node[]>(`${RESP}/findMenuTree`, { id: r.respId }));
      expect(checkedCodes(after)).toEqual(['BANK', 'BANK:btnAdd', 'BANK:btnEdit', 'BASE_DATA']);

      const user = await signIn(t.url, await newUser([r.respId]), 'EN', 'Perm#Test2026');
      const menus = expectOk(await user.call<MenuNode[]>(`${MENU}/findMenuByResp`, { respId: r.respId }));
      expect(menuCodes(menus)).toEqual(['BANK', 'BASE_DATA']);
      const bankMenuId = find(tree, 'BANK').key.slice(1);
      const buttons = expectOk(await user.call<Rec[]>(`${RES}/findByRespAndMenu`, { respId: r.respId, menuId: Number(bankMenuId) }));
      expect(buttons.map((b) => b.resourceCode)).toEqual(['btnAdd', 'btnEdit']);
      expectOk(await user.call(`${BANK}/listByPage`, {}));
      // btnSave and btnDelete were not given: their calls are refused.
      expectRefusal(await user.call(`${BANK}/saveOrUpdate`, { bankCode: uniq('B'), bankName: 'x' }), 403, FORBIDDEN);
      expectRefusal(await user.call(`${BANK}/doBatchDelete`, { ids: [1] }), 403, FORBIDDEN);
    });

    it('is all or nothing: one unknown or malformed key leaves the stored permits as they were', async () => {
      const r = await newResp();
      expectOk(await admin.call(`${RESP}/saveRespMenus`, { id: r.respId, checked: [find(tree, 'MATERIAL').key] }));
      for (const checked of [[find(tree, 'BANK').key, 'M999999999'], [find(tree, 'BANK').key, 'R999999999'], ['X1'], [7], 'M1', null]) {
        expectRefusal(await admin.call(`${RESP}/saveRespMenus`, { id: r.respId, checked }, { lang: 'EN' }), 200, BAD_KEYS);
      }
      expect(checkedCodes(expectOk(await admin.call<Node[]>(`${RESP}/findMenuTree`, { id: r.respId })))).toEqual(['BASE_DATA', 'MATERIAL']);
      expectRefusal(await admin.call(`${RESP}/saveRespMenus`, { id: 987654321, checked: [] }, { lang: 'EN' }), 200, /does not exist/);
      // Unchecking everything is a valid save.
      expectOk(await admin.call(`${RESP}/saveRespMenus`, { id: r.respId, checked: [] }));
      expect(checkedCodes(expectOk(await admin.call<Node[]>(`${RESP}/findMenuTree`, { id: r.respId })))).toEqual([]);
    });

    it('a responsibility including roles holds the union of its own and its roles permits', async () => {
      const role = expectOk(await admin.call<{ roleId: number }>(`${ROLE}/saveOrUpdate`, { roleCode: uniq('ROLE'), roleName: '汇率维护' }));
      expectOk(
        await admin.call(`${ROLE}/saveRoleMenus`, {
          id: role.roleId,
          checked: [find(tree, 'EXCHANGE_RATE', 'btnSave').key, find(tree, 'EXCHANGE_RATE', 'btnAdd').key],
        }),
      );
      const roleTree = expectOk(await admin.call<Node[]>(`${ROLE}/findMenuTree`, { id: role.roleId }));
      expect(checkedCodes(roleTree)).toEqual(['BASE_DATA', 'EXCHANGE_RATE', 'EXCHANGE_RATE:btnAdd', 'EXCHANGE_RATE:btnSave']);

      const r = await newResp({ roles: [{ roleId: role.roleId }] });
      expectOk(await admin.call(`${RESP}/saveRespMenus`, { id: r.respId, checked: [find(tree, 'BANK', 'btnView').key] }));
      const saved = expectOk(await admin.call<{ roles: Rec[] }>(`${RESP}/findById`, { id: r.respId }));
      expect(saved.roles.map((x) => x.roleId)).toEqual([role.roleId]);

      const user = await signIn(t.url, await newUser([r.respId]), 'EN', 'Perm#Test2026');
      expect(menuCodes(expectOk(await user.call<MenuNode[]>(`${MENU}/findMenuByResp`, { respId: r.respId })))).toEqual(['BANK', 'BASE_DATA', 'EXCHANGE_RATE']);
      const rateMenuId = Number(find(tree, 'EXCHANGE_RATE').key.slice(1));
      const rateButtons = expectOk(await user.call<Rec[]>(`${RES}/findByRespAndMenu`, { respId: r.respId, menuId: rateMenuId }));
      expect(rateButtons.map((b) => b.resourceCode)).toEqual(['btnAdd', 'btnSave']);
      // The role's btnSave allows saving exchange rates; the responsibility's own BANK holds no save.
      expectOk(
        await user.call('srmServer/v1/srmBaseExchangeRateRestful/saveOrUpdate', { fromCurrency: 'USD', toCurrency: 'CNY', rateDate: '2026-06-01', rate: 7.2 }),
      );
      expectRefusal(await user.call(`${BANK}/saveOrUpdate`, { bankCode: uniq('B'), bankName: 'x' }), 403, FORBIDDEN);

      // A disabled role stops counting: a new session of the same user no longer holds its menu.
      const current = expectOk(await admin.call<{ versionNum: number }>(`${ROLE}/findById`, { id: role.roleId }));
      expectOk(await admin.call(`${ROLE}/saveOrUpdate`, { roleId: role.roleId, versionNum: current.versionNum, enabledFlag: 'N' }));
      const again = await signIn(t.url, user.session!.userName, 'EN', 'Perm#Test2026');
      expect(menuCodes(expectOk(await again.call<MenuNode[]>(`${MENU}/findMenuByResp`, { respId: r.respId })))).toEqual(['BANK', 'BASE_DATA']);
    });

    it('assigns one responsibility to many users from the responsibility side', async () => {
      const r = await newResp();
      const names = [await newUser([]), await newUser([])];
      const ids: number[] = [];
      for (const n of names) ids.push(expectOk(await admin.call<Rec[]>(`${USERS}/listByPage`, { params: { userName: n } }))[0].userId as number);
      const cur = expectOk(await admin.call<{ versionNum: number }>(`${RESP}/findById`, { id: r.respId }));
      const saved = expectOk(
        await admin.call<{ users: Rec[] }>(`${RESP}/saveOrUpdate`, {
          respId: r.respId,
          versionNum: cur.versionNum,
          users: ids.map((userId) => ({ userId, startDate: '2026-01-01' })),
        }),
      );
      expect(saved.users.map((u) => u.userId)).toEqual(ids);
      for (const n of names) {
        const c = await signIn(t.url, n, 'EN', 'Perm#Test2026');
        expect(c.session!.responsibilities.map((x) => x.respId)).toEqual([r.respId]);
      }
    });
  });
}
