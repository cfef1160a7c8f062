// The supplier master's public API (modules/supplier/api.ts). A supplier's contacts are its portal users
// (EXTERNAL users linked to it), which the admin module keeps: asked through AdminApi, never its tables.
import type { AppContext } from '../../../server/context.js';
import { typed } from '../../../server/db/typed.js';
import type { AdminApi } from '../../admin/api.js';
import type { SupplierTables } from '../generated/tables.js';
import type { SupplierApi } from '../api.js';

/** Supplier states that bar every category (the lookup's BLACKLIST and CONTRACT.md's BLACKLISTED). */
const BARRED = ['FROZEN', 'BLACKLIST', 'BLACKLISTED', 'QUIT'] as const;

export function supplierApi(app: AppContext): SupplierApi {
  const t = typed<SupplierTables>(app.db);
  return {
    async supplierName(supplierId, db) {
      const row = await (db ? typed<SupplierTables>(db) : t)
        .selectFrom('srm_pos_supplier_info')
        .select('supplier_name')
        .where('supplier_id', '=', supplierId)
        .executeTakeFirst();
      return row?.supplier_name ?? null;
    },
    async supplierContacts(db, supplier) {
      const row = await typed<SupplierTables>(db)
        .selectFrom('srm_pos_supplier_info')
        .select(['supplier_id', 'supplier_number', 'supplier_name'])
        .$call((q) => ('supplierId' in supplier ? q.where('supplier_id', '=', supplier.supplierId) : q.where('supplier_number', '=', supplier.supplierNumber)))
        .executeTakeFirst();
      if (!row) return null;
      const users = await app.modules.api<AdminApi>('admin').activeUsersOfType(db, 'EXTERNAL', [row.supplier_id]);
      return { supplierId: row.supplier_id, supplierNumber: row.supplier_number, supplierName: row.supplier_name, userIds: users.map((u) => u.userId) };
    },
    async portalUsers(db, supplierIds) {
      const out = new Map<number, number[]>(supplierIds.map((id) => [id, []]));
      for (const u of await app.modules.api<AdminApi>('admin').activeUsersOfType(db, 'EXTERNAL', supplierIds))
        if (u.supplierId !== null && u.supplierId !== undefined) out.get(u.supplierId)?.push(u.userId);
      return out;
    },
    async eligibleSuppliers(categoryId, db) {
      const rows = await (db ? typed<SupplierTables>(db) : t)
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
    async barredSuppliers(db, supplierIds) {
      if (!supplierIds.length) return [];
      const rows = await typed<SupplierTables>(db)
        .selectFrom('srm_pos_supplier_info')
        .select(['supplier_id', 'supplier_status'])
        .where('supplier_id', 'in', [...supplierIds])
        .execute();
      const ok = new Set(rows.filter((r) => !(BARRED as readonly string[]).includes(r.supplier_status ?? '')).map((r) => Number(r.supplier_id)));
      return supplierIds.filter((id) => !ok.has(id));
    },
  };
}
