// The page query for an order (orderKeys.ts), by offset or after a cursor position (keyset paging).
// Its shapes are chosen so that a (column, key) index answers them as one range, however deep the page:
// - every key NOT NULL, one direction: `(c, key) > (v, k)` is a row comparison the index seeks to;
// - one nullable column + the key: its filled rows and its empty rows are two index ranges, read
//   separately and put in order over at most two pages of rows (an `or c is null` would make PostgreSQL
//   walk every skipped entry again, and `desc nulls last` is no direction of an ascending index);
// - anything else (several sort fields of mixed direction or nullability) uses the general condition,
//   which is right but may need a sort — lists offer one sorted column at a time.
import { sql, type RawBuilder } from 'kysely';
import { whereClause, type Condition } from './filters.js';
import { orderByClause, type OrderKey } from './orderKeys.js';

/** Decimal sort values travel as text: a JS number would round 18 digits and a cursor could skip a row. */
export const exactAlias = (k: OrderKey) => `__after_${k.column}`;

/** The select list's additions for the cursor: the exact text of every decimal key. */
export function exactColumns(keys: readonly OrderKey[], alias = 't'): RawBuilder<unknown>[] {
  return keys.filter((k) => k.type === 'decimal').map((k) => sql`${sql.ref(`${alias}.${k.column}`)}::text as ${sql.ref(exactAlias(k))}`);
}

/** A row's position in the order: what a cursor records. */
export function positionOf(keys: readonly OrderKey[], row: Record<string, unknown>): unknown[] {
  return keys.map((k) => (k.type === 'decimal' ? row[exactAlias(k)] : row[k.column]) ?? null);
}

const ref = (k: OrderKey, alias: string) => sql.ref(`${alias}.${k.column}`);

/** "Comes after value v in k's order", nulls last in both directions; null when nothing can. */
function beyond(k: OrderKey, v: unknown, alias: string): RawBuilder<unknown> | null {
  if (v === null) return null;
  const c = ref(k, alias);
  const cmp = k.desc ? sql`${c} < ${v}` : sql`${c} > ${v}`;
  return k.nullable ? sql`(${cmp} or ${c} is null)` : cmp;
}

/** The general "after this position" condition: equal on the first i keys and beyond on key i, for some i. */
function generalAfter(keys: readonly OrderKey[], at: readonly unknown[], alias: string): Condition {
  const terms: RawBuilder<unknown>[] = [];
  for (let i = 0; i < keys.length; i++) {
    const step = beyond(keys[i], at[i], alias);
    if (!step) continue;
    const equal = keys.slice(0, i).map((k, j) => (at[j] === null ? sql`${ref(k, alias)} is null` : sql`${ref(k, alias)} = ${at[j]}`));
    terms.push(sql.join([...equal, step], sql` and `));
  }
  return terms.length ? sql`(${sql.join(terms, sql` or `)})` : sql`false`;
}

const oneDirection = (keys: readonly OrderKey[]) => keys.every((k) => k.desc === keys[0].desc);

function rowAfter(keys: readonly OrderKey[], at: readonly unknown[], alias: string): Condition {
  const cols = sql.join(keys.map((k) => ref(k, alias)));
  const vals = sql.join(at.map((v) => sql`${v}`));
  return keys[0].desc ? sql`(${cols}) < (${vals})` : sql`(${cols}) > (${vals})`;
}

export interface PageSpec {
  select: RawBuilder<unknown>;
  table: string;
  conditions: Condition[];
  keys: readonly OrderKey[];
  /** The cursor's position (values of `keys`), or none for offset paging. */
  after?: readonly unknown[];
  rows: number;
  offset: number;
}

/** One nullable column then the key, in one direction: the two-range shape. */
function isSplit(keys: readonly OrderKey[]): boolean {
  return keys.length === 2 && keys[0].nullable && !keys[1].nullable && keys[0].desc === keys[1].desc;
}

function splitPage(s: PageSpec): RawBuilder<Record<string, unknown>> {
  const [c, key] = s.keys;
  const t = sql.table(s.table);
  const dir = sql.raw(c.desc ? 'desc' : 'asc');
  const limit = s.offset + s.rows;
  const at = s.after;
  const filled =
    at && at[0] === null
      ? null
      : sql`(select ${s.select} from ${t} t ${whereClause([...s.conditions, sql`${ref(c, 't')} is not null`, ...(at ? [rowAfter(s.keys, at, 't')] : [])])}
        order by ${ref(c, 't')} ${dir}, ${ref(key, 't')} ${dir} limit ${limit})`;
  const emptyAfter = at && at[0] === null ? [c.desc ? sql`${ref(key, 't')} < ${at[1]}` : sql`${ref(key, 't')} > ${at[1]}`] : [];
  const empty = sql`(select ${s.select} from ${t} t ${whereClause([...s.conditions, sql`${ref(c, 't')} is null`, ...emptyAfter])}
    order by ${ref(key, 't')} ${dir} limit ${limit})`;
  const both = filled ? sql`${filled} union all ${empty}` : empty;
  return sql<Record<string, unknown>>`select * from (${both}) s order by ${orderByClause(s.keys, 's')} limit ${s.rows} offset ${s.offset}`;
}

export function pageSql(s: PageSpec): RawBuilder<Record<string, unknown>> {
  // Ascending offset pages of a nullable column are already one index order (nulls last is its end).
  if (isSplit(s.keys) && (s.after || s.keys[0].desc)) return splitPage(s);
  const after = s.after ? [s.keys.every((k) => !k.nullable) && oneDirection(s.keys) ? rowAfter(s.keys, s.after, 't') : generalAfter(s.keys, s.after, 't')] : [];
  return sql<Record<string, unknown>>`select ${s.select} from ${sql.table(s.table)} t ${whereClause([...s.conditions, ...after])}
    order by ${orderByClause(s.keys, 't')} limit ${s.rows} offset ${s.offset}`;
}
