// Requisitions carry an organisation and a purchase group; srmPoRequisitionRestful/listByPageByPermission
// (entity listVariants: ORG on institutionId, GROUP on purchaseGroupId by id) answers exactly the rows
// whose organisation AND group the caller holds a permit for (user authorisation, SPEC §6).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { PR, expectOk, expectRefusal, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';

const USERS = 'baseServer/v1/baseUsersRestful';
const INSTITUTION = 'baseServer/v1/baseInstitutionRestful';
const GROUP = 'srmServer/v1/srmBasePurchaseGroupRestful';
const numbersOf = (rows: Rec[]) => rows.map((r) => r.requisitionNumber as string).sort();
const demo = (...n: number[]) => n.map((i) => `PR-2026-${String(i).padStart(6, '0')}`);

for (const backend of await backends()) {
  describe(`requisitions by permission on ${backend}`, () => {
    let t: TestServer;
    let admin: SignedClient;
    let buyer: SignedClient;
    let buyerId: number;
    const org: Record<string, number> = {};
    const group: Record<string, number> = {};

    beforeAll(async () => {
      t = await startTestServer(backend);
      [admin, buyer] = await Promise.all([signIn(t.url, 'admin'), signIn(t.url, 'buyer01')]);
      buyerId = expectOk(await admin.call<Rec[]>(`${USERS}/listByPage`, { params: { userName: 'buyer01' } }))[0].userId as number;
      for (const o of expectOk(await admin.call<Rec[]>(`${INSTITUTION}/listByPage`, { pageRows: 100 })))
        org[o.institutionCode as string] = o.institutionId as number;
      for (const g of expectOk(await admin.call<Rec[]>(`${GROUP}/listByPage`, { pageRows: 100 }))) group[g.groupCode as string] = g.groupId as number;
    });
    afterAll(async () => t?.stop());

    /** Replaces buyer01's organisation and group permits (the user authorisation screen's save). */
    const permit = async (orgs: string[], groups: string[]) => {
      const u = expectOk(await admin.call<Rec>(`${USERS}/findById`, { id: buyerId }));
      expectOk(
        await admin.call(`${USERS}/saveOrUpdate`, {
          userId: buyerId,
          versionNum: u.versionNum,
          orgPermits: orgs.map((c) => ({ institutionId: org[c] })),
          groupPermits: groups.map((c) => ({ groupId: group[c] })),
        }),
      );
    };
    const byPermission = async (params: Rec = {}) => numbersOf(expectOk(await buyer.call<Rec[]>(`${PR}/listByPageByPermission`, { params, pageRows: 100 })));
    // Other tests here add requisitions, in whatever order they run: these two look at the demo ones.
    const DEMO = { requisitionNumber: demo(1, 2, 3, 4, 5, 6, 7, 8) };
    const demoByPermission = (params: Rec = {}) => byPermission({ ...DEMO, ...params });

    it('shows buyer01 (HQ, G01) exactly the requisitions of HQ and G01, with their display texts', async () => {
      const all = expectOk(await buyer.call<Rec[]>(`${PR}/listByPage`, { params: DEMO, pageRows: 100 }));
      expect(numbersOf(all)).toEqual(demo(1, 2, 3, 4, 5, 6, 7, 8));
      const rows = expectOk(await buyer.call<Rec[]>(`${PR}/listByPageByPermission`, { params: DEMO, pageRows: 100 }));
      expect(numbersOf(rows)).toEqual(demo(1, 2));
      expect(rows.map((r) => [r.institutionIdDisplay, r.purchaseGroupIdDisplay])).toEqual([
        ['HQ 示范制造集团有限公司', 'G01 生产物料采购组'],
        ['HQ 示范制造集团有限公司', 'G01 生产物料采购组'],
      ]);
      // Filters and paging still apply inside the variant; they cannot widen it.
      expect(await demoByPermission({ status: 'SUBMITTED' })).toEqual(demo(2));
      expect(await byPermission({ institutionId: org['HQ-TH'] })).toEqual([]);
      const page = await buyer.call<Rec[]>(`${PR}/listByPageByPermission`, { params: DEMO, pageRows: 1, pageIndex: 2 });
      expect(expectOk(page)).toHaveLength(1);
      expect(page.page?.count).toBe(2);
    });

    it('follows a change of the organisation and group permits', async () => {
      await permit(['HQ-EAST'], ['G01', 'G02']);
      expect(await demoByPermission()).toEqual(demo(4, 5));
      await permit(['HQ', 'HQ-TH'], ['G01']);
      expect(await demoByPermission()).toEqual(demo(1, 2, 7));
      // Both kinds are needed: an organisation permit without any group permit shows nothing, and the reverse.
      await permit(['HQ', 'HQ-EAST', 'HQ-TH'], []);
      expect(await byPermission()).toEqual([]);
      await permit([], ['G01', 'G02']);
      expect(await byPermission()).toEqual([]);
      await permit(['HQ'], ['G01']);
      expect(await demoByPermission()).toEqual(demo(1, 2));
    });

    it('places a new requisition by its organisation and group', async () => {
      const material = expectOk(await buyer.call<Rec[]>('srmServer/v1/srmBaseMaterialRestful/listByPage', { pageRows: 1 }))[0];
      const create = async (title: string, institutionId: number | null, purchaseGroupId: number | null) =>
        expectOk(
          await buyer.call<Rec>(`${PR}/saveOrUpdate`, {
            title,
            requestDate: '2026-11-20',
            institutionId,
            purchaseGroupId,
            lines: [{ materialId: material.materialId, quantity: 5, needByDate: '2026-12-01' }],
          }),
        );
      const mine = await create('permitted', org.HQ, group.G01);
      const otherGroup = await create('other group', org.HQ, group.G02);
      const noOrg = await create('no organisation', null, group.G01);
      const rows = await byPermission();
      expect(rows).toContain(mine.requisitionNumber);
      expect(rows).not.toContain(otherGroup.requisitionNumber);
      expect(rows).not.toContain(noOrg.requisitionNumber);
      // A group that is disabled no longer permits anything.
      const g01 = expectOk(await admin.call<Rec>(`${GROUP}/findById`, { id: group.G01 }));
      expectOk(await admin.call(`${GROUP}/saveOrUpdate`, { ...g01, enabledFlag: 'N' }));
      expect(await byPermission()).toEqual([]);
      expectOk(await admin.call(`${GROUP}/saveOrUpdate`, { ...expectOk(await admin.call<Rec>(`${GROUP}/findById`, { id: group.G01 })), enabledFlag: 'Y' }));
      expect(await byPermission()).toContain(mine.requisitionNumber);
    });

    it('refuses an unknown organisation and needs the reading right of listByPage', async () => {
      expectRefusal(await buyer.call(`${PR}/listByPageByPermission`, { params: { nope: 1 } }, { lang: 'EN' }), 200, 'Unsupported search condition: nope');
      const before = await byPermission();
      const material = expectOk(await buyer.call<Rec[]>('srmServer/v1/srmBaseMaterialRestful/listByPage', { pageRows: 1 }))[0];
      const bad = await buyer.call(
        `${PR}/saveOrUpdate`,
        {
          title: 'ghost organisation',
          requestDate: '2026-11-20',
          institutionId: 987654,
          purchaseGroupId: group.G01,
          lines: [{ materialId: material.materialId, quantity: 1, needByDate: '2026-12-01' }],
        },
        { lang: 'EN' },
      );
      expectRefusal(bad, 200, 'The record Organisation refers to does not exist');
      expect(await byPermission()).toEqual(before);
      const supplier = await signIn(t.url, 'supplier01');
      expectRefusal(await supplier.call(`${PR}/listByPageByPermission`, {}, { lang: 'EN' }), 403, 'You are not permitted to do this');
    });
  });
}
