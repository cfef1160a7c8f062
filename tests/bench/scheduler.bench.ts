// 1,000 queued scheduler jobs drained by two server processes sharing one PostgreSQL database (pg-boss).
//
// Process A boots on a throwaway database (migrations, demo), process B joins it; the bench signs in to A
// and submits BENCH_SCHED_JOBS requests of EXPORT_FAILED_CLEANUP (one small delete), all due at the same
// moment a little later, so that the two processes meet a full queue. It waits for every request to be
// DONE and reads the runs from the database: how many, how many per process, any request run twice, the
// drain time from the due moment to the last run's end, and the lag of the first and last start.
//
// Writes bench/results/scheduler.json. Knobs (env): BENCH_SCHED_JOBS (1000), BENCH_SCHED_LEAD_S (15:
// seconds from the first submit to the due moment; submitting must finish before it),
// SRM_SCHEDULER_CONCURRENCY (2 per process), TEST_PG_URL.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { signIn } from '../support/apiHelpers.js';
import { startBenchServer } from './benchServer.js';

const JOBS = Number(process.env.BENCH_SCHED_JOBS ?? 1000);
const LEAD_S = Number(process.env.BENCH_SCHED_LEAD_S ?? 15);
const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const root = join(new URL('.', import.meta.url).pathname, '..', '..');

const server = (databaseUrl: string) => startBenchServer('srm-sched-bench-', databaseUrl);

async function main(): Promise<void> {
  const dbName = `srm_bench_sched_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const databaseUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
  const servers: Awaited<ReturnType<typeof server>>[] = [];
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    servers.push(await server(databaseUrl));
    servers.push(await server(databaseUrl));
    await db.connect();
    const c = await signIn(servers[0].url, 'admin');
    const due = new Date(Date.now() + LEAD_S * 1000);
    due.setMilliseconds(0);
    const t0 = Date.now();
    const ids: number[] = [];
    const queue = Array.from({ length: JOBS }, (_, i) => i);
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
          const a = await c.call<{ requestId: number }>('schedule/v1/scheduleRequestRestful/doSubmit', {
            programCode: 'EXPORT_FAILED_CLEANUP',
            params: { olderThanDays: 3650 },
            runAt: due.toISOString(),
          });
          if (a.status !== 'S') throw new Error(`submit ${i}: ${a.msg}`);
          ids.push(a.data.requestId);
        }
      }),
    );
    const submitSeconds = (Date.now() - t0) / 1000;
    const submittedBeforeDue = Date.now() < due.getTime();
    console.log(`submitted ${JOBS} requests in ${submitSeconds.toFixed(1)} s (${submittedBeforeDue ? 'before' : 'AFTER'} the due moment)`);
    const deadline = due.getTime() + 10 * 60_000;
    for (;;) {
      const { rows } = await db.query<{ n: string }>(`select count(*) as n from schedule_request where request_id = any($1) and request_status = 'DONE'`, [
        ids,
      ]);
      if (Number(rows[0].n) === JOBS) break;
      if (Date.now() < due.getTime()) {
        await new Promise((r) => setTimeout(r, due.getTime() - Date.now()));
        continue;
      }
      if (Date.now() > deadline) throw new Error(`only ${rows[0].n} of ${JOBS} done after 10 minutes`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const observedSeconds = (Date.now() - due.getTime()) / 1000;
    const { rows: runs } = await db.query<{ request_id: string; worker: string; start_time: string; end_time: string }>(
      `select request_id, worker, to_char(start_time, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as start_time, to_char(end_time, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as end_time
       from schedule_run where request_id = any($1)`,
      [ids],
    );
    const perRequest = new Map<string, number>();
    for (const r of runs) perRequest.set(r.request_id, (perRequest.get(r.request_id) ?? 0) + 1);
    const perWorker: Record<string, number> = {};
    for (const r of runs) perWorker[r.worker] = (perWorker[r.worker] ?? 0) + 1;
    const starts = runs.map((r) => Date.parse(r.start_time));
    const ends = runs.map((r) => Date.parse(r.end_time));
    const result = {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, node: process.version },
      backend: 'postgres + pg-boss 10.4.2',
      processes: 2,
      concurrencyPerProcess: Number(process.env.SRM_SCHEDULER_CONCURRENCY ?? 2),
      jobs: JOBS,
      submitSeconds,
      submittedBeforeDue,
      runs: runs.length,
      requestsRunOnce: [...perRequest.values()].filter((n) => n === 1).length,
      requestsRunTwiceOrMore: [...perRequest.values()].filter((n) => n > 1).length,
      requestsNeverRun: JOBS - perRequest.size,
      runsPerProcess: Object.values(perWorker).sort((a, b) => b - a),
      drainSecondsObserved: observedSeconds,
      jobsPerSecondObserved: Math.round(JOBS / observedSeconds),
      lastEndSecondsAfterDue: (Math.max(...ends) - due.getTime()) / 1000,
      firstStartLagSeconds: (Math.min(...starts) - due.getTime()) / 1000,
      lastStartLagSeconds: (Math.max(...starts) - due.getTime()) / 1000,
      note: 'drainSecondsObserved: from the due moment until a 100 ms poll saw every request DONE; times from the runs table are whole seconds (timestamp(0))',
    };
    console.log(JSON.stringify(result, null, 2));
    mkdirSync(join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(join(root, 'bench', 'results', 'scheduler.json'), `${JSON.stringify(result, null, 2)}\n`);
    if (result.runs !== JOBS || result.requestsRunTwiceOrMore || result.requestsNeverRun) process.exitCode = 1;
  } finally {
    await db.end().catch(() => undefined);
    for (const s of servers) {
      s.child.kill('SIGTERM');
      await new Promise((r) => (s.child.exitCode !== null ? r(null) : s.child.once('exit', r)));
      rmSync(s.dataDir, { recursive: true, force: true });
    }
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

await main();
