// The supplier master's public API (modules/supplier/api.ts).
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import type { SupplierTables } from '../generated/tables.js';
import type { SupplierApi } from '../api.js';

/** Supplier states that bar every category (the lookup's BLACKLIST and CONTRACT.md's BLACKLISTED). */
const BARRED = ['FROZEN', 'BLACKLIST', 'BLACKLISTED', 'QUIT'] as const;

export function supplierApi(db: Db): SupplierApi {
  const t = typed<SupplierTables>(db);
  return {
    async supplierName(supplierId) {
      const row = await t.selectFrom('srm_pos_supplier_info').select('supplier_name').where('supplier_id', '=', supplierId).executeTakeFirst();
      return row?.supplier_name ?? null;
    },
    async eligibleSuppliers(categoryId) {
      const rows = await t
        .selectFrom('srm_pos_supplier_category as c')
        .innerJoin('srm_pos_supplier_info as s', 's.supplier_id', 'c.supplier_id')
        .select('s.supplier_id')
        .where('c.category_id', '=', categoryId)
        .where('c.status', '=', 'QUALIFIED')
        .where((eb) => eb.or([eb('s.supplier_status', 'is', null), eb('s.supplier_status', 'not in', [...BARRED])]))
        .orderBy('s.supplier_id')
        .execute();
      return rows.map((r) => Number(r.supplier_id));
    },
  };
}
