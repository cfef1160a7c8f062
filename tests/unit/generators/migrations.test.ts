// The migration generator: which entity changes become which SQL, what it refuses, what the snapshot
// records, and how it plans each module on its own. The golden file is the whole SQL of one fixed before/after pair.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { entitiesByModule, isWidening, migrationWhat, nextStamp, planMigration, planModules, readSnapshot, utcStamp } from '../../../generators/migrations.js';
import { loadDefinitions } from '../../../meta/load.js';
import { MIGRATION_FILE } from '../../../server/db/migrate.js';
import type { EntityDefinition, Field } from '../../../meta/definitions.js';
import { schemaShape, type SchemaShape } from '../../../meta/tableShape.js';

const golden = join(__dirname, 'golden', 'supplierNote.migration.sql.txt');
const label = { CN: '备注', EN: 'Note', TH: 'หมายเหตุ', VN: 'Ghi chú' };

function entity(fields: Record<string, Field>): EntityDefinition {
  return { name: 'srmTestNote', area: 'srmServer', table: 'srm_test_note', key: 'noteId', label, fields: { noteId: { type: 'id' }, ...fields } };
}

const before = entity({
  noteCode: { type: 'string', length: 30, required: true, unique: true },
  title: { type: 'string', length: 100 },
  amount: { type: 'decimal', precision: 18, scale: 4 },
  status: { type: 'string', length: 20, default: 'NEW' },
  body: { type: 'string', length: 2000 },
  priority: { type: 'integer' },
  owner: { type: 'string', length: 60, required: true },
});

const after = entity({
  noteCode: { type: 'string', length: 30, required: true, unique: true },
  title: { type: 'string', length: 200, required: true, default: 'untitled', filter: 'like' },
  amount: { type: 'decimal', precision: 20, scale: 4 },
  status: { type: 'string', length: 20, required: true },
  body: { type: 'text' },
  priority: { type: 'integer', default: 0, index: true },
  owner: { type: 'string', length: 60 },
  reviewer: { type: 'string', length: 60, required: true },
  channel: { type: 'string', length: 10, required: true, default: 'WEB' },
});

const shape = (e: EntityDefinition): SchemaShape => schemaShape([e]);

