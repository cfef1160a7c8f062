// The database shape an entity implies. The migration generator diffs this against the shape recorded
// by the last generated migration.
import { columnName, field, type EntityDefinition, type Field } from './definitions.js';

export interface ColumnShape {
  type: string;
  notNull: boolean;
  default?: string;
  primaryKey?: boolean;
  /**
   * Only in the migration snapshot: the entity requires the field, but the column was added to a filled
   * table without a default, so it stayed nullable (rows from before have no value; the server enforces
   * `required` on every write). Giving the field a default later backfills it and sets NOT NULL.
   */
  nullableUntilDefault?: true;
}
export interface TableShape {
  columns: Record<string, ColumnShape>;
  /** index name → { columns, unique } */
  indexes: Record<string, { columns: string[]; unique: boolean; trigram?: boolean }>;
}
export type SchemaShape = Record<string, TableShape>;

export function sqlType(f: Field): string {
  switch (f.type) {
    case 'id':
    case 'integer':
      return 'bigint';
    case 'string':
      return `varchar(${f.length ?? 255})`;
    case 'text':
      return 'text';
    case 'decimal':
      return `numeric(${f.precision ?? 18},${f.scale ?? 4})`;
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamp(0)';
    case 'yn':
      return 'varchar(1)';
    case 'attachments':
      return 'varchar(4000)';
  }
}

function sqlDefault(f: Field): string | undefined {
  if (f.default === undefined) return undefined;
  return typeof f.default === 'number' ? String(f.default) : `'${f.default.replace(/'/g, "''")}'`;
}

export function tableShape(e: EntityDefinition): TableShape {
  const columns: Record<string, ColumnShape> = {};
  const indexes: TableShape['indexes'] = {};
  for (const [name, f] of Object.entries(e.fields)) {
    if (!f) continue;
    const col = columnName(name);
    columns[col] = name === e.key ? { type: 'bigint', notNull: true, primaryKey: true } : { type: sqlType(f), notNull: !!f.required, default: sqlDefault(f) };
    // A contains-filter cannot use a btree; a trigram index keeps it fast on large tables.
    if (f.filter === 'like' && (f.type === 'string' || f.type === 'text')) indexes[`${e.table}_${col}_trgm`] = { columns: [col], unique: false, trigram: true };
    if (f.unique) indexes[`${e.table}_${col}_uk`] = { columns: [col], unique: true };
    else if (f.index || f.references || e.ownership?.field === name) {
      if (name !== e.key) indexes[`${e.table}_${col}_ix`] = { columns: [col], unique: false };
    }
  }
  columns.created_by = { type: 'bigint', notNull: false };
  columns.creation_date = { type: 'timestamp(0)', notNull: true, default: 'localtimestamp(0)' };
  columns.last_updated_by = { type: 'bigint', notNull: false };
  columns.last_update_date = { type: 'timestamp(0)', notNull: true, default: 'localtimestamp(0)' };
  columns.version_num = { type: 'integer', notNull: true, default: '1' };
  // Sortable fields (docs/decisions.md "Keyset paging"): (column, key) serves `order by column, key` and
  // the keyset condition `(column, key) > (…)` as one index range, forwards and backwards. It replaces a
  // plain index on the column (a leading column serves equality and range filters just as well).
  const key = columnName(e.key);
  for (const name of e.sortable ?? []) {
    const col = columnName(name);
    const f = field(e, name);
    if (!f || col === key || (f.unique && f.required)) continue;
    indexes[`${e.table}_${col}_ix`] = { columns: [col, key], unique: false };
  }
  for (const s of e.defaultSort ?? []) {
    const col = columnName(s.field);
    const covered = Object.values(indexes).some((i) => i.columns[0] === col) || col === columnName(e.key);
    if (!covered && e.fields[s.field]) indexes[`${e.table}_${col}_ix`] = { columns: [col], unique: false };
  }
  // Declared several-field indexes (the module's own look-ups; crossCheck.ts checks the fields exist).
  for (const ix of e.indexes ?? []) {
    const cols = ix.fields.map(columnName);
    indexes[`${e.table}_${cols.join('_')}_${ix.unique ? 'uk' : 'ix'}`] = { columns: cols, unique: !!ix.unique };
  }
  return { columns, indexes };
}

export function schemaShape(entities: Iterable<EntityDefinition>): SchemaShape {
  const out: SchemaShape = {};
  for (const e of [...entities].sort((a, b) => a.table.localeCompare(b.table))) out[e.table] = tableShape(e);
  return out;
}
