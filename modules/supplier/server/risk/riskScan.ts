// One risk scan: every supplier still worked with (not QUIT or BLACKLISTED) that has a credit code is asked
// for through the connector, one at a time. A good answer's signals become RISK warnings, once per signal id
// and supplier (a signal the service stops reporting is CLOSED; one that comes back is OPEN again, not
// pushed twice). A failed question (timeout, refused, 5xx, an unreadable body) is one interface-log row
// (appId RISK) and changes nothing: the next run asks again. Every question, good or bad, is logged.
import type { AppContext } from '../../../../server/context.js';
import { typed } from '../../../../server/db/typed.js';
import type { SupplierTables } from '../../generated/tables.js';
import type { NewWarning } from '../warnings/certificateScan.js';
import type { RiskConnector, RiskSignal } from './connector.js';
import { pointsOf } from './score.js';

/** The signal id prefix of a registration-status warning (written by syncSupplierInfo, companySync.ts). */
export const REGISTRATION_SIGNAL = 'REGISTRATION:';

export const RISK_APP_ID = 'RISK';
const GONE = ['QUIT', 'BLACKLIST', 'BLACKLISTED'];

export interface RiskScanResult {
  asked: number;
  failed: { supplierNumber: string; message: string }[];
  opened: NewWarning[];
  closed: number;
}

/** Stores one supplier's good answer; answers the warnings it opened. */
async function storeSignals(app: AppContext, supplierId: number, signals: RiskSignal[], now: string): Promise<{ opened: NewWarning[]; closed: number }> {
  return app.db.transaction().execute(async (trx) => {
    const t = typed<SupplierTables>(trx);
    const known = await t
      .selectFrom('srm_pos_supplier_warning')
      .select(['warning_id', 'signal_id', 'status'])
      .where('supplier_id', '=', supplierId)
      .where('warning_type', '=', 'RISK')
      .execute();
    const byId = new Map(known.map((w) => [w.signal_id ?? '', w]));
    const reported = new Set(signals.map((s) => s.id));
    // A registration-status warning (companySync.ts) is the sync's to close, not the scan's.
    const stale = known
      .filter((w) => w.status === 'OPEN' && !reported.has(w.signal_id ?? '') && !(w.signal_id ?? '').startsWith(REGISTRATION_SIGNAL))
      .map((w) => w.warning_id);
    if (stale.length > 0)
      await t.updateTable('srm_pos_supplier_warning').set({ status: 'CLOSED', closed_date: now }).where('warning_id', 'in', stale).execute();
    const opened: NewWarning[] = [];
    for (const s of signals) {
      const seen = byId.get(s.id);
      const points = pointsOf('RISK', s.level);
      if (seen) {
        if (seen.status !== 'OPEN') {
          await t
            .updateTable('srm_pos_supplier_warning')
            .set({ status: 'OPEN', closed_date: null, risk_level: s.level, points })
            .where('warning_id', '=', seen.warning_id)
            .execute();
        }
        continue;
      }
      const row = await t
        .insertInto('srm_pos_supplier_warning')
        .values({
          supplier_id: supplierId,
          warning_type: 'RISK',
          subject: s.title.slice(0, 300),
          due_date: s.occurredAt,
          risk_level: s.level,
          points,
          signal_id: s.id,
          status: 'OPEN',
          pushed_date: now,
        })
        .returning('warning_id')
        .executeTakeFirstOrThrow();
      byId.set(s.id, { warning_id: row.warning_id, signal_id: s.id, status: 'OPEN' });
      opened.push({ warningId: Number(row.warning_id), supplierId, warningType: 'RISK', subject: s.title, dueDate: s.occurredAt });
    }
    return { opened, closed: stale.length };
  });
}

export async function scanRisk(app: AppContext, connector: RiskConnector, now: string, signal?: AbortSignal): Promise<RiskScanResult> {
  const suppliers = await typed<SupplierTables>(app.db)
    .selectFrom('srm_pos_supplier_info')
    .select(['supplier_id', 'supplier_number', 'tax_number'])
    .where('tax_number', 'is not', null)
    .where('tax_number', '<>', '')
    .where((eb) => eb.or([eb('supplier_status', 'is', null), eb('supplier_status', 'not in', GONE)]))
    .orderBy('supplier_id')
    .execute();
  const result: RiskScanResult = { asked: 0, failed: [], opened: [], closed: 0 };
  for (const s of suppliers) {
    signal?.throwIfAborted();
    const creditCode = String(s.tax_number).trim();
    const answer = await connector.fetchRisk(creditCode);
    result.asked += 1;
    await app.modules.optionalService('callLogs')?.recordInterface(app.db, {
      appId: RISK_APP_ID,
      method: 'GET',
      path: `${connector.target} ${creditCode} ${s.supplier_number}`,
      httpStatus: answer.httpStatus,
      ok: answer.ok,
      message: answer.message,
      durationMs: answer.durationMs,
      userName: null,
    });
    if (!answer.ok) {
      result.failed.push({ supplierNumber: s.supplier_number, message: answer.message });
      continue;
    }
    const stored = await storeSignals(app, Number(s.supplier_id), answer.signals, now);
    result.opened.push(...stored.opened);
    result.closed += stored.closed;
  }
  return result;
}
