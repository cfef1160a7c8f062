// Orders at volume on PostgreSQL (issue 17): 100,000 orders with 1,000,000 lines bulk-loaded by SQL
// (generate_series: one statement per table), then through the HTTP API of a real server process:
//  - supplier01's open-lines list (srmPoOrderRestful/listOpenLines, the line board): p95 ≤ 30 ms;
//  - a 200-line delivery note saved and validated (srmPoDeliveryRestful/saveOrUpdate: the open-quantity
//    and tolerance rule per line, the order locked): p95 ≤ 150 ms;
//  - the label PDF of a 200-line note (getLabelPdf): ≤ 1 s.
// Writes bench/results/orders.json. Knobs (env): BENCH_ORDERS (100000), BENCH_LINES_PER_ORDER (10),
// BENCH_RUNS (40), TEST_PG_URL.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { MATERIAL, SUPPLIER, signIn } from '../support/apiHelpers.js';
import type { SignedClient } from '../support/signedClient.js';
import { startBenchServer } from './benchServer.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const PER = Number(process.env.BENCH_LINES_PER_ORDER ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const root = join(new URL('.', import.meta.url).pathname, '..', '..');

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];
const round = (n: number) => Math.round(n * 10) / 10;

async function timed(c: SignedClient, path: string, body: unknown): Promise<{ ms: number; data: unknown }> {
  const t0 = performance.now();
  const a = await c.call(path, body);
  const ms = performance.now() - t0;
  if (a.status !== 'S') throw new Error(`${path}: ${a.msg}`);
  return { ms, data: a.data };
}

