// EXPORT_FAILED_CLEANUP: failed background exports (no file was made) older than N days leave "My exports".
import type { ScheduledProgram } from '../../../server/modules/types.js';
import { sql } from 'kysely';
import { typed } from '../../../server/db/typed.js';
import type { ExcelTables } from '../generated/tables.js';

export const failedExportCleanup: ScheduledProgram = {
  code: 'EXPORT_FAILED_CLEANUP',
  names: { CN: '清理失败的导出', EN: 'Clean up failed exports', TH: 'ล้างการส่งออกที่ล้มเหลว', VN: 'Dọn các lần xuất lỗi' },
  paramsSchema: {
    type: 'object',
    properties: {
      olderThanDays: {
        type: 'integer',
        minimum: 1,
        maximum: 3650,
        default: 7,
        title: { CN: '超过天数', EN: 'Older than (days)', TH: 'เก่ากว่า (วัน)', VN: 'Cũ hơn (ngày)' },
      },
    },
  },
  timeoutMs: 5 * 60_000,
  async run(app, params, run) {
    const days = Number(params.olderThanDays ?? 7);
    const r = await typed<ExcelTables>(app.db)
      .deleteFrom('srm_base_export_job')
      .where('job_status', '=', 'FAILED')
      .where('creation_date', '<', sql<string>`localtimestamp(0) - make_interval(days => ${days})`)
      .executeTakeFirst();
    run?.log(`failed exports older than ${days} days: ${Number(r.numDeletedRows)} deleted`);
  },
};
