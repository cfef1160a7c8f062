// An entity change yields a migration that applies on both databases and keeps every row.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planMigration, readSnapshot } from '../../generators/migrations.js';
import { loadDefinitions } from '../../meta/load.js';
import { schemaShape, type SchemaShape } from '../../meta/tableShape.js';
import type { Field } from '../../meta/definitions.js';
import { openDatabase, type Database } from '../../server/db/connect.js';
import { migrate } from '../../server/db/migrate.js';
import { backends, PG_ADMIN_URL } from '../support/testServer.js';

const root = join(__dirname, '..', '..');

for (const backend of await backends()) {
  describe(`generated migrations on ${backend}`, () => {
    let database: Database;
    let dbName: string | undefined;

    beforeAll(async () => {
      let databaseUrl: string | undefined;
      if (backend === 'postgres') {
        dbName = `srm_m_${randomBytes(5).toString('hex')}`;
        const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
        await admin.connect();
        await admin.query(`create database ${dbName}`);
        await admin.end();
        databaseUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
      }
      database = await openDatabase({ databaseUrl, dataDir: '', inMemory: true });
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

    it('applies every shipped migration once, and the snapshot matches the entities', async () => {
      const applied = await migrate(database, join(root, 'server', 'migrations'));
      expect(applied.length).toBeGreaterThan(2);
      expect(await migrate(database, join(root, 'server', 'migrations'))).toEqual([]);
      const defs = loadDefinitions(join(root, 'schemas'));
      expect(planMigration(readSnapshot(root), schemaShape(defs.entities.values())).statements).toEqual([]);
    });

    it('adds a column and widens another on a filled table without losing a row', async () => {
      const { db } = database;
      for (let i = 0; i < 50; i++) await sql`insert into srm_base_bank (bank_code, bank_name) values (${`MG-${i}`}, ${`Bank ${i}`})`.execute(db);
      const defs = loadDefinitions(join(root, 'schemas'));
      const bank = defs.entities.get('srmBaseBank')!;
      const changed = {
        ...bank,
        fields: {
          ...bank.fields,
          bankName: { ...bank.fields.bankName!, length: 400 },
          branchName: { type: 'string' as const, length: 120, default: 'HQ' },
        },
      };
      const before = schemaShape(defs.entities.values());
      const after = schemaShape([...defs.entities.values()].map((e) => (e.name === 'srmBaseBank' ? changed : e)));
      const plan = planMigration(before, after);
      expect(plan.problems).toEqual([]);
      expect(plan.statements).toEqual([
        'alter table srm_base_bank alter column bank_name type varchar(400);',
        "alter table srm_base_bank add column branch_name varchar(120) default 'HQ';",
      ]);
      await db.transaction().execute(async (trx) => {
        for (const s of plan.statements) await sql.raw(s).execute(trx);
      });
      const rows = (await sql<{ n: number; hq: number }>`select count(*)::int as n, count(*) filter (where branch_name = 'HQ')::int as hq
        from srm_base_bank where bank_code like 'MG-%'`.execute(db)).rows[0];
      expect(rows).toEqual({ n: 50, hq: 50 });
      await sql`insert into srm_base_bank (bank_code, bank_name) values ('MG-long', ${'x'.repeat(400)})`.execute(db);
    });

    it('`npm run gen` on an edited entity (temp copy of schemas) writes a new migration that applies without losing rows', async () => {
      const { db } = database;
      await migrate(database, join(root, 'server', 'migrations'));
      await sql`delete from srm_base_material where material_code like 'GEN-%'`.execute(db);
      for (let i = 0; i < 40; i++) {
        await sql`insert into srm_base_material (material_code, material_name, uom_code, unit_price) values (${`GEN-${i}`}, ${`Material ${i}`}, 'PCS', ${i + 0.5})`.execute(db);
      }
      const before = (await sql<{ n: number; total: string }>`select count(*)::int as n, sum(unit_price)::text as total from srm_base_material`.execute(db)).rows[0];
      // A copy of the definitions and migrations, as an implementer's working tree would be.
      const copy = mkdtempSync(join(tmpdir(), 'srm-gen-'));
      try {
        cpSync(join(root, 'schemas'), join(copy, 'schemas'), { recursive: true });
        cpSync(join(root, 'server', 'migrations'), join(copy, 'server', 'migrations'), { recursive: true });
        const file = join(copy, 'schemas', 'entities', 'base', 'srmBaseMaterial.entity.json');
        const entity = JSON.parse(readFileSync(file, 'utf8')) as { fields: Record<string, Record<string, unknown>> };
        entity.fields.materialName = { ...entity.fields.materialName, length: Number(entity.fields.materialName.length) + 100 };
        entity.fields.brandName = { type: 'string', length: 80, filter: 'like', label: { CN: '品牌', EN: 'Brand', TH: 'แบรนด์', VN: 'Thương hiệu' } };
        entity.fields.shelfLifeDays = { type: 'integer', default: 0 };
        // Required without a default: added nullable, and the snapshot says so (else every later run would try NOT NULL on old rows).
        entity.fields.originCountry = { type: 'string', length: 40, required: true, label: { CN: '原产国', EN: 'Origin', TH: 'ประเทศต้นทาง', VN: 'Xuất xứ' } };
        writeFileSync(file, JSON.stringify(entity, null, 2));
        const generatedBefore = new Set(readdirSync(join(copy, 'server', 'migrations', 'generated')));
        execFileSync(process.execPath, ['--import', 'tsx', join(root, 'generators', 'gen.ts')], { env: { ...process.env, SRM_GEN_ROOT: copy }, stdio: 'pipe', timeout: 120_000 });
        const added = readdirSync(join(copy, 'server', 'migrations', 'generated')).filter((f) => !generatedBefore.has(f));
        expect(added).toHaveLength(1);
        expect(added[0]).toMatch(/^\d{4}_entities\.sql$/);
        const text = readFileSync(join(copy, 'server', 'migrations', 'generated', added[0]), 'utf8');
        expect(text).toContain('alter table srm_base_material add column brand_name varchar(80);');
        expect(text).toContain('alter table srm_base_material add column shelf_life_days bigint default 0;');
        expect(text).toMatch(/alter table srm_base_material alter column material_name type varchar\(\d+\);/);
        expect(text).toContain('alter table srm_base_material add column origin_country varchar(40);');
        expect(text).not.toMatch(/\bdrop\b/i);
        const snapshot = JSON.parse(readFileSync(join(copy, 'server', 'migrations', 'generated', 'snapshot.json'), 'utf8')) as Record<string, { columns: Record<string, unknown> }>;
        expect(snapshot.srm_base_material.columns.origin_country).toEqual({ type: 'varchar(40)', notNull: false, nullableUntilDefault: true });
        // The real migration runner applies exactly the new file on the filled database.
        expect(await migrate(database, join(copy, 'server', 'migrations'))).toEqual([added[0]]);
        const after = (await sql<{ n: number; total: string; shelf: number }>`select count(*)::int as n, sum(unit_price)::text as total,
          count(*) filter (where shelf_life_days = 0)::int as shelf from srm_base_material`.execute(db)).rows[0];
        expect(after).toEqual({ ...before, shelf: before.n });
        // And a second run of the generator finds nothing more to do.
        expect(execFileSync(process.execPath, ['--import', 'tsx', join(root, 'generators', 'gen.ts'), '--check'], { env: { ...process.env, SRM_GEN_ROOT: copy }, stdio: 'pipe', timeout: 120_000 }).toString()).toMatch(/fresh/);
      } finally {
        rmSync(copy, { recursive: true, force: true });
      }
    }, 300_000);

    it('changes defaults, NOT NULL, numeric/varchar/integer widths and indexes of a filled table without losing a row', async () => {
      const { db } = database;
      await migrate(database, join(root, 'server', 'migrations'));
      const note = (fields: Record<string, Field>): SchemaShape =>
        schemaShape([{ name: 'srmTestNote', area: 'srmServer', table: 'srm_test_note', key: 'noteId', label: { CN: '注', EN: 'Note', TH: 'โน้ต', VN: 'Ghi chú' }, fields: { noteId: { type: 'id' }, ...fields } }]);
      const before = note({
        title: { type: 'string', length: 100 },
        amount: { type: 'decimal', precision: 18, scale: 4 },
        status: { type: 'string', length: 20, default: 'NEW' },
        body: { type: 'string', length: 2000 },
        owner: { type: 'string', length: 60, required: true },
      });
      const after = note({
        title: { type: 'string', length: 200, required: true, default: 'untitled' },
        amount: { type: 'decimal', precision: 20, scale: 4 },
        status: { type: 'string', length: 20, required: true },
        body: { type: 'text' },
        owner: { type: 'string', length: 60 },
        reviewer: { type: 'string', length: 60, required: true },
        priority: { type: 'integer', default: 0, index: true },
      });
      const run = async (statements: string[]) =>
        db.transaction().execute(async (trx) => {
          for (const s of statements) await sql.raw(s).execute(trx);
        });
      await run(['drop table if exists srm_test_note;', ...planMigration({}, before).statements]);
      // version_num is integer in the shipped shape; widen it to bigint as part of the same change.
      after.srm_test_note.columns.version_num = { ...after.srm_test_note.columns.version_num, type: 'bigint' };
      for (let i = 0; i < 30; i++) {
        await sql`insert into srm_test_note (title, amount, status, body, owner) values (${i % 3 ? `T${i}` : null}, ${'99999999999999.1234'}, ${'OPEN'}, ${'b'.repeat(1500)}, ${'me'})`.execute(db);
      }
      const plan = planMigration(before, after);
      expect(plan.problems).toEqual([]);
      expect(plan.statements).toContain('alter table srm_test_note alter column version_num type bigint;');

      // A null where NOT NULL is coming and no default exists: the guard refuses with a clear message, nothing changes.
      await sql`insert into srm_test_note (owner, status) values ('x', null)`.execute(db);
      await expect(run(plan.statements)).rejects.toThrow(/srm_test_note\.status has empty values/);
      expect((await sql<{ n: number }>`select count(*)::int as n from srm_test_note`.execute(db)).rows[0].n).toBe(31);
      await sql`delete from srm_test_note where owner = 'x'`.execute(db);

      await run(plan.statements);
      const rows = (await sql<{ n: number; untitled: number; total: string; owners: number }>`select count(*)::int as n,
        count(*) filter (where title = 'untitled')::int as untitled, sum(amount)::text as total, count(*) filter (where owner = 'me')::int as owners
        from srm_test_note`.execute(db)).rows[0];
      expect(rows).toEqual({ n: 30, untitled: 10, total: '2999999999999973.7020', owners: 30 });
      // The widened columns take what they refused before; the dropped NOT NULL and the new nullable column accept nulls.
      await sql`insert into srm_test_note (amount, status, body, owner, version_num) values (${'9999999999999999.1234'}, 'X', ${'b'.repeat(5000)}, null, ${'9000000000'})`.execute(db);
      const cols = (await sql<{ column_name: string; is_nullable: string; column_default: string | null; data_type: string }>`select column_name, is_nullable, column_default, data_type
        from information_schema.columns where table_name = 'srm_test_note' order by column_name`.execute(db)).rows;
      const col = (name: string) => cols.find((c) => c.column_name === name)!;
      expect(col('title').is_nullable).toBe('NO');
      expect(col('status')).toMatchObject({ is_nullable: 'NO', column_default: null });
      expect(col('reviewer').is_nullable).toBe('YES');
      expect(col('priority').column_default).toBe('0');
      expect(col('version_num').data_type).toBe('bigint');
      const ix = (await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'srm_test_note'`.execute(db)).rows.map((r) => r.indexname);
      expect(ix).toContain('srm_test_note_priority_ix');
      // What the snapshot records agrees with the database: nothing more to do.
      expect(planMigration(plan.applied, after).statements).toEqual([]);
      await sql`drop table srm_test_note`.execute(db);
    });

    it('refuses to generate a migration that would drop or narrow data', () => {
      const defs = loadDefinitions(join(root, 'schemas'));
      const before = schemaShape(defs.entities.values());
      const bank = defs.entities.get('srmBaseBank')!;
      const { remark: _dropped, ...fields } = bank.fields;
      void _dropped;
      const after = schemaShape([...defs.entities.values()].map((e) => (e.name === 'srmBaseBank' ? { ...bank, fields } : e)));
      expect(planMigration(before, after).problems).toEqual(['srm_base_bank.remark was removed from the entity; dropping it would lose data — write a manual migration']);
    });
  });
}
