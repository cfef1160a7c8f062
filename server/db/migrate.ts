// Applies the SQL migrations: the platform's (server/migrations) first, then every module's
// (modules/{area}/migrations) in timestamp order, dependencies first on equal timestamps. Each file runs
// once and is recorded as `{platform|module}/{file}`; a file not yet recorded runs even when later ones
// are, so two branches that each added a migration apply in either order. Everything runs in one
// transaction (an advisory lock serialises several processes on one PostgreSQL).
//
// A database made by the releases before module migrations recorded the numbered files 0001…0018 of
// server/migrations/{generated,manual}. The `{BASELINE_STAMP}_baseline.sql` files create exactly the
// shape that sequence left (tests/api/migrations.baseline.test.ts proves it), so on such a database
// they are recorded as applied without running; a database with only part of that sequence is refused.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Database } from './connect.js';
import { dependencyOrder } from '../modules/dependencyOrder.js';

/** `{YYYYMMDDHHMMSS}_{what}.sql`, what in lower case, digits and `_`. */
export const MIGRATION_FILE = /^(\d{14})_([a-z0-9]+(?:_[a-z0-9]+)*)\.sql$/;
/** The only other file a migrations folder holds: the generator's record of the module's tables as applied. */
export const SNAPSHOT = 'snapshot.json';
/** The name under which the platform's migrations are recorded; no module may take it. */
export const PLATFORM = 'platform';
/** The squash of the numbered history, one per module that had tables then, and one of the platform. */
export const BASELINE_STAMP = '20261125170000';
export const BASELINE_FILE = `${BASELINE_STAMP}_baseline.sql`;
/** What the releases before module migrations recorded in srm_schema_migrations, all of it, in order. */
export const LEGACY_MIGRATIONS: readonly string[] = [
  '0001_entities.sql',
  '0002_lookup_and_numbering.sql',
  '0003_trigram.sql',
  ...Array.from({ length: 15 }, (_, i) => `${String(i + 4).padStart(4, '0')}_entities.sql`),
];
/** The last commit of the numbered migrations: a partly migrated old database is finished by it first. */
export const LEGACY_RELEASE = '6964eab';

export interface MigrationSource {
  /** `platform` or the module's folder name. */
  name: string;
  /** The folder holding the migrations (`server/migrations`, `modules/{area}/migrations`); it may be missing. */
  dir: string;
  /** Modules this one depends on (its manifest's dependsOn): they go first when timestamps are equal. */
  dependsOn?: readonly string[];
}

export interface MigrationSources {
  platformDir: string;
  modules: readonly MigrationSource[];
}

export interface MigrationFile {
  /** `{source}/{file}`: what srm_schema_migrations records. */
  name: string;
  source: string;
  path: string;
  stamp: string;
}

export interface MigrateResult {
  /** Files run, in order. */
  applied: string[];
  /** Baselines recorded without running, because the database already had the numbered history. */
  adopted: string[];
}

export class MigrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationError';
  }
}

/** The migration sources of a repository: `server/migrations` and every `modules/{area}/migrations`. */
export function migrationSources(root: string, modules: readonly { name: string; dir: string; dependsOn?: readonly string[] }[]): MigrationSources {
  return {
    platformDir: join(root, 'server', 'migrations'),
    modules: modules.map((m) => ({ name: m.name, dir: join(m.dir, 'migrations'), ...(m.dependsOn ? { dependsOn: m.dependsOn } : {}) })),
  };
}

function filesOf(source: string, dir: string, problems: string[]): MigrationFile[] {
  if (!existsSync(dir)) return [];
  const out: MigrationFile[] = [];
  for (const f of readdirSync(dir).sort()) {
    if (f === SNAPSHOT || f.startsWith('.')) continue;
    const m = MIGRATION_FILE.exec(f);
    if (!m) {
      problems.push(`${join(dir, f)}: not a migration name; use {YYYYMMDDHHMMSS}_{what}.sql (what: a-z, 0-9, _)`);
      continue;
    }
    out.push({ name: `${source}/${f}`, source, path: join(dir, f), stamp: m[1] });
  }
  return out;
}

