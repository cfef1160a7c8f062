// Overdue questionnaires feed the supplier warnings: a questionnaire still to answer (SENT) after its due
// date becomes one OPEN warning QUESTIONNAIRE_OVERDUE (subject: its number and title), pushed like the
// certificate warnings; the warning is CLOSED once the questionnaire is answered or closed. Run by the same
// program as the certificate scan (SUPPLIER_CERT_EXPIRY).
import type { Db } from '../../../../server/db/connect.js';
import { typed } from '../../../../server/db/typed.js';
import { reconcileWarnings } from './reconcile.js';
import type { SupplierTables } from '../../generated/tables.js';
import type { NewWarning } from './certificateScan.js';
import { pointsOf } from '../risk/score.js';

export async function scanQuestionnaires(db: Db, today: string, now: string): Promise<{ opened: NewWarning[]; closed: number }> {
  const t = typed<SupplierTables>(db);
  const overdue = await t
    .selectFrom('srm_pos_questionnaire')
    .select(['questionnaire_id', 'supplier_id', 'questionnaire_number', 'title', 'due_date'])
    .where('status', '=', 'SENT')
    .where('due_date', '<', today)
    .execute();
  const due = overdue.map((q) => ({
    supplierId: Number(q.supplier_id),
    warningType: 'QUESTIONNAIRE_OVERDUE' as const,
    subject: `${q.questionnaire_number ?? ''} ${q.title ?? ''}`.trim().slice(0, 300),
    dueDate: String(q.due_date).slice(0, 10),
    questionnaireId: Number(q.questionnaire_id),
  }));
  const { fresh, closed } = await reconcileWarnings(t, 'QUESTIONNAIRE_OVERDUE', due, now);
  const opened: NewWarning[] = [];
  for (const w of fresh) {
    const row = await t
      .insertInto('srm_pos_supplier_warning')
      .values({
        supplier_id: w.supplierId,
        warning_type: w.warningType,
        subject: w.subject,
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
