// The scheduler over the real API on PGlite (in-process engine) and PostgreSQL (pg-boss): programs listed
// with their schema, submit / run / log, retries with backoff, the timeout, pause, launch and cancel,
// bad cron and parameters refused in the caller's language, and a supplier kept out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import { modulesWithTestPrograms, startsOf } from '../support/testPrograms.js';
import { typed } from '../../../../server/db/typed.js';
import type { SchedulerTables } from '../../generated/tables.js';
import { schedulerOf } from '../../server/service.js';
import { sweepLostRuns } from '../../server/sweep.js';

const PROGRAMS = 'schedule/v1/scheduleProgramRestful';
const REQUESTS = 'schedule/v1/scheduleRequestRestful';
const RUNS = 'schedule/v1/scheduleRunRestful';

for (const backend of await backends()) {
  describe(`scheduler on ${backend}`, () => {
    let t: TestServer;
    let admin: SignedClient;
    let adminTh: SignedClient;
    let supplier: SignedClient;

    beforeAll(async () => {
      t = await startTestServer(backend, {}, { modules: await modulesWithTestPrograms() });
      [admin, adminTh, supplier] = await Promise.all([signIn(t.url, 'admin'), signIn(t.url, 'admin', 'TH'), signIn(t.url, 'supplier01')]);
    });
    afterAll(async () => t?.stop());

    const submit = async (body: Rec, c = admin) => expectOk(await c.call<Rec>(`${REQUESTS}/doSubmit`, body));
    const request = async (id: unknown) => expectOk(await admin.call<Rec>(`${REQUESTS}/findById`, { id }));
    const runs = async (id: unknown) => expectOk(await admin.call<Rec[]>(`${REQUESTS}/findLog`, { id }));
    const until = async (id: unknown, status: string, timeout = 15000) =>
      expect.poll(async () => (await request(id)).requestStatus, { timeout, interval: 100 }).toBe(status);

    it('lists the built-in programs with names in four languages and their parameter schema', async () => {
      const rows = expectOk(await admin.call<Rec[]>(`${PROGRAMS}/listByPage`, { params: {}, pageRows: 50 }));
      const sweep = rows.find((r) => r.programCode === 'FILE_ORPHAN_SWEEP');
      expect(sweep).toMatchObject({ moduleName: 'files', programName: '清理孤立文件', programNameEn: 'Sweep orphan files', enabledFlag: 'Y' });
      expect(JSON.parse(String(sweep?.paramsSchema)).properties.olderThanHours).toMatchObject({ type: 'integer', default: 24 });
      expect(rows.map((r) => r.programCode)).toEqual(expect.arrayContaining(['REMINDER_SEND', 'EXPORT_FAILED_CLEANUP', 'SCHEDULER_RUN_PURGE']));
    });

    it('runs a submitted request once and shows its run and log', async () => {
      const r = await submit({ programCode: 'TEST_COUNT', params: { note: 'hello' } });
      expect(r).toMatchObject({ programCode: 'TEST_COUNT', params: '{"note":"hello"}' });
      await until(r.requestId, 'DONE');
      const [run, ...more] = await runs(r.requestId);
      expect(more).toEqual([]);
      expect(run).toMatchObject({ status: 'DONE', attempt: 1 });
      expect(String(run.output)).toContain('counted hello');
      expect(run.startTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(startsOf(t.app.ctx, Number(r.requestId))).toHaveLength(1);
      const events = expectOk(await admin.call<Rec[]>(`${REQUESTS}/findEvents`, { id: r.requestId })).map((e) => e.event);
      expect(events).toEqual(['SUBMIT', 'START', 'END']);
    });

    it('REMINDER_SEND sends its rules through the messages module and says so', async () => {
      const r = await submit({ programCode: 'REMINDER_SEND', params: {} });
      await until(r.requestId, 'DONE');
      const [run] = await runs(r.requestId);
      expect(String(run.output)).toMatch(/SENT: 3 delivery\(ies\) of 2 enabled rule\(s\) through the messages module/);
    });

    it('retries a failing program with a doubling delay, then succeeds', async () => {
      const r = await submit({ programCode: 'TEST_FLAKY' });
      await until(r.requestId, 'DONE');
      const all = await runs(r.requestId);
      expect(all.map((x) => [x.status, x.attempt])).toEqual([
        ['ERROR', 1],
        ['ERROR', 2],
        ['DONE', 3],
      ]);
      expect(all[0].error).toBe('flaky failure 1');
      const at = startsOf(t.app.ctx, Number(r.requestId)) ?? [];
      expect(at[1] - at[0]).toBeGreaterThanOrEqual(300);
      expect(at[2] - at[1]).toBeGreaterThanOrEqual(600);
    });

    it('ends a run that passes its timeout, with the reason in the submitter’s language', async () => {
      const r = await submit({ programCode: 'TEST_SLOW' }, adminTh);
      await until(r.requestId, 'ERROR');
      const [run] = await runs(r.requestId);
      expect(run).toMatchObject({ status: 'TIMEOUT', error: 'หมดเวลาหลังจาก 300 มิลลิวินาที' });
      expect((await request(r.requestId)).lastError).toBe('หมดเวลาหลังจาก 300 มิลลิวินาที');
    });

    it('pauses a scheduled request, launches it now, and refuses to pause it when done', async () => {
      const later = new Date(Date.now() + 3600_000).toISOString();
      const r = await submit({ programCode: 'TEST_COUNT', runAt: later });
      expect(r.requestStatus).toBe('SCHEDULED');
      expect(expectOk(await admin.call<Rec>(`${REQUESTS}/doPause`, { id: r.requestId })).requestStatus).toBe('PAUSED');
      expectOk(await admin.call(`${REQUESTS}/doLaunch`, { id: r.requestId }));
      await until(r.requestId, 'DONE');
      expect(await runs(r.requestId)).toHaveLength(1);
      expectRefusal(await admin.call(`${REQUESTS}/doPause`, { id: r.requestId }), 200, 'The request is Done: this cannot be done now');
      expectRefusal(await adminTh.call(`${REQUESTS}/doPause`, { id: r.requestId }), 200, 'คำขออยู่ในสถานะ "เสร็จแล้ว" จึงทำรายการนี้ไม่ได้');
    });

    it('cancels a running request: its program is aborted and it never runs again', async () => {
      const r = await submit({ programCode: 'TEST_BLOCK' });
      await until(r.requestId, 'RUNNING');
      expect(expectOk(await admin.call<Rec>(`${REQUESTS}/doCancel`, { id: r.requestId })).requestStatus).toBe('CANCELLED');
      await expect.poll(async () => (await runs(r.requestId))[0]?.status, { timeout: 10000, interval: 100 }).toBe('CANCELLED');
      expect((await runs(r.requestId))[0].error).toBe('Cancelled by admin');
      expectRefusal(await admin.call(`${REQUESTS}/doLaunch`, { id: r.requestId }), 200, 'The request is Cancelled: this cannot be done now');
    });

    it('runs a cron request repeatedly until paused', async () => {
      const r = await submit({ programCode: 'TEST_COUNT', cron: '* * * * * *' });
      expect(r.cron).toBe('* * * * * *');
      await expect.poll(async () => (await runs(r.requestId)).length, { timeout: 15000, interval: 200 }).toBeGreaterThanOrEqual(2);
      expectOk(await admin.call(`${REQUESTS}/doPause`, { id: r.requestId }));
      // A run already claimed may finish; after that the count stays put while later requests run.
      await expect.poll(async () => (await request(r.requestId)).requestStatus, { timeout: 5000 }).toBe('PAUSED');
      const settled = (await runs(r.requestId)).filter((x) => x.status !== 'RUNNING').length;
      const marker = await submit({ programCode: 'TEST_COUNT' });
      await until(marker.requestId, 'DONE');
      const probe = await submit({ programCode: 'TEST_COUNT', runAt: new Date(Date.now() + 2100).toISOString() });
      await until(probe.requestId, 'DONE');
      expect((await runs(r.requestId)).length).toBeLessThanOrEqual(settled + 1);
      expect((await request(r.requestId)).requestStatus).toBe('PAUSED');
    });

    it('ends a run whose process died after its timeout, and retries its request', async () => {
      // A run left RUNNING by a process that is gone: claimed, then never finished.
      const r = await submit({ programCode: 'TEST_FLAKY', runAt: new Date(Date.now() + 3600_000).toISOString() });
      const db = typed<SchedulerTables>(t.app.ctx.db);
      await db.updateTable('schedule_request').set({ request_status: 'RUNNING', attempt: 1 }).where('request_id', '=', Number(r.requestId)).execute();
      await db
        .insertInto('schedule_run')
        .values({
          request_id: Number(r.requestId),
          program_code: 'TEST_FLAKY',
          run_key: `${r.requestId}:1`,
          attempt: 1,
          start_time: '2026-01-01 00:00:00',
          run_status: 'RUNNING',
          worker: 'gone',
        })
        .execute();
      expect(await sweepLostRuns(schedulerOf(t.app.ctx))).toBeGreaterThanOrEqual(1);
      // The lost run is an error; the request goes on with its retries (attempts 2 and 3), the third succeeds.
      await until(r.requestId, 'DONE');
      expect((await runs(r.requestId)).map((x) => [x.status, x.attempt])).toEqual([
        ['ERROR', 1],
        ['ERROR', 2],
        ['DONE', 3],
      ]);
      expect((await runs(r.requestId))[0].error).toBe('The process running it stopped; this run did not finish');
    });

    it('refuses a bad cron, bad parameters and an unknown program in the caller’s language', async () => {
      expectRefusal(
        await admin.call(`${REQUESTS}/doSubmit`, { programCode: 'TEST_COUNT', cron: '61 * * * *' }),
        200,
        'The cron expression "61 * * * *" is not valid (5 fields: minute hour day month weekday, e.g. 0 8 * * *)',
      );
      expectRefusal(
        await adminTh.call(`${REQUESTS}/doSubmit`, { programCode: 'TEST_COUNT', cron: 'every day' }),
        200,
        'นิพจน์ Cron "every day" ไม่ถูกต้อง (5 ส่วน: นาที ชั่วโมง วัน เดือน วันในสัปดาห์ เช่น 0 8 * * *)',
      );
      expectRefusal(
        await adminTh.call(`${REQUESTS}/doSubmit`, { programCode: 'FILE_ORPHAN_SWEEP', params: { olderThanHours: 0 } }),
        200,
        'พารามิเตอร์ "olderThanHours" ต้องไม่น้อยกว่า 1',
      );
      expectRefusal(
        await admin.call(`${REQUESTS}/doSubmit`, { programCode: 'FILE_ORPHAN_SWEEP', params: { olderThanHours: 'soon' } }),
        200,
        'The parameter "olderThanHours" must be of type integer',
      );
      expectRefusal(await admin.call(`${REQUESTS}/doSubmit`, { programCode: 'TEST_COUNT', params: { x: 1 } }), 200, 'The program has no parameter "x"');
      expectRefusal(await admin.call(`${REQUESTS}/doSubmit`, { programCode: 'NOPE' }), 200, 'There is no program "NOPE"');
      expectRefusal(await admin.call(`${REQUESTS}/doSubmit`, { programCode: 'TEST_COUNT', runAt: 'tomorrow' }), 200, 'The run time "tomorrow" is not valid');
    });

    it('lists failed runs for the scheduling errors screen, the demo failure among them', async () => {
      const rows = expectOk(await admin.call<Rec[]>(`${RUNS}/listByPage`, { params: { runStatus: 'ERROR' }, pageRows: 100 }));
      expect(rows.some((r) => r.programCode === 'REMINDER_SEND' && String(r.errorMsg).includes('ECONNREFUSED'))).toBe(true);
    });

    it('deletes finished requests with their runs and log, never a running one', async () => {
      const done = await submit({ programCode: 'TEST_COUNT' });
      await until(done.requestId, 'DONE');
      const running = await submit({ programCode: 'TEST_BLOCK' });
      await until(running.requestId, 'RUNNING');
      expectRefusal(
        await admin.call(`${REQUESTS}/doBatchDelete`, { ids: [done.requestId, running.requestId] }),
        200,
        `Record 2: Request ${running.requestId} is running and cannot be deleted`,
      );
      expect(await runs(done.requestId)).toHaveLength(1);
      expectOk(await admin.call(`${REQUESTS}/doBatchDelete`, { ids: [done.requestId] }));
      expect(expectOk(await admin.call<Rec[]>(`${RUNS}/listByPage`, { params: { requestId: done.requestId } }))).toEqual([]);
      expectOk(await admin.call(`${REQUESTS}/doCancel`, { id: running.requestId }));
    });

    it('keeps a supplier out', async () => {
      expectRefusal(await supplier.call(`${REQUESTS}/doSubmit`, { programCode: 'TEST_COUNT' }), 403, /.+/);
      expectRefusal(await supplier.call(`${REQUESTS}/listByPage`, { params: {} }), 403, /.+/);
    });
  });
}