/** Position of each module, dependencies before dependants, else by name; an unknown dependency or a cycle does not stop migrations (the module registry reports those). */
function dependencyRank(modules: readonly MigrationSource[]): Map<string, number> {
  const { order } = dependencyOrder(
    'module',
    modules,
    (m) => m.name,
    (m) => m.dependsOn,
  );
  return new Map(order.map((m, i) => [m.name, i]));
}

/** Every migration file in the order a fresh database gets them; refuses misnamed files and a module called `platform`. */
export function migrationFiles(sources: MigrationSources): MigrationFile[] {
  const problems: string[] = [];
  const platform = filesOf(PLATFORM, sources.platformDir, problems);
  const rank = dependencyRank(sources.modules);
  const modules: MigrationFile[] = [];
  for (const m of sources.modules) {
    if (m.name === PLATFORM) problems.push(`module ${PLATFORM}: the name is taken by the platform's migrations (server/migrations)`);
    else modules.push(...filesOf(m.name, m.dir, problems));
  }
  if (problems.length) throw new MigrationError(`Migrations cannot run:\n  ${problems.join('\n  ')}`);
  modules.sort((a, b) => a.stamp.localeCompare(b.stamp) || rank.get(a.source)! - rank.get(b.source)! || a.name.localeCompare(b.name));
  return [...platform, ...modules];
}

/**
 * What to do with the names a database recorded: the baselines to adopt (an old database with the whole
 * numbered history) or a refusal (part of it only, or a numbered name this release does not know).
 */
export function legacyAdoption(recorded: ReadonlySet<string>, files: readonly MigrationFile[]): string[] {
  const numbered = [...recorded].filter((n) => !n.includes('/'));
  if (numbered.length === 0) return [];
  const unknown = numbered.filter((n) => !LEGACY_MIGRATIONS.includes(n));
  if (unknown.length) {
    throw new MigrationError(
      `This database recorded migrations this release does not know (${unknown.sort().join(', ')}): it was made by a newer or another build ` +
        `of the numbered migrations. Use that build's code, or fold those changes into module migrations first.`,
    );
  }
  const missing = LEGACY_MIGRATIONS.filter((n) => !recorded.has(n));
  if (missing.length) {
    throw new MigrationError(
      `This database was migrated by an older release only up to ${numbered.sort().at(-1)} (missing ${missing.join(', ')}). ` +
        `Start the release of commit ${LEGACY_RELEASE} (the last with numbered migrations, server/migrations/generated) on it once, then this one.`,
    );
  }
  return files.filter((f) => f.name.endsWith(`/${BASELINE_FILE}`) && !recorded.has(f.name)).map((f) => f.name);
}

export async function migrate(database: Database, sources: MigrationSources): Promise<MigrateResult> {
  const { db } = database;
  const files = migrationFiles(sources);
  await sql`create table if not exists srm_schema_migrations (name varchar(200) primary key, applied_at timestamp(0) not null default localtimestamp(0))`.execute(
    db,
  );
  const result: MigrateResult = { applied: [], adopted: [] };
  await db.transaction().execute(async (trx) => {
    // Several server processes may start together against one PostgreSQL.
    if (database.kind === 'postgres') await sql`select pg_advisory_xact_lock(4711001)`.execute(trx);
    const done = new Set((await sql<{ name: string }>`select name from srm_schema_migrations`.execute(trx)).rows.map((r) => r.name));
    for (const name of legacyAdoption(done, files)) {
      await sql`insert into srm_schema_migrations (name) values (${name})`.execute(trx);
      done.add(name);
      result.adopted.push(name);
    }
    for (const file of files) {
      if (done.has(file.name)) continue;
      await sql.raw(readFileSync(file.path, 'utf8')).execute(trx);
      await sql`insert into srm_schema_migrations (name) values (${file.name})`.execute(trx);
      result.applied.push(file.name);
    }
  });
  return result;
}
