// listByPage and the Excel export under concurrent load, over real HTTP, on PostgreSQL with 1,000,000
// materials (issue 12, item 8). `npm run bench` (after listByPage.bench.ts).
//
// The server runs as its own process (`node --import tsx server/main.ts`) on a throwaway database
// (`srm_bench_<time>`, dropped at the end) with the demo data, so that the clients (this process) do
// not share its event loop. 1,000,000 rows are loaded straight into srm_base_material (the same
// generator as listByPage.bench.ts), then `vacuum analyze`. buyer01 signs in once; BENCH_CLIENTS (10)
// loops each send signed listByPage calls back to back for BENCH_SECONDS (8) after a 1 s warm-up.
// Scenarios: page 1; page 5,000 and 25,000 by index (offset) and the same pages by cursor (`after`, the
// previous page's `page.after`); the sortable column unitPrice descending, page 1 and page 5,000 by
// cursor. Then one export of 50,000 filtered rows and one of all 1,000,000, timed to the last byte,
// with the server's resident memory sampled every 50 ms (peak over the baseline before it).
// Scenarios the server does not answer with a cursor (an older release) are reported as skipped, so
// the same file measures the "before" figures on the previous commit.
//
// Writes bench/results/listByPage-concurrent.json and bench/results/latest-concurrent.md.
// Knobs (env): BENCH_ROWS (1000000), BENCH_CLIENTS (10), BENCH_SECONDS (8), BENCH_EXPORT (1: 0 skips the exports).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql, Kysely, PostgresDialect } from 'kysely';
import { SignedClient, signedHeaders, type Answer } from '../support/signedClient.js';
import { loadDefinitions } from '../../meta/load.js';
import { listQuery } from '../../server/rest/listQuery.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const EXPORTS = process.env.BENCH_EXPORT !== '0';
const ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const root = join(new URL('.', import.meta.url).pathname, '..', '..');
const RESULTS_DIR = join(root, 'bench', 'results');
const PATH = 'srmServer/v1/srmBaseMaterialRestful/listByPage';
const EXPORT_PATH = 'exportServer/v1/exportExcelRestful/exportExcel';
/** Issue 12, item 8: twice the peer's figures (NocoBase on the same machine), in requests per second. */
const TARGETS: Record<string, number> = { page1: 886, page5000: 566, sorted: 64 };

type Body = Record<string, unknown>;

interface Scenario {
  id: string;
  title: string;
  target?: number;
  /** The body, or null when the server gives no cursor to build it from. */
  body: () => Promise<Body | null>;
}

interface Throughput {
  id: string;
  title: string;
  skipped?: string;
  requests?: number;
  seconds?: number;
  perSecond?: number;
  p50?: number;
  p95?: number;
  max?: number;
  target?: number;
  met?: boolean;
  /** The page query once under EXPLAIN (ANALYZE, BUFFERS): database time and pages touched, free of the machine's load on the clients. */
  sql?: { ms: number; buffers: number };
}

interface ExportResult {
  title: string;
  rows: number;
  seconds: number;
  bytes: number;
  rssBaseMb: number;
  rssPeakMb: number;
  rssGrowthMb: number;
}

const round = (v: number, d = 1) => Math.round(v * 10 ** d) / 10 ** d;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

