// One scan's open warnings of a type against what is due now: open warnings no longer due are closed,
// and the due ones not open yet are answered for the caller to insert (each scan writes its own rows).
import type { Kysely } from 'kysely';
import type { SupplierTables } from '../../generated/tables.js';

export interface DueWarning {
  supplierId: number;
  subject: string;
}

export async function reconcileWarnings<W extends DueWarning>(
  t: Kysely<SupplierTables>,
  type: string,
  due: readonly W[],
  now: string,
): Promise<{ fresh: W[]; closed: number }> {
  const key = (w: DueWarning) => `${w.supplierId}|${w.subject}`;
  const open = await t
    .selectFrom('srm_pos_supplier_warning')
    .select(['warning_id', 'supplier_id', 'subject'])
    .where('status', '=', 'OPEN')
    .where('warning_type', '=', type)
    .execute();
  const openKeys = new Map(open.map((w) => [key({ supplierId: Number(w.supplier_id), subject: w.subject }), w.warning_id]));
  const dueKeys = new Set(due.map(key));
  const stale = [...openKeys].filter(([k]) => !dueKeys.has(k)).map(([, id]) => id);
  if (stale.length > 0) await t.updateTable('srm_pos_supplier_warning').set({ status: 'CLOSED', closed_date: now }).where('warning_id', 'in', stale).execute();
  return { fresh: due.filter((d) => !openKeys.has(key(d))), closed: stale.length };
}
