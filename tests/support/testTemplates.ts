// "Boot once, copy many": a migrated database with the demo seed, built once per test run (a vitest
// globalSetup), which every test server then copies instead of migrating and seeding on its own.
// - PGlite: a DATA_DIR (pglite/ data directory + keys/ login key pair) built by one real boot and
//   closed; a test server starts on a copy of the directory.
// - PostgreSQL: a database srm_template_<time>_<random> built by one real boot, closed to connections;
//   a test server's database is `CREATE DATABASE … TEMPLATE` it. Dropped when the run ends.
// After a copy, the server's own migrate and seed find nothing to do. See docs/decisions.md "Test templates".
import { execFileSync } from 'node:child_process';
import { accessSync, constants, cpSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../../server/app.js';
import { configFromEnv } from '../../server/config.js';

export interface TestTemplates {
  /** A closed PGlite DATA_DIR with the demo seed. */
  pglite?: string;
  /** A PostgreSQL database to clone, and the DATA_DIR (key pair) built with it. */
  postgres?: { database: string; dataDir: string };
}

/** Test-server env keys that change what the seed writes: with one of them a server boots from scratch. */
export const SEED_ENV_KEYS = ['SRM_DEMO', 'SRM_DEMO_PASSWORD', 'SRM_ADMIN_PASSWORD'];

/**
 * scrypt's N in test servers and their templates (BuildOptions.passwordWorkFactor): a demo user's
 * sign-in checks a hash of this cost, about 3 ms instead of 50–70 ms at the real 16384; the API tests
 * sign in hundreds of times per backend. The hashing code, format and checks are the real ones.
 */
export const TEST_PASSWORD_WORK_FACTOR = 1024;

/** Templates older than this are left over from a run that was killed (a run takes minutes). */
const STALE_TEMPLATE_SECONDS = 6 * 3600;

/**
 * Where templates and test servers' DATA_DIRs live: SRM_TEST_TMPDIR, else /dev/shm (memory) where it is
 * a writable directory, else the system's temp dir. A PGlite DATA_DIR is ~2,100 files (56 MB): `cp -a`
 * of it took 3–5 s on the shared machine's disk under load (0.07 s memory to memory), once per API test
 * file, and the server's own writes during a test go to memory too. A run removes what it made; a
 * killed run's leftovers go with the next reboot (tmpfs) or by hand (`rm -rf /dev/shm/srm-*`).
 */
export function testTmpRoot(): string {
  if (process.env.SRM_TEST_TMPDIR) return process.env.SRM_TEST_TMPDIR;
  try {
    if (statSync('/dev/shm').isDirectory()) {
      accessSync('/dev/shm', constants.W_OK);
      return '/dev/shm';
    }
  } catch {
    // No shared memory directory (macOS, Windows): the temp dir.
  }
  return tmpdir();
}

export function adminClient(adminUrl: string): pg.Client {
  return new pg.Client({ connectionString: adminUrl });
}

async function adminQuery(adminUrl: string, text: string): Promise<pg.QueryResult> {
  const admin = adminClient(adminUrl);
  await admin.connect();
  try {
    return await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** One real boot on `dataDir` (and `databaseUrl`): migrations, seed, key pair; then closed. */
async function bootOnce(dataDir: string, databaseUrl?: string): Promise<void> {
  const config = { ...configFromEnv({ DATA_DIR: dataDir, SRM_DIST_DIR: join(dataDir, 'no-dist') }), databaseUrl, logLevel: 'silent', demoCrons: false };
  const app = await buildApp(config, { passwordWorkFactor: TEST_PASSWORD_WORK_FACTOR });
  await app.close();
}

export async function buildPgliteTemplate(): Promise<string> {
  const dir = mkdtempSync(join(testTmpRoot(), 'srm-template-'));
  await bootOnce(dir);
  return dir;
}

export async function buildPostgresTemplate(adminUrl: string): Promise<{ database: string; dataDir: string }> {
  await dropStaleTemplates(adminUrl);
  const database = `srm_template_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(testTmpRoot(), 'srm-template-pg-'));
  await adminQuery(adminUrl, `create database ${database}`);
  try {
    await bootOnce(dataDir, adminUrl.replace(/\/[^/]*$/, `/${database}`));
    // Nobody connects to a template: CREATE DATABASE … TEMPLATE needs it idle.
    await adminQuery(adminUrl, `alter database ${database} with allow_connections false`);
  } catch (e) {
    await dropPostgresTemplate(adminUrl, database);
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  return { database, dataDir };
}

/** Drops templates that a killed run left behind (their name carries their creation time). */
async function dropStaleTemplates(adminUrl: string): Promise<void> {
  const { rows } = await adminQuery(adminUrl, `select datname from pg_database where datname ~ '^srm_template_[0-9]+_[0-9a-f]+$'`);
  const now = Date.now() / 1000;
  for (const { datname } of rows as { datname: string }[]) {
    if (now - Number(datname.split('_')[2]) > STALE_TEMPLATE_SECONDS) await dropPostgresTemplate(adminUrl, datname);
  }
}

export async function dropPostgresTemplate(adminUrl: string, database: string): Promise<void> {
  await adminQuery(adminUrl, `drop database if exists ${database} with (force)`);
}

export async function dropTemplates(templates: TestTemplates, adminUrl: string): Promise<void> {
  if (templates.pglite) rmSync(templates.pglite, { recursive: true, force: true });
  if (templates.postgres) {
    await dropPostgresTemplate(adminUrl, templates.postgres.database);
    rmSync(templates.postgres.dataDir, { recursive: true, force: true });
  }
}

/** Copies a template DATA_DIR (or one folder of it) into `to`: `cp -a` (several times faster than Node's cpSync on a data directory's ~1,400 files), cpSync where there is no cp. */
export function copyDir(from: string, to: string): void {
  try {
    execFileSync('cp', ['-a', `${from}/.`, to], { stdio: 'ignore' });
  } catch {
    cpSync(from, to, { recursive: true });
  }
}

/** A fresh DATA_DIR for a test server, a copy of `template` when given. */
export function newDataDir(prefix: string, template?: string): string {
  const dir = mkdtempSync(join(testTmpRoot(), prefix));
  if (template) copyDir(template, dir);
  return dir;
}
