// listByPage under load: 1,000,000 materials, five paging/filter scenarios, on PGlite and (when it
// answers on loopback) PostgreSQL. `npm run bench`.
//
// For each backend: boot the real server in-process (tests/support/testServer), bulk-insert the rows
// straight through the server's own database, `analyze`, then time srmBaseMaterialRestful/listByPage
// as buyer01 with signed calls, sequentially:
//   - client: a real HTTP round trip (fetch → loopback → Fastify → database → JSON → fetch);
//   - server: the same signed request through `server.inject()` — the whole Fastify pipeline
//     (signature check, ACL, action, SQL, serialisation) without the network.
// Afterwards each scenario's SQL, built with the server's own filter/select helpers, is run once
// under EXPLAIN ANALYZE on the same database, so a missed target comes with its plan.
//
// Writes bench/results/listByPage-<backend>.json and bench/results/latest.md.
// BENCH_WHATIF=1 adds, after the baseline and on the same data, the candidate server fixes (indexes
// through the real server path, query shapes as direct SQL) — see whatIf(); it takes longer and
// writes listByPage-<backend>.whatif.json and latest-whatif.md instead.
// Knobs (env): BENCH_ROWS (1000000), BENCH_CALLS (200), BENCH_WARMUP (5),
// BENCH_SERIES_MS (8000: a series stops early after this long, with at least BENCH_MIN_CALLS = 20),
// SRM_TEST_BACKENDS (e.g. "pglite" to skip PostgreSQL).
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type RawBuilder } from 'kysely';
import type { EntityDefinition } from '../../meta/definitions.js';
import { filterConditions, whereClause } from '../../server/rest/filters.js';
import { selectColumns } from '../../server/rest/records.js';
import { EXACT_LIMIT, countRows } from '../../server/rest/count.js';
import { listQuery } from '../../server/rest/listQuery.js';
import { Kysely } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGliteDialect } from '../../server/db/pgliteDialect.js';
import type { Db } from '../../server/db/connect.js';
import { signedHeaders, type Answer, type SignedClient } from '../support/signedClient.js';
import { backends, startTestServer, type Backend, type TestServer } from '../support/testServer.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const SERIES_MS = Number(process.env.BENCH_SERIES_MS ?? 8000);
const MIN_CALLS = Number(process.env.BENCH_MIN_CALLS ?? 20);
const WHATIF = process.env.BENCH_WHATIF === '1';
const TARGET_P95_MS: Record<Backend, number> = { postgres: 20, pglite: 50 };

const ENTITY = 'srmBaseMaterial';
const PATH = `srmServer/v1/${ENTITY}Restful/listByPage`;
const RESULTS_DIR = join(new URL('.', import.meta.url).pathname, '..', '..', 'bench', 'results');

interface Scenario {
  id: string;
  title: string;
  body: { params: Record<string, unknown>; pageIndex: number; pageRows: number };
}

const SCENARIOS: Scenario[] = [
  { id: 'a', title: 'first page', body: { params: {}, pageIndex: 1, pageRows: 20 } },
  { id: 'b', title: 'filtered uomCode=KG, categoryCode=ELEC', body: { params: { uomCode: 'KG', categoryCode: 'ELEC' }, pageIndex: 1, pageRows: 20 } },
  { id: 'c', title: "like materialCode 'M-00012'", body: { params: { materialCode: 'M-00012' }, pageIndex: 1, pageRows: 20 } },
  { id: 'd', title: 'deep page 5000 (offset 100k)', body: { params: {}, pageIndex: 5000, pageRows: 20 } },
  { id: 'e', title: 'very deep page 25000 (offset 500k)', body: { params: {}, pageIndex: 25000, pageRows: 20 } },
];

