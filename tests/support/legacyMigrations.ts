// The numbered migrations of the releases before module migrations (server/migrations/{generated,manual}
// then), kept as fixtures, and their runner as it was: to build the databases those releases made.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Database } from '../../server/db/connect.js';

export const LEGACY_DIR = fileURLToPath(new URL('../fixtures/legacy-migrations', import.meta.url));

export function legacyFiles(): string[] {
  return ['generated', 'manual']
    .map((d) => join(LEGACY_DIR, d))
    .filter((d) => existsSync(d))
    .flatMap((d) =>
      readdirSync(d)
        .filter((f) => /^\d{4}_.*\.sql$/.test(f))
        .map((f) => join(d, f)),
    )
    .sort((a, b) => basename(a).localeCompare(basename(b)));
}

/** The old runner: every numbered file once, in number order, in one transaction, recorded by its file name. `upTo` stops after that file. */
export async function applyLegacyMigrations(database: Database, upTo?: string): Promise<string[]> {
  const { db } = database;
  await sql`create table if not exists srm_schema_migrations (name varchar(200) primary key, applied_at timestamp(0) not null default localtimestamp(0))`.execute(
    db,
  );
  const applied: string[] = [];
  await db.transaction().execute(async (trx) => {
    const done = new Set((await sql<{ name: string }>`select name from srm_schema_migrations`.execute(trx)).rows.map((r) => r.name));
    for (const file of legacyFiles()) {
      const name = basename(file);
      if (upTo && name.localeCompare(upTo) > 0) break;
      if (done.has(name)) continue;
      await sql.raw(readFileSync(file, 'utf8')).execute(trx);
      await sql`insert into srm_schema_migrations (name) values (${name})`.execute(trx);
      applied.push(name);
    }
  });
  return applied;
}
