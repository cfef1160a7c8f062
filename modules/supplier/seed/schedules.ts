// The supplier checks a new installation runs every day, submitted through the scheduler's public API as an
// administrator would on 调度管理 → 提交请求: the certificate, overdue-questionnaire, blacklist and agreement
// expiry check (SUPPLIER_CERT_EXPIRY, 30 days ahead) at 06:00 and the business-information risk scan
// (SUPPLIER_RISK_SCAN, which does nothing until SRM_RISK_URL is set) at 06:30, and the end of freezes and
// blacklistings whose end date passed (SUPPLIER_STATUS_END_DATE) at 00:05. Marked demo: a test server
// (config.demoCrons off) never fires them under a test.
import type { DemoStep } from '../../../server/modules/types.js';
import type { SchedulerApi } from '../../scheduler/api.js';

export const SUPPLIER_SCHEDULES = [
  { programCode: 'SUPPLIER_CERT_EXPIRY', cron: '0 6 * * *', params: { daysAhead: 30 } },
  { programCode: 'SUPPLIER_RISK_SCAN', cron: '30 6 * * *' },
  { programCode: 'SUPPLIER_STATUS_END_DATE', cron: '5 0 * * *' },
] as const;

export const schedules: DemoStep = {
  name: 'schedules',
  after: ['admin:users'],
  late: true,
  async run(db, demo) {
    const scheduler = demo.api<SchedulerApi>('scheduler');
    const admin = demo.ids.get('user', 'admin');
    for (const s of SUPPLIER_SCHEDULES) await scheduler.scheduleCron(db, { ...s, params: 'params' in s ? { ...s.params } : {}, demo: true }, admin);
  },
};
