// An empty database of either backend for migration tests: PGlite in memory, or a new PostgreSQL database dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/connect.js';
import { PG_ADMIN_URL, type Backend } from './testServer.js';

export interface ScratchDb {
  database: Database;
  dispose(): Promise<void>;
}

async function admin(query: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

export async function scratchDb(backend: Backend): Promise<ScratchDb> {
  if (backend === 'pglite') {
    const database = await openDatabase({ dataDir: '', inMemory: true });
    return { database, dispose: () => database.close() };
  }
  const name = `srm_m_${randomBytes(5).toString('hex')}`;
  await admin(`create database ${name}`);
  const database = await openDatabase({ databaseUrl: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`), dataDir: '' });
  return {
    database,
    async dispose() {
      await database.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
