// Module migrations replace the numbered ones (tests/fixtures/legacy-migrations): the baselines build
// exactly the schema the numbered sequence built, and a database of the numbered releases, rows and all,
// upgrades by recording the baselines without running them.
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleDirs } from '../../meta/load.js';
import type { Db } from '../../server/db/connect.js';
import { BASELINE_FILE, LEGACY_MIGRATIONS, PLATFORM, migrate, migrationFiles, migrationSources } from '../../server/db/migrate.js';
import { applyLegacyMigrations, legacyFiles } from '../support/legacyMigrations.js';
import { schemaOf } from '../support/schemaOf.js';
import { scratchDb, type ScratchDb } from '../support/scratchDb.js';
import { backends } from '../support/testServer.js';

const root = join(__dirname, '..', '..');
const repoSources = (r: string) => migrationSources(r, moduleDirs(r));
const baselines = () =>
  migrationFiles(repoSources(root))
    .filter((f) => f.name.endsWith(`/${BASELINE_FILE}`))
    .map((f) => f.name);
/** Module migrations written after the squash (new areas, later changes): they run on an upgraded database too. */
const afterBaselines = () =>
  migrationFiles(repoSources(root))
    .filter((f) => !f.name.endsWith(`/${BASELINE_FILE}`))
    .map((f) => f.name);

/** A copy of the repository's migrations holding only the baselines: the squash of the numbered history. */
function baselinesOnly(): string {
  const copy = mkdtempSync(join(tmpdir(), 'srm-base-'));
  mkdirSync(join(copy, 'server', 'migrations'), { recursive: true });
  cpSync(join(root, 'server', 'migrations', BASELINE_FILE), join(copy, 'server', 'migrations', BASELINE_FILE));
  for (const m of moduleDirs(root)) {
    const file = join(m.dir, 'migrations', BASELINE_FILE);
    if (!existsSync(file)) continue;
    mkdirSync(join(copy, 'modules', m.name, 'migrations'), { recursive: true });
    cpSync(file, join(copy, 'modules', m.name, 'migrations', BASELINE_FILE));
  }
  return copy;
}

const recorded = async (db: Db) => (await sql<{ name: string }>`select name from srm_schema_migrations order by name`.execute(db)).rows.map((r) => r.name);

/** Rows a release of the numbered migrations had: a bank, materials, a requisition with lines, a lookup value, a document number. */
async function fill(db: Db): Promise<void> {
  await sql`insert into srm_base_bank (bank_code, bank_name, remark) values ('LEG-B1', 'Legacy Bank', 'from 0001')`.execute(db);
  await sql`insert into srm_base_material (material_code, material_name, uom_code, unit_price) values ('LEG-M1', 'Steel', 'KG', 12.5), ('LEG-M2', 'Bolt', 'PCS', 0.25)`.execute(
    db,
  );
  const pr = (
    await sql<{ id: number }>`insert into srm_po_requisition (requisition_number, title, status, request_date, attachment_ids, institution_id)
      values ('PR-2026-000042', 'Legacy PR', 'DRAFT', '2026-11-20', '7,8', 3) returning requisition_id as id`.execute(db)
  ).rows[0].id;
  for (const [i, code] of ['LEG-M1', 'LEG-M2'].entries()) {
    await sql`insert into srm_po_requisition_line (requisition_id, line_number, material_id, quantity, need_by_date, remark)
      select ${pr}, ${(i + 1) * 10}, material_id, ${i + 1.5}, '2026-12-31', ${`line ${i}`} from srm_base_material where material_code = ${code}`.execute(db);
  }
  await sql`insert into base_lookup_type (lookup_type, meaning) values ('LEG_T', 'Legacy type')`.execute(db);
  await sql`insert into base_lookup_values (lookup_type, lookup_code, meaning) values ('LEG_T', 'A', 'Alpha')`.execute(db);
  await sql`insert into srm_document_sequence (doc_type, period, last_value) values ('PR', '2026', 42)`.execute(db);
}

const FILLED = [
  'srm_base_bank',
  'srm_base_material',
  'srm_po_requisition',
  'srm_po_requisition_line',
  'base_lookup_type',
  'base_lookup_values',
  'srm_document_sequence',
];
async function rows(db: Db): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const t of FILLED) out[t] = (await sql.raw(`select * from ${t} order by 1`).execute(db)).rows;
  return out;
}

