// The code generator's first step: an entity definition from a table's columns as the database
// describes them. Types follow the column types, lengths and NOT NULL carry over, the primary key
// becomes the key, audit columns stay implicit, labels default to the column name in all languages.
import { AUDIT_FIELDS, columnName, type EntityDefinition, type Field } from './definitions.js';

export interface TableColumn {
  columnName: string;
  /** information_schema data_type: "character varying", "bigint", "numeric", … */
  dataType: string;
  length: number | null;
  precision: number | null;
  scale: number | null;
  nullable: boolean;
  defaultValue: string | null;
}

export interface TableMeta {
  tableName: string;
  columns: TableColumn[];
  primaryKey: string[];
}

const AUDIT_COLUMNS = new Set(Object.keys(AUDIT_FIELDS).map(columnName));
const INTEGER = new Set(['smallint', 'integer', 'bigint']);

export function camelOf(snake: string): string {
  return snake
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase())
    .replace(/^[^a-z]+/, '');
}

/** Family names start with srm or base (the meta-schema's rule): `widgets` → `srmWidgets`. */
export function entityNameOf(tableName: string): string {
  const name = camelOf(tableName);
  return /^(srm|base)[A-Z]/.test(name) ? name : `srm${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

export function fieldOf(c: TableColumn, isKey: boolean): Field {
  const label = { CN: c.columnName, EN: c.columnName, TH: c.columnName, VN: c.columnName };
  if (isKey && INTEGER.has(c.dataType)) return { type: 'id', label };
  const required = !c.nullable && c.defaultValue === null ? { required: true } : {};
  const t = c.dataType.toLowerCase();
  let f: Field;
  if (t === 'character varying' || t === 'character' || t === 'varchar' || t === 'char') {
    const length = Math.min(4000, Math.max(1, c.length ?? 255));
    const isFlag = length === 1 && /(^|_)(flag|enabled|yn)$|_flag$|^enabled$/.test(c.columnName);
    f = isFlag ? { type: 'yn' } : { type: 'string', length };
  } else if (t === 'text' || t === 'json' || t === 'jsonb' || t === 'xml') f = { type: 'text' };
  else if (INTEGER.has(t)) f = { type: 'integer' };
  else if (t === 'numeric' || t === 'decimal') f = { type: 'decimal', precision: Math.min(38, c.precision ?? 18), scale: Math.min(18, c.scale ?? 2) };
  else if (t === 'real' || t === 'double precision') f = { type: 'decimal', precision: 18, scale: 6 };
  else if (t === 'date') f = { type: 'date' };
  else if (t.startsWith('timestamp')) f = { type: 'datetime' };
  else if (t === 'boolean') f = { type: 'string', length: 5 };
  else if (t === 'uuid') f = { type: 'string', length: 36 };
  else f = { type: 'string', length: 255 };
  return { ...f, ...required, label };
}

export function entityFromTable(table: TableMeta, opts: { entityName?: string; area?: string } = {}): EntityDefinition {
  const keyColumn = table.primaryKey.length === 1 ? table.primaryKey[0] : undefined;
  const fields: Record<string, Field> = {};
  let key = '';
  for (const c of table.columns) {
    if (AUDIT_COLUMNS.has(c.columnName)) continue;
    const name = camelOf(c.columnName);
    if (!name) continue;
    const isKey = c.columnName === keyColumn;
    fields[name] = fieldOf(c, isKey);
    if (isKey) key = name;
  }
  const label = { CN: table.tableName, EN: table.tableName, TH: table.tableName, VN: table.tableName };
  return {
    name: opts.entityName ?? entityNameOf(table.tableName),
    area: (opts.area as EntityDefinition['area'] | undefined) ?? 'srmServer',
    table: table.tableName,
    key: key || (keyColumn ? camelOf(keyColumn) : 'id'),
    label,
    fields,
  };
}
