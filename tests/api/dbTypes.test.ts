// The generated table types tell the truth on both databases: every column exists with the nullability
// its type says, values come back as the column types say (numbers, date and timestamp text), and a
// typed view is the same connection and transaction (rolled back with it, seen by the write hook).
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableColumns } from '../../generators/dbTypes.js';
import { readSnapshot } from '../../generators/migrations.js';
import type { SchemaShape } from '../../meta/tableShape.js';
import { loadDefinitions, moduleDirs } from '../../meta/load.js';
import { openDatabase, type Database } from '../../server/db/connect.js';
import { migrate, migrationSources } from '../../server/db/migrate.js';
import { auditInsert, auditUpdate, typed } from '../../server/db/typed.js';
import type { SamplesTables } from '../../modules/samples/generated/tables.js';
import { backends, PG_ADMIN_URL } from '../support/testServer.js';

const root = join(__dirname, '..', '..');

for (const backend of await backends()) {
  describe(`generated table types on ${backend}`, () => {
    let database: Database;
    let dbName: string | undefined;

    beforeAll(async () => {
      let databaseUrl: string | undefined;
      if (backend === 'postgres') {
        dbName = `srm_t_${randomBytes(5).toString('hex')}`;
        const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
        await admin.connect();
        await admin.query(`create database ${dbName}`);
        await admin.end();
        databaseUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
      }
      database = await openDatabase({ databaseUrl, dataDir: '', inMemory: true });
      await migrate(database, migrationSources(root, moduleDirs(root)));
    });
    afterAll(async () => {
      await database?.close();
      if (dbName) {
        const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
        await admin.connect();
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
    });

    it('has every column of every entity table, nullable exactly where the type says | null', async () => {
      const catalog = await sql<{ table_name: string; column_name: string; is_nullable: string }>`
        select table_name, column_name, is_nullable from information_schema.columns where table_schema = 'public'`.execute(database.db);
      // The shape as applied: every module's snapshot together.
      const applied = Object.assign({}, ...moduleDirs(root).map((m) => readSnapshot(root, m.name))) as SchemaShape;
      for (const e of loadDefinitions(root).entities.values()) {
        const inDb = Object.fromEntries(catalog.rows.filter((r) => r.table_name === e.table).map((r) => [r.column_name, r.is_nullable === 'YES']));
        const typedAs = Object.fromEntries(tableColumns(e, applied).map((c) => [c.name, c.nullable]));
        expect({ table: e.table, columns: typedAs }).toEqual({ table: e.table, columns: inDb });
      }
    });

    it('reads values as the column types say, through the same transaction and write hook', async () => {
      const written: string[] = [];
      database.onWrite((t) => written.push(t));
      const samples = typed<SamplesTables>(database.db);
      const row = await samples
        .insertInto('srm_base_grid_sample')
        .values({
          sample_code: `T-${backend}`,
          sample_name: 'typed',
          quantity: '12.5',
          unit_price: 3,
          line_count: 7,
          start_date: '2026-01-31',
          plan_start: '2026-01-31 08:30:00',
          ...auditInsert(1),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      expect(typeof row.sample_id).toBe('number');
      expect(row).toMatchObject({ quantity: 12.5, unit_price: 3, line_count: 7, start_date: '2026-01-31', plan_start: '2026-01-31 08:30:00' });
      expect(row).toMatchObject({ enabled_flag: 'Y', version_num: 1, end_date: null, created_by: 1 });
      expect(row.creation_date).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

      const updated = await samples
        .updateTable('srm_base_grid_sample')
        .set({ amount: '37.5000', ...auditUpdate(2) })
        .where('sample_id', '=', row.sample_id)
        .returning(['amount', 'version_num', 'last_updated_by'])
        .executeTakeFirstOrThrow();
      expect(updated).toEqual({ amount: 37.5, version_num: 2, last_updated_by: 2 });

      // typed(trx) is the transaction: a throw rolls its write back.
      await expect(
        database.db.transaction().execute(async (trx) => {
          await typed<SamplesTables>(trx).deleteFrom('srm_base_grid_sample').where('sample_id', '=', row.sample_id).execute();
          throw new Error('undo');
        }),
      ).rejects.toThrow('undo');
      expect(await samples.selectFrom('srm_base_grid_sample').select('sample_id').where('sample_id', '=', row.sample_id).executeTakeFirst()).toEqual({
        sample_id: row.sample_id,
      });
      expect(written.filter((t) => t === 'srm_base_grid_sample').length).toBeGreaterThanOrEqual(3);
    });
  });
}
