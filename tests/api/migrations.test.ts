// An entity change yields a migration in its module that applies on both databases and keeps every row;
// two modules that each add an entity (two branches) yield two files that apply in either order.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitiesByModule, planMigration, planModules, readSnapshot } from '../../generators/migrations.js';
import { loadDefinitions, moduleDirs } from '../../meta/load.js';
import { schemaShape, type SchemaShape } from '../../meta/tableShape.js';
import type { Field } from '../../meta/definitions.js';
import type { Database } from '../../server/db/connect.js';
import { BASELINE_FILE, migrate, migrationSources } from '../../server/db/migrate.js';
import { scratchDb, type ScratchDb } from '../support/scratchDb.js';
import { backends } from '../support/testServer.js';

const root = join(__dirname, '..', '..');
const sourcesOf = (r: string) => migrationSources(r, moduleDirs(r));

/** `npm run gen` (or `--check`) on a copy of the repository. */
function gen(copy: string, ...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', join(root, 'generators', 'gen.ts'), ...args], {
    env: { ...process.env, SRM_GEN_ROOT: copy },
    stdio: 'pipe',
    timeout: 120_000,
  }).toString();
}

/** What `npm run gen` reads and writes: meta schemas, the modules (definitions, migrations), the platform's migrations. */
function copyRepo(): string {
  const copy = mkdtempSync(join(tmpdir(), 'srm-gen-'));
  cpSync(join(root, 'schemas'), join(copy, 'schemas'), { recursive: true });
  cpSync(join(root, 'modules'), join(copy, 'modules'), { recursive: true });
  cpSync(join(root, 'server', 'migrations'), join(copy, 'server', 'migrations'), { recursive: true });
  return copy;
}

/** Every module's migration files: module → file names. */
function migrationFilesByModule(r: string): Map<string, string[]> {
  return new Map(
    moduleDirs(r).map((m) => [
      m.name,
      // A module without tables (push) has no migrations folder.
      existsSync(join(m.dir, 'migrations'))
        ? readdirSync(join(m.dir, 'migrations'), { withFileTypes: true }).flatMap((d) => (d.name.endsWith('.sql') ? [d.name] : []))
        : [],
    ]),
  );
}

const label = (en: string) => ({ CN: en, EN: en, TH: en, VN: en });

