// Two server processes on one PostgreSQL database (two app instances, each with its own pool and pg-boss
// workers): every due run executes exactly once, whichever process submitted it, and a dispatch delivered
// to both at the same moment is claimed by one.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../../../server/app.js';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import { typed } from '../../../../server/db/typed.js';
import type { SchedulerTables } from '../../generated/tables.js';
import { runDue } from '../../server/runner.js';
import { schedulerOf } from '../../server/service.js';
import { modulesWithTestPrograms, startsOf } from '../support/testPrograms.js';

const REQUESTS = 'schedule/v1/scheduleRequestRestful';

describe.runIf((await backends()).includes('postgres'))('exactly once across two processes on PostgreSQL', () => {
  let t: TestServer;
  let second: BuiltApp;
  let one: SignedClient;
  let two: SignedClient;

  beforeAll(async () => {
    const modules = await modulesWithTestPrograms();
    t = await startTestServer('postgres', {}, { modules });
    // The first server migrated and seeded this database moments ago: the second's start skips checking again.
    second = await buildApp({ ...t.app.ctx.config }, { fromTemplate: true, modules, cacheNamespace: `srmtest:${randomBytes(4).toString('hex')}:` });
    await second.server.listen({ port: 0, host: '127.0.0.1' });
    const port = (second.server.server.address() as { port: number }).port;
    [one, two] = await Promise.all([signIn(t.url, 'admin'), signIn(`http://127.0.0.1:${port}`, 'admin')]);
  });
  afterAll(async () => {
    await second?.close();
    await t?.stop();
  });

  const db = () => typed<SchedulerTables>(t.app.ctx.db);
  const runsOf = async (ids: number[]) =>
    db().selectFrom('schedule_run').select(['request_id', 'run_key', 'run_status', 'worker']).where('request_id', 'in', ids).execute();

  it('runs 80 requests submitted to both processes once each, both processes taking part', async () => {
    const soon = new Date(Date.now() + 1500).toISOString();
    const submitted = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        (i % 2 ? one : two).call<Rec>(`${REQUESTS}/doSubmit`, { programCode: 'TEST_COUNT', ...(i % 4 === 3 ? { runAt: soon } : {}) }),
      ),
    );
    const ids = submitted.map((a) => Number(expectOk(a).requestId));
    await expect
      .poll(
        async () =>
          (await db().selectFrom('schedule_request').select('request_status').where('request_id', 'in', ids).execute()).filter(
            (r) => r.request_status === 'DONE',
          ).length,
        {
          timeout: 30000,
          interval: 250,
        },
      )
      .toBe(80);
    const runs = await runsOf(ids);
    expect(runs).toHaveLength(80);
    expect(new Set(runs.map((r) => r.request_id)).size).toBe(80);
    for (const id of ids) expect(startsOf(t.app.ctx, id)).toHaveLength(1);
    const workers = new Set(runs.map((r) => r.worker));
    expect(workers).toEqual(new Set([schedulerOf(t.app.ctx).worker, schedulerOf(second.ctx).worker]));
  });

  it('runs each dispatch of a cron request once', async () => {
    const r = expectOk(await one.call<Rec>(`${REQUESTS}/doSubmit`, { programCode: 'TEST_COUNT', cron: '* * * * * *' }));
    const id = Number(r.requestId);
    await expect
      .poll(async () => (await runsOf([id])).filter((x) => x.run_status === 'DONE').length, { timeout: 15000, interval: 200 })
      .toBeGreaterThanOrEqual(4);
    expectOk(await two.call(`${REQUESTS}/doPause`, { id }));
    await expect.poll(async () => (await runsOf([id])).every((x) => x.run_status !== 'RUNNING'), { timeout: 5000 }).toBe(true);
    const runs = await runsOf([id]);
    expect(new Set(runs.map((x) => x.run_key)).size).toBe(runs.length);
    expect(startsOf(t.app.ctx, id)).toHaveLength(runs.length);
  });

  it('claims a dispatch delivered to both processes at the same moment once', async () => {
    const later = new Date(Date.now() + 3600_000).toISOString();
    const r = expectOk(await one.call<Rec>(`${REQUESTS}/doSubmit`, { programCode: 'TEST_COUNT', runAt: later }));
    const id = Number(r.requestId);
    // Due now: move its time, then hand dispatch 1 to both processes' runners at once, three times over.
    await db().updateTable('schedule_request').set({ next_run_at: '2000-01-01 00:00:00' }).where('request_id', '=', id).execute();
    const a = schedulerOf(t.app.ctx);
    const b = schedulerOf(second.ctx);
    await Promise.all([
      runDue(a, { requestId: id, seq: 1 }),
      runDue(b, { requestId: id, seq: 1 }),
      runDue(a, { requestId: id, seq: 1 }),
      runDue(b, { requestId: id, seq: 1 }),
    ]);
    expect(await runsOf([id])).toHaveLength(1);
    expect(startsOf(t.app.ctx, id)).toHaveLength(1);
  });
});
