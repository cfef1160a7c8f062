// One due job: claim it, run the program under its timeout, record the run, decide what comes next.
//
// Exactly once: the claim is one guarded UPDATE (`… where request_id = R and dispatch_seq = S and status in
// (PENDING, SCHEDULED)`). PostgreSQL locks the row for the first claimant; a second one (another process,
// a duplicate delivery) re-checks the WHERE against the committed row, finds RUNNING and updates nothing.
// The run row's unique run_key (R:S) is a second guard. Every later step is guarded by the same dispatch
// number, so a pause, cancel or relaunch during the run wins over the run's own follow-up.
import { sql } from 'kysely';
import { dbNow } from '../../../server/db/typed.js';
import { languageOf, message } from '../../../server/i18n/messages.js';
import { nextCronRun } from './cron.js';
import type { DueJob } from './engine/jobEngine.js';
import { notHeldDemoCron, programSettings, tables, WAITING, writeLog, type RequestStatus, type RunStatus } from './repo.js';
import type { SchedulerService } from './service.js';
import { dbTime } from './time.js';

export const DEFAULT_TIMEOUT_MS = 10 * 60_000;
const MAX_OUTPUT = 64 * 1024;

class TimedOut extends Error {}

/** The reason a cancel aborts a run with (doCancel); any other abort (the server stopping) is a failure. */
export class CancelledRun extends Error {}

export async function runDue(svc: SchedulerService, job: DueJob): Promise<void> {
  try {
    await runClaimed(svc, job);
  } catch (err) {
    console.error(`scheduler: request ${job.requestId} dispatch ${job.seq} failed outside its program`, err);
  }
}

async function runClaimed(svc: SchedulerService, job: DueJob): Promise<void> {
  const db = tables(svc.app.db);
  const claimed = await db
    .updateTable('schedule_request')
    .set({ request_status: 'RUNNING', last_run_at: dbNow(), run_count: sql<number>`coalesce(run_count, 0) + 1`, last_update_date: dbNow() })
    .where('request_id', '=', job.requestId)
    .where('dispatch_seq', '=', job.seq)
    .where('request_status', 'in', WAITING)
    // A server holding the demo's crons (a test server) leaves them waiting: nothing runs under a test.
    .$if(svc.holdsDemoCrons, (q) => q.where(notHeldDemoCron))
    .returning(['program_code', 'params', 'cron', 'attempt', 'language', 'created_by'])
    .executeTakeFirst();
  if (!claimed) return;
  const lang = languageOf(claimed.language ?? undefined);
  const attempt = claimed.attempt ?? 1;
  const run = await db
    .insertInto('schedule_run')
    .values({
      request_id: job.requestId,
      program_code: claimed.program_code,
      run_key: `${job.requestId}:${job.seq}`,
      attempt,
      start_time: dbNow(),
      run_status: 'RUNNING',
      worker: svc.worker,
      created_by: claimed.created_by,
      last_updated_by: claimed.created_by,
    })
    .returning('run_id')
    .executeTakeFirstOrThrow();
  await writeLog(svc.app.db, job.requestId, 'START', `${svc.worker} #${attempt}`, null, run.run_id);

  const program = svc.program(claimed.program_code);
  const settings = await programSettings(svc.app.db, claimed.program_code);
  const timeoutMs = settings?.timeoutMs ?? program?.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const lines: string[] = [];
  let size = 0;
  const log = (line: string) => {
    if (size > MAX_OUTPUT) return;
    const stamped = `${dbTime(new Date())} ${line}`;
    size += stamped.length + 1;
    lines.push(size > MAX_OUTPUT ? '…' : stamped);
  };

  let status: RunStatus = 'DONE';
  let error: string | null = null;
  const controller = new AbortController();
  svc.running.set(job.requestId, controller);
  let timer: NodeJS.Timeout | undefined;
  try {
    if (!program) throw new Error(message(lang, 'scheduler.programGone', { code: claimed.program_code }));
    if (settings && !settings.enabled) throw new Error(message(lang, 'scheduler.programDisabled', { code: claimed.program_code }));
    const params = claimed.params ? (JSON.parse(claimed.params) as Record<string, unknown>) : {};
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const e = new TimedOut(message(lang, 'scheduler.timedOut', { ms: timeoutMs }));
        controller.abort(e);
        reject(e);
      }, timeoutMs);
    });
    await Promise.race([program.run(svc.app, params, { signal: controller.signal, log, attempt, requestId: job.requestId }), timeout]);
  } catch (err) {
    const reason: unknown = controller.signal.aborted ? controller.signal.reason : err;
    status = reason instanceof TimedOut ? 'TIMEOUT' : reason instanceof CancelledRun ? 'CANCELLED' : 'ERROR';
    error = (reason instanceof Error ? reason.message : String(reason)).slice(0, 2000);
  } finally {
    clearTimeout(timer);
    svc.running.delete(job.requestId);
  }

  await db
    .updateTable('schedule_run')
    .set({ end_time: dbNow(), run_status: status, output: lines.join('\n') || null, error_msg: error, last_update_date: dbNow() })
    .where('run_id', '=', run.run_id)
    .execute();
  await writeLog(svc.app.db, job.requestId, 'END', error ? `${status}: ${error}` : status, null, run.run_id);
  await followUp(svc, job, { status, error, attempt, cron: claimed.cron, program: claimed.program_code, retry: retryOf(svc, claimed.program_code, settings) });
}

