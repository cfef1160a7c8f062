// A screen that edits a reference may read its target only as a picker does: the key, the display
// fields and the fields its references fill (a material's unit). Holding a supplier screen with a
// "responsible buyer" field must not list every user with e-mail and phone (docs/security.md
// "Picker reads"). A full read of the target comes only from a screen that shows that entity itself.
import type { Definitions } from '../../meta/definitions.js';
import type { EntityDefinition } from '../../meta/generated/definitions.js';
import { forbidden } from '../errors.js';

/** Target entity → the columns a picker of it needs, for the references of `entities`. */
export function pickerColumns(defs: Definitions, entities: EntityDefinition[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const e of entities) {
    for (const f of Object.values(e.fields)) {
      const target = f?.references ? defs.entities.get(f.references) : undefined;
      if (!f || !target) continue;
      let cols = out.get(target.name);
      if (!cols) out.set(target.name, (cols = new Set([target.key, ...(target.display ?? [])])));
      for (const theirs of Object.values(f.fills ?? {})) if (theirs) cols.add(theirs);
    }
  }
  return out;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * Refuses a picker read that filters or sorts on a column it may not see: a filter on a hidden column
 * would still tell, row by row, what that column holds.
 */
export function checkPickerRequest(columns: ReadonlySet<string>, body: Record<string, unknown>): void {
  const params = body.params && typeof body.params === 'object' ? (body.params as Record<string, unknown>) : {};
  for (const [key, value] of Object.entries(params)) {
    if (key === 'keyword' || isEmpty(value)) continue;
    const name = columns.has(key) ? key : /^(.+)(From|To)$/.exec(key)?.[1];
    if (!name || !columns.has(name)) throw forbidden('auth.forbidden');
  }
  if (Array.isArray(body.sort)) {
    for (const s of body.sort as unknown[]) {
      const f = s && typeof s === 'object' ? (s as { field?: unknown }).field : undefined;
      if (typeof f !== 'string' || !columns.has(f)) throw forbidden('auth.forbidden');
    }
  }
}

function project(columns: ReadonlySet<string>, record: unknown): unknown {
  if (!record || typeof record !== 'object') return record;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record as Record<string, unknown>)) {
    if (columns.has(k) || (k.endsWith('Display') && columns.has(k.slice(0, -'Display'.length)))) out[k] = v;
  }
  return out;
}

/** The answer of findById or listByPage with every record cut to the picker's columns. */
export function projectPickerAnswer<T extends { data?: unknown }>(columns: ReadonlySet<string>, answer: T): T {
  const data = Array.isArray(answer.data) ? answer.data.map((r) => project(columns, r)) : project(columns, answer.data);
  return { ...answer, data };
}