for (const backend of await backends()) {
  describe(`generated migrations on ${backend}`, () => {
    let database: Database;
    const scratch: ScratchDb[] = [];
    const open = async () => {
      const s = await scratchDb(backend);
      scratch.push(s);
      return s.database;
    };

    /** What the first run applied on the empty database (every test needs the tables, whatever its order). */
    let first: Awaited<ReturnType<typeof migrate>>;

    beforeAll(async () => {
      database = await open();
      first = await migrate(database, sourcesOf(root));
    });
    afterAll(async () => {
      for (const s of scratch) await s.dispose();
    });

    it("applies the platform's migrations, then every module's, each once; every module's snapshot matches its entities", async () => {
      const r = first;
      expect(r.adopted).toEqual([]);
      expect(r.applied[0]).toBe(`platform/${BASELINE_FILE}`);
      expect(r.applied).toContain(`requisition/${BASELINE_FILE}`);
      expect(r.applied.length).toBeGreaterThan(10);
      expect(await migrate(database, sourcesOf(root))).toEqual({ applied: [], adopted: [] });
      const byModule = entitiesByModule(loadDefinitions(root));
      const plans = planModules(
        new Map([...byModule].map(([m, es]) => [m, schemaShape(es)])),
        new Map([...byModule.keys()].map((m) => [m, readSnapshot(root, m)])),
      );
      expect(plans.map((p) => p.module)).toContain('requisition');
      for (const p of plans) expect([p.module, p.statements, p.problems, p.snapshotChanged]).toEqual([p.module, [], [], false]);
    });

    it('adds a column and widens another on a filled table without losing a row', async () => {
      const { db } = database;
      for (let i = 0; i < 50; i++) await sql`insert into srm_base_bank (bank_code, bank_name) values (${`MG-${i}`}, ${`Bank ${i}`})`.execute(db);
      const defs = loadDefinitions(root);
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
      const rows = (
        await sql<{ n: number; hq: number }>`select count(*)::int as n, count(*) filter (where branch_name = 'HQ')::int as hq
        from srm_base_bank where bank_code like 'MG-%'`.execute(db)
      ).rows[0];
      expect(rows).toEqual({ n: 50, hq: 50 });
      await sql`insert into srm_base_bank (bank_code, bank_name) values ('MG-long', ${'x'.repeat(400)})`.execute(db);
    });

    it('`npm run gen` on an edited entity (temp copy of the repository) writes a new migration in its module that applies without losing rows', async () => {
      const { db } = database;
      await migrate(database, sourcesOf(root));
      await sql`delete from srm_base_material where material_code like 'GEN-%'`.execute(db);
      for (let i = 0; i < 40; i++) {
        await sql`insert into srm_base_material (material_code, material_name, uom_code, unit_price) values (${`GEN-${i}`}, ${`Material ${i}`}, 'PCS', ${i + 0.5})`.execute(
          db,
        );
      }
      const before = (await sql<{ n: number; total: string }>`select count(*)::int as n, sum(unit_price)::text as total from srm_base_material`.execute(db))
        .rows[0];
      // A copy of the definitions and migrations, as an implementer's working tree would be.
      const copy = copyRepo();
      try {
        const file = join(copy, 'modules', 'base', 'entities', 'srmBaseMaterial.entity.json');
        const entity = JSON.parse(readFileSync(file, 'utf8')) as { fields: Record<string, Record<string, unknown>> };
        entity.fields.materialName = { ...entity.fields.materialName, length: Number(entity.fields.materialName.length) + 100 };
        entity.fields.brandName = { type: 'string', length: 80, filter: 'like', label: { CN: '品牌', EN: 'Brand', TH: 'แบรนด์', VN: 'Thương hiệu' } };
        entity.fields.shelfLifeDays = { type: 'integer', default: 0 };
        // Required without a default: added nullable, and the snapshot says so (else every later run would try NOT NULL on old rows).
        entity.fields.originCountry = { type: 'string', length: 40, required: true, label: { CN: '原产国', EN: 'Origin', TH: 'ประเทศต้นทาง', VN: 'Xuất xứ' } };
        writeFileSync(file, JSON.stringify(entity, null, 2));
        const filesBefore = migrationFilesByModule(copy);
        gen(copy);
        const filesAfter = migrationFilesByModule(copy);
        // Only the material's module has a new file, named by its stamp and what it does.
        for (const [m, files] of filesAfter) if (m !== 'base') expect([m, files]).toEqual([m, filesBefore.get(m)]);
        const added = filesAfter.get('base')!.filter((f) => !filesBefore.get('base')!.includes(f));
        expect(added).toHaveLength(1);
        expect(added[0]).toMatch(/^\d{14}_alter_srm_base_material\.sql$/);
        const dir = join(copy, 'modules', 'base', 'migrations');
        const text = readFileSync(join(dir, added[0]), 'utf8');
        expect(text).toContain('alter table srm_base_material add column brand_name varchar(80);');
        expect(text).toContain('alter table srm_base_material add column shelf_life_days bigint default 0;');
        expect(text).toMatch(/alter table srm_base_material alter column material_name type varchar\(\d+\);/);
        expect(text).toContain('alter table srm_base_material add column origin_country varchar(40);');
        expect(text).not.toMatch(/\bdrop\b/i);
        const snapshot = JSON.parse(readFileSync(join(dir, 'snapshot.json'), 'utf8')) as Record<string, { columns: Record<string, unknown> }>;
        expect(snapshot.srm_base_material.columns.origin_country).toEqual({ type: 'varchar(40)', notNull: false, nullableUntilDefault: true });
        expect(Object.keys(snapshot)).not.toContain('srm_po_requisition');
        // The real migration runner applies exactly the new file on the filled database.
        expect(await migrate(database, sourcesOf(copy))).toEqual({ applied: [`base/${added[0]}`], adopted: [] });
        const after = (
          await sql<{ n: number; total: string; shelf: number }>`select count(*)::int as n, sum(unit_price)::text as total,
          count(*) filter (where shelf_life_days = 0)::int as shelf from srm_base_material`.execute(db)
        ).rows[0];
        expect(after).toEqual({ ...before, shelf: before.n });
        // And a second run of the generator finds nothing more to do.
        expect(gen(copy, '--check')).toMatch(/fresh/);
      } finally {
        rmSync(copy, { recursive: true, force: true });
      }
    }, 300_000);

    it('two branches that each add an entity to a module write two differently named files, which apply in either order', async () => {
      const entity = (name: string, table: string, key: string) => ({
        name,
        area: 'srmServer',
        table,
        key,
        label: label(name),
        fields: {
          [key]: { type: 'id' },
          noteCode: { type: 'string', length: 30, required: true, unique: true, label: label('Code') },
          remark: { type: 'string', length: 200, filter: 'like', label: label('Remark') },
        },
      });
      const branchA = copyRepo();
      const branchB = copyRepo();
      const merged = copyRepo();
      try {
        const before = migrationFilesByModule(branchA);
        // Branch A adds an entity to module base, branch B one to module supplier; each runs `npm run gen`.
        writeFileSync(
          join(branchA, 'modules', 'base', 'entities', 'srmBaseBranchNote.entity.json'),
          JSON.stringify(entity('srmBaseBranchNote', 'srm_base_branch_note', 'noteId')),
        );
        writeFileSync(
          join(branchB, 'modules', 'supplier', 'entities', 'srmPosBranchNote.entity.json'),
          JSON.stringify(entity('srmPosBranchNote', 'srm_pos_branch_note', 'noteId')),
        );
        gen(branchA);
        gen(branchB);
        const fileA = migrationFilesByModule(branchA)
          .get('base')!
          .filter((f) => !before.get('base')!.includes(f));
        const fileB = migrationFilesByModule(branchB)
          .get('supplier')!
          .filter((f) => !before.get('supplier')!.includes(f));
        expect(fileA).toEqual([expect.stringMatching(/^\d{14}_create_srm_base_branch_note\.sql$/)]);
        expect(fileB).toEqual([expect.stringMatching(/^\d{14}_create_srm_pos_branch_note\.sql$/)]);
        const [a, b] = [`base/${fileA[0]}`, `supplier/${fileB[0]}`];
        expect(a).not.toBe(b);

        // The merge: both entities, both files, both snapshots; nothing collides and nothing is stale.
        for (const [branch, m, f] of [
          [branchA, 'base', 'srmBaseBranchNote'],
          [branchB, 'supplier', 'srmPosBranchNote'],
        ]) {
          cpSync(join(branch, 'modules', m, 'entities', `${f}.entity.json`), join(merged, 'modules', m, 'entities', `${f}.entity.json`));
          cpSync(join(branch, 'modules', m, 'migrations'), join(merged, 'modules', m, 'migrations'), { recursive: true });
        }
        const mergedFiles = migrationFilesByModule(merged);
        const snapshots = ['base', 'supplier'].map((m) => readFileSync(join(merged, 'modules', m, 'migrations', 'snapshot.json'), 'utf8'));
        gen(merged);
        expect(migrationFilesByModule(merged)).toEqual(mergedFiles);
        expect(['base', 'supplier'].map((m) => readFileSync(join(merged, 'modules', m, 'migrations', 'snapshot.json'), 'utf8'))).toEqual(snapshots);

        // A database that had A first (its branch), then gets B — and one that had B first, then gets A.
        const first = await open();
        expect((await migrate(first, sourcesOf(branchA))).applied.at(-1)).toBe(a);
        expect((await migrate(first, sourcesOf(merged))).applied).toEqual([b]);
        const second = await open();
        expect((await migrate(second, sourcesOf(branchB))).applied.at(-1)).toBe(b);
        expect((await migrate(second, sourcesOf(merged))).applied).toEqual([a]);
        for (const d of [first, second]) {
          await sql`insert into srm_base_branch_note (note_code) values ('A')`.execute(d.db);
          await sql`insert into srm_pos_branch_note (note_code) values ('B')`.execute(d.db);
        }
      } finally {
        for (const d of [branchA, branchB, merged]) rmSync(d, { recursive: true, force: true });
      }
    }, 300_000);

    it('changes defaults, NOT NULL, numeric/varchar/integer widths and indexes of a filled table without losing a row', async () => {
      const { db } = database;
      await migrate(database, sourcesOf(root));
      const note = (fields: Record<string, Field>): SchemaShape =>
        schemaShape([
          {
            name: 'srmTestNote',
            area: 'srmServer',
            table: 'srm_test_note',
            key: 'noteId',
            label: { CN: '注', EN: 'Note', TH: 'โน้ต', VN: 'Ghi chú' },
            fields: { noteId: { type: 'id' }, ...fields },
          },
        ]);
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
        await sql`insert into srm_test_note (title, amount, status, body, owner) values (${i % 3 ? `T${i}` : null}, ${'99999999999999.1234'}, ${'OPEN'}, ${'b'.repeat(1500)}, ${'me'})`.execute(
          db,
        );
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
      const rows = (
        await sql<{ n: number; untitled: number; total: string; owners: number }>`select count(*)::int as n,
        count(*) filter (where title = 'untitled')::int as untitled, sum(amount)::text as total, count(*) filter (where owner = 'me')::int as owners
        from srm_test_note`.execute(db)
      ).rows[0];
      expect(rows).toEqual({ n: 30, untitled: 10, total: '2999999999999973.7020', owners: 30 });
      // The widened columns take what they refused before; the dropped NOT NULL and the new nullable column accept nulls.
      await sql`insert into srm_test_note (amount, status, body, owner, version_num) values (${'9999999999999999.1234'}, 'X', ${'b'.repeat(5000)}, null, ${'9000000000'})`.execute(
        db,
      );
      const cols = (
        await sql<{
          column_name: string;
          is_nullable: string;
          column_default: string | null;
          data_type: string;
        }>`select column_name, is_nullable, column_default, data_type
        from information_schema.columns where table_name = 'srm_test_note' order by column_name`.execute(db)
      ).rows;
      const col = (name: string) => cols.find((c) => c.column_name === name)!;
      expect(col('title').is_nullable).toBe('NO');
      expect(col('status')).toMatchObject({ is_nullable: 'NO', column_default: null });
      expect(col('reviewer').is_nullable).toBe('YES');
      expect(col('priority').column_default).toBe('0');
      expect(col('version_num').data_type).toBe('bigint');
      const ix = (await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'srm_test_note'`.execute(db)).rows.map(
        (r) => r.indexname,
      );
      expect(ix).toContain('srm_test_note_priority_ix');
      // What the snapshot records agrees with the database: nothing more to do.
      expect(planMigration(plan.applied, after).statements).toEqual([]);
      await sql`drop table srm_test_note`.execute(db);
    });

    it('refuses to generate a migration that would drop or narrow data', () => {
      const defs = loadDefinitions(root);
      const before = schemaShape(defs.entities.values());
      const bank = defs.entities.get('srmBaseBank')!;
      const { remark: _dropped, ...fields } = bank.fields;
      void _dropped;
      const after = schemaShape([...defs.entities.values()].map((e) => (e.name === 'srmBaseBank' ? { ...bank, fields } : e)));
      expect(planMigration(before, after).problems).toEqual([
        'srm_base_bank.remark was removed from the entity; dropping it would lose data — write a manual migration',
      ]);
    });
  });
}
