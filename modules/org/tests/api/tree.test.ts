// Tree rules kept by the server for entities with `tree` (organisations): levels from the parent,
// no move under itself or a descendant, descendants follow a move, only leaves deleted — each
// refusal exact and followed by a re-read proving nothing changed. Only the administrator may write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';
import { INSTITUTION } from '../../../../tests/support/orgHelpers.js';

interface Org extends Rec {
  institutionId: number;
  institutionCode: string;
  parentInstitutionId: number | null;
  parentInstitutionIdDisplay: string | null;
  levelNum: number;
  versionNum: number;
}

for (const backend of await backends()) {
  describe(`organisation tree on ${backend}`, () => {
    let t: TestServer;
    let admin: SignedClient;

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = await signIn(t.url, 'admin', 'EN');
    });
    afterAll(async () => t?.stop());

    const get = async (id: number) => expectOk(await admin.call<Org>(`${INSTITUTION}/findById`, { id }));
    const create = async (name: string, parent: number | null, extra: Rec = {}) =>
      expectOk(
        await admin.call<Org>(`${INSTITUTION}/saveOrUpdate`, { institutionCode: uniq('ORG'), institutionName: name, parentInstitutionId: parent, ...extra }),
      );
    const move = (o: Org, parent: number | null) =>
      admin.call<Org>(`${INSTITUTION}/saveOrUpdate`, { ...o, parentInstitutionId: parent, parentInstitutionIdDisplay: undefined });

    it('computes the level from the parent and ignores a level sent by the client', async () => {
      const root = await create('Root A', null, { levelNum: 7 });
      expect(root.levelNum).toBe(1);
      const child = await create('Child A1', root.institutionId, { levelNum: 1 });
      expect(child.levelNum).toBe(2);
      expect(child.parentInstitutionIdDisplay).toBe(`${root.institutionCode} Root A`);
      const grandchild = await create('Grandchild A1a', child.institutionId);
      expect(grandchild.levelNum).toBe(3);
    });

    it('refuses a parent that does not exist', async () => {
      expectRefusal(
        await admin.call(`${INSTITUTION}/saveOrUpdate`, { institutionCode: uniq('ORG'), institutionName: 'x', parentInstitutionId: 99999999 }),
        200,
        /does not exist/,
      );
    });

    it('moves a subtree: descendants follow with their levels', async () => {
      const a = await create('A', null);
      const b = await create('B', a.institutionId);
      const c = await create('C', b.institutionId);
      const other = await create('Other', null);
      const moved = expectOk(await move(b, other.institutionId));
      expect(moved.levelNum).toBe(2);
      expect((await get(c.institutionId)).levelNum).toBe(3);
      const deeper = await create('Deeper', other.institutionId);
      const again = expectOk(await move(await get(b.institutionId), deeper.institutionId));
      expect(again.levelNum).toBe(3);
      expect((await get(c.institutionId)).levelNum).toBe(4);
      const top = expectOk(await move(await get(b.institutionId), null));
      expect(top.levelNum).toBe(1);
      expect((await get(c.institutionId)).levelNum).toBe(2);
    });

    it('refuses a move under itself or under a descendant, changing nothing', async () => {
      const a = await create('Cycle A', null);
      const b = await create('Cycle B', a.institutionId);
      const c = await create('Cycle C', b.institutionId);
      expectRefusal(await move(a, a.institutionId), 200, 'A node cannot be moved under itself');
      expectRefusal(await move(a, c.institutionId), 200, 'A node cannot be moved under one of its own descendants');
      const after = await get(a.institutionId);
      expect([after.parentInstitutionId, after.levelNum, after.versionNum]).toEqual([null, 1, a.versionNum]);
      expect((await get(c.institutionId)).levelNum).toBe(3);
    });

    it('deletes only a leaf', async () => {
      const a = await create('Del A', null);
      const b = await create('Del B', a.institutionId);
      expectRefusal(await admin.call(`${INSTITUTION}/delete`, { id: a.institutionId }), 200, 'This node still has child nodes; delete or move them first');
      expect((await get(a.institutionId)).institutionId).toBe(a.institutionId);
      expectOk(await admin.call(`${INSTITUTION}/delete`, { id: b.institutionId }));
      expectOk(await admin.call(`${INSTITUTION}/delete`, { id: a.institutionId }));
      expectRefusal(await admin.call(`${INSTITUTION}/findById`, { id: a.institutionId }), 200, /does not exist/);
    });

    it('answers the refusal in the request language', async () => {
      const a = await create('Lang A', null);
      expectRefusal(
        await admin.call(`${INSTITUTION}/saveOrUpdate`, { ...a, parentInstitutionId: a.institutionId, parentInstitutionIdDisplay: undefined }, { lang: 'CN' }),
        200,
        '不能把节点移动到它自己下面',
      );
    });

    it('lists roots by level and children by parent (the lazy tree load)', async () => {
      const root = await create('Lazy root', null);
      await create('Lazy child 1', root.institutionId);
      await create('Lazy child 2', root.institutionId);
      const roots = expectOk(await admin.call<Org[]>(`${INSTITUTION}/listByPage`, { params: { levelNum: 1 }, pageIndex: 1, pageRows: 1000 }));
      expect(roots.every((r) => r.levelNum === 1 && r.parentInstitutionId === null)).toBe(true);
      const kids = expectOk(
        await admin.call<Org[]>(`${INSTITUTION}/listByPage`, { params: { parentInstitutionId: root.institutionId }, pageIndex: 1, pageRows: 1000 }),
      );
      expect(kids.map((k) => k.institutionName).sort()).toEqual(['Lazy child 1', 'Lazy child 2']);
    });

    it('refuses other users: buyer and supplier get 403 and nothing changes', async () => {
      const target = await create('Guarded', null);
      for (const user of ['buyer01', 'supplier01']) {
        const c = await signIn(t.url, user, 'EN');
        // A buyer picks the organisation of a requisition, so he may read organisations (a referenced entity), never write them.
        if (user === 'buyer01') expectOk(await c.call(`${INSTITUTION}/listByPage`, { params: {}, pageIndex: 1, pageRows: 20 }));
        else expectRefusal(await c.call(`${INSTITUTION}/listByPage`, { params: {}, pageIndex: 1, pageRows: 20 }), 403, 'You are not permitted to do this');
        expectRefusal(await c.call(`${INSTITUTION}/saveOrUpdate`, { ...target, institutionName: 'hacked' }), 403, 'You are not permitted to do this');
        expectRefusal(await c.call(`${INSTITUTION}/delete`, { id: target.institutionId }), 403, 'You are not permitted to do this');
      }
      expect((await get(target.institutionId)).institutionName).toBe('Guarded');
    });
  });
}
