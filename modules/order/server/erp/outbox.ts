// The ERP outbox: released orders and posted receipts are written to srm_po_erp_outbox in the same
// transaction as the release / receipt (nothing is lost when the ERP or this process is down), then
// pushed by the scheduler program PO_ERP_PUSH through the connector, with exponential backoff
// (SRM_ERP_RETRY_SECONDS × 2^(attempt−1)) until SRM_ERP_MAX_ATTEMPTS, after which the row is FAILED and
// waits for a person ("retry now"). Every attempt is one row of the interface log (appId ERP).
// States: PENDING → SENDING → SENT, or → RETRY → SENDING … → FAILED.
import { sql } from 'kysely';
import type { AppContext } from '../../../../server/context.js';
import type { Db } from '../../../../server/db/connect.js';
import { auditInsert, auditUpdate } from '../../../../server/db/typed.js';
import type { ProgramRun } from '../../../../server/modules/types.js';
import { drainDue } from '../../../../server/jobs/drainDue.js';
import type { SchedulerApi } from '../../../scheduler/api.js';
import { po } from '../store.js';
import { erpConnector, retryPolicy } from './connector.js';

export const ERP_PROGRAM = 'PO_ERP_PUSH';
export const ERP_APP_ID = 'ERP';
/** A SENDING row this old lost its process (a push ends by its timeout well before). */
const LOST_AFTER_MINUTES = 10;

export type ErpEvent = 'ORDER_RELEASED' | 'RECEIPT_POSTED';

/** Writes the document to the outbox inside the caller's transaction `db`. */
export async function enqueueErp(db: Db, eventType: ErpEvent, documentId: number, documentNumber: string, data: unknown, userId: number): Promise<number> {
  const payload = JSON.stringify({ eventType, documentId, documentNumber, data });
  const row = await po(db)
    .insertInto('srm_po_erp_outbox')
    .values({
      event_type: eventType,
      document_id: documentId,
      document_number: documentNumber,
      payload,
      status: 'PENDING',
      attempts: 0,
      ...auditInsert(userId),
    })
    .returning('outbox_id')
    .executeTakeFirstOrThrow();
  return Number(row.outbox_id);
}

/** Asks the scheduler for a PO_ERP_PUSH run by `at` (after a commit, or for the next retry). */
export async function pushBy(app: AppContext, at: Date): Promise<void> {
  if (!app.modules.hasApi('scheduler')) return;
  await app.modules
    .api<SchedulerApi>('scheduler')
    .runBy(ERP_PROGRAM, at)
    .catch((err: unknown) => console.error('order: scheduling the ERP push failed', err));
}

/** One attempt of one row; null when another run holds it or it is not due (claimed atomically). */
export async function attemptErp(app: AppContext, outboxId: number, userName: string | null = null): Promise<string | null> {
  const claimed = await po(app.db)
    .updateTable('srm_po_erp_outbox')
    .set({ status: 'SENDING', attempts: sql<number>`coalesce(attempts, 0) + 1`, ...auditUpdate(0) })
    .where('outbox_id', '=', outboxId)
    .where('status', 'in', ['PENDING', 'RETRY', 'FAILED'])
    .returning(['outbox_id', 'event_type', 'document_number', 'payload', 'attempts'])
    .executeTakeFirst();
  if (!claimed) return null;
  const connector = await erpConnector(app);
  const attempt = Number(claimed.attempts);
  if (connector.target === null) {
    // Not configured: nothing was tried; the row waits (the attempt is not counted).
    await po(app.db)
      .updateTable('srm_po_erp_outbox')
      .set({ status: 'PENDING', attempts: attempt - 1, last_error: 'SRM_ERP_URL not configured', ...auditUpdate(0) })
      .where('outbox_id', '=', outboxId)
      .execute();
    return 'PENDING';
  }
  const result = await connector.push({
    outboxId,
    eventType: claimed.event_type ?? '',
    documentNumber: claimed.document_number ?? '',
    payload: claimed.payload ?? '{}',
  });
  const { baseSeconds, maxAttempts } = await retryPolicy(app);
  const status = result.ok ? 'SENT' : attempt >= maxAttempts ? 'FAILED' : 'RETRY';
  const delay = baseSeconds * 2 ** (attempt - 1);
  await app.db.transaction().execute(async (trx) => {
    await po(trx)
      .updateTable('srm_po_erp_outbox')
      .set({
        status,
        last_http_status: result.httpStatus,
        last_error: result.ok ? null : result.message.slice(0, 500),
        sent_time: result.ok ? sql<string>`localtimestamp(0)` : null,
        next_attempt_at: status === 'RETRY' ? sql<string>`localtimestamp(0) + make_interval(secs => ${delay})` : null,
        ...auditUpdate(0),
      })
      .where('outbox_id', '=', outboxId)
      .execute();
    await app.modules.optionalService('callLogs')?.recordInterface(trx, {
      appId: ERP_APP_ID,
      method: 'POST',
      path: `${connector.target} ${claimed.event_type} ${claimed.document_number} #${attempt}`,
      httpStatus: result.httpStatus,
      ok: result.ok,
      message: result.message,
      durationMs: result.durationMs,
      userName,
    });
  });
  // A second past the due time: next_attempt_at is rounded to whole seconds by the database.
  if (status === 'RETRY') await pushBy(app, new Date(Date.now() + delay * 1000 + ROUNDING_MS));
  return status;
}

