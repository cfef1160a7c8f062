// A total for the pager that stays fast on large tables. Exact while it is cheap: an unfiltered table
// under EXACT_LIMIT rows, or a filter the planner expects to match at most FILTERED_EXACT_LIMIT rows.
// Beyond that the planner's estimate is answered and marked `estimated`, instead of reading a million
// rows to say "41,667".
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/connect.js';

export const EXACT_LIMIT = 100_000;
export const FILTERED_EXACT_LIMIT = 10_000;

type Count = { count: number; estimated: boolean };

async function plannerEstimate(database: Database, table: string, where: RawBuilder<unknown>): Promise<number> {
  const res = await sql<{ 'QUERY PLAN': unknown }>`explain (format json) select 1 from ${sql.table(table)} t ${where}`.execute(database.db);
  const raw = res.rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(plan[0]?.Plan['Plan Rows'] ?? 0);
}

async function cappedCount(database: Database, table: string, where: RawBuilder<unknown>, cap: number): Promise<number> {
  const row = (
    await sql<{ n: number }>`select count(*)::bigint as n from (select 1 from ${sql.table(table)} t ${where} limit ${cap + 1}) x`.execute(database.db)
  ).rows[0];
  return row.n;
}

export async function countRows(database: Database, table: string, where: RawBuilder<unknown>, unfiltered: boolean): Promise<Count> {
  const db = database.db;
  if (unfiltered) {
    const est = (await sql<{ n: number }>`select reltuples::bigint as n from pg_class where oid = ${table}::regclass`.execute(db)).rows[0];
    if (est && est.n > EXACT_LIMIT * 2) return { count: est.n, estimated: true };
    const n = await cappedCount(database, table, where, EXACT_LIMIT);
    if (n <= EXACT_LIMIT) return { count: n, estimated: false };
    return { count: await cappedCount(database, table, where, Number.MAX_SAFE_INTEGER - 1), estimated: false };
  }
  const estimate = await plannerEstimate(database, table, where);
  if (estimate > FILTERED_EXACT_LIMIT) return { count: estimate, estimated: true };
  const n = await cappedCount(database, table, where, FILTERED_EXACT_LIMIT);
  return n <= FILTERED_EXACT_LIMIT ? { count: n, estimated: false } : { count: Math.max(n - 1, estimate), estimated: true };
}
