// Boots the real server in-process on a real port: PGlite in a temp dir, or a fresh PostgreSQL
// database (+ Redis) when they answer on loopback. By default it trusts X-Forwarded-For, as behind
// a proxy, so tests can log in from distinct client addresses.
// Under vitest's api project the database is a copy of the run's template (tests/api/globalSetup.ts,
// tests/support/testTemplates.ts), so the boot's migrate and seed find nothing to do; elsewhere (the
// benches) and with an env that changes the seed, the server migrates and seeds on its own.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type net from 'node:net';
import { buildApp, type BuildOptions, type BuiltApp } from '../../server/app.js';
import { configFromEnv } from '../../server/config.js';
import { portAnswers } from './portAnswers.js';
import { SignedClient } from './signedClient.js';
import { adminClient, newDataDir, SEED_ENV_KEYS, TEST_PASSWORD_WORK_FACTOR, type TestTemplates } from './testTemplates.js';

export type Backend = 'pglite' | 'postgres';

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The backends to run API tests on: always PGlite; PostgreSQL + Redis when both answer (or SRM_TEST_BACKENDS says). */
export async function backends(): Promise<Backend[]> {
  const forced = process.env.SRM_TEST_BACKENDS;
  if (forced) return forced.split(',') as Backend[];
  return (await portAnswers(5432)) && (await portAnswers(6379)) ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestServer {
  app: BuiltApp;
  url: string;
  backend: Backend;
  client(): SignedClient;
  login(user: string, password?: string): Promise<SignedClient>;
  stop(): Promise<void>;
}

export interface TestServerOptions {
  /** Another Redis than the shared one (a throwaway server a test stops). */
  redisUrl?: string;
  /** Reach PostgreSQL through this local port (a proxy a test closes) instead of directly. */
  databasePort?: number;
  /** The modules to run instead of every modules/{name}/module.ts (a test module added, a manifest changed). */
  modules?: BuildOptions['modules'];
  /** Fire the demo data's cron requests (the daily checks at 06:00, the 08:00 reminder); off by default, so
   *  a run at those hours sees no demo job change data under a test. */
  demoCrons?: boolean;
}

/** The templates the api project's globalSetup built; none outside vitest or when it built none. */
async function providedTemplates(): Promise<TestTemplates> {
  if (!process.env.VITEST) return {};
  const { inject } = await import('vitest');
  return inject('srmTestTemplates') ?? {};
}

export async function startTestServer(backend: Backend, env: Record<string, string> = {}, opts: TestServerOptions = {}): Promise<TestServer> {
  const templates = SEED_ENV_KEYS.some((k) => k in env) ? {} : await providedTemplates();
  const template = backend === 'pglite' ? templates.pglite : templates.postgres?.dataDir;
  const dataDir = newDataDir('srm-test-', template);
  let dbName: string | undefined;
  let databaseUrl: string | undefined;
  if (backend === 'postgres') {
    dbName = `srm_t_${randomBytes(6).toString('hex')}`;
    const admin = adminClient(PG_ADMIN_URL);
    await admin.connect();
    await admin.query(templates.postgres ? `create database ${dbName} template ${templates.postgres.database}` : `create database ${dbName}`);
    await admin.end();
    databaseUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
    if (opts.databasePort) databaseUrl = databaseUrl.replace(/@([^:/]+)(:\d+)?\//, `@$1:${opts.databasePort}/`);
  }
  const config = {
    ...configFromEnv({ TRUST_PROXY: '1', ...env, DATA_DIR: dataDir, SRM_DIST_DIR: join(dataDir, 'no-dist') }),
    databaseUrl,
    redisUrl: opts.redisUrl ?? (backend === 'postgres' ? REDIS_URL : undefined),
    logLevel: 'silent',
    demoCrons: opts.demoCrons ?? false,
  };
  // A copy of the run's template, booted with every module it was built with: nothing to migrate or seed.
  const fromTemplate = Boolean(template) && !opts.modules;
  const app = await buildApp(config, {
    cacheNamespace: `srmtest:${randomBytes(4).toString('hex')}:`,
    modules: opts.modules,
    fromTemplate,
    passwordWorkFactor: TEST_PASSWORD_WORK_FACTOR,
  });
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.server.address() as net.AddressInfo;
  const url = `http://127.0.0.1:${addr.port}`;
  return {
    app,
    url,
    backend,
    client: () => new SignedClient(url),
    async login(user, password) {
      const c = new SignedClient(url);
      const a = await c.login(user, password);
      if (a.status !== 'S') throw new Error(`login ${user} failed: ${a.msg}`);
      return c;
    },
    async stop() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (dbName) {
        const admin = adminClient(PG_ADMIN_URL);
        await admin.connect();
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    srmTestTemplates: TestTemplates;
  }
}
