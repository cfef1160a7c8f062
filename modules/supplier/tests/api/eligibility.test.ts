// The sourcing eligibility API (SupplierApi.eligibleSuppliers), on PGlite and PostgreSQL: the demo
// suppliers are QUALIFIED for every demo category; a supplier frozen, blacklisted or quit as a whole, or
// only POTENTIAL for the category, is never eligible.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { uniq } from '../../../../tests/support/apiHelpers.js';
import { typed } from '../../../../server/db/typed.js';
import type { SupplierTables } from '../../generated/tables.js';
import type { SupplierApi } from '../../api.js';

for (const backend of await backends()) {
  describe(`eligible suppliers on ${backend}`, () => {
    let t: TestServer;
    let api: SupplierApi;
    let demo: Map<string, number>;
    let categoryIds: number[];

    beforeAll(async () => {
      t = await startTestServer(backend);
      api = t.app.ctx.modules.api<SupplierApi>('supplier');
      const rows = await db()
        .selectFrom('srm_pos_supplier_info')
        .select(['supplier_id', 'supplier_number'])
        .where('supplier_number', 'like', 'S-000%')
        .execute();
      demo = new Map(rows.map((r) => [r.supplier_number, Number(r.supplier_id)]));
      categoryIds = [...new Set((await db().selectFrom('srm_pos_supplier_category').select('category_id').execute()).map((r) => Number(r.category_id)))];
    });
    afterAll(async () => t?.stop());

    const db = () => typed<SupplierTables>(t.app.ctx.db);
    const setStatus = (id: number, status: string) =>
      db().updateTable('srm_pos_supplier_info').set({ supplier_status: status }).where('supplier_id', '=', id).execute();

    it('supplier01’s and supplier02’s companies are eligible in every demo category', async () => {
      expect(categoryIds).toHaveLength(4);
      for (const c of categoryIds) expect(await api.eligibleSuppliers(c)).toEqual(expect.arrayContaining([demo.get('S-0001'), demo.get('S-0002')]));
    });

    it('a frozen, blacklisted or quit supplier is never eligible; one only POTENTIAL for the category is not either', async () => {
      const [c] = categoryIds;
      const id = demo.get('S-0003')!;
      for (const status of ['FROZEN', 'BLACKLIST', 'BLACKLISTED', 'QUIT']) {
        await setStatus(id, status);
        expect(await api.eligibleSuppliers(c), status).not.toContain(id);
      }
      await setStatus(id, 'QUALIFIED');
      expect(await api.eligibleSuppliers(c)).toContain(id);

      const fresh = await db()
        .insertInto('srm_pos_supplier_info')
        .values({ supplier_number: uniq('S'), supplier_name: uniq('Potential'), supplier_status: 'POTENTIAL' })
        .returning('supplier_id')
        .executeTakeFirstOrThrow();
      const freshId = Number(fresh.supplier_id);
      await db().insertInto('srm_pos_supplier_category').values({ supplier_id: freshId, category_id: c, status: 'POTENTIAL' }).execute();
      expect(await api.eligibleSuppliers(c)).not.toContain(freshId);
      await db().updateTable('srm_pos_supplier_category').set({ status: 'QUALIFIED' }).where('supplier_id', '=', freshId).execute();
      expect(await api.eligibleSuppliers(c)).toContain(freshId);
      expect(await api.eligibleSuppliers(categoryIds[1])).not.toContain(freshId);
    });
  });
}
