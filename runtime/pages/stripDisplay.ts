import type { Row } from '../data/dataProvider.js';
import type { ActionContext } from '../registry/types.js';

/** `{field}Display` values are answers of the server, not data to save. */
export function stripDisplay(record: Row, ctx: Pick<ActionContext, 'entity'>): Row {
  const out: Row = {};
  const lineNames = new Set((ctx.entity.lines ?? []).map((l) => l.name));
  for (const [k, v] of Object.entries(record)) {
    if (k.endsWith('Display') && !(k in ctx.entity.fields)) continue;
    out[k] =
      lineNames.has(k) && Array.isArray(v) ? v.map((line: Row) => Object.fromEntries(Object.entries(line).filter(([lk]) => !lk.endsWith('Display')))) : v;
  }
  return out;
}
