// SCHEDULER_RUN_PURGE: the scheduler's own housekeeping — finished runs and log rows older than N days.
import { sql } from 'kysely';
import type { ScheduledProgram } from '../../../../server/modules/types.js';
import { tables } from '../repo.js';

export const runPurge: ScheduledProgram = {
  code: 'SCHEDULER_RUN_PURGE',
  names: { CN: '清理调度运行记录', EN: 'Purge old scheduler runs', TH: 'ล้างประวัติการรันเก่า', VN: 'Xóa lần chạy cũ' },
  paramsSchema: {
    type: 'object',
    properties: {
      olderThanDays: {
        type: 'integer',
        minimum: 1,
        maximum: 3650,
        default: 90,
        title: { CN: '保留天数', EN: 'Keep days', TH: 'จำนวนวันที่เก็บไว้', VN: 'Số ngày giữ lại' },
      },
    },
  },
  timeoutMs: 5 * 60_000,
  async run(app, params, run) {
    const days = Number(params.olderThanDays ?? 90);
    const cutoff = sql<string>`localtimestamp(0) - make_interval(days => ${days})`;
    const runs = await tables(app.db).deleteFrom('schedule_run').where('run_status', '<>', 'RUNNING').where('end_time', '<', cutoff).executeTakeFirst();
    const logs = await tables(app.db).deleteFrom('schedule_log').where('creation_date', '<', cutoff).executeTakeFirst();
    run?.log(`runs deleted: ${Number(runs.numDeletedRows)}, log rows deleted: ${Number(logs.numDeletedRows)} (older than ${days} days)`);
  },
};
