// One scan's open warnings of its types against what is due now: open warnings no longer due are closed,
// and the due ones not open yet are answered for the caller to insert (each scan writes its own rows).
// A warning is the same one while its supplier and subject are (and, for a scan of several types or of
// due dates that move, its type and due date: an expiring certificate that expired, or was renewed to a
// date still in the window, is a new warning and the old one closes).
import type { Kysely } from 'kysely';
import type { SupplierTables } from '../../generated/tables.js';

export interface DueWarning {
  supplierId: number;
  subject: string;
  warningType?: string;
  /** YYYY-MM-DD. */
  dueDate?: string;
}

/** What else makes two warnings the same one besides supplier and subject. */
export interface WarningIdentity {
  byType?: boolean;
  byDueDate?: boolean;
}

export async function reconcileWarnings<W extends DueWarning>(
  t: Kysely<SupplierTables>,
  types: string | readonly string[],
  due: readonly W[],
  now: string,
  { byType = false, byDueDate: byDate = false }: WarningIdentity = {},
): Promise<{ fresh: W[]; closed: number }> {
  const key = (w: DueWarning) => [w.supplierId, byType ? (w.warningType ?? '') : '', w.subject, byDate ? String(w.dueDate ?? '').slice(0, 10) : ''].join('|');
  const open = await t
    .selectFrom('srm_pos_supplier_warning')
    .select(['warning_id', 'supplier_id', 'warning_type', 'subject', 'due_date'])
    .where('status', '=', 'OPEN')
    .where('warning_type', 'in', typeof types === 'string' ? [types] : [...types])
    .execute();
  const openKeys = new Map(
    open.map((w) => [
      key({ supplierId: Number(w.supplier_id), subject: w.subject, warningType: w.warning_type, dueDate: w.due_date === null ? undefined : dayOf(w.due_date) }),
      w.warning_id,
    ]),
  );
  const dueKeys = new Set(due.map(key));
  const stale = [...openKeys].filter(([k]) => !dueKeys.has(k)).map(([, id]) => id);
  if (stale.length > 0) await t.updateTable('srm_pos_supplier_warning').set({ status: 'CLOSED', closed_date: now }).where('warning_id', 'in', stale).execute();
  return { fresh: due.filter((d) => !openKeys.has(key(d))), closed: stale.length };
}

const dayOf = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);