interface Stats {
  n: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

interface PlanResult {
  query: string;
  executionMs: number | null;
  planningMs: number | null;
  plan: string;
}

interface ScenarioResult {
  id: string;
  title: string;
  request: Scenario['body'];
  answer: { rows: number; count: number; estimated: boolean; firstCode: unknown };
  client: Stats;
  server: Stats;
  targetP95Ms: number;
  serverMeetsTarget: boolean;
  explain: PlanResult[];
}

interface BackendResult {
  backend: Backend;
  when: string;
  rows: number;
  loadSeconds: number;
  database: string;
  node: string;
  cpu: string;
  memoryGb: number;
  /** 1-minute load average before and after the backend's run: the machine may be shared. */
  loadAverage: { before: number; after: number };
  settings: { calls: number; warmup: number; seriesMs: number; minCalls: number };
  scenarios: ScenarioResult[];
  whatIf?: WhatIf[];
}

/** One candidate fix, measured on the same data after the baseline. */
interface WhatIf {
  scenario: string;
  change: string;
  how: 'server (inject)' | 'sql';
  before: Stats;
  after: Stats;
  note?: string;
}

function stats(samples: number[]): Stats {
  const s = [...samples].sort((x, y) => x - y);
  const at = (q: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
  const r = (v: number) => Math.round(v * 100) / 100;
  return { n: s.length, p50: r(at(0.5)), p95: r(at(0.95)), max: r(s[s.length - 1]), mean: r(s.reduce((a, b) => a + b, 0) / s.length) };
}

function check(a: Answer, sc: Scenario): void {
  if (a.http !== 200 || a.status !== 'S' || !Array.isArray(a.data)) throw new Error(`${sc.id} ${sc.title}: HTTP ${a.http} ${a.status} ${a.msg}`);
}

/** Runs `once` sequentially: WARMUP untimed calls, then up to CALLS timed ones (fewer if the series passes SERIES_MS). */
async function series(once: () => Promise<void>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await once();
  const samples: number[] = [];
  const started = performance.now();
  while (samples.length < CALLS) {
    const t0 = performance.now();
    await once();
    samples.push(performance.now() - t0);
    if (samples.length >= MIN_CALLS && performance.now() - started > SERIES_MS) break;
  }
  return samples;
}

async function load(db: Db, userId: number | null): Promise<number> {
  const t0 = performance.now();
  await sql`insert into srm_base_material
      (material_code, material_name, specification, uom_code, category_code, unit_price, enabled_flag, created_by, last_updated_by)
    select 'M-' || lpad(g::text, 7, '0'),
      (array['Hex bolt', 'Copper wire', 'Carton box', 'Bearing', 'Capacitor', 'Steel plate', 'Cable tie', 'Gear motor'])[1 + g % 8] || ' ' || g,
      'SPEC-' || (g % 997) || '/' || (g % 13),
      (array['PCS', 'KG', 'M', 'L', 'BOX', 'SET'])[1 + g % 6],
      (array['RAW', 'ELEC', 'PACK', 'MRO'])[1 + (g / 6) % 4],
      round(0.5 + ((g::bigint * 7919) % 1000003) / 100.0, 4),
      case when g % 50 = 0 then 'N' else 'Y' end,
      ${userId}, ${userId}
    from generate_series(1, ${ROWS}::int) g`.execute(db);
  await sql`analyze srm_base_material`.execute(db);
  return (performance.now() - t0) / 1000;
}

/** The page query listByPage issues for a request: the server's own listQuery (see server/rest/listQuery.ts). */
function queriesOf(e: EntityDefinition, body: Scenario['body']): { name: string; q: RawBuilder<unknown> }[] {
  return [{ name: 'page', q: listQuery(e, body).page }];
}

async function explain(t: TestServer, e: EntityDefinition, body: Scenario['body']): Promise<PlanResult[]> {
  const out: PlanResult[] = [];
  for (const { name, q } of queriesOf(e, body)) {
    const res = await sql<Record<string, string>>`explain (analyze, buffers) ${q}`.execute(t.app.ctx.db);
    const plan = res.rows.map((r) => Object.values(r)[0]).join('\n');
    const ms = (label: string) => {
      const m = new RegExp(`${label} Time: ([\\d.]+) ms`).exec(plan);
      return m ? Number(m[1]) : null;
    };
    out.push({ query: name, executionMs: ms('Execution'), planningMs: ms('Planning'), plan });
  }
  // The count is one or two queries chosen at run time (count.ts): time the server's own function.
  const q = listQuery(e, body);
  const t0 = performance.now();
  const counted = await countRows(t.app.ctx.database, e.table, q.where, q.unfiltered);
  out.push({ query: `count (${counted.estimated ? 'estimate' : 'exact'})`, executionMs: +(performance.now() - t0).toFixed(2), planningMs: null, plan: '' });
  return out;
}

/** Times a query run sequentially through a Kysely instance (driver round trip included). */
async function timeSql(db: Db, q: RawBuilder<unknown>, n = 30): Promise<Stats> {
  return stats(
    await seriesOf(n, async () => {
      await q.execute(db);
    }),
  );
}

async function seriesOf(n: number, once: () => Promise<void>): Promise<number[]> {
  for (let i = 0; i < 3; i++) await once();
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await once();
    out.push(performance.now() - t0);
  }
  return out;
}

/**
 * Candidate server changes, measured on the loaded database. Indexes go through the unchanged server
 * (inject); query shapes the server would have to issue instead are timed as SQL next to the SQL it issues today.
 */
async function whatIf(t: TestServer, e: EntityDefinition, session: { authorizationCode: string; signKey: string }, base: ScenarioResult[]): Promise<WhatIf[]> {
  const db = t.app.ctx.db;
  const out: WhatIf[] = [];
  const sc = (id: string) => SCENARIOS.find((s) => s.id === id)!;
  const baseline = (id: string) => base.find((s) => s.id === id)!.server;
  const viaServer = async (id: string) => {
    const s = sc(id);
    const url = `/api/${PATH}`;
    const text = JSON.stringify(s.body);
    return stats(
      await seriesOf(30, async () => {
        const res = await t.app.server.inject({ method: 'POST', url, headers: signedHeaders(session, url, text), payload: text });
        if (res.statusCode !== 200) throw new Error(`${id}: ${res.statusCode}`);
      }),
    );
  };
  const log = (w: WhatIf) => {
    out.push(w);
    console.log(`   what-if (${w.scenario}) ${w.change}: p95 ${w.before.p95} → ${w.after.p95} ms [${w.how}]`);
  };
  const cols = selectColumns(e);

  // (d)/(e) deep pages: the tie-break on the key forces an Incremental Sort over every skipped row,
  // although material_code is unique and not null; and any offset is linear in the depth.
  for (const id of ['d', 'e']) {
    const offset = (sc(id).body.pageIndex - 1) * 20;
    const today = sql`select ${cols} from srm_base_material t order by t.material_code asc nulls last, t.material_id asc limit 20 offset ${offset}`;
    const noTie = sql`select ${cols} from srm_base_material t order by t.material_code asc nulls last limit 20 offset ${offset}`;
    const before = await timeSql(db, today, 10);
    log({
      scenario: id,
      change: 'no key tie-break when the last sort field is unique + not null (plain Index Scan, no Incremental Sort)',
      how: 'sql',
      before,
      after: await timeSql(db, noTie, 10),
    });
    const last = (
      await sql<{
        c: string;
        i: number;
      }>`select material_code as c, material_id as i from srm_base_material t order by t.material_code, t.material_id limit 1 offset ${offset - 1}`.execute(db)
    ).rows[0];
    const keyset = sql`select ${cols} from srm_base_material t where (t.material_code, t.material_id) > (${last.c}, ${last.i}) order by t.material_code asc, t.material_id asc limit 20`;
    log({
      scenario: id,
      change: 'keyset paging: where (material_code, material_id) > (last row) … limit 20',
      how: 'sql',
      before,
      after: await timeSql(db, keyset, 30),
      note: 'needs the composite index below for the row comparison to be an index range',
    });
  }
  await sql`create index bench_material_code_id_ix on srm_base_material (material_code, material_id)`.execute(db);
  await sql`vacuum analyze srm_base_material`.execute(db);
  for (const id of ['d', 'e']) {
    const offset = (sc(id).body.pageIndex - 1) * 20;
    const last = (
      await sql<{
        c: string;
        i: number;
      }>`select material_code as c, material_id as i from srm_base_material t order by t.material_code, t.material_id limit 1 offset ${offset - 1}`.execute(db)
    ).rows[0];
    const keyset = sql`select ${cols} from srm_base_material t where (t.material_code, t.material_id) > (${last.c}, ${last.i}) order by t.material_code asc, t.material_id asc limit 20`;
    log({
      scenario: id,
      change: 'index (material_code, material_id), server unchanged',
      how: 'server (inject)',
      before: baseline(id),
      after: await viaServer(id),
    });
    log({ scenario: id, change: 'index (material_code, material_id) + keyset paging', how: 'sql', before: baseline(id), after: await timeSql(db, keyset, 30) });
  }

  // (b) filtered count: 41,667 matches < EXACT_LIMIT, so the capped count reads the whole table.
  const bWhere = whereClause(filterConditions(e, sc('b').body.params));
  log({
    scenario: 'b',
    change: 'count from the planner estimate (EXPLAIN) instead of the capped count',
    how: 'sql',
    before: await timeSql(db, sql`select count(*)::bigint as n from (select 1 from srm_base_material t ${bWhere} limit ${EXACT_LIMIT + 1}) x`, 10),
    after: await timeSql(db, sql`explain (format json) select 1 from srm_base_material t ${bWhere}`, 30),
  });
  log({
    scenario: 'b',
    change: 'capped count with EXACT_LIMIT 1,000 for filtered lists ("1,000+")',
    how: 'sql',
    before: baseline('b'),
    after: await timeSql(db, sql`select count(*)::bigint as n from (select 1 from srm_base_material t ${bWhere} limit 1001) x`, 30),
  });
  await sql`create index bench_material_uom_cat_ix on srm_base_material (uom_code, category_code)`.execute(db);
  await sql`vacuum analyze srm_base_material`.execute(db);
  log({
    scenario: 'b',
    change: 'index (uom_code, category_code) (+ vacuum: index-only count), server unchanged',
    how: 'server (inject)',
    before: baseline('b'),
    after: await viaServer('b'),
  });

  // (c) contains-filter: ILIKE '%…%' cannot use a btree; every row is read for the count (and on
  // PostgreSQL the page query picks a parallel index scan that also reads them all).
  if (t.backend === 'postgres') {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index bench_material_code_trgm on srm_base_material using gin (material_code gin_trgm_ops)`.execute(db);
    await sql`analyze srm_base_material`.execute(db);
    log({
      scenario: 'c',
      change: 'pg_trgm GIN index on material_code, server unchanged',
      how: 'server (inject)',
      before: baseline('c'),
      after: await viaServer('c'),
    });
  } else {
    // The server's PGlite is opened without extensions; measure on a side PGlite that loads pg_trgm.
    const lite = new PGlite({ extensions: { pg_trgm } });
    const side: Db = new Kysely({ dialect: new PGliteDialect(lite) });
    try {
      await sql`create table srm_base_material (material_id bigint generated by default as identity primary key, material_code varchar(40) not null,
        material_name varchar(200) not null, specification varchar(200), uom_code varchar(20) not null, category_code varchar(40), unit_price numeric(18,4),
        enabled_flag varchar(1) default 'Y', created_by bigint, creation_date timestamp(0) default localtimestamp(0) not null, last_updated_by bigint,
        last_update_date timestamp(0) default localtimestamp(0) not null, version_num integer default 1 not null)`.execute(side);
      await sql`create unique index srm_base_material_material_code_uk on srm_base_material (material_code)`.execute(side);
      await load(side, null);
      const cWhere = whereClause(filterConditions(e, sc('c').body.params));
      const count = sql`select count(*)::bigint as n from (select 1 from srm_base_material t ${cWhere} limit ${EXACT_LIMIT + 1}) x`;
      const page = sql`select ${cols} from srm_base_material t ${cWhere} order by t.material_code asc nulls last, t.material_id asc limit 20 offset 0`;
      const before = await timeSql(side, count, 5);
      const beforePage = await timeSql(side, page, 10);
      await sql`create extension if not exists pg_trgm`.execute(side);
      await sql`create index bench_material_code_trgm on srm_base_material using gin (material_code gin_trgm_ops)`.execute(side);
      await sql`analyze srm_base_material`.execute(side);
      log({
        scenario: 'c',
        change: 'pg_trgm GIN index on material_code: capped count',
        how: 'sql',
        before,
        after: await timeSql(side, count, 30),
        note: 'side PGlite with the pg_trgm extension, same 1M rows',
      });
      log({
        scenario: 'c',
        change: 'pg_trgm GIN index on material_code: page query',
        how: 'sql',
        before: beforePage,
        after: await timeSql(side, page, 30),
        note: 'side PGlite with the pg_trgm extension, same 1M rows',
      });
    } finally {
      await side.destroy();
    }
  }
  return out;
}

async function benchBackend(backend: Backend): Promise<BackendResult> {
  console.log(`\n== ${backend}: starting server`);
  const loadBefore = loadavg()[0];
  const t = await startTestServer(backend);
  try {
    const c: SignedClient = await t.login('buyer01');
    const session = c.session!;
    const entity = t.app.ctx.defs.entities.get(ENTITY);
    if (!entity) throw new Error(`no entity ${ENTITY}`);
    console.log(`== ${backend}: inserting ${ROWS.toLocaleString('en')} rows into ${entity.table}`);
    const loadSeconds = await load(t.app.ctx.db, session.userId);
    const total = (await sql<{ n: number }>`select count(*)::bigint as n from srm_base_material`.execute(t.app.ctx.db)).rows[0].n;
    const version = (await sql<{ v: string }>`select version() as v`.execute(t.app.ctx.db)).rows[0].v;
    console.log(`== ${backend}: loaded in ${loadSeconds.toFixed(1)} s (${Number(total).toLocaleString('en')} rows in table)`);

    const url = `/api/${PATH}`;
    const scenarios: ScenarioResult[] = [];
    for (const sc of SCENARIOS) {
      const text = JSON.stringify(sc.body);
      let last: Answer | undefined;
      const client = await series(async () => {
        const a = await c.call(PATH, sc.body);
        check(a, sc);
        last = a;
      });
      const server = await series(async () => {
        const res = await t.app.server.inject({ method: 'POST', url, headers: signedHeaders(session, url, text), payload: text });
        const a = { http: res.statusCode, ...(res.json() as Omit<Answer, 'http'>) };
        check(a, sc);
      });
      const data = last!.data as Record<string, unknown>[];
      const r: ScenarioResult = {
        id: sc.id,
        title: sc.title,
        request: sc.body,
        answer: { rows: data.length, count: last!.page?.count ?? -1, estimated: last!.page?.estimated ?? false, firstCode: data[0]?.materialCode ?? null },
        client: stats(client),
        server: stats(server),
        targetP95Ms: TARGET_P95_MS[backend],
        serverMeetsTarget: false,
        explain: await explain(t, entity, sc.body),
      };
      r.serverMeetsTarget = r.server.p95 <= r.targetP95Ms;
      scenarios.push(r);
      console.log(
        `   (${sc.id}) ${sc.title.padEnd(40)} server p95 ${String(r.server.p95).padStart(8)} ms  client p95 ${String(r.client.p95).padStart(8)} ms  ` +
          `n=${r.server.n}/${r.client.n}  ${r.serverMeetsTarget ? 'ok' : 'MISSED'}`,
      );
    }
    const whatIfs = WHATIF ? await whatIf(t, entity, session, scenarios) : undefined;
    return {
      backend,
      when: new Date().toISOString(),
      rows: ROWS,
      loadSeconds: Math.round(loadSeconds * 10) / 10,
      database: version,
      node: process.version,
      cpu: `${cpus().length} x ${cpus()[0]?.model ?? '?'}`,
      memoryGb: Math.round(totalmem() / 2 ** 30),
      loadAverage: { before: Math.round(loadBefore * 100) / 100, after: Math.round(loadavg()[0] * 100) / 100 },
      settings: { calls: CALLS, warmup: WARMUP, seriesMs: SERIES_MS, minCalls: MIN_CALLS },
      scenarios,
      ...(whatIfs ? { whatIf: whatIfs } : {}),
    };
  } finally {
    await t.stop();
  }
}

function table(r: BackendResult): string {
  const lines = [
    `### ${r.backend}`,
    '',
    `${r.rows.toLocaleString('en')} rows loaded in ${r.loadSeconds} s · ${r.database.split(',')[0]} · Node ${r.node} · ${r.cpu} · load average ${r.loadAverage.before} → ${r.loadAverage.after} · ${r.when}`,
    '',
    `| scenario | server p50 | server p95 | server max | client p50 | client p95 | client max | n (server/client) | count | target p95 ≤ ${TARGET_P95_MS[r.backend]} ms | SQL page / count (EXPLAIN ANALYZE) |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|:---:|---:|',
  ];
  for (const s of r.scenarios) {
    const sqlMs = s.explain.map((p) => (p.executionMs === null ? '?' : `${p.executionMs.toFixed(1)}`)).join(' / ');
    lines.push(
      `| (${s.id}) ${s.title} | ${s.server.p50} | ${s.server.p95} | ${s.server.max} | ${s.client.p50} | ${s.client.p95} | ${s.client.max} | ${s.server.n}/${s.client.n} | ` +
        `${s.answer.count.toLocaleString('en')}${s.answer.estimated ? ' (est.)' : ''} | ${s.serverMeetsTarget ? 'met' : '**missed**'} | ${sqlMs} ms |`,
    );
  }
  if (r.whatIf) {
    lines.push(
      '',
      `What-if on the same ${r.backend} data (p50 / p95 ms, before → after):`,
      '',
      '| scenario | change | measured as | before | after | note |',
      '|---|---|---|---:|---:|---|',
    );
    for (const w of r.whatIf)
      lines.push(`| (${w.scenario}) | ${w.change} | ${w.how} | ${w.before.p50} / ${w.before.p95} | ${w.after.p50} / ${w.after.p95} | ${w.note ?? ''} |`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const started = performance.now();
  const list = await backends();
  if (!list.includes('postgres')) console.log('PostgreSQL (127.0.0.1:5432 + Redis 127.0.0.1:6379) not answering: PGlite only.');
  mkdirSync(RESULTS_DIR, { recursive: true });
  const results: BackendResult[] = [];
  for (const backend of list) {
    const r = await benchBackend(backend);
    results.push(r);
    writeFileSync(join(RESULTS_DIR, `listByPage-${backend}${WHATIF ? '.whatif' : ''}.json`), JSON.stringify(r, null, 2) + '\n');
  }
  const md = [
    '# listByPage benchmark (latest run)',
    '',
    `\`npm run bench\` — srmBaseMaterialRestful/listByPage as buyer01, sequential signed calls, times in ms.`,
    'Server = `server.inject()` (whole Fastify pipeline, no network); client = HTTP round trip over loopback.',
    'Last column: the page query under EXPLAIN ANALYZE, and the server count function timed, once after the series.',
    '',
    ...results.map(table).flatMap((t) => [t, '']),
  ].join('\n');
  writeFileSync(join(RESULTS_DIR, WHATIF ? 'latest-whatif.md' : 'latest.md'), md);
  console.log('\n' + md);
  console.log(`total ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
