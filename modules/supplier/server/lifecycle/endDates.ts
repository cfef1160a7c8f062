// SUPPLIER_STATUS_END_DATE (scheduler, daily by cron; 调度管理 → 提交请求 runs it now): a freeze or a
// blacklisting approved with an end date ends by itself once that date has passed. FROZEN returns to the
// state the supplier had before the freeze; BLACKLISTED returns to POTENTIAL (the supplier must qualify
// again). Each lift is a row of the supplier's lifecycle history like an approved change (change type
// END_DATE, by the system, reason "end date passed"), and is told to the supplier's contacts (as every
// status change) and to its responsible buyer (else the BUYER responsibility).
import type { AppContext } from '../../../../server/context.js';
import type { Db } from '../../../../server/db/connect.js';
import { auditInsert, lockInTransaction, typed } from '../../../../server/db/typed.js';
import { LANGUAGES, message, type Language } from '../../../../server/i18n/messages.js';
import type { ScheduledProgram } from '../../../../server/modules/types.js';
import { nextDocumentNumber } from '../../../../server/rest/numbering.js';
import type { MessagesApi } from '../../../messages/api.js';
import type { AdminApi } from '../../../admin/api.js';
import type { SupplierTables } from '../../generated/tables.js';
import { notifyStatusChange } from './notify.js';
import { currentStatus } from './transitions.js';
import { WARNING_RESPONSIBILITY } from '../warnings/certificateProgram.js';

export const END_DATE_PROGRAM = 'SUPPLIER_STATUS_END_DATE';
/** The history's change type of a lift by the end date (lookup SUPPLIER_CHANGE_TYPE; never asked for by a user). */
export const END_DATE_CHANGE = 'END_DATE';
/** Who records the lift: the system (the scheduler's user id). */
const SYSTEM_USER = 0;

const stampOf = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

export interface Lifted {
  lifecycleId: number;
  supplierId: number;
  from: string;
  to: string;
  endDate: string;
}

/** The supplier's last approved change, when it is a freeze or blacklisting still in force whose end date is before `today`. */
async function expiredChange(db: Db, supplierId: number, today: string) {
  const t = typed<SupplierTables>(db);
  const s = await t.selectFrom('srm_pos_supplier_info').select(['supplier_status']).where('supplier_id', '=', supplierId).executeTakeFirst();
  const status = currentStatus(s?.supplier_status);
  if (status !== 'FROZEN' && status !== 'BLACKLISTED') return null;
  const last = await t
    .selectFrom('srm_pos_supplier_lifecycle')
    .select(['change_type', 'from_status', 'to_status', 'end_date'])
    .where('supplier_id', '=', supplierId)
    .where('status', '=', 'APPROVED')
    .orderBy('lifecycle_id', 'desc')
    .executeTakeFirst();
  if (!last || last.end_date === null || String(last.end_date).slice(0, 10) >= today) return null;
  if (currentStatus(last.to_status) !== status) return null;
  if (!(last.change_type === 'FREEZE' || last.change_type === 'BLACKLIST')) return null;
  // A freeze gives back what the supplier was (POTENTIAL or QUALIFIED); a blacklisting ends in POTENTIAL.
  const before = currentStatus(last.from_status);
  const to = status === 'FROZEN' && (before === 'POTENTIAL' || before === 'QUALIFIED') ? before : 'POTENTIAL';
  return { from: status, to, endDate: String(last.end_date).slice(0, 10) };
}

/** The language the supplier's responsible buyer reads (CN without one). */
async function buyerLanguage(app: AppContext, db: Db, supplierId: number): Promise<{ userId: number | null; lang: Language }> {
  const s = await typed<SupplierTables>(db)
    .selectFrom('srm_pos_supplier_info')
    .select('buyer_user_id')
    .where('supplier_id', '=', supplierId)
    .executeTakeFirst();
  const userId = s?.buyer_user_id === null || s?.buyer_user_id === undefined ? null : Number(s.buyer_user_id);
  if (userId === null) return { userId, lang: 'CN' };
  const [u] = await app.modules.api<AdminApi>('admin').contacts(db, [userId]);
  return { userId, lang: LANGUAGES.find((l) => l === u?.language) ?? 'CN' };
}

