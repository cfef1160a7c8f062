// A total for the pager that stays fast on large tables: exact up to EXACT_LIMIT matching rows;
// beyond that, for an unfiltered table, the planner's row estimate (marked estimated).
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/connect.js';

export const EXACT_LIMIT = 100_000;

export async function countRows(database: Database, table: string, where: RawBuilder<unknown>, unfiltered: boolean): Promise<{ count: number; estimated: boolean }> {
  const db = database.db;
  if (unfiltered) {
    const est = (await sql<{ n: number }>`select reltuples::bigint as n from pg_class where oid = ${table}::regclass`.execute(db)).rows[0];
    if (est && est.n > EXACT_LIMIT * 2) return { count: est.n, estimated: true };
  }
  const capped = (await sql<{ n: number }>`select count(*)::bigint as n from (select 1 from ${sql.table(table)} t ${where} limit ${EXACT_LIMIT + 1}) x`.execute(db)).rows[0];
  if (capped.n <= EXACT_LIMIT) return { count: capped.n, estimated: false };
  if (unfiltered) {
    const exact = (await sql<{ n: number }>`select count(*)::bigint as n from ${sql.table(table)}`.execute(db)).rows[0];
    return { count: exact.n, estimated: false };
  }
  return { count: capped.n - 1, estimated: true };
}
