// User authorisation (organisation, purchase-category and purchase-group permits) and the
// listByPageByPermission variant it drives (SPEC §6), declared as data on the entity (listVariants).
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { MATERIAL, expectOk, expectRefusal, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';

const USERS = 'baseServer/v1/baseUsersRestful';
const CATEGORY = 'srmServer/v1/srmBasePurchaseCategoryRestful';
const categoriesOf = (rows: Rec[]) => [...new Set(rows.map((r) => r.categoryCode as string))].sort();

for (const backend of await backends()) {
  describe(`user authorisation on ${backend}`, () => {
    let t: TestServer;
    let admin: SignedClient;
    let buyer: SignedClient;
    let buyerId: number;

    beforeAll(async () => {
      t = await startTestServer(backend);
      [admin, buyer] = await Promise.all([signIn(t.url, 'admin'), signIn(t.url, 'buyer01')]);
      buyerId = expectOk(await admin.call<Rec[]>(`${USERS}/listByPage`, { params: { userName: 'buyer01' } }))[0].userId as number;
    });
    afterAll(async () => t?.stop());

    it('answers the demo permits of buyer01 with their display texts', async () => {
      const u = expectOk(await admin.call<Record<string, Rec[]>>(`${USERS}/findById`, { id: buyerId }));
      expect(u.orgPermits.map((p) => p.institutionIdDisplay)).toHaveLength(1);
      expect(u.categoryPermits.map((p) => p.categoryIdDisplay)).toEqual(['RAW 原材料', 'ELEC 电子元器件']);
      expect(u.groupPermits.map((p) => p.groupIdDisplay)).toEqual(['G01 生产物料采购组']);
    });

    it('restricts listByPageByPermission to the permitted categories, and follows a change of permits', async () => {
      // buyer01's demo permits come back at the end: the test above reads them, in whatever order.
      const demo = expectOk(await admin.call<Record<string, Rec[]>>(`${USERS}/findById`, { id: buyerId })).categoryPermits.map((p) => ({
        categoryId: p.categoryId,
      }));
      onTestFinished(async () => {
        const now = expectOk(await admin.call<Rec>(`${USERS}/findById`, { id: buyerId }));
        expectOk(await admin.call(`${USERS}/saveOrUpdate`, { userId: buyerId, versionNum: now.versionNum, categoryPermits: demo }));
      });
      const all = expectOk(await buyer.call<Rec[]>(`${MATERIAL}/listByPage`, { pageRows: 100 }));
      expect(categoriesOf(all)).toEqual(['ELEC', 'MRO', 'PACK', 'RAW']);
      const permitted = await buyer.call<Rec[]>(`${MATERIAL}/listByPageByPermission`, { pageRows: 100 });
      expect(categoriesOf(expectOk(permitted))).toEqual(['ELEC', 'RAW']);
      expect(permitted.page?.count).toBe(12);
      // Filters still apply inside the variant; they cannot widen it.
      expect(expectOk(await buyer.call<Rec[]>(`${MATERIAL}/listByPageByPermission`, { params: { categoryCode: 'PACK' } }))).toEqual([]);
      expectRefusal(await buyer.call(`${MATERIAL}/listByPageByPermission`, { params: { nope: 1 } }, { lang: 'EN' }), 200, 'Unsupported search condition: nope');

      // The administrator replaces the category permits by PACK alone.
      const pack = expectOk(await admin.call<Rec[]>(`${CATEGORY}/listByPage`, { params: { keyword: 'PACK' } }))[0];
      const u = expectOk(await admin.call<Rec>(`${USERS}/findById`, { id: buyerId }));
      expectOk(await admin.call(`${USERS}/saveOrUpdate`, { userId: buyerId, versionNum: u.versionNum, categoryPermits: [{ categoryId: pack.categoryId }] }));
      expect(categoriesOf(expectOk(await buyer.call<Rec[]>(`${MATERIAL}/listByPageByPermission`, { pageRows: 100 })))).toEqual(['PACK']);
      // Without any permit, the variant shows nothing.
      const u2 = expectOk(await admin.call<Rec>(`${USERS}/findById`, { id: buyerId }));
      expectOk(await admin.call(`${USERS}/saveOrUpdate`, { userId: buyerId, versionNum: u2.versionNum, categoryPermits: [] }));
      expect(expectOk(await buyer.call<Rec[]>(`${MATERIAL}/listByPageByPermission`, {}))).toEqual([]);
    });

    it('needs the same reading right as listByPage: a supplier user is refused', async () => {
      const supplier = await signIn(t.url, 'supplier01');
      expectRefusal(await supplier.call(`${MATERIAL}/listByPageByPermission`, {}, { lang: 'EN' }), 403, 'You are not permitted to do this');
    });
  });
}
