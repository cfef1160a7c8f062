// The demo data's crons (SUPPLIER_CERT_EXPIRY 06:00, SUPPLIER_RISK_SCAN 06:30, SUPPLIER_STATUS_END_DATE 00:05, REMINDER_SEND 08:00) never fire on
// a test server: a run at those hours must not see a demo job change data under a test. The demo marks them
// (demoFlag), test servers start with config.demoCrons off, and the scheduler neither queues nor claims them;
// a test that wants them asks for a server with demoCrons on. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { typed } from '../../../../server/db/typed.js';
import type { SchedulerTables } from '../../generated/tables.js';
import { schedulerOf } from '../../server/service.js';
import { runDue } from '../../server/runner.js';

const DEMO_CRONS = ['REMINDER_SEND', 'SUPPLIER_CERT_EXPIRY', 'SUPPLIER_RISK_SCAN', 'SUPPLIER_STATUS_END_DATE'];

for (const backend of await backends()) {
  describe(`demo crons on ${backend}`, () => {
    let held: TestServer;
    let firing: TestServer | undefined;
    beforeAll(async () => {
      held = await startTestServer(backend);
    });
    afterAll(async () => {
      await firing?.stop();
      await held?.stop();
    });

    const db = (t: TestServer) => typed<SchedulerTables>(t.app.ctx.db);
    const demoCrons = (t: TestServer) =>
      db(t)
        .selectFrom('schedule_request')
        .select(['request_id', 'program_code', 'cron', 'dispatch_seq', 'request_status'])
        .where('demo_flag', '=', 'Y')
        .where('cron', 'is not', null)
        .where('request_status', '=', 'SCHEDULED')
        .execute();
    /** Makes the demo cron of `code` due now, as at 06:00 or 08:00, and delivers its job as the engine would. */
    const fireNow = async (t: TestServer, code: string) => {
      const r = (await demoCrons(t)).find((x) => x.program_code === code)!;
      await db(t).updateTable('schedule_request').set({ next_run_at: '2020-01-01 06:00:00' }).where('request_id', '=', r.request_id).execute();
      await runDue(schedulerOf(t.app.ctx), { requestId: r.request_id, seq: r.dispatch_seq ?? 1 });
      return r.request_id;
    };
    const runsOf = async (t: TestServer, requestId: number) =>
      (await db(t).selectFrom('schedule_run').select('run_id').where('request_id', '=', requestId).where('worker', '!=', 'demo').execute()).length;

    it('the demo marks its daily crons, and a test server holds them even when due', async () => {
      expect(held.app.ctx.config.demoCrons).toBe(false);
      const crons = await demoCrons(held);
      expect(crons.map((c) => [c.program_code, c.cron]).sort()).toEqual(
        expect.arrayContaining([
          ['REMINDER_SEND', '0 8 * * *'],
          ['SUPPLIER_CERT_EXPIRY', '0 6 * * *'],
          ['SUPPLIER_RISK_SCAN', '30 6 * * *'],
          ['SUPPLIER_STATUS_END_DATE', '5 0 * * *'],
        ]),
      );
      for (const code of DEMO_CRONS) {
        const id = await fireNow(held, code);
        expect(await runsOf(held, id)).toBe(0);
        const after = await db(held)
          .selectFrom('schedule_request')
          .select(['request_status', 'run_count'])
          .where('request_id', '=', id)
          .executeTakeFirstOrThrow();
        expect([after.request_status, Number(after.run_count ?? 0) <= 1]).toEqual(['SCHEDULED', true]);
      }
    });

    it('a server asked for the demo crons fires them', async () => {
      firing = await startTestServer(backend, {}, { demoCrons: true });
      const id = await fireNow(firing, 'SUPPLIER_RISK_SCAN');
      expect(await runsOf(firing, id)).toBe(1);
    });
  });
}
