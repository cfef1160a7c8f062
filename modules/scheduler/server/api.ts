// The scheduler's public API (../api.ts): other modules' programs run later on request.
import type { AppContext } from '../../../server/context.js';
import type { SchedulerApi } from '../api.js';
import type { Db } from '../../../server/db/connect.js';
import { auditInsert } from '../../../server/db/typed.js';
import { nextCronRun } from './cron.js';
import { submitRequest } from './operations.js';
import { programSettings, tables, WAITING, writeLog } from './repo.js';
import { schedulerOf } from './service.js';
import { dbTime } from './time.js';

/** The user id system requests are submitted as (no person asked for them). */
const SYSTEM_USER = 0;

export function schedulerApi(app: AppContext): SchedulerApi {
  return {
    async runBy(programCode, at) {
      if (!schedulerOf(app).program(programCode)) throw new Error(`scheduler: no program ${programCode}`);
      const settings = await programSettings(app.db, programCode);
      if (settings && !settings.enabled) return;
      const waiting = await tables(app.db)
        .selectFrom('schedule_request')
        .select('request_id')
        .where('program_code', '=', programCode)
        .where('cron', 'is', null)
        .where('request_status', 'in', WAITING)
        .where('next_run_at', '<=', dbTime(at))
        .limit(1)
        .executeTakeFirst();
      if (waiting) return;
      await submitRequest(app, { code: programCode, params: {}, cron: null, runAt: at, userId: SYSTEM_USER, lang: 'CN' });
    },
    scheduleCron: (db, request, userId) => scheduleCron(app, db, request, userId),
  };
}

async function scheduleCron(
  app: AppContext,
  db: Db,
  r: { programCode: string; cron: string; params?: Record<string, unknown>; demo?: boolean },
  userId: number,
): Promise<number> {
  if (!schedulerOf(app).program(r.programCode)) throw new Error(`scheduler: no program ${r.programCode}`);
  const next = nextCronRun(r.cron, new Date());
  if (!next) throw new Error(`scheduler: cron ${r.cron} never fires`);
  const t = tables(db);
  const waiting = await t
    .selectFrom('schedule_request')
    .select('request_id')
    .where('program_code', '=', r.programCode)
    .where('cron', 'is not', null)
    .where('request_status', 'in', WAITING)
    .executeTakeFirst();
  if (waiting) return waiting.request_id;
  // The program's row is written when the scheduler starts (registerPrograms links requests by code).
  const program = await t.selectFrom('schedule_program').select('program_id').where('program_code', '=', r.programCode).executeTakeFirst();
  const row = await t
    .insertInto('schedule_request')
    .values({
      program_id: program?.program_id ?? null,
      program_code: r.programCode,
      params: JSON.stringify(r.params ?? {}),
      cron: r.cron,
      request_status: 'SCHEDULED',
      next_run_at: dbTime(next),
      attempt: 1,
      dispatch_seq: 1,
      run_count: 0,
      language: 'CN',
      demo_flag: r.demo ? 'Y' : null,
      ...auditInsert(userId),
    })
    .returning('request_id')
    .executeTakeFirstOrThrow();
  await writeLog(db, row.request_id, 'SUBMIT', `cron ${r.cron}`, userId);
  return row.request_id;
}
