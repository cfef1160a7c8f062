// Opens the database named by the configuration: PostgreSQL when DATABASE_URL is set, else PGlite in
// DATA_DIR. Both return the same JS shapes (see typeParsers), so nothing above this file can tell.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { PGliteDialect } from './pgliteDialect.js';
import { TYPE_PARSERS } from './typeParsers.js';

// Tables are defined by metadata at run time, so queries are written with `sql` and checked there.
export type Db = Kysely<Record<string, Record<string, unknown>>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Calls `listener(table)` after every successful insert/update/delete statement, whichever code ran it. */
  onWrite(listener: (table: string) => void): void;
  close(): Promise<void>;
}

// The table a write statement names first: `insert into "t"`, `update t`, `delete from "t"`.
const WRITE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([A-Za-z_][A-Za-z0-9_]*)"?/i;

/** Kysely's query log, used as a generic after-write hook on tables (caches keyed by table contents). */
function writeHook(): { log: (e: LogEvent) => void; onWrite: Database['onWrite'] } {
  const listeners: ((table: string) => void)[] = [];
  return {
    onWrite: (l) => void listeners.push(l),
    log: (e) => {
      if (e.level !== 'query' || listeners.length === 0) return;
      const m = WRITE.exec(e.query.sql);
      if (m) for (const l of listeners) l(m[1].toLowerCase());
    },
  };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; inMemory?: boolean }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      types: { getTypeParser: ((oid: number, format?: string) => TYPE_PARSERS[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser },
    });
    // An idle pooled connection that the server closes (restart, failover, a dropped database) is
    // reported here; without a listener Node treats it as uncaught and stops the process. The pool
    // opens a fresh connection for the next query, and a query in flight fails on its own.
    pool.on('error', () => undefined);
    const hook = writeHook();
    const db: Db = new Kysely({ dialect: new PostgresDialect({ pool }), log: hook.log });
    return { db, kind: 'postgres', onWrite: hook.onWrite, close: () => db.destroy() };
  }
  let dir: string | undefined;
  if (!opts.inMemory) {
    dir = join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  // pg_trgm: contains-filters (`filter: like`) use trigram GIN indexes on both databases.
  // PGlite ignores the options when the data dir argument is given as undefined: pass one object.
  const lite = new PGlite({ ...(dir ? { dataDir: dir } : {}), parsers: TYPE_PARSERS, extensions: { pg_trgm } });
  const hook = writeHook();
  const db: Db = new Kysely({ dialect: new PGliteDialect(lite), log: hook.log });
  return { db, kind: 'pglite', onWrite: hook.onWrite, close: () => db.destroy() };
}
