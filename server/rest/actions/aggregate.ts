// POST .../aggregate {name, params, groupBy?, measures?}: one of the entity's declared aggregates over
// the rows listByPage would give this caller — the same params (filterConditions) and the same row
// rules (a supplier only counts its own rows). Only declared names reach the SQL, each through
// sql.ref; every value is a bound parameter.
import { sql, type RawBuilder } from 'kysely';
import { columnName, field, type EntityDefinition } from '../../../meta/definitions.js';
import { BUCKET_KEY, measureKey, type AggregateDef, type MeasureDef } from '../../../meta/aggregates.js';
import { ok } from '../../http/envelope.js';
import { refuse } from '../../errors.js';
import type { ActionContext, DbRecord, FamilyAction } from '../actionContext.js';
import { filterConditions, shownName, whereClause } from '../filters.js';
import { listRowRules } from '../read.js';
import { addReferenceDisplays } from '../references.js';

/** More groups than a chart can show: the answer stops here (and says so with `truncated`). */
export const MAX_GROUPS = 500;

function chosen(declared: readonly string[], asked: unknown, what: 'field' | 'measure'): string[] {
  if (asked === undefined || asked === null) return [...declared];
  if (!Array.isArray(asked)) throw refuse('rest.aggregate.badList');
  for (const a of asked) {
    if (typeof a !== 'string' || !declared.includes(a))
      throw refuse(what === 'field' ? 'rest.aggregate.unknownField' : 'rest.aggregate.unknownMeasure', {
        name: shownName(String(a)),
        allowed: declared.join(', '),
      });
  }
  return asked as string[];
}

function measureSql(e: EntityDefinition, m: MeasureDef): RawBuilder<unknown> {
  if (m.fn === 'count' || !m.field) return sql`count(*)::integer`;
  const col = sql.ref(`t.${columnName(m.field)}`);
  // Numbers come back as numbers from both drivers (numeric and bigint would come back as text).
  const numeric = field(e, m.field)?.type !== 'date' && field(e, m.field)?.type !== 'datetime';
  const fn = sql.raw(m.fn); // one of five fixed words (the meta-schema's enum), never input
  return numeric ? sql`${fn}(${col})::double precision` : sql`${fn}(${col})`;
}

export async function runAggregate(ctx: ActionContext, a: AggregateDef): Promise<{ rows: DbRecord[]; truncated: boolean }> {
  const e = ctx.entity;
  const { params = {} } = ctx.body;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) throw refuse('rest.unknownFilter', { field: 'params' });
  const groupBy = chosen(a.groupBy ?? [], ctx.body.groupBy, 'field');
  const measures = chosen(
    a.measures.map((m) => measureKey(m)),
    ctx.body.measures,
    'measure',
  ).map((k) => a.measures.find((m) => measureKey(m) === k)!);
  const conditions = [...filterConditions(e, params as Record<string, unknown>), ...listRowRules(ctx)];
  const keys: RawBuilder<unknown>[] = groupBy.map((g) => sql`${sql.ref(`t.${columnName(g)}`)} as ${sql.ref(g)}`);
  if (a.bucket) keys.push(sql`to_char(${sql.ref(`t.${columnName(a.bucket.field)}`)}, 'YYYY-MM') as ${sql.ref(BUCKET_KEY)}`);
  const values = measures.map((m) => sql`${measureSql(e, m)} as ${sql.ref(measureKey(m))}`);
  const positions = keys.map((_, i) => sql.raw(String(i + 1)));
  const group = positions.length ? sql`group by ${sql.join(positions)} order by ${sql.join(positions)}` : sql``;
  const { rows } = await sql<DbRecord>`select ${sql.join([...keys, ...values])} from ${sql.table(e.table)} t
    ${whereClause(conditions)} ${group} limit ${MAX_GROUPS + 1}`.execute(ctx.app.db);
  const truncated = rows.length > MAX_GROUPS;
  const out = rows.slice(0, MAX_GROUPS);
  // Only the grouped references are shown (`{field}Display`): the answer has no other field.
  const grouped = Object.fromEntries(groupBy.map((g) => [g, e.fields[g]]));
  await addReferenceDisplays(ctx.app.db, ctx.app.defs, { ...e, fields: grouped }, out);
  await addLookupDisplays(ctx, groupBy, out);
  return { rows: out, truncated };
}

/** A grouped lookup code (a status) is shown by its meaning in the caller's language: `{field}Display`. */
async function addLookupDisplays(ctx: ActionContext, groupBy: string[], rows: DbRecord[]): Promise<void> {
  for (const g of groupBy) {
    const type = field(ctx.entity, g)?.lookup;
    if (!type) continue;
    const values = await ctx.app.lookups.findDic(type, ctx.lang, ctx.app.db);
    const meaning = new Map(values.map((v) => [v.lookupCode, v.meaning]));
    for (const r of rows) r[`${g}Display`] = meaning.get(r[g] as string) ?? r[g];
  }
}

export const aggregateAction: FamilyAction = async (ctx) => {
  const name = ctx.body.name;
  const a = (ctx.entity.aggregates ?? []).find((x) => x.name === name);
  if (!a) {
    const allowed = (ctx.entity.aggregates ?? []).map((x) => x.name).join(', ');
    throw refuse('rest.aggregate.unknown', { name: shownName(String(name ?? '')), allowed });
  }
  const { rows, truncated } = await runAggregate(ctx, a);
  return ok(rows, '', { count: rows.length, curIndex: 1, pageRows: MAX_GROUPS, ...(truncated ? { truncated: true } : {}) });
};
