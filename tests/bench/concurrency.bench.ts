// Many users listing at once: BENCH_CLIENTS (200) client loops, each sending signed listByPage calls
// back to back over real HTTP for BENCH_SECONDS (20), against the real server (`server/main.ts`, demo
// data) in its own process, on PGlite and (when it answers on loopback) PostgreSQL. `npm run bench`.
//
// What it shows: latency of the answers (p50/p95/p99/max), throughput, how many calls were shed with
// 503 (the database queue was full or the wait too long, server/db/fairQueue.ts), and how fairly the
// answers were shared between the loops (min/median/max per loop, Jain's index). A side loop asks
// /api/health every 250 ms throughout: it must keep answering while the lists queue.
//
// Calls still open when the window closes are awaited (up to BENCH_CALL_TIMEOUT_MS), so a slow answer
// counts with its full latency instead of vanishing. The cache stays in memory on both backends (no
// Redis), so what is measured is the database path.
//
// Writes bench/results/concurrency.json (concurrency.<BENCH_LABEL>.json with a label).
// Knobs (env): BENCH_CLIENTS (200), BENCH_SECONDS (20), BENCH_SESSIONS (20: buyer01 sign-ins the loops
// share round robin), BENCH_CALL_TIMEOUT_MS (120000), BENCH_LABEL, SRM_TEST_BACKENDS (e.g. "pglite").
// SRM_DB_QUEUE / SRM_DB_QUEUE_WAIT_MS are passed on to the server. BENCH_IN_PROCESS=1 boots the server
// inside the bench process instead (tests/support/testServer), sharing one event loop with the loops:
// how the figure in issue 12 was taken.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { signIn, MATERIAL } from '../support/apiHelpers.js';
import { signedHeaders, type SignedClient } from '../support/signedClient.js';
import { backends, PG_ADMIN_URL, type Backend } from '../support/testServer.js';
import { adminClient } from '../support/testTemplates.js';
import { fairness, latency, type Fairness, type Latency } from './loadFigures.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 20);
const CALL_TIMEOUT_MS = Number(process.env.BENCH_CALL_TIMEOUT_MS ?? 120_000);
const LABEL = process.env.BENCH_LABEL;
const root = join(new URL('.', import.meta.url).pathname, '..', '..');
const RESULTS_DIR = join(root, 'bench', 'results');
const PATH = `/api/${MATERIAL}/listByPage`;
const BODY = JSON.stringify({ params: {}, pageIndex: 1, pageRows: 20 });

interface Outcome {
  kind: 'ok' | 'busy' | 'other';
  ms: number;
  /** Finished inside the measuring window. */
  inWindow: boolean;
  detail?: string;
}