describe('migration generator', () => {
  it('matches the golden SQL of a fixed before/after pair (UPDATE_GOLDEN=1 rewrites it after an intended change)', () => {
    const plan = planMigration(shape(before), shape(after));
    expect(plan.problems).toEqual([]);
    const out = plan.statements.join('\n\n') + '\n';
    if (process.env.UPDATE_GOLDEN === '1' || !existsSync(golden)) writeFileSync(golden, out);
    expect(out).toBe(readFileSync(golden, 'utf8'));
  });

  it('sets and drops defaults, backfills NOT NULL from a default, guards it without one, drops NOT NULL', () => {
    const { statements } = planMigration(shape(before), shape(after));
    expect(statements).toContain("alter table srm_test_note alter column title set default 'untitled';");
    expect(statements).toContain("update srm_test_note set title = 'untitled' where title is null;");
    expect(statements).toContain('alter table srm_test_note alter column title set not null;');
    expect(statements).toContain('alter table srm_test_note alter column status drop default;');
    // status has no default any more: a guard fails clearly on empty values before NOT NULL is set.
    const guard = statements.findIndex((s) => s.startsWith('do $$') && s.includes('srm_test_note.status has empty values'));
    expect(guard).toBeGreaterThan(-1);
    expect(statements[guard + 1]).toBe('alter table srm_test_note alter column status set not null;');
    expect(statements).toContain('alter table srm_test_note alter column owner drop not null;');
  });

  it('widens varchar, numeric and varchar→text; adds columns and indexes on the existing table', () => {
    const { statements } = planMigration(shape(before), shape(after));
    expect(statements).toContain('alter table srm_test_note alter column amount type numeric(20,4);');
    expect(statements).toContain('alter table srm_test_note alter column title type varchar(200);');
    expect(statements).toContain('alter table srm_test_note alter column body type text;');
    expect(statements).toContain('create index srm_test_note_priority_ix on srm_test_note (priority);');
    expect(statements).toContain('create index srm_test_note_title_trgm on srm_test_note using gin (title gin_trgm_ops);');
    expect(statements).toContain("alter table srm_test_note add column channel varchar(10) default 'WEB' not null;");
  });

  it('adds a required field without default as nullable, and the snapshot records what was applied', () => {
    const plan = planMigration(shape(before), shape(after));
    expect(plan.statements).toContain('alter table srm_test_note add column reviewer varchar(60);');
    expect(plan.applied.srm_test_note.columns.reviewer).toEqual({ type: 'varchar(60)', notNull: false, nullableUntilDefault: true });
    // The next run over the recorded shape finds nothing to do (no endless NOT NULL attempt on old rows)…
    expect(planMigration(plan.applied, shape(after))).toEqual({ statements: [], problems: [], applied: plan.applied });
    // …until the field gets a default: then the old rows are backfilled and NOT NULL set.
    const withDefault = entity({ ...after.fields, reviewer: { type: 'string', length: 60, required: true, default: 'nobody' } } as Record<string, Field>);
    const next = planMigration(plan.applied, shape(withDefault));
    expect(next.statements).toEqual([
      "alter table srm_test_note alter column reviewer set default 'nobody';",
      "update srm_test_note set reviewer = 'nobody' where reviewer is null;",
      'alter table srm_test_note alter column reviewer set not null;',
    ]);
    expect(next.applied.srm_test_note.columns.reviewer).toEqual({ type: 'varchar(60)', notNull: true, default: "'nobody'" });
  });

  it('knows widening from narrowing', () => {
    expect(isWidening('integer', 'bigint')).toBe(true);
    expect(isWidening('integer', 'numeric(18,4)')).toBe(true);
    expect(isWidening('numeric(18,4)', 'numeric(20,4)')).toBe(true);
    expect(isWidening('numeric(18,4)', 'numeric(19,5)')).toBe(true);
    expect(isWidening('varchar(10)', 'text')).toBe(true);
    expect(isWidening('bigint', 'integer')).toBe(false);
    expect(isWidening('numeric(18,4)', 'numeric(18,2)')).toBe(false);
    expect(isWidening('numeric(18,4)', 'numeric(18,5)')).toBe(false);
    expect(isWidening('numeric(18,4)', 'bigint')).toBe(false);
    expect(isWidening('bigint', 'numeric(18,4)')).toBe(false);
    expect(isWidening('text', 'varchar(4000)')).toBe(false);
    expect(isWidening('varchar(60)', 'varchar(30)')).toBe(false);
  });

  it('generates integer→bigint and refuses narrowing or dropping with a message', () => {
    const from: SchemaShape = {
      t: {
        columns: {
          n: { type: 'integer', notNull: true, default: '1' },
          m: { type: 'numeric(18,4)', notNull: false },
          s: { type: 'varchar(60)', notNull: false },
        },
        indexes: {},
      },
    };
    const widened: SchemaShape = {
      t: {
        columns: {
          n: { type: 'bigint', notNull: true, default: '1' },
          m: { type: 'numeric(18,4)', notNull: false },
          s: { type: 'varchar(60)', notNull: false },
        },
        indexes: {},
      },
    };
    expect(planMigration(from, widened).statements).toEqual(['alter table t alter column n type bigint;']);
    const narrowed: SchemaShape = {
      t: { columns: { n: { type: 'integer', notNull: true, default: '1' }, m: { type: 'numeric(18,2)', notNull: false } }, indexes: {} },
    };
    const plan = planMigration(from, narrowed);
    expect(plan.statements).toEqual([]);
    expect(plan.problems).toEqual([
      't.m: numeric(18,4) → numeric(18,2) may lose data; write a manual migration',
      't.s was removed from the entity; dropping it would lose data — write a manual migration',
    ]);
    expect(planMigration(from, {}).problems).toEqual(['table t has no entity any more; dropping it would lose data — write a manual migration']);
  });

  it('recreates an index whose definition changed under the same name', () => {
    const from: SchemaShape = { t: { columns: { c: { type: 'varchar(10)', notNull: false } }, indexes: { t_c_ix: { columns: ['c'], unique: false } } } };
    const to: SchemaShape = { t: { columns: { c: { type: 'varchar(10)', notNull: false } }, indexes: { t_c_ix: { columns: ['c'], unique: true } } } };
    expect(planMigration(from, to).statements).toEqual(['drop index if exists t_c_ix;', 'create unique index t_c_ix on t (c);']);
  });
});

