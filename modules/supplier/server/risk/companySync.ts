// syncSupplierInfo (SPEC §7, `srmPosSupplierInfoRestful/syncSupplierInfo {id}`): asks the business-information
// service (the risk connector, same settings) for the supplier's registered data by its credit code and stores it
// on the master as read-only fields with the time of the sync. A company the service reports deregistered or
// revoked gets an OPEN RISK warning (HIGH, signal `REGISTRATION:<status>`), pushed to the buyers; a later sync
// that finds it active again closes it. Any failure (not configured, down, timeout, unknown code, unreadable
// answer) is refused in the caller's language and changes nothing; every question is an interface-log row.
import type { AppContext } from '../../../../server/context.js';
import { auditUpdate, typed } from '../../../../server/db/typed.js';
import { refuse } from '../../../../server/errors.js';
import { message, type Language } from '../../../../server/i18n/messages.js';
import { ok } from '../../../../server/http/envelope.js';
import type { FamilyAction } from '../../../../server/rest/actionContext.js';
import { findRow, loadRecord, parseId } from '../../../../server/rest/read.js';
import type { SupplierTables } from '../../generated/tables.js';
import type { NewWarning } from '../warnings/certificateScan.js';
import { warningPush } from '../warnings/certificateProgram.js';
import { riskConnector, type CompanyInfo } from './connector.js';
import { REGISTRATION_SIGNAL, RISK_APP_ID } from './riskScan.js';
import { pointsOf, refreshScores } from './score.js';

/** Registration states that mean the company no longer legally exists. */
export const DEAD_STATUSES = ['DEREGISTERED', 'REVOKED', 'CANCELLED'];

const stampOf = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

export const syncSupplierInfo: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  const app = ctx.app;
  await findRow(ctx, app.db, id);
  const s = await typed<SupplierTables>(app.db)
    .selectFrom('srm_pos_supplier_info')
    .select(['supplier_number', 'tax_number'])
    .where('supplier_id', '=', id)
    .executeTakeFirstOrThrow();
  const creditCode = (s.tax_number ?? '').trim();
  if (!creditCode) throw refuse('supplierSync.noCreditCode');
  const connector = await riskConnector(app);
  if (connector.target === null) throw refuse('supplierSync.notConfigured');
  const answer = await connector.fetchCompany(creditCode);
  await app.modules.optionalService('callLogs')?.recordInterface(app.db, {
    appId: RISK_APP_ID,
    method: 'GET',
    path: `${connector.target} ${creditCode} ${s.supplier_number} company`,
    httpStatus: answer.httpStatus,
    ok: answer.ok,
    message: answer.message,
    durationMs: answer.durationMs,
    userName: ctx.session.userName ?? null,
  });
  if (!answer.ok || !answer.company) throw refuse(`supplierSync.${answer.failure ?? 'down'}`, { code: creditCode });
  const opened = await store(app, id, answer.company, ctx.session.userId, ctx.lang);
  if (opened) await warningPush(app, opened);
  return ok(await loadRecord(ctx, app.db, id));
};

/** Writes the company's data and reconciles its registration warning, in one transaction; answers a new warning. */
async function store(app: AppContext, supplierId: number, c: CompanyInfo, userId: number, lang: Language): Promise<NewWarning | null> {
  const now = stampOf(new Date());
  return app.db.transaction().execute(async (trx) => {
    const t = typed<SupplierTables>(trx);
    await t
      .updateTable('srm_pos_supplier_info')
      .set({
        legal_representative: c.legalRepresentative || null,
        registered_capital: c.registeredCapital || null,
        registered_address: c.registeredAddress || null,
        business_scope: c.businessScope || null,
        establishment_date: c.establishmentDate || null,
        registration_status: c.registrationStatus,
        info_synced_at: now,
        ...auditUpdate(userId),
      })
      .where('supplier_id', '=', supplierId)
      .execute();
    const known = await t
      .selectFrom('srm_pos_supplier_warning')
      .select(['warning_id', 'signal_id', 'status'])
      .where('supplier_id', '=', supplierId)
      .where('warning_type', '=', 'RISK')
      .where('signal_id', 'like', `${REGISTRATION_SIGNAL}%`)
      .execute();
    const signalId = `${REGISTRATION_SIGNAL}${c.registrationStatus}`;
    const dead = DEAD_STATUSES.includes(c.registrationStatus);
    // Whatever the company was reported as before and is no longer, closes.
    const stale = known.filter((w) => w.status === 'OPEN' && (!dead || w.signal_id !== signalId)).map((w) => w.warning_id);
    if (stale.length > 0)
      await t.updateTable('srm_pos_supplier_warning').set({ status: 'CLOSED', closed_date: now }).where('warning_id', 'in', stale).execute();
    let opened: NewWarning | null = null;
    if (dead) {
      // Written in the language of who synced (a warning's subject is data, like the service's signal titles).
      const subject = message(lang, 'supplierSync.warningSubject', { status: c.registrationStatus });
      const seen = known.find((w) => w.signal_id === signalId);
      if (seen && seen.status !== 'OPEN') {
        await t.updateTable('srm_pos_supplier_warning').set({ status: 'OPEN', closed_date: null }).where('warning_id', '=', seen.warning_id).execute();
      } else if (!seen) {
        const today = now.slice(0, 10);
        const row = await t
          .insertInto('srm_pos_supplier_warning')
          .values({
            supplier_id: supplierId,
            warning_type: 'RISK',
            subject,
            due_date: today,
            risk_level: 'HIGH',
            points: pointsOf('RISK', 'HIGH'),
            signal_id: signalId,
            status: 'OPEN',
            pushed_date: now,
          })
          .returning('warning_id')
          .executeTakeFirstOrThrow();
        opened = { warningId: Number(row.warning_id), supplierId, warningType: 'RISK', subject, dueDate: today };
      }
    }
    await refreshScores(trx);
    return opened;
  });
}
