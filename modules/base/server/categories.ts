// Purchase categories as other modules need them (a supplier registration names the categories it supplies).
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import type { BaseTables } from '../generated/tables.js';

export async function enabledCategoryIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await typed<BaseTables>(db)
    .selectFrom('srm_base_purchase_category')
    .select('category_id')
    .where('category_id', 'in', [...ids])
    .where('enabled_flag', '=', 'Y')
    .execute();
  return rows.map((r) => Number(r.category_id));
}

/** The enabled purchase categories (id, code, name), for a public registration form to offer. */
export async function enabledCategories(db: Db): Promise<{ categoryId: number; categoryCode: string; categoryName: string }[]> {
  const rows = await typed<BaseTables>(db)
    .selectFrom('srm_base_purchase_category')
    .select(['category_id', 'category_code', 'category_name'])
    .where('enabled_flag', '=', 'Y')
    .orderBy('category_code')
    .limit(500)
    .execute();
  return rows.map((r) => ({ categoryId: Number(r.category_id), categoryCode: r.category_code, categoryName: r.category_name }));
}
