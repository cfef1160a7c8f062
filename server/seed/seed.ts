import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Definitions } from '../../meta/definitions.js';
import type { ServerConfig } from '../config.js';
import { seedLookups, seedMenus } from './seedProduct.js';
import { seedAdminOnly, seedDemo } from './seedDemo.js';

const here = new URL('.', import.meta.url).pathname;

/** Returns the demo user names when demo data was created on this start (to print them once). */
export async function seed(db: Db, defs: Definitions, config: ServerConfig): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await seedMenus(trx, defs);
    await seedLookups(trx, join(here, 'lookups.json'));
    const users = (await sql<{ n: number }>`select count(*)::int as n from base_users`.execute(trx)).rows[0].n;
    if (users > 0) return [];
    if (config.demo) return seedDemo(trx, config.demoPassword);
    if (!config.adminPassword) throw new Error('SRM_DEMO=0 on an empty database: set SRM_ADMIN_PASSWORD for the first admin');
    await seedAdminOnly(trx, config.adminPassword);
    return [];
  });
}
