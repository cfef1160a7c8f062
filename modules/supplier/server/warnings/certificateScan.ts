// Certificate expiry early warning: the certificates a supplier registered with (the approved
// registration's lines) that expire within the window, or have expired, become OPEN warnings, one per
// certificate and due date; a warning whose certificate left the window (renewed, or the supplier has
// quit or is blacklisted) is CLOSED. Run by the scheduler (SUPPLIER_CERT_EXPIRY) and by the demo seed.
import type { Db } from '../../../../server/db/connect.js';
import { typed } from '../../../../server/db/typed.js';
import type { SupplierTables } from '../../generated/tables.js';
import { pointsOf } from '../risk/score.js';
import { reconcileWarnings } from './reconcile.js';

/** Suppliers no buyer works with any more: their certificates are not watched. */
const GONE = ['QUIT', 'BLACKLIST', 'BLACKLISTED'];

export interface NewWarning {
  warningId: number;
  supplierId: number;
  warningType: 'CERT_EXPIRING' | 'CERT_EXPIRED' | 'QUESTIONNAIRE_OVERDUE' | 'BLACKLIST_HIT' | 'RISK';
  subject: string;
  dueDate: string;
  /** An overdue questionnaire's: the supplier's notice opens it. */
  questionnaireId?: number;
}

const dayPlus = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** `today`: YYYY-MM-DD. Answers the warnings it opened (for the push) and how many it closed. */
export async function scanCertificates(db: Db, today: string, daysAhead: number, now: string): Promise<{ opened: NewWarning[]; closed: number }> {
  const t = typed<SupplierTables>(db);
  const horizon = dayPlus(today, daysAhead);
  const certs = await t
    .selectFrom('srm_pos_supplier_register_cert as c')
    .innerJoin('srm_pos_supplier_register as r', 'r.register_id', 'c.register_id')
    .innerJoin('srm_pos_supplier_info as s', 's.supplier_id', 'r.supplier_id')
    .select(['s.supplier_id', 'c.cert_name', 'c.cert_number', 'c.expiry_date'])
    .where('r.status', '=', 'APPROVED')
    .where((eb) => eb.or([eb('s.supplier_status', 'is', null), eb('s.supplier_status', 'not in', GONE)]))
    .where('c.expiry_date', '<=', horizon)
    .execute();
  const due = certs.map((c) => {
    const dueDate = String(c.expiry_date).slice(0, 10);
    return {
      supplierId: Number(c.supplier_id),
      warningType: dueDate < today ? ('CERT_EXPIRED' as const) : ('CERT_EXPIRING' as const),
      subject: c.cert_number ? `${c.cert_name} (${c.cert_number})` : c.cert_name,
      dueDate,
    };
  });
  // Left the window, or went from expiring to expired (a new warning of the other type follows).
  const { fresh, closed } = await reconcileWarnings(t, ['CERT_EXPIRING', 'CERT_EXPIRED'], due, now, { byType: true, byDueDate: true });
  const opened: NewWarning[] = [];
  for (const w of fresh) {
    const row = await t
      .insertInto('srm_pos_supplier_warning')
      .values({
        supplier_id: w.supplierId,
        warning_type: w.warningType,
        subject: w.subject.slice(0, 300),
        due_date: w.dueDate,
        points: pointsOf(w.warningType, null),
        status: 'OPEN',
        pushed_date: now,
      })
      .returning('warning_id')
      .executeTakeFirstOrThrow();
    opened.push({ ...w, warningId: Number(row.warning_id) });
  }
  return { opened, closed };
}
