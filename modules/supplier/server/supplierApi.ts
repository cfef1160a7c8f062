// The supplier master's public API (modules/supplier/api.ts).
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import type { SupplierTables } from '../generated/tables.js';
import type { SupplierApi } from '../api.js';

export function supplierApi(db: Db): SupplierApi {
  const t = typed<SupplierTables>(db);
  return {
    async supplierName(supplierId) {
      const row = await t.selectFrom('srm_pos_supplier_info').select('supplier_name').where('supplier_id', '=', supplierId).executeTakeFirst();
      return row?.supplier_name ?? null;
    },
  };
}
