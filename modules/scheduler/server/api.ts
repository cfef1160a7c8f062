// The scheduler's public API (../api.ts): other modules' programs run later on request.
import type { AppContext } from '../../../server/context.js';
import type { SchedulerApi } from '../api.js';
import { submitRequest } from './operations.js';
import { programSettings, tables, WAITING } from './repo.js';
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
  };
}
