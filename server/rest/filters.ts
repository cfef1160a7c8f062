// listByPage params → SQL conditions. Only declared filters of declared fields are accepted; every
// value is a bound parameter.
import { sql, type RawBuilder } from 'kysely';
import { columnName, field, type EntityDefinition } from '../../meta/definitions.js';
import { badRequest, refuse } from '../errors.js';
import { convertValue, isEmpty } from './values.js';

export type Condition = RawBuilder<unknown>;

/** Longest contains-filter text (keyword included; and longest IN list) listByPage accepts. */
export const MAX_LIKE_LENGTH = 1000;

/** A user-given name as it may appear in a message: never more than 100 characters of it. */
export const shownName = (key: string) => (key.length > 100 ? `${key.slice(0, 100)}…` : key);

/** A contains-pattern costs trigram work by its length; no real search text is this long: 400 before any work. */
function likeText(key: string, raw: string): string {
  if (raw.length > MAX_LIKE_LENGTH) throw badRequest('rest.filterTooLong', { field: shownName(key), max: MAX_LIKE_LENGTH });
  return raw.trim();
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => '\\' + c);
}

function converted(entity: EntityDefinition, name: string, raw: unknown, key: string): unknown {
  const f = field(entity, name)!;
  const c = convertValue(f.type === 'id' ? { type: 'integer' } : { ...f, required: false, min: undefined, max: undefined, length: undefined }, raw);
  if (!c.ok) throw refuse('rest.badFilterValue', { field: shownName(key) });
  return c.value;
}

export function filterConditions(entity: EntityDefinition, params: Record<string, unknown>, alias = 't'): Condition[] {
  const out: Condition[] = [];
  for (const [key, raw] of Object.entries(params)) {
    if (isEmpty(raw) || (Array.isArray(raw) && raw.length === 0)) continue;
    if (key === 'keyword' && entity.display) {
      if (typeof raw !== 'string') throw refuse('rest.badFilterValue', { field: key });
      const pattern = `%${escapeLike(likeText(key, raw))}%`;
      out.push(
        sql`(${sql.join(
          entity.display.map((d) => sql`${sql.ref(`${alias}.${columnName(d)}`)} ilike ${pattern}`),
          sql` or `,
        )})`,
      );
      continue;
    }
    const range = /^(.+)(From|To)$/.exec(key);
    const direct = field(entity, key);
    const name = direct ? key : range && field(entity, range[1])?.filter === 'range' ? range[1] : undefined;
    const f = name ? field(entity, name) : undefined;
    if (!name || !f || f.serverOnly || (f.filter ?? 'eq') === 'none') throw refuse('rest.unknownFilter', { field: shownName(key) });
    const col = sql.ref(`${alias}.${columnName(name)}`);
    if (name !== key) {
      const v = converted(entity, name, raw, key);
      out.push(range![2] === 'From' ? sql`${col} >= ${v}` : sql`${col} <= ${v}`);
    } else if (Array.isArray(raw)) {
      if (raw.length > MAX_LIKE_LENGTH) throw refuse('rest.badFilterValue', { field: key });
      const vs = raw.map((r) => converted(entity, name, r, key));
      out.push(sql`${col} in (${sql.join(vs)})`);
    } else if (f.filter === 'like' && typeof raw === 'string') {
      out.push(sql`${col} ilike ${`%${escapeLike(likeText(key, raw))}%`}`);
    } else {
      out.push(sql`${col} = ${converted(entity, name, raw, key)}`);
    }
  }
  return out;
}

export function whereClause(conditions: Condition[]) {
  return conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}
