// Runs whose process died. A live run always ends by its timeout (runner.ts), so a run still RUNNING a
// minute after its program's timeout has no process left: it is ended as an error and its request goes on
// as after any failure (a retry, the next cron time, or ERROR). Every process sweeps; the guarded updates
// (the run still RUNNING, the request still on that run's dispatch) let exactly one of them act.
import { dbNow } from '../../../server/db/typed.js';
import { languageOf, message } from '../../../server/i18n/messages.js';
import { programSettings, tables, writeLog } from './repo.js';
import { DEFAULT_TIMEOUT_MS, followUp, retryOf } from './runner.js';
import type { SchedulerService } from './service.js';
import { fromDbTime } from './time.js';

export const LOST_GRACE_MS = 60_000;

export async function sweepLostRuns(svc: SchedulerService, now = new Date()): Promise<number> {
  const db = tables(svc.app.db);
  const running = await db
    .selectFrom('schedule_run as r')
    .innerJoin('schedule_request as q', 'q.request_id', 'r.request_id')
    .select(['r.run_id', 'r.request_id', 'r.run_key', 'r.program_code', 'r.start_time', 'r.attempt', 'q.cron', 'q.language'])
    .where('r.run_status', '=', 'RUNNING')
    .execute();
  let ended = 0;
  for (const r of running) {
    const requestId = r.request_id;
    if (requestId === null || svc.running.has(requestId) || !r.start_time) continue;
    const settings = await programSettings(svc.app.db, r.program_code);
    const timeoutMs = settings?.timeoutMs ?? svc.program(r.program_code)?.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (now.getTime() - fromDbTime(r.start_time).getTime() < timeoutMs + LOST_GRACE_MS) continue;
    const error = message(languageOf(r.language ?? undefined), 'scheduler.runLost');
    const done = await db
      .updateTable('schedule_run')
      .set({ run_status: 'ERROR', end_time: dbNow(), error_msg: error, last_update_date: dbNow() })
      .where('run_id', '=', r.run_id)
      .where('run_status', '=', 'RUNNING')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) continue;
    ended++;
    await writeLog(svc.app.db, requestId, 'END', `ERROR: ${error}`, null, r.run_id);
    const seq = Number(r.run_key.split(':')[1]);
    if (!Number.isInteger(seq)) continue;
    await followUp(
      svc,
      { requestId, seq },
      { status: 'ERROR', error, attempt: r.attempt ?? 1, cron: r.cron, program: r.program_code, retry: retryOf(svc, r.program_code, settings) },
    );
  }
  return ended;
}
