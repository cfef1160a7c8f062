// A screen with a reference field lets its holder read the referenced entity only as a picker does:
// the key, the display fields and the fields the reference fills. A supplier's company screen has a
// responsible-buyer field (a user): the supplier may pick and see buyers by name, never list every user
// with e-mail and phone, nor learn them through a filter or a sort (server/acl/pickerReads.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../support/testServer.js';
import { expectOk, expectRefusal, signIn, type Rec } from '../support/apiHelpers.js';

const USERS = 'baseServer/v1/baseUsersRestful';
const FORBIDDEN = 'You are not permitted to do this';
const PICKER = ['userId', 'userName', 'userFullName'];

for (const backend of await backends()) {
  describe(`picker reads of a referenced entity on ${backend}`, () => {
    let t: TestServer;

    beforeAll(async () => {
      t = await startTestServer(backend);
    });
    afterAll(async () => t?.stop());

    it('a supplier lists users only by key and name, found by keyword', async () => {
      const sup = await signIn(t.url, 'supplier01');
      const rows = expectOk(await sup.call<Rec[]>(`${USERS}/listByPage`, { params: { keyword: 'buyer01' }, pageRows: 20 }));
      expect(rows.map((r) => r.userName)).toContain('buyer01');
      for (const r of rows) {
        // Reference display texts of the picker's own columns may come along; nothing else.
        expect(Object.keys(r).filter((k) => !PICKER.includes(k) && !PICKER.includes(k.replace(/Display$/, '')))).toEqual([]);
      }
      const one = expectOk(await sup.call<Rec>(`${USERS}/findById`, { id: rows[0]!.userId }));
      expect(Object.keys(one).sort()).toEqual([...PICKER].sort());
    });

    it('a supplier cannot filter or sort users on a column it may not see', async () => {
      const sup = await signIn(t.url, 'supplier01');
      expectRefusal(await sup.call(`${USERS}/listByPage`, { params: { email: 'buyer' }, pageRows: 5 }), 403, FORBIDDEN);
      expectRefusal(await sup.call(`${USERS}/listByPage`, { params: { userType: 'INTERNAL' }, pageRows: 5 }), 403, FORBIDDEN);
      expectRefusal(await sup.call(`${USERS}/listByPage`, { params: {}, sort: [{ field: 'email', order: 'asc' }], pageRows: 5 }), 403, FORBIDDEN);
      // The picker's own columns still filter and sort.
      expectOk(await sup.call(`${USERS}/listByPage`, { params: { userName: 'buyer01' }, sort: [{ field: 'userName', order: 'asc' }], pageRows: 5 }));
    });

    it('the administrator, whose users screen shows the entity itself, reads users whole', async () => {
      const admin = await signIn(t.url, 'admin');
      const rows = expectOk(await admin.call<Rec[]>(`${USERS}/listByPage`, { params: { userName: 'buyer01' }, pageRows: 5 }));
      expect(rows[0]).toHaveProperty('email');
    });
  });
}
