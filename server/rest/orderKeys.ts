// The order of a list: the checked sort fields, then the key as the tie-break, so that every row has
// one place and a cursor (keyset paging) can say "after this row". Shared by the page query and the
// cursor, which must agree on it.
import { sql, type RawBuilder } from 'kysely';
import { columnName, field, type EntityDefinition, type Field } from '../../meta/definitions.js';
import { tableShape } from '../../meta/tableShape.js';
import { refuse } from '../errors.js';
import { shownName } from './filters.js';

export interface OrderKey {
  /** Field name (the wire's), column name (the table's). */
  name: string;
  column: string;
  desc: boolean;
  /** The column may hold NULL: nulls sort last in both directions, which the keyset condition must follow. */
  nullable: boolean;
  type: Field['type'];
}

interface SortItem {
  field: string;
  order?: 'asc' | 'desc';
}

const notNullColumns = new WeakMap<EntityDefinition, ReadonlySet<string>>();

/** Columns the table declares NOT NULL (the key, required fields, the audit dates), from the same shape the migrations come from. */
function notNull(e: EntityDefinition): ReadonlySet<string> {
  let set = notNullColumns.get(e);
  if (!set) {
    set = new Set(
      Object.entries(tableShape(e).columns)
        .filter(([, c]) => c.notNull)
        .map(([name]) => name),
    );
    notNullColumns.set(e, set);
  }
  return set;
}

function badSort(s: unknown): never {
  const name = s && typeof (s as SortItem).field === 'string' ? (s as SortItem).field : String(JSON.stringify(s ?? null));
  throw refuse('rest.unknownSort', { field: shownName(name) });
}

/**
 * The request's sort (or the entity's default), checked against its fields, plus the key. The key's
 * direction follows the last sort field's, so that the whole order is one direction of a (column, key)
 * index. The key is left out when the last sort field is already unique and never empty.
 */
export function orderKeys(e: EntityDefinition, sort: unknown): OrderKey[] {
  const requested = sort === undefined ? (e.defaultSort ?? []) : sort;
  if (!Array.isArray(requested) || requested.length > 5) throw refuse('rest.unknownSort', { field: 'sort' });
  const required = notNull(e);
  const keys: OrderKey[] = [];
  for (const s of requested as unknown[]) {
    const item = s as SortItem | null;
    const f = item && typeof item.field === 'string' ? field(e, item.field) : undefined;
    if (!item || !f || f.serverOnly || (item.order !== undefined && item.order !== 'asc' && item.order !== 'desc')) badSort(s);
    const column = columnName(item.field);
    if (keys.some((k) => k.column === column)) continue;
    keys.push({ name: item.field, column, desc: item.order === 'desc', nullable: !required.has(column), type: f.type });
  }
  const last = keys[keys.length - 1];
  const lastField = last ? field(e, last.name) : undefined;
  const keyColumn = columnName(e.key);
  if (!keys.some((k) => k.column === keyColumn) && !(lastField?.unique && !last.nullable)) {
    keys.push({ name: e.key, column: keyColumn, desc: last ? last.desc : true, nullable: false, type: 'id' });
  }
  return keys;
}

/**
 * `order by` of the keys on a table alias. A NOT NULL column sorts plainly (descending is then exactly
 * a backward index scan); a nullable one keeps its empty values last in both directions.
 */
export function orderByClause(keys: readonly OrderKey[], alias: string): RawBuilder<unknown> {
  return sql.join(
    keys.map((k) => {
      const dir = sql.raw(k.desc ? 'desc' : 'asc');
      const ref = sql.ref(`${alias}.${k.column}`);
      return k.nullable ? sql`${ref} ${dir} nulls last` : sql`${ref} ${dir}`;
    }),
  );
}