interface BackendResult {
  backend: Backend;
  when: string;
  settings: { clients: number; seconds: number; sessions: number; queue: string; queueWaitMs: string };
  machine: { node: string; cpu: string; memoryGb: number; loadAverage: { before: number; after: number } };
  calls: { ok: number; busy503: number; other: number; otherSamples: string[] };
  /** Answers (status S) per second over the window, and the time the last open call needed after it. */
  throughputPerS: number;
  drainMs: number;
  latencyMs: { ok: Latency; busy503: Latency };
  /** Over status-S answers per client loop. */
  fairness: Fairness;
  health: { calls: number; http: Record<string, number>; latencyMs: Latency };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, ms = 180_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer at ${url}`);
}

/** The real server in its own process, so the 200 client loops do not share its event loop. */
async function startServer(backend: Backend): Promise<{ url: string; child?: ChildProcess; stop(): Promise<void> }> {
  if (process.env.BENCH_IN_PROCESS === '1') {
    const { startTestServer } = await import('../support/testServer.js');
    const t = await startTestServer(backend);
    return { url: t.url, stop: () => t.stop() };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'srm-concurrency-bench-'));
  let dbName: string | undefined;
  let databaseUrl = '';
  if (backend === 'postgres') {
    dbName = `srm_bench_${randomBytes(5).toString('hex')}`;
    const admin = adminClient(PG_ADMIN_URL);
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    databaseUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
  }
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SRM_DIST_DIR: join(dataDir, 'no-dist'),
      LOG_LEVEL: 'error',
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (dbName) {
      const admin = adminClient(PG_ADMIN_URL);
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  };
  try {
    await waitFor(`${url}/api/health`);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, child, stop };
}

async function listCall(url: string, c: SignedClient): Promise<{ kind: Outcome['kind']; detail?: string }> {
  try {
    const res = await fetch(url + PATH, {
      method: 'POST',
      headers: signedHeaders(c.session!, PATH, BODY, { lang: 'EN' }),
      body: BODY,
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const text = await res.text();
    const a = JSON.parse(text) as { status: string; msg: string };
    if (res.status === 200 && a.status === 'S') return { kind: 'ok' };
    if (res.status === 503) return { kind: 'busy', detail: `${a.msg} (Retry-After ${res.headers.get('retry-after') ?? '-'})` };
    return { kind: 'other', detail: `HTTP ${res.status} ${a.status} ${a.msg}` };
  } catch (e) {
    return { kind: 'other', detail: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
}

async function benchBackend(backend: Backend): Promise<BackendResult> {
  console.log(`\n== ${backend}: starting the server (migrations and demo data on a fresh database)`);
  const loadBefore = loadavg()[0];
  const server = await startServer(backend);
  try {
    const sessions: SignedClient[] = [];
    for (let i = 0; i < SESSIONS; i++) sessions.push(await signIn(server.url, 'buyer01', 'EN'));
    // Warm-up: every session once, sequentially (plans, caches, JIT), untimed.
    for (const c of sessions) {
      const w = await listCall(server.url, c);
      if (w.kind !== 'ok') throw new Error(`warm-up call failed: ${w.detail}`);
    }
    console.log(`== ${backend}: ${CLIENTS} client loops for ${SECONDS} s`);

    const perClient: Outcome[][] = Array.from({ length: CLIENTS }, () => []);
    const healthSamples: { http: number; ms: number }[] = [];
    const t0 = performance.now();
    const end = t0 + SECONDS * 1000;

    const loop = async (i: number) => {
      const c = sessions[i % sessions.length];
      while (performance.now() < end) {
        const s = performance.now();
        const r = await listCall(server.url, c);
        const done = performance.now();
        perClient[i].push({ ...r, ms: done - s, inWindow: done <= end });
        // A shed call is retried at once, like an impatient user: it keeps the pressure on.
      }
    };
    const healthLoop = async () => {
      while (performance.now() < end) {
        const s = performance.now();
        // 0: no answer at all (refused connection, timeout)
        const http = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(CALL_TIMEOUT_MS) }).then(
          (r) => r.status,
          () => 0,
        );
        healthSamples.push({ http, ms: performance.now() - s });
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    await Promise.all([...perClient.map((_, i) => loop(i)), healthLoop()]);
    const drainMs = Math.max(0, performance.now() - end);

    const all = perClient.flat();
    const of = (kind: Outcome['kind']) => all.filter((o) => o.kind === kind);
    const ok = of('ok');
    const httpCounts: Record<string, number> = {};
    for (const h of healthSamples) httpCounts[String(h.http)] = (httpCounts[String(h.http)] ?? 0) + 1;
    const otherSamples = [...new Set(of('other').map((o) => o.detail ?? '?'))].slice(0, 5);
    const busySamples = [...new Set(of('busy').map((o) => o.detail ?? '?'))].slice(0, 3);
    if (busySamples.length) console.log(`   503 answers say: ${busySamples.join(' | ')}`);
    return {
      backend,
      when: new Date().toISOString(),
      settings: {
        clients: CLIENTS,
        seconds: SECONDS,
        sessions: SESSIONS,
        queue: process.env.SRM_DB_QUEUE ?? 'default',
        queueWaitMs: process.env.SRM_DB_QUEUE_WAIT_MS ?? 'default',
      },
      machine: {
        node: process.version,
        cpu: `${cpus().length} x ${cpus()[0]?.model ?? '?'}`,
        memoryGb: Math.round(totalmem() / 2 ** 30),
        loadAverage: { before: Math.round(loadBefore * 100) / 100, after: Math.round(loadavg()[0] * 100) / 100 },
      },
      calls: { ok: ok.length, busy503: of('busy').length, other: of('other').length, otherSamples },
      throughputPerS: Math.round((ok.filter((o) => o.inWindow).length / SECONDS) * 10) / 10,
      drainMs: Math.round(drainMs),
      latencyMs: { ok: latency(ok.map((o) => o.ms)), busy503: latency(of('busy').map((o) => o.ms)) },
      fairness: fairness(perClient.map((os) => os.filter((o) => o.kind === 'ok').length)),
      health: { calls: healthSamples.length, http: httpCounts, latencyMs: latency(healthSamples.map((h) => h.ms)) },
    };
  } finally {
    await server.stop();
  }
}

function report(r: BackendResult): string {
  const l = r.latencyMs.ok;
  const f = r.fairness;
  return [
    `### ${r.backend} — ${r.settings.clients} loops × ${r.settings.seconds} s, queue ${r.settings.queue} / wait ${r.settings.queueWaitMs} ms`,
    `${r.machine.cpu} · Node ${r.machine.node} · load average ${r.machine.loadAverage.before} → ${r.machine.loadAverage.after} · ${r.when}`,
    '',
    `answers (S): ${r.calls.ok}, 503: ${r.calls.busy503}, other: ${r.calls.other}; throughput ${r.throughputPerS}/s; last open call done ${r.drainMs} ms after the window`,
    `latency of answers (ms): p50 ${l.p50}, p95 ${l.p95}, p99 ${l.p99}, max ${l.max}` +
      (r.calls.busy503 ? `; of 503s: p50 ${r.latencyMs.busy503.p50}, p95 ${r.latencyMs.busy503.p95}, max ${r.latencyMs.busy503.max}` : ''),
    `answers per loop: min ${f.min}, median ${f.median}, max ${f.max}; loops with ≤ 1 answer: ${f.atMostOne}; Jain's index ${f.jain}`,
    `health: ${r.health.calls} probes, HTTP ${JSON.stringify(r.health.http)}, p50 ${r.health.latencyMs.p50} ms, p95 ${r.health.latencyMs.p95} ms, max ${r.health.latencyMs.max} ms`,
    ...(r.calls.otherSamples.length ? [`other failures: ${r.calls.otherSamples.join(' | ')}`] : []),
  ].join('\n');
}

async function main(): Promise<void> {
  const list = await backends();
  if (!list.includes('postgres')) console.log('PostgreSQL (127.0.0.1:5432) not answering: PGlite only.');
  const results: BackendResult[] = [];
  for (const backend of list) {
    const r = await benchBackend(backend);
    results.push(r);
    console.log('\n' + report(r));
  }
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, LABEL ? `concurrency.${LABEL}.json` : 'concurrency.json');
  writeFileSync(file, JSON.stringify(results, null, 2) + '\n');
  console.log(`\nwritten: ${file}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
