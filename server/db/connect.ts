// Opens the database named by the configuration: PostgreSQL when DATABASE_URL is set, else PGlite in
// DATA_DIR. Both return the same JS shapes (see typeParsers), so nothing above this file can tell.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
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
  close(): Promise<void>;
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; inMemory?: boolean }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      types: { getTypeParser: ((oid: number, format?: string) => TYPE_PARSERS[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser },
    });
    const db: Db = new Kysely({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  let dir: string | undefined;
  if (!opts.inMemory) {
    dir = join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  // pg_trgm: contains-filters (`filter: like`) use trigram GIN indexes on both databases.
  // PGlite ignores the options when the data dir argument is given as undefined: pass one object.
  const lite = new PGlite({ ...(dir ? { dataDir: dir } : {}), parsers: TYPE_PARSERS, extensions: { pg_trgm } });
  const db: Db = new Kysely({ dialect: new PGliteDialect(lite) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}
