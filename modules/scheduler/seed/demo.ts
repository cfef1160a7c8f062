// Demo scheduler data across the states an administrator meets: a daily reminder by cron (one earlier run
// done), a finished orphan sweep, a one-off reminder that failed with its error, a paused weekly purge and a
// cancelled request. Program rows come from the modules at start (registerPrograms links them). Every row is
// marked demo (demoFlag): a server with config.demoCrons off (test servers) never fires them.
import type { DemoStep } from '../../../server/modules/types.js';
import { auditInsert } from '../../../server/db/typed.js';
import { tables } from '../server/repo.js';
import { nextCronRun } from '../server/cron.js';
import { dbTime } from '../server/time.js';

const hoursAgo = (h: number) => dbTime(new Date(Date.now() - h * 3600_000));

const requests: DemoStep = {
  name: 'requests',
  after: ['admin:users'],
  async run(db, demo) {
    const admin = demo.ids.get('user', 'admin');
    const t = tables(db);
    const daily = '0 8 * * *';
    const add = async (values: {
      program_code: string;
      params: string;
      cron?: string;
      request_status: string;
      next_run_at?: string | null;
      last_run_at?: string | null;
      run_count: number;
      last_error?: string | null;
    }) =>
      (
        await t
          .insertInto('schedule_request')
          .values({ ...values, attempt: 1, dispatch_seq: 1, language: 'CN', demo_flag: 'Y', ...auditInsert(admin) })
          .returning('request_id')
          .executeTakeFirstOrThrow()
      ).request_id;
    const run = async (requestId: number, code: string, status: string, startedHoursAgo: number, output: string | null, error: string | null) => {
      await t
        .insertInto('schedule_run')
        .values({
          request_id: requestId,
          program_code: code,
          run_key: `${requestId}:demo`,
          attempt: 1,
          start_time: hoursAgo(startedHoursAgo),
          end_time: hoursAgo(startedHoursAgo - 0.01),
          run_status: status,
          output,
          error_msg: error,
          worker: 'demo',
          ...auditInsert(admin),
        })
        .execute();
      await t
        .insertInto('schedule_log')
        .values({ request_id: requestId, event: 'END', message: error ? `${status}: ${error}` : status, ...auditInsert(admin) })
        .execute();
    };
    const reminders = await add({
      program_code: 'REMINDER_SEND',
      params: '{}',
      cron: daily,
      request_status: 'SCHEDULED',
      next_run_at: dbTime(nextCronRun(daily, new Date()) as Date),
      last_run_at: hoursAgo(20),
      run_count: 1,
    });
    await run(reminders, 'REMINDER_SEND', 'DONE', 20, '2 reminder rules, 3 messages written to the message log', null);
    const sweep = await add({
      program_code: 'FILE_ORPHAN_SWEEP',
      params: '{"olderThanHours":24}',
      request_status: 'DONE',
      last_run_at: hoursAgo(5),
      run_count: 1,
    });
    await run(sweep, 'FILE_ORPHAN_SWEEP', 'DONE', 5, 'orphan files older than 24 h: 0 deleted', null);
    const failedError = 'SMTP server 127.0.0.1:25 refused the connection (ECONNREFUSED)';
    const failed = await add({
      program_code: 'REMINDER_SEND',
      params: '{}',
      request_status: 'ERROR',
      last_run_at: hoursAgo(2),
      run_count: 1,
      last_error: failedError,
    });
    await run(failed, 'REMINDER_SEND', 'ERROR', 2, null, failedError);
    await add({ program_code: 'SCHEDULER_RUN_PURGE', params: '{"olderThanDays":90}', cron: '0 3 * * 0', request_status: 'PAUSED', run_count: 0 });
    await add({ program_code: 'FILE_ORPHAN_SWEEP', params: '{"olderThanHours":72}', request_status: 'CANCELLED', run_count: 0 });
  },
};

export const schedulingDemo: readonly DemoStep[] = [requests];