/** Lifts every freeze and blacklisting whose end date is before `today` (YYYY-MM-DD); each in its own transaction. */
export async function liftExpired(app: AppContext, today: string, now = new Date()): Promise<Lifted[]> {
  const t = typed<SupplierTables>(app.db);
  const candidates = await t
    .selectFrom('srm_pos_supplier_info')
    .select('supplier_id')
    .where('supplier_status', 'in', ['FROZEN', 'BLACKLISTED', 'BLACKLIST'])
    .orderBy('supplier_id')
    .execute();
  const lifted: Lifted[] = [];
  for (const c of candidates) {
    const supplierId = Number(c.supplier_id);
    const done = await app.db.transaction().execute(async (trx) => {
      // Two servers running the check at once: the second finds the supplier already lifted.
      await lockInTransaction(trx, `supplier-status:${supplierId}`);
      const change = await expiredChange(trx, supplierId, today);
      if (!change) return null;
      const { lang } = await buyerLanguage(app, trx, supplierId);
      const row = await typed<SupplierTables>(trx)
        .insertInto('srm_pos_supplier_lifecycle')
        .values({
          change_number: await nextDocumentNumber(trx, 'SC', now),
          supplier_id: supplierId,
          change_type: END_DATE_CHANGE,
          from_status: change.from,
          to_status: change.to,
          reason: message(lang, 'lifecycle.endDatePassed', { date: change.endDate }),
          end_date: change.endDate,
          status: 'APPROVED',
          submitted_date: stampOf(now),
          approved_by: SYSTEM_USER,
          approved_date: stampOf(now),
          ...auditInsert(SYSTEM_USER),
        })
        .returning('lifecycle_id')
        .executeTakeFirstOrThrow();
      await typed<SupplierTables>(trx)
        .updateTable('srm_pos_supplier_info')
        .set({ supplier_status: change.to, last_updated_by: SYSTEM_USER })
        .where('supplier_id', '=', supplierId)
        .execute();
      return { lifecycleId: Number(row.lifecycle_id), supplierId, ...change };
    });
    if (done) lifted.push(done);
  }
  return lifted;
}

/** Tells the supplier's responsible buyer (else the buyers) that the end date lifted the state. */
async function tellBuyer(app: AppContext, l: Lifted): Promise<void> {
  if (!app.modules.hasApi('messages')) return;
  const s = await typed<SupplierTables>(app.db)
    .selectFrom('srm_pos_supplier_info')
    .select(['supplier_number', 'supplier_name'])
    .where('supplier_id', '=', l.supplierId)
    .executeTakeFirstOrThrow();
  const { userId, lang } = await buyerLanguage(app, app.db, l.supplierId);
  const messages = app.modules.api<MessagesApi>('messages');
  const notice = {
    templateCode: 'SUPPLIER_STATUS_END_DATE',
    sourceType: 'SUPPLIER_STATUS_END_DATE',
    variables: {
      supplier: `${s.supplier_number} ${s.supplier_name}`,
      from: message(lang, `lifecycle.status.${l.from}`),
      status: message(lang, `lifecycle.status.${l.to}`),
      date: l.endDate,
    },
    language: lang,
    useMessageLanguage: true,
    route: '/main/supplier/supplierLifecycleList',
  } as const;
  const reached = userId === null ? 0 : (await messages.send({ ...notice, recipients: [{ userId }] })).recipients;
  if (reached === 0) await messages.send({ ...notice, recipients: [{ responsibility: WARNING_RESPONSIBILITY }] });
}

export const statusEndDateProgram: ScheduledProgram = {
  code: END_DATE_PROGRAM,
  names: {
    CN: '供应商冻结/黑名单到期解除',
    EN: 'Supplier freeze and blacklist end dates',
    TH: 'ยกเลิกการระงับ/บัญชีดำของผู้จัดจำหน่ายเมื่อครบกำหนด',
    VN: 'Gỡ đóng băng/danh sách đen nhà cung cấp khi hết hạn',
  },
  retry: { limit: 2, delayMs: 10 * 60_000 },
  async run(app, _params, run) {
    const now = new Date();
    const lifted = await liftExpired(app, now.toISOString().slice(0, 10), now);
    run?.log(`lifted ${lifted.length}`);
    // After each lift committed: the supplier's contacts (as for every status change) and the buyer.
    for (const l of lifted) {
      run?.signal.throwIfAborted();
      await notifyStatusChange({ lifecycleId: l.lifecycleId, supplierId: l.supplierId }, app);
      await tellBuyer(app, l);
    }
  },
};