async function main(): Promise<void> {
  const dbName = `srm_bench_orders_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const databaseUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
  const server = await startBenchServer('srm-orders-bench-', databaseUrl);
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    await db.connect();
    const buyer = await signIn(server.url, 'buyer01');
    const s1 = await signIn(server.url, 'supplier01');
    const materials = ((await buyer.call<{ materialId: number }[]>(`${MATERIAL}/listByPage`, { params: {}, pageRows: 20 })).data ?? []).map(
      (m) => m.materialId,
    );
    const suppliers = (await buyer.call<{ supplierId: number; supplierNumber: string }[]>(`${SUPPLIER}/listByPage`, { params: {}, pageRows: 50 })).data ?? [];
    const supplier1 = suppliers.find((s) => s.supplierNumber === 'S-0001')!.supplierId;
    const others = suppliers.filter((s) => s.supplierId !== supplier1).map((s) => s.supplierId);
    // supplier01 holds one order in ten (10,000 orders, 100,000 lines); the rest spread over the others.
    const pool = [supplier1, ...Array.from({ length: 9 }, (_, i) => others[i % others.length])];

    const t0 = Date.now();
    await db.query(
      `insert into srm_po_order (order_number, title, supplier_id, status, currency_code, order_date, revision, total_amount, created_by, last_updated_by)
       select 'PB-' || lpad(g::text, 7, '0'), 'bench', ($1::bigint[])[1 + g % 10],
              case when g % 7 = 0 then 'CLOSED' else 'CONFIRMED' end, 'CNY', date '2026-01-01' + (g % 300), 0, 0, 0, 0
       from generate_series(1, $2::int) g`,
      [pool, ORDERS],
    );
    await db.query(
      `insert into srm_po_order_line (order_id, supplier_id, line_number, material_id, quantity, price, required_date, tolerance_percent,
                                      promised_date, received_quantity, returned_quantity, open_quantity, line_status, created_by, last_updated_by)
       select o.order_id, o.supplier_id, n * 10, ($1::bigint[])[1 + (o.order_id + n) % array_length($1::bigint[], 1)], 100, 10,
              o.order_date + 30 + n, 0, o.order_date + 30 + n,
              case when o.status = 'CLOSED' then 100 else 0 end, 0, case when o.status = 'CLOSED' then 0 else 100 end,
              case when o.status = 'CLOSED' then 'RECEIVED' else 'CONFIRMED' end, 0, 0
       from srm_po_order o cross join generate_series(1, $2::int) n
       where o.title = 'bench'`,
      [materials, PER],
    );
    // The 200-line order the notes ship against (large quantities: every run's draft note fits).
    const big = await db.query<{ order_id: string }>(
      `insert into srm_po_order (order_number, title, supplier_id, status, currency_code, order_date, revision, total_amount, created_by, last_updated_by)
       values ('PB-BIG-200', 'bench-200', $1, 'CONFIRMED', 'CNY', date '2026-11-01', 0, 0, 0, 0) returning order_id`,
      [supplier1],
    );
    const bigId = Number(big.rows[0].order_id);
    await db.query(
      `insert into srm_po_order_line (order_id, supplier_id, line_number, material_id, quantity, price, required_date, tolerance_percent,
                                      received_quantity, returned_quantity, open_quantity, line_status, created_by, last_updated_by)
       select $1, $2, n * 10, ($3::bigint[])[1 + n % array_length($3::bigint[], 1)], 1000000, 10, date '2026-12-20', 0, 0, 0, 1000000, 'CONFIRMED', 0, 0
       from generate_series(1, 200) n`,
      [bigId, supplier1, materials],
    );
    await db.query('analyze srm_po_order; analyze srm_po_order_line');
    const loadSeconds = (Date.now() - t0) / 1000;
    const counts = await db.query<{ o: string; l: string }>(`select (select count(*) from srm_po_order) o, (select count(*) from srm_po_order_line) l`);
    console.log(`loaded ${counts.rows[0].o} orders, ${counts.rows[0].l} lines in ${loadSeconds.toFixed(1)} s`);

    // 1. supplier01's open-lines list.
    const list = '/srmServer/v1/srmPoOrderRestful/listOpenLines'.slice(1);
    for (let i = 0; i < 5; i++) await timed(s1, list, { params: {} }); // warm-up
    const listMs: number[] = [];
    let listed = 0;
    for (let i = 0; i < RUNS; i++) {
      const r = await timed(s1, list, { params: {} });
      listMs.push(r.ms);
      listed = (r.data as unknown[]).length;
    }
    // 2. A 200-line delivery note saved (validated on save).
    const lines = (await db.query<{ order_line_id: string }>(`select order_line_id from srm_po_order_line where order_id = $1 order by line_number`, [bigId]))
      .rows;
    const note = {
      orderId: bigId,
      expectedArrival: '2026-12-18',
      carrier: 'Bench',
      lines: lines.map((l, i) => ({ orderLineId: Number(l.order_line_id), quantity: 1, batchNumber: `B${i}` })),
    };
    const saveMs: number[] = [];
    let deliveryId = 0;
    for (let i = 0; i < RUNS + 3; i++) {
      const r = await timed(s1, 'srmServer/v1/srmPoDeliveryRestful/saveOrUpdate', note);
      if (i >= 3) saveMs.push(r.ms);
      deliveryId = (r.data as { deliveryId: number }).deliveryId;
    }
    // 3. The label PDF of the 200-line note.
    const pdfMs: number[] = [];
    let pages = 0;
    let pdfBytes = 0;
    for (let i = 0; i < 6; i++) {
      const r = await timed(s1, 'srmServer/v1/srmPoDeliveryRestful/getLabelPdf', { id: deliveryId });
      if (i > 0) pdfMs.push(r.ms);
      pages = (r.data as { labels: number }).labels;
      pdfBytes = Buffer.from((r.data as { base64: string }).base64, 'base64').length;
    }
    const result = {
      date: new Date().toISOString(),
      database: 'postgres',
      orders: Number(counts.rows[0].o),
      lines: Number(counts.rows[0].l),
      loadSeconds: round(loadSeconds),
      openLinesList: { runs: RUNS, rows: listed, p50Ms: round([...listMs].sort((a, b) => a - b)[Math.floor(RUNS / 2)]), p95Ms: round(p95(listMs)), goalMs: 30 },
      deliverySave200: { runs: RUNS, p95Ms: round(p95(saveMs)), maxMs: round(Math.max(...saveMs)), goalMs: 150 },
      labelPdf200: { runs: pdfMs.length, labels: pages, bytes: pdfBytes, p95Ms: round(p95(pdfMs)), maxMs: round(Math.max(...pdfMs)), goalMs: 1000 },
    };
    console.log(JSON.stringify(result, null, 2));
    mkdirSync(join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(join(root, 'bench', 'results', 'orders.json'), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    await db.end().catch(() => undefined);
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
    await admin.end();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

await main();
