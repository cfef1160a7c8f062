// Aggregate operations of an entity (`aggregates`): names shared by the definition checker, the server's
// aggregate action and the chart widgets, so all three agree on an answer row's keys.
import { field, type EntityDefinition, type Field } from './definitions.js';

export type AggregateDef = NonNullable<EntityDefinition['aggregates']>[number];
export type MeasureDef = AggregateDef['measures'][number];

/** The answer key of a month bucket (`YYYY-MM`). */
export const BUCKET_KEY = 'month';

/** A measure's key in the answer rows: `as`, else `count` or fn + Field (`sumQuantity`). */
export function measureKey(m: MeasureDef): string {
  if (m.as) return m.as;
  if (m.fn === 'count') return 'count';
  return m.field ? m.fn + m.field[0].toUpperCase() + m.field.slice(1) : m.fn;
}

const NUMERIC = new Set<Field['type']>(['integer', 'decimal']);
const DATES = new Set<Field['type']>(['date', 'datetime']);

/** What is wrong with one aggregate of `e`, as English phrases after its JSON path (empty: fine). */
export function aggregateProblems(e: EntityDefinition, a: AggregateDef, path: string): string[] {
  const out: string[] = [];
  const readable = (name: string) => {
    const f = field(e, name);
    return f && !f.serverOnly && f.type !== 'attachments' ? f : undefined;
  };
  for (const [i, g] of (a.groupBy ?? []).entries()) if (!readable(g)) out.push(`${path}/groupBy/${i} ${g} is not a field that can group rows`);
  if (a.bucket) {
    const f = readable(a.bucket.field);
    if (!f || !DATES.has(f.type)) out.push(`${path}/bucket/field ${a.bucket.field} must be a date or datetime field`);
  }
  const keys = new Set<string>([...(a.groupBy ?? []), ...(a.bucket ? [BUCKET_KEY] : [])]);
  for (const [i, m] of a.measures.entries()) {
    const at = `${path}/measures/${i}`;
    if (m.fn !== 'count') {
      const f = m.field ? readable(m.field) : undefined;
      if (!m.field) out.push(`${at}/field ${m.fn} needs a field`);
      else if (!f) out.push(`${at}/field ${m.field} is not a field`);
      else if (!NUMERIC.has(f.type) && !((m.fn === 'min' || m.fn === 'max') && DATES.has(f.type)))
        out.push(`${at}/field ${m.field} must be a number${m.fn === 'min' || m.fn === 'max' ? ' or a date' : ''} for ${m.fn}`);
    }
    const key = measureKey(m);
    if (keys.has(key)) out.push(`${at} answer key ${key} is used twice (give the measure another "as")`);
    keys.add(key);
  }
  return out;
}

/** Every problem of the entity's aggregates (names unique, fields usable). */
export function entityAggregateProblems(e: EntityDefinition): string[] {
  const seen = new Set<string>();
  return (e.aggregates ?? []).flatMap((a, i) => {
    const dup = seen.has(a.name) ? [`/aggregates/${i}/name ${a.name} is declared twice`] : [];
    seen.add(a.name);
    return [...dup, ...aggregateProblems(e, a, `/aggregates/${i}`)];
  });
}