function startServer(databaseUrl: string, port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, REDIS_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('SRM listening')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${out}`)));
  });
}

/** The server process's resident memory, in MB. */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

async function load(db: pg.Client, userId: number): Promise<number> {
  const t0 = performance.now();
  await db.query(
    `insert into srm_base_material
      (material_code, material_name, specification, uom_code, category_code, unit_price, enabled_flag, created_by, last_updated_by)
    select 'M-' || lpad(g::text, 7, '0'),
      (array['Hex bolt', 'Copper wire', 'Carton box', 'Bearing', 'Capacitor', 'Steel plate', 'Cable tie', 'Gear motor'])[1 + g % 8] || ' ' || g,
      'SPEC-' || (g % 997) || '/' || (g % 13),
      (array['PCS', 'KG', 'M', 'L', 'BOX', 'SET'])[1 + g % 6],
      (array['RAW', 'ELEC', 'PACK', 'MRO'])[1 + (g / 6) % 4],
      round(0.5 + ((g::bigint * 7919) % 1000003) / 100.0, 4),
      case when g % 50 = 0 then 'N' else 'Y' end,
      $1, $1
    from generate_series(1, $2::int) g`,
    [userId, ROWS],
  );
  await db.query('vacuum analyze srm_base_material');
  return (performance.now() - t0) / 1000;
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** CLIENTS loops of back-to-back calls: a 1 s warm-up, then SECONDS measured. */
async function hammer(c: SignedClient, body: Body): Promise<Omit<Throughput, 'id' | 'title'>> {
  const once = async () => {
    const a = await c.call(PATH, body);
    if (a.http !== 200 || a.status !== 'S') throw new Error(`HTTP ${a.http} ${a.status} ${a.msg}`);
  };
  const run = async (ms: number, samples?: number[]) => {
    const end = performance.now() + ms;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < end) {
          const t0 = performance.now();
          await once();
          samples?.push(performance.now() - t0);
        }
      }),
    );
  };
  await run(1000);
  const samples: number[] = [];
  const t0 = performance.now();
  await run(SECONDS * 1000, samples);
  const seconds = (performance.now() - t0) / 1000;
  samples.sort((a, b) => a - b);
  return {
    requests: samples.length,
    seconds: round(seconds, 2),
    perSecond: round(samples.length / seconds),
    p50: round(percentile(samples, 0.5)),
    p95: round(percentile(samples, 0.95)),
    max: round(samples[samples.length - 1]),
  };
}

/** The page query listByPage runs for `body` (the server's own listQuery; the cursor's position read from its payload). */
async function explainPage(kdb: Kysely<never>, body: Body): Promise<{ ms: number; buffers: number }> {
  const e = loadDefinitions(root).entities.get('srmBaseMaterial')!;
  const position =
    typeof body.after === 'string' ? (JSON.parse(Buffer.from(body.after.split('.')[0], 'base64url').toString('utf8')) as { p: unknown[] }).p : undefined;
  const q = listQuery(e, body, [], 1000, undefined, position);
  const res = await sql<{ 'QUERY PLAN': unknown }>`explain (analyze, buffers, format json) ${q.page}`.execute(kdb);
  const raw = res.rows[0]['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: Record<string, number>; 'Execution Time': number }[];
  const p = plan[0].Plan;
  return { ms: round(plan[0]['Execution Time'], 2), buffers: (p['Shared Hit Blocks'] ?? 0) + (p['Shared Read Blocks'] ?? 0) };
}

/** The cursor that starts page `pageIndex` of `body`'s list: the `page.after` of the page before (read once by index). */
async function cursorOf(c: SignedClient, body: Body, pageIndex: number): Promise<string | undefined> {
  const a: Answer = await c.call(PATH, { ...body, pageIndex: pageIndex - 1 });
  return a.page?.after;
}

async function timedExport(c: SignedClient, pid: number, title: string, params: Body, rows: number): Promise<ExportResult> {
  const full = `/api/${EXPORT_PATH}`;
  const columns = ['materialCode', 'materialName', 'specification', 'uomCode', 'categoryCode', 'unitPrice', 'enabledFlag'].map((key) => ({ key }));
  const text = JSON.stringify({ requestUrl: `/api/${PATH}`, requestParams: { params }, columns, fileName: 'bench' });
  global.gc?.();
  const base = rssMb(pid);
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const t0 = performance.now();
  let bytes = 0;
  try {
    const res = await fetch(c.baseUrl + full, { method: 'POST', headers: signedHeaders(c.session!, full, text, { lang: 'EN' }), body: text });
    if (!(res.headers.get('content-type') ?? '').includes('spreadsheetml')) throw new Error(`export refused: ${await res.text()}`);
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  } finally {
    clearInterval(timer);
  }
  const seconds = (performance.now() - t0) / 1000;
  return { title, rows, seconds: round(seconds, 2), bytes, rssBaseMb: round(base), rssPeakMb: round(peak), rssGrowthMb: round(peak - base) };
}

async function main(): Promise<void> {
  const started = performance.now();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const dbName = `srm_bench_${Date.now()}`;
  await admin.query(`create database ${dbName}`);
  const databaseUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'srm-bench-'));
  const loadBefore = loadavg()[0];
  let server: ChildProcess | undefined;
  try {
    const port = await freePort();
    console.log(`== starting the server on ${dbName}`);
    server = await startServer(databaseUrl, port, dataDir);
    const c = new SignedClient(`http://127.0.0.1:${port}`);
    c.lang = 'EN';
    const login = await c.login('buyer01');
    if (login.status !== 'S') throw new Error(`login: ${login.msg}`);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    console.log(`== inserting ${ROWS.toLocaleString('en')} materials`);
    const loadSeconds = await load(db, c.session!.userId);
    const version = (await db.query<{ v: string }>('select version() as v')).rows[0].v;
    const indexes = (await db.query<{ d: string }>(`select indexdef as d from pg_indexes where tablename = 'srm_base_material' order by indexname`)).rows.map(
      (r) => r.d,
    );
    await db.end();
    const kdb = new Kysely<never>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 1 }) }) });
    console.log(`== loaded in ${loadSeconds.toFixed(1)} s`);

    const plain = { params: {}, pageRows: 20 };
    const sorted = { params: {}, pageRows: 20, sort: [{ field: 'unitPrice', order: 'desc' }] };
    const withCursor = (body: Body, pageIndex: number) => async () => {
      const after = await cursorOf(c, body, pageIndex);
      return after ? { ...body, pageIndex, after } : null;
    };
    const scenarios: Scenario[] = [
      { id: 'page1', title: 'page 1', target: TARGETS.page1, body: async () => ({ ...plain, pageIndex: 1 }) },
      { id: 'page5000', title: 'page 5,000 by index (offset 100k)', body: async () => ({ ...plain, pageIndex: 5000 }) },
      { id: 'page5000-after', title: 'page 5,000 by cursor', target: TARGETS.page5000, body: withCursor(plain, 5000) },
      { id: 'page25000', title: 'page 25,000 by index (offset 500k)', body: async () => ({ ...plain, pageIndex: 25000 }) },
      { id: 'page25000-after', title: 'page 25,000 by cursor', body: withCursor(plain, 25000) },
      { id: 'sorted', title: 'sorted by unitPrice desc, page 1', target: TARGETS.sorted, body: async () => ({ ...sorted, pageIndex: 1 }) },
      { id: 'sorted5000-after', title: 'sorted by unitPrice desc, page 5,000 by cursor', target: TARGETS.sorted, body: withCursor(sorted, 5000) },
    ];
    const results: Throughput[] = [];
    for (const s of scenarios) {
      const body = await s.body();
      const r: Throughput = body
        ? { id: s.id, title: s.title, ...(await hammer(c, body)), ...(s.target ? { target: s.target } : {}) }
        : { id: s.id, title: s.title, skipped: 'no cursor in the answer' };
      if (r.perSecond !== undefined && r.target) r.met = r.perSecond >= r.target;
      if (body) r.sql = await explainPage(kdb, body);
      results.push(r);
      console.log(
        `   ${s.title.padEnd(48)} ${r.skipped ?? `${r.perSecond} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  SQL ${r.sql?.ms} ms / ${r.sql?.buffers} buffers${r.target ? `  target ≥ ${r.target}: ${r.met ? 'met' : 'MISSED'}` : ''}`}`,
      );
    }

    await kdb.destroy();
    const exports: ExportResult[] = [];
    if (EXPORTS) {
      const pid = server.pid!;
      const filtered = await c.call(PATH, { params: { unitPriceFrom: 0, unitPriceTo: 500 }, pageRows: 1 });
      exports.push(await timedExport(c, pid, 'export unitPrice 0–500', { unitPriceFrom: 0, unitPriceTo: 500 }, filtered.page?.count ?? 0));
      exports.push(await timedExport(c, pid, 'export all', {}, ROWS));
      for (const e of exports)
        console.log(`   ${e.title.padEnd(48)} ${e.seconds} s, ${(e.bytes / 2 ** 20).toFixed(1)} MB, server RSS +${e.rssGrowthMb} MB (peak ${e.rssPeakMb} MB)`);
    }

    const result = {
      when: new Date().toISOString(),
      commit: process.env.BENCH_COMMIT ?? '',
      rows: ROWS,
      clients: CLIENTS,
      seconds: SECONDS,
      loadSeconds: round(loadSeconds),
      database: version.split(',')[0],
      node: process.version,
      cpu: `${cpus().length} x ${cpus()[0]?.model ?? '?'}`,
      memoryGb: Math.round(totalmem() / 2 ** 30),
      loadAverage: { before: round(loadBefore, 2), after: round(loadavg()[0], 2) },
      indexes,
      scenarios: results,
      exports,
    };
    const suffix = process.env.BENCH_SUFFIX ?? '';
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(join(RESULTS_DIR, `listByPage-concurrent${suffix}.json`), JSON.stringify(result, null, 2) + '\n');
    const md = [
      '# listByPage under concurrent load (latest run)',
      '',
      `\`tsx tests/bench/listByPageConcurrent.bench.ts\` — ${CLIENTS} clients over HTTP, signed listByPage of srmBaseMaterial as buyer01, ` +
        `${SECONDS} s per scenario after 1 s warm-up; server in its own process on PostgreSQL.`,
      '',
      `${ROWS.toLocaleString('en')} rows · ${result.database} · Node ${result.node} · ${result.cpu} · load average ${result.loadAverage.before} → ${result.loadAverage.after} · ${result.when}${result.commit ? ` · ${result.commit}` : ''}`,
      '',
      '| scenario | req/s | p50 ms | p95 ms | max ms | target req/s | page SQL ms / buffers |',
      '|---|---:|---:|---:|---:|:---:|---:|',
      ...results.map((r) =>
        r.skipped
          ? `| ${r.title} | — | — | — | — | ${r.skipped} | |`
          : `| ${r.title} | ${r.perSecond} | ${r.p50} | ${r.p95} | ${r.max} | ${r.target ? `≥ ${r.target} ${r.met ? 'met' : '**missed**'}` : ''} | ${r.sql ? `${r.sql.ms} / ${r.sql.buffers}` : ''} |`,
      ),
      '',
      ...(exports.length
        ? [
            '| export | rows | seconds | MB written | server RSS before → peak (growth) |',
            '|---|---:|---:|---:|---|',
            ...exports.map(
              (e) =>
                `| ${e.title} | ${e.rows.toLocaleString('en')} | ${e.seconds} | ${(e.bytes / 2 ** 20).toFixed(1)} | ${e.rssBaseMb} → ${e.rssPeakMb} MB (+${e.rssGrowthMb}) |`,
            ),
            '',
          ]
        : []),
    ].join('\n');
    writeFileSync(join(RESULTS_DIR, `latest-concurrent${suffix}.md`), md);
    console.log('\n' + md);
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
    console.log(`total ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
