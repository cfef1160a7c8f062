// Blacklist hits: a supplier still worked with whose credit code (tax number, compared as the duplicate check
// does: any case, spacing or width) is the code of a BLACKLISTED supplier becomes one OPEN warning
// BLACKLIST_HIT per blacklisted match (subject: the blacklisted supplier's number and name), CLOSED once the
// codes differ or either supplier's state changed. A registration is refused at submission when its code
// is blacklisted (register/duplicates.ts); once approved it is a supplier and this scan watches it. Run by
// SUPPLIER_CERT_EXPIRY with the other local checks.
import type { Db } from '../../../../server/db/connect.js';
import { typed } from '../../../../server/db/typed.js';
import { reconcileWarnings } from './reconcile.js';
import type { SupplierTables } from '../../generated/tables.js';
import { duplicateKey } from '../register/normalise.js';
import { pointsOf } from '../risk/score.js';
import type { NewWarning } from './certificateScan.js';

const BLACKLISTED = ['BLACKLIST', 'BLACKLISTED'];
const GONE = ['QUIT', ...BLACKLISTED];

export async function scanBlacklistHits(db: Db, now: string): Promise<{ opened: NewWarning[]; closed: number }> {
  const t = typed<SupplierTables>(db);
  const all = await t
    .selectFrom('srm_pos_supplier_info')
    .select(['supplier_id', 'supplier_number', 'supplier_name', 'tax_number', 'supplier_status'])
    .execute();
  const black = new Map<string, { id: number; subject: string }[]>();
  for (const s of all) {
    if (!s.tax_number || !BLACKLISTED.includes(s.supplier_status ?? '')) continue;
    const k = duplicateKey(s.tax_number);
    black.set(k, [...(black.get(k) ?? []), { id: Number(s.supplier_id), subject: `${s.supplier_number} ${s.supplier_name}`.slice(0, 300) }]);
  }
  const due: { supplierId: number; subject: string }[] = [];
  for (const s of all) {
    if (!s.tax_number || GONE.includes(s.supplier_status ?? '')) continue;
    for (const b of black.get(duplicateKey(s.tax_number)) ?? [])
      if (b.id !== Number(s.supplier_id)) due.push({ supplierId: Number(s.supplier_id), subject: b.subject });
  }
  const { fresh, closed } = await reconcileWarnings(t, 'BLACKLIST_HIT', due, now);
  const opened: NewWarning[] = [];
  const today = now.slice(0, 10);
  for (const w of fresh) {
    const row = await t
      .insertInto('srm_pos_supplier_warning')
      .values({
        supplier_id: w.supplierId,
        warning_type: 'BLACKLIST_HIT',
        subject: w.subject,
        due_date: today,
        points: pointsOf('BLACKLIST_HIT', null),
        status: 'OPEN',
        pushed_date: now,
      })
      .returning('warning_id')
      .executeTakeFirstOrThrow();
    opened.push({ supplierId: w.supplierId, warningType: 'BLACKLIST_HIT', subject: w.subject, dueDate: today, warningId: Number(row.warning_id) });
  }
  return { opened, closed };
}