export function retryOf(svc: SchedulerService, code: string, settings: Awaited<ReturnType<typeof programSettings>>): { limit: number; delayMs: number } {
  const declared = svc.program(code)?.retry;
  return { limit: settings?.retryLimit ?? declared?.limit ?? 0, delayMs: settings?.retryDelayMs ?? declared?.delayMs ?? 60_000 };
}

export interface Outcome {
  status: RunStatus;
  error: string | null;
  attempt: number;
  cron: string | null;
  program: string;
  retry: { limit: number; delayMs: number };
}

/** A retry with backoff after a failure (delay × 2^(attempt−1)), else the next cron time, else done. */
export async function followUp(svc: SchedulerService, job: DueJob, o: Outcome): Promise<void> {
  const failed = o.status !== 'DONE' && o.status !== 'CANCELLED';
  const now = new Date();
  let next: { status: RequestStatus; at: Date | null; attempt: number; event: 'RETRY' | 'NEXT' | null };
  if (failed && o.attempt <= o.retry.limit) {
    next = { status: 'SCHEDULED', at: new Date(now.getTime() + o.retry.delayMs * 2 ** (o.attempt - 1)), attempt: o.attempt + 1, event: 'RETRY' };
  } else if (o.cron && o.status !== 'CANCELLED') {
    const at = nextCronRun(o.cron, now);
    next = at ? { status: 'SCHEDULED', at, attempt: 1, event: 'NEXT' } : { status: failed ? 'ERROR' : 'DONE', at: null, attempt: 1, event: null };
  } else {
    next = { status: o.status === 'CANCELLED' ? 'CANCELLED' : failed ? 'ERROR' : 'DONE', at: null, attempt: o.attempt, event: null };
  }
  const updated = await tables(svc.app.db)
    .updateTable('schedule_request')
    .set({
      request_status: next.status,
      next_run_at: next.at ? dbTime(next.at) : null,
      attempt: next.attempt,
      dispatch_seq: job.seq + 1,
      last_error: failed ? o.error : null,
      last_update_date: dbNow(),
      version_num: sql<number>`version_num + 1`,
    })
    .where('request_id', '=', job.requestId)
    .where('dispatch_seq', '=', job.seq)
    .where('request_status', '=', 'RUNNING')
    .executeTakeFirst();
  // Paused, cancelled or relaunched meanwhile: their dispatch number moved on and they decide.
  if (Number(updated.numUpdatedRows) === 0 || !next.at) return;
  if (next.event) await writeLog(svc.app.db, job.requestId, next.event, dbTime(next.at), null);
  await svc.enqueue({ requestId: job.requestId, seq: job.seq + 1 }, next.at);
}
