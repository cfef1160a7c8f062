// The migration generator: which entity changes become which SQL, what it refuses, and what the
// snapshot records. The golden file is the whole SQL of one fixed before/after pair.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isWidening, planMigration } from '../../../generators/migrations.js';
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
    const from: SchemaShape = { t: { columns: { n: { type: 'integer', notNull: true, default: '1' }, m: { type: 'numeric(18,4)', notNull: false }, s: { type: 'varchar(60)', notNull: false } }, indexes: {} } };
    const widened: SchemaShape = { t: { columns: { n: { type: 'bigint', notNull: true, default: '1' }, m: { type: 'numeric(18,4)', notNull: false }, s: { type: 'varchar(60)', notNull: false } }, indexes: {} } };
    expect(planMigration(from, widened).statements).toEqual(['alter table t alter column n type bigint;']);
    const narrowed: SchemaShape = { t: { columns: { n: { type: 'integer', notNull: true, default: '1' }, m: { type: 'numeric(18,2)', notNull: false } }, indexes: {} } };
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