for (const backend of await backends()) {
  // Each case migrates whole databases from nothing (the numbered history, then the baselines): seconds on a
  // quiet machine, well over the default 30 s when CI's machine is loaded several times over its cores.
  describe(`module migrations over the numbered history on ${backend}`, { timeout: 180_000 }, () => {
    let fresh: ScratchDb;
    let full: ScratchDb;
    /** What the baselines alone build (to compare with the numbered history). */
    let freshSchema: Awaited<ReturnType<typeof schemaOf>>;
    /** What every migration builds (a fresh install today). */
    let fullSchema: Awaited<ReturnType<typeof schemaOf>>;
    const scratch: ScratchDb[] = [];
    const open = async () => {
      const s = await scratchDb(backend);
      scratch.push(s);
      return s.database;
    };

    beforeAll(async () => {
      const only = baselinesOnly();
      try {
        fresh = await scratchDb(backend);
        const r = await migrate(fresh.database, repoSources(only));
        expect(r.adopted).toEqual([]);
        expect(r.applied[0]).toBe(`${PLATFORM}/${BASELINE_FILE}`);
        freshSchema = await schemaOf(fresh.database.db);
      } finally {
        rmSync(only, { recursive: true, force: true });
      }
      full = await scratchDb(backend);
      expect((await migrate(full.database, repoSources(root))).applied.sort()).toEqual([...baselines(), ...afterBaselines()].sort());
      fullSchema = await schemaOf(full.database.db);
    });
    afterAll(async () => {
      await fresh?.dispose();
      await full?.dispose();
      for (const s of scratch) await s.dispose();
    });

    it('the baselines build exactly the schema of the numbered migrations: columns in order, types, defaults, NOT NULL, identity keys, every index', async () => {
      const legacy = await open();
      expect(await applyLegacyMigrations(legacy)).toEqual([...LEGACY_MIGRATIONS]);
      expect(legacyFiles()).toHaveLength(LEGACY_MIGRATIONS.length);
      const old = await schemaOf(legacy.db);
      // Same tables and indexes the numbered sequence made, trigram and hand-written unique pairs included.
      expect(freshSchema.indexes.map((i) => (i as { indexname: string }).indexname)).toContain('base_lookup_values_type_code_uk');
      expect(freshSchema.indexes.map((i) => (i as { indexname: string }).indexname)).toContain('srm_po_requisition_title_trgm');
      expect(freshSchema.extensions).toContainEqual({ extname: 'pg_trgm' });
      expect(freshSchema.columns.length).toBeGreaterThan(500);
      expect(freshSchema).toEqual(old);
    });

    it('upgrades a filled database of the numbered releases: every row kept, baselines recorded without running, the schema of a fresh install', async () => {
      const db = (await open()).db;
      const database = scratch.at(-1)!.database;
      await applyLegacyMigrations(database);
      await fill(db);
      const before = await rows(db);

      const r = await migrate(database, repoSources(root));
      expect(r.applied).toEqual(afterBaselines());
      expect(r.adopted.sort()).toEqual(baselines().sort());
      expect(r.adopted).toContain(`${PLATFORM}/${BASELINE_FILE}`);
      expect(r.adopted).toContain(`requisition/${BASELINE_FILE}`);
      expect(await recorded(db)).toEqual([...LEGACY_MIGRATIONS, ...baselines(), ...afterBaselines()].sort());
      // Every row kept with every value it had (columns added by later migrations come on top).
      const after = await rows(db);
      expect(Object.keys(after)).toEqual(Object.keys(before));
      for (const [table, list] of Object.entries(before)) {
        expect(after[table], table).toHaveLength(list.length);
        for (const [i, row] of (list as Record<string, unknown>[]).entries()) {
          expect(after[table][i], `${table} row ${i}`).toMatchObject(row);
        }
      }
      expect(await schemaOf(db)).toEqual(fullSchema);
      // Once adopted, nothing more to do; and the tables take new rows after the old ones.
      expect(await migrate(database, repoSources(root))).toEqual({ applied: [], adopted: [] });
      const id = (await sql<{ id: number }>`insert into srm_base_bank (bank_code, bank_name) values ('NEW-B', 'After') returning bank_id as id`.execute(db))
        .rows[0].id;
      expect(id).toBeGreaterThan((before.srm_base_bank[0] as { bank_id: number }).bank_id);
    });

    it('runs a newer module migration after adopting the baselines, on the old database and on a fresh one alike', async () => {
      const copy = mkdtempSync(join(tmpdir(), 'srm-mig-'));
      try {
        cpSync(join(root, 'server', 'migrations'), join(copy, 'server', 'migrations'), { recursive: true });
        for (const m of moduleDirs(root)) {
          // A module without tables (push) has no migrations folder.
          if (existsSync(join(m.dir, 'migrations'))) cpSync(join(m.dir, 'migrations'), join(copy, 'modules', m.name, 'migrations'), { recursive: true });
        }
        const later = '20991231235959_alter_srm_base_bank.sql';
        writeFileSync(join(copy, 'modules', 'base', 'migrations', later), "alter table srm_base_bank add column legacy_note varchar(20) default 'kept';\n");

        const database = await open();
        await applyLegacyMigrations(database);
        await fill(database.db);
        const r = await migrate(database, repoSources(copy));
        expect(r.adopted).toHaveLength(baselines().length);
        expect(r.applied).toEqual([...afterBaselines(), `base/${later}`]);
        expect((await sql<{ n: string }>`select legacy_note as n from srm_base_bank where bank_code = 'LEG-B1'`.execute(database.db)).rows).toEqual([
          { n: 'kept' },
        ]);

        const other = await open();
        expect((await migrate(other, repoSources(copy))).applied.at(-1)).toBe(`base/${later}`);
        expect(await schemaOf(database.db)).toEqual(await schemaOf(other.db));
      } finally {
        rmSync(copy, { recursive: true, force: true });
      }
    });

    it('refuses a database with part of the numbered history, naming the release to finish it with; and numbered names it does not know', async () => {
      const database = await open();
      await applyLegacyMigrations(database, '0010_entities.sql');
      const partial = await recorded(database.db);
      expect(partial.at(-1)).toBe('0010_entities.sql');
      await expect(migrate(database, repoSources(root))).rejects.toThrow(/only up to 0010_entities\.sql \(missing 0011_entities\.sql.*commit 6964eab/);
      expect(await recorded(database.db)).toEqual(partial);

      // Finished by the old release, it upgrades; a numbered name from some other build is refused first.
      await applyLegacyMigrations(database);
      await sql`insert into srm_schema_migrations (name) values ('0019_entities.sql')`.execute(database.db);
      await expect(migrate(database, repoSources(root))).rejects.toThrow(/does not know \(0019_entities\.sql\)/);
      await sql`delete from srm_schema_migrations where name = '0019_entities.sql'`.execute(database.db);
      expect((await migrate(database, repoSources(root))).adopted).toHaveLength(baselines().length);
      expect(await schemaOf(database.db)).toEqual(fullSchema);
    });
  });
}