/** PO_ERP_PUSH: every due row (pending, a retry whose time came, a lost SENDING) gets its attempt, oldest first. */
export async function runDueErp(app: AppContext, run?: ProgramRun): Promise<{ attempted: number; sent: number }> {
  await po(app.db)
    .updateTable('srm_po_erp_outbox')
    .set({ status: 'RETRY', next_attempt_at: sql<string>`localtimestamp(0)`, ...auditUpdate(0) })
    .where('status', '=', 'SENDING')
    .where('last_update_date', '<', sql<string>`localtimestamp(0) - make_interval(mins => ${LOST_AFTER_MINUTES})`)
    .execute();
  const r = await drainDue({
    signal: run?.signal,
    due: async () =>
      (
        await po(app.db)
          .selectFrom('srm_po_erp_outbox')
          .select('outbox_id')
          .where((eb) =>
            eb.or([eb('status', '=', 'PENDING'), eb.and([eb('status', '=', 'RETRY'), eb('next_attempt_at', '<=', sql<string>`localtimestamp(0)`)])]),
          )
          .orderBy('outbox_id')
          .limit(100)
          .execute()
      ).map((row) => Number(row.outbox_id)),
    attempt: (id) => attemptErp(app, id),
    stopsDrain: (s) => s === 'PENDING',
  });
  const attempted = r.attempted;
  const sent = r.outcomes.get('SENT') ?? 0;
  if (r.stoppedBy) {
    run?.log('SRM_ERP_URL is not configured: documents wait');
    return { attempted, sent };
  }
  await pushForWaitingRetries(app);
  run?.log(`${attempted} ERP push attempt(s), ${sent} delivered`);
  return { attempted, sent };
}

/** What the database's whole-second rounding of next_attempt_at may add to a due time. */
const ROUNDING_MS = 1000;

/**
 * A retry still waiting after a run asks for the run that will find it due. Without this, a run that
 * came a moment early (a waiting request due by then stands in for a new one, `runBy`) found the row not
 * yet due, and nothing ever looked at it again: the document stayed RETRY (seen as a flaky browser test).
 */
async function pushForWaitingRetries(app: AppContext): Promise<void> {
  const next = await po(app.db)
    .selectFrom('srm_po_erp_outbox')
    .select(sql<number | null>`extract(epoch from min(next_attempt_at) - localtimestamp(0))`.as('seconds'))
    .where('status', '=', 'RETRY')
    .executeTakeFirst();
  if (next?.seconds === null || next?.seconds === undefined) return;
  await pushBy(app, new Date(Date.now() + Math.max(0, Number(next.seconds)) * 1000 + ROUNDING_MS));
}
