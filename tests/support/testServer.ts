// Boots the real server in-process on a real port: PGlite in a temp dir, or a fresh PostgreSQL
// database (+ Redis) when they answer on loopback. By default it trusts X-Forwarded-For, as behind
// a proxy, so tests can log in from distinct client addresses.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { buildApp, type BuiltApp } from '../../server/app.js';
import { configFromEnv } from '../../server/config.js';
import { SignedClient } from './signedClient.js';

export type Backend = 'pglite' | 'postgres';

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host, port, timeout: 500 }, () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
    s.on('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}

/** The backends to run API tests on: always PGlite; PostgreSQL + Redis when both answer (or SRM_TEST_BACKENDS says). */
export async function backends(): Promise<Backend[]> {
  const forced = process.env.SRM_TEST_BACKENDS;
  if (forced) return forced.split(',') as Backend[];
  return (await answers('127.0.0.1', 5432)) && (await answers('127.0.0.1', 6379)) ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestServer {
  app: BuiltApp;
  url: string;
  backend: Backend;
  client(): SignedClient;
  login(user: string, password?: string): Promise<SignedClient>;
  stop(): Promise<void>;
}

export async function startTestServer(backend: Backend, env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'srm-test-'));
  let dbName: string | undefined;
  let databaseUrl: string | undefined;
  if (backend === 'postgres') {
    dbName = `srm_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    databaseUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
  }
  const config = {
    ...configFromEnv({ TRUST_PROXY: '1', ...env, DATA_DIR: dataDir, SRM_DIST_DIR: join(dataDir, 'no-dist') }),
    databaseUrl,
    redisUrl: backend === 'postgres' ? REDIS_URL : undefined,
    logLevel: 'silent',
  };
  const app = await buildApp(config, { cacheNamespace: `srmtest:${randomBytes(4).toString('hex')}:` });
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
        const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
        await admin.connect();
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
    },
  };
}