describe('per-module planner', () => {
  const table = (name: string, t: string, fields: Record<string, Field> = {}): EntityDefinition => ({
    name,
    area: 'srmServer',
    table: t,
    key: 'rowId',
    label,
    fields: { rowId: { type: 'id' }, code: { type: 'string', length: 30, required: true, unique: true }, ...fields },
  });
  const bank = table('srmTestBank', 'srm_test_bank');
  const brand = table('srmTestBrand', 'srm_test_brand');
  const pr = table('srmTestPr', 'srm_test_pr');

  it('takes each entity to the module its file is in', () => {
    const defs = {
      entities: new Map([bank, brand, pr].map((e) => [e.name, e])),
      sources: new Map([
        ['entity:srmTestBank', 'modules/base/entities/srmTestBank.entity.json'],
        ['entity:srmTestBrand', 'modules/base/entities/srmTestBrand.entity.json'],
        ['entity:srmTestPr', 'modules/requisition/entities/srmTestPr.entity.json'],
      ]),
      modules: ['base', 'empty', 'requisition'],
    };
    const by = entitiesByModule(defs);
    expect([...by].map(([m, es]) => [m, es.map((e) => e.name)])).toEqual([
      ['base', ['srmTestBank', 'srmTestBrand']],
      ['empty', []],
      ['requisition', ['srmTestPr']],
    ]);
  });

  it("plans a module from its own entities and snapshot only: a new entity in one module leaves the others' plans empty", () => {
    const plans = planModules(
      new Map([
        ['base', schemaShape([bank, brand])],
        ['requisition', schemaShape([pr])],
      ]),
      new Map([
        ['base', schemaShape([bank])],
        ['requisition', schemaShape([pr])],
      ]),
    );
    const [base, req] = plans;
    expect(req).toMatchObject({ module: 'requisition', statements: [], problems: [], created: [], altered: [], snapshotChanged: false });
    expect(base).toMatchObject({ module: 'base', problems: [], created: ['srm_test_brand'], altered: [], snapshotChanged: true });
    expect(base.statements[0]).toMatch(/^create table srm_test_brand \(/);
    expect(base.statements.join('\n')).not.toContain('srm_test_bank');
    expect(Object.keys(base.applied)).toEqual(['srm_test_bank', 'srm_test_brand']);
    expect(migrationWhat(base)).toBe('create_srm_test_brand');
  });

  it("names a refusal by module, and only the module that lost the entity's field", () => {
    const { code: _code, ...fields } = bank.fields;
    void _code;
    const plans = planModules(
      new Map([
        ['base', schemaShape([{ ...bank, fields }])],
        ['requisition', schemaShape([pr])],
      ]),
      new Map([
        ['base', schemaShape([bank])],
        ['requisition', schemaShape([pr])],
      ]),
    );
    expect(plans.map((p) => [p.module, p.problems])).toEqual([
      ['base', ['srm_test_bank.code was removed from the entity; dropping it would lose data — write a manual migration']],
      ['requisition', []],
    ]);
  });

  it('moves the record of a table whose entity moved to another module, without SQL', () => {
    const plans = planModules(
      new Map([
        ['base', schemaShape([bank])],
        ['requisition', schemaShape([pr, brand])],
      ]),
      new Map([
        ['base', schemaShape([bank, brand])],
        ['requisition', schemaShape([pr])],
      ]),
    );
    expect(plans.map((p) => [p.module, p.statements, p.problems, p.snapshotChanged, Object.keys(p.applied)])).toEqual([
      ['base', [], [], true, ['srm_test_bank']],
      ['requisition', [], [], true, ['srm_test_brand', 'srm_test_pr']],
    ]);
    expect(plans[1].movedIn).toEqual([{ table: 'srm_test_brand', from: 'base' }]);
  });

  it('refuses one table declared by entities of two modules', () => {
    const plans = planModules(
      new Map([
        ['base', schemaShape([bank])],
        ['supplier', schemaShape([{ ...brand, table: 'srm_test_bank' }])],
      ]),
      new Map(),
    );
    expect(plans[1].problems).toEqual(['table srm_test_bank is also declared by an entity of module base; a table belongs to one module']);
  });

  it('names a generated file by what it does, never like a hand-written or a baseline one', () => {
    expect(migrationWhat({ created: ['srm_a'], altered: [] })).toBe('create_srm_a');
    expect(migrationWhat({ created: [], altered: ['srm_b'] })).toBe('alter_srm_b');
    expect(migrationWhat({ created: ['srm_c', 'srm_a'], altered: [] })).toBe('create_srm_a_and_1_more');
    expect(migrationWhat({ created: ['srm_c'], altered: ['srm_b', 'srm_d'] })).toBe('change_srm_b_and_2_more');
    for (const what of ['create_srm_a', 'alter_srm_b', 'change_srm_b_and_2_more']) expect(MIGRATION_FILE.test(`20260101000000_${what}.sql`)).toBe(true);
  });

  it('stamps a new file with the UTC clock, after the latest of its module even when the clock is behind', () => {
    const now = new Date('2026-11-25T17:10:06.789Z');
    expect(utcStamp(now)).toBe('20261125171006');
    expect(nextStamp(now, [])).toBe('20261125171006');
    expect(nextStamp(now, ['20261125170000', '20250101000000'])).toBe('20261125171006');
    // Two runs within one second, or a file from a machine whose clock is ahead.
    expect(nextStamp(now, ['20261125171006'])).toBe('20261125171007');
    expect(nextStamp(now, ['20261231235959'])).toBe('20270101000000');
  });
});

describe('the module snapshots of the repository', () => {
  it('hold every table of the numbered history they were split from (tests/fixtures/legacy-migrations), each once, in the module of its entity', () => {
    const root = join(__dirname, '..', '..', '..');
    const legacy = JSON.parse(readFileSync(join(root, 'tests', 'fixtures', 'legacy-migrations', 'generated', 'snapshot.json'), 'utf8')) as SchemaShape;
    const owner = new Map<string, string>();
    for (const [m, entities] of entitiesByModule(loadDefinitions(root))) {
      const snapshot = readSnapshot(root, m);
      expect([m, Object.keys(snapshot).sort()]).toEqual([m, entities.map((e) => e.table).sort()]);
      for (const t of Object.keys(snapshot)) {
        expect([t, owner.get(t)]).toEqual([t, undefined]);
        owner.set(t, m);
      }
    }
    // A legacy table may change later (a new migration of its module), but it is never lost from the records.
    expect(Object.keys(legacy).filter((t) => !owner.has(t))).toEqual([]);
  });
});
