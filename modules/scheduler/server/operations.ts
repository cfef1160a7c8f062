// scheduleRequestRestful's operations (CONTRACT.md "Scheduler"): doSubmit, doLaunch, doPause, doCancel,
// findLog, and findEvents (the request's log). Each state change is one guarded UPDATE that also moves the
// dispatch number, so a job queued before it is refused by the claim (runner.ts); a new due job is queued
// after the write is committed.
import { sql } from 'kysely';
import { refuse } from '../../../server/errors.js';
import { message, type Language } from '../../../server/i18n/messages.js';
import type { AppContext } from '../../../server/context.js';
import { auditInsert, auditUpdate } from '../../../server/db/typed.js';
import { ok } from '../../../server/http/envelope.js';
import type { ActionContext, FamilyAction } from '../../../server/rest/actionContext.js';
import { loadRecord, parseId } from '../../../server/rest/read.js';
import { checkedCron, nextCronRun } from './cron.js';
import { checkedParams } from './params.js';
import { programSettings, tables, writeLog, type LogEvent, type RequestStatus } from './repo.js';
import { CancelledRun } from './runner.js';
import { schedulerOf } from './service.js';
import { dbTime, parseRunAt } from './time.js';

export const doSubmit: FamilyAction = async (ctx) => {
  const svc = schedulerOf(ctx.app);
  const code = typeof ctx.body.programCode === 'string' ? ctx.body.programCode.trim() : '';
  const program = svc.program(code);
  const settings = program ? await programSettings(ctx.app.db, code) : null;
  if (!program || !settings) throw refuse('scheduler.unknownProgram', { code: code.slice(0, 60) });
  if (!settings.enabled) throw refuse('scheduler.programDisabled', { code });
  const params = checkedParams(program.paramsSchema, ctx.body.params);
  const hasCron = ctx.body.cron !== undefined && ctx.body.cron !== null && ctx.body.cron !== '';
  const cron = hasCron ? checkedCron(ctx.body.cron) : null;
  const hasRunAt = ctx.body.runAt !== undefined && ctx.body.runAt !== null && ctx.body.runAt !== '';
  const runAt = hasRunAt ? parseRunAt(ctx.body.runAt) : null;
  if (hasRunAt && !runAt) throw refuse('scheduler.badRunAt', { runAt: String(ctx.body.runAt).slice(0, 40) });
  const requestId = await submitRequest(ctx.app, { code, params, cron, runAt, userId: ctx.session.userId, lang: ctx.lang });
  return ok(await loadRecord(ctx, ctx.app.db, requestId));
};

/** Writes a request (and its SUBMIT log line) and queues its first run; the caller checked the program and parameters. */
export async function submitRequest(
  app: AppContext,
  r: { code: string; params: Record<string, unknown>; cron: string | null; runAt: Date | null; userId: number; lang: Language },
): Promise<number> {
  const { code, params, cron, runAt } = r;
  const svc = schedulerOf(app);
  const now = new Date();
  const from = runAt && runAt > now ? runAt : now;
  // A cron request first runs at its first occurrence (after runAt, when given); else at runAt or now.
  const first = cron ? (nextCronRun(cron, new Date(from.getTime() - 1000)) as Date) : from;
  const status: RequestStatus = cron || first.getTime() > now.getTime() + 1000 ? 'SCHEDULED' : 'PENDING';
  const row = await tables(app.db).selectFrom('schedule_program').select('program_id').where('program_code', '=', code).executeTakeFirstOrThrow();
  const inserted = await tables(app.db)
    .insertInto('schedule_request')
    .values({
      program_id: row.program_id,
      program_code: code,
      params: JSON.stringify(params),
      run_at: runAt ? dbTime(runAt) : null,
      cron,
      request_status: status,
      next_run_at: dbTime(first),
      attempt: 1,
      dispatch_seq: 1,
      run_count: 0,
      language: r.lang,
      ...auditInsert(r.userId),
    })
    .returning('request_id')
    .executeTakeFirstOrThrow();
  await writeLog(app.db, Number(inserted.request_id), 'SUBMIT', cron ? `cron ${cron}` : dbTime(first), r.userId);
  await svc.enqueue({ requestId: inserted.request_id, seq: 1 }, first);
  return inserted.request_id;
}

