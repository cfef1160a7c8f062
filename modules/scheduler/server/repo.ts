// The scheduler's own tables, typed (generated/tables.ts).
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Db } from '../../../server/db/connect.js';
import { auditInsert, typed } from '../../../server/db/typed.js';
import type { SchedulerTables } from '../generated/tables.js';

export type RequestStatus = 'PENDING' | 'SCHEDULED' | 'RUNNING' | 'PAUSED' | 'CANCELLED' | 'DONE' | 'ERROR';
export type RunStatus = 'RUNNING' | 'DONE' | 'ERROR' | 'TIMEOUT' | 'CANCELLED';
export type LogEvent = 'SUBMIT' | 'LAUNCH' | 'PAUSE' | 'CANCEL' | 'START' | 'END' | 'RETRY' | 'NEXT';

/** States waiting for their time (a due job of theirs may run). */
export const WAITING: readonly RequestStatus[] = ['PENDING', 'SCHEDULED'];

export const tables = (db: Db): Kysely<SchedulerTables> => typed<SchedulerTables>(db);

export async function writeLog(
  db: Db,
  requestId: number,
  event: LogEvent,
  message: string | null,
  userId: number | null,
  runId: number | null = null,
): Promise<void> {
  await tables(db)
    .insertInto('schedule_log')
    .values({ request_id: requestId, run_id: runId, event, message: message?.slice(0, 2000) ?? null, user_id: userId, ...auditInsert(userId ?? 0) })
    .execute();
}

export interface ProgramSettings {
  enabled: boolean;
  timeoutMs: number | null;
  retryLimit: number | null;
  retryDelayMs: number | null;
}

/** What an administrator set on the programs screen (timeout, retries, enabled). */
export async function programSettings(db: Db, code: string): Promise<ProgramSettings | null> {
  const row = await tables(db)
    .selectFrom('schedule_program')
    .select(['enabled_flag', 'timeout_ms', 'retry_limit', 'retry_delay_ms'])
    .where('program_code', '=', code)
    .executeTakeFirst();
  return row ? { enabled: row.enabled_flag !== 'N', timeoutMs: row.timeout_ms, retryLimit: row.retry_limit, retryDelayMs: row.retry_delay_ms } : null;
}

/** A request that is not one of the demo data's crons (what a server holding them may run). */
export function notHeldDemoCron(eb: ExpressionBuilder<SchedulerTables, 'schedule_request'>) {
  return eb.or([eb('demo_flag', 'is', null), eb('demo_flag', '!=', 'Y'), eb('cron', 'is', null)]);
}
