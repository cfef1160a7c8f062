// Typed database access for hand-written module code. The platform opens one untyped Kysely (tables come
// from metadata); a module's own tables are generated as Kysely types from its entity definitions
// (modules/{area}/generated/tables.ts, `npm run gen`). `typed<OrgTables>(db)` is the same connection or
// transaction seen through those types, so a query naming a renamed or removed column fails
// `npm run typecheck` instead of failing in production. Only the module's own tables are in view.
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Db } from './connect.js';

/**
 * The module's typed view of `db`: no copy, no new connection. A transaction stays the transaction:
 * `typed<OrgTables>(trx)` runs inside it (and is a `Transaction<OrgTables>`).
 */
export function typed<T>(db: Transaction<Record<string, Record<string, unknown>>>): Transaction<T>;
export function typed<T>(db: Db): Kysely<T>;
export function typed<T>(db: Db): Kysely<T> {
  return db as unknown as Kysely<T>;
}

/** The database's `localtimestamp(0)`: the time the audit defaults use, for a typed `set` or `values`. */
export const dbNow = (): RawBuilder<string> => sql<string>`localtimestamp(0)`;

/** The audit columns every update of a table sets: who, when, and the next version (optimistic locking). */
export function auditUpdate(userId: number): { last_updated_by: number; last_update_date: RawBuilder<string>; version_num: RawBuilder<number> } {
  return { last_updated_by: userId, last_update_date: dbNow(), version_num: sql<number>`version_num + 1` };
}

/** The audit columns an insert sets (the dates and the version have defaults). */
export function auditInsert(userId: number): { created_by: number; last_updated_by: number } {
  return { created_by: userId, last_updated_by: userId };
}

/**
 * Serialises concurrent transactions on `key` until the caller's transaction ends (a PostgreSQL
 * advisory lock; PGlite has one connection and serialises anyway). Not a table: nothing to type.
 */
export async function lockInTransaction<T>(trx: Transaction<T>, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}