/** A guarded state change: `to` from one of `from`, the dispatch number moved on; refused otherwise. */
async function change(ctx: ActionContext, from: readonly RequestStatus[], to: RequestStatus, event: LogEvent, nextRunAt: Date | null) {
  const id = parseId(ctx, ctx.body.id);
  const current = await loadRecord(ctx, ctx.app.db, id);
  const updated = await tables(ctx.app.db)
    .updateTable('schedule_request')
    .set({
      request_status: to,
      next_run_at: nextRunAt ? dbTime(nextRunAt) : null,
      dispatch_seq: sql<number>`dispatch_seq + 1`,
      ...(event === 'LAUNCH' ? { attempt: 1 } : {}),
      ...auditUpdate(ctx.session.userId),
    })
    .where('request_id', '=', id)
    .where('request_status', 'in', from)
    .returning('dispatch_seq')
    .executeTakeFirst();
  if (!updated) {
    const status = String(current.requestStatus);
    const meaning = (await ctx.app.lookups.findDic('SCHEDULE_REQUEST_STATUS', ctx.lang)).find((v) => v.lookupCode === status)?.meaning ?? status;
    throw refuse('scheduler.badState', { status: meaning });
  }
  await writeLog(ctx.app.db, id, event, null, ctx.session.userId);
  return { id, seq: updated.dispatch_seq ?? 0 };
}

/** Runs the request now (a paused one resumes; a cron request then goes on by its cron). */
export const doLaunch: FamilyAction = async (ctx) => {
  const now = new Date();
  const { id, seq } = await change(ctx, ['PENDING', 'SCHEDULED', 'PAUSED', 'DONE', 'ERROR'], 'PENDING', 'LAUNCH', now);
  await schedulerOf(ctx.app).enqueue({ requestId: id, seq }, now);
  return ok(await loadRecord(ctx, ctx.app.db, id));
};

/** No further run until launched; a run in progress finishes. */
export const doPause: FamilyAction = async (ctx) => {
  const { id } = await change(ctx, ['PENDING', 'SCHEDULED', 'RUNNING'], 'PAUSED', 'PAUSE', null);
  return ok(await loadRecord(ctx, ctx.app.db, id));
};

/** Never runs again; a run in progress in this process is aborted (its program sees the signal). */
export const doCancel: FamilyAction = async (ctx) => {
  const { id } = await change(ctx, ['PENDING', 'SCHEDULED', 'RUNNING', 'PAUSED', 'ERROR'], 'CANCELLED', 'CANCEL', null);
  schedulerOf(ctx.app)
    .running.get(id)
    ?.abort(new CancelledRun(message(ctx.lang, 'scheduler.cancelledBy', { user: ctx.session.userName })));
  return ok(await loadRecord(ctx, ctx.app.db, id));
};

/** The request's runs, oldest first: {runId, startTime, endTime, status, output, attempt, error, worker}. */
export const findLog: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  await loadRecord(ctx, ctx.app.db, id);
  const runs = await tables(ctx.app.db)
    .selectFrom('schedule_run')
    .select(['run_id', 'start_time', 'end_time', 'run_status', 'output', 'attempt', 'error_msg', 'worker'])
    .where('request_id', '=', id)
    .orderBy('run_id')
    .execute();
  return ok(
    runs.map((r) => ({
      runId: r.run_id,
      startTime: r.start_time,
      endTime: r.end_time,
      status: r.run_status,
      output: r.output,
      attempt: r.attempt,
      error: r.error_msg,
      worker: r.worker,
    })),
  );
};

/** The request's log: submitted, launched, paused, cancelled, each run's start and end, retries. */
export const findEvents: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  await loadRecord(ctx, ctx.app.db, id);
  const rows = await tables(ctx.app.db)
    .selectFrom('schedule_log')
    .select(['log_id', 'event', 'message', 'run_id', 'user_id', 'creation_date'])
    .where('request_id', '=', id)
    .orderBy('log_id')
    .execute();
  return ok(rows.map((r) => ({ logId: r.log_id, event: r.event, message: r.message, runId: r.run_id, userId: r.user_id, time: r.creation_date })));
};
