// Applies the SQL migrations (generated and manual) in number order, each once, each in a transaction.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { sql } from 'kysely';
import type { Database } from './connect.js';

export function migrationFiles(dir: string): string[] {
  const dirs = [join(dir, 'generated'), join(dir, 'manual')];
  return dirs
    .filter((d) => existsSync(d))
    .flatMap((d) => readdirSync(d).filter((f) => /^\d{4}_.*\.sql$/.test(f)).map((f) => join(d, f)))
    .sort((a, b) => basename(a).localeCompare(basename(b)));
}

export async function migrate(database: Database, dir: string): Promise<string[]> {
  const { db } = database;
  await sql`create table if not exists srm_schema_migrations (name varchar(200) primary key, applied_at timestamp(0) not null default localtimestamp(0))`.execute(db);
  const applied: string[] = [];
  await db.transaction().execute(async (trx) => {
    // Several server processes may start together against one PostgreSQL.
    if (database.kind === 'postgres') await sql`select pg_advisory_xact_lock(4711001)`.execute(trx);
    const done = new Set((await sql<{ name: string }>`select name from srm_schema_migrations`.execute(trx)).rows.map((r) => r.name));
    for (const file of migrationFiles(dir)) {
      const name = basename(file);
      if (done.has(name)) continue;
      await sql.raw(readFileSync(file, 'utf8')).execute(trx);
      await sql`insert into srm_schema_migrations (name) values (${name})`.execute(trx);
      applied.push(name);
    }
  });
  return applied;
}
