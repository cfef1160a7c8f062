// A program's parameters against its declared schema (a JSON Schema subset: ScheduledProgram.paramsSchema).
// Checked by hand, not compiled: no generated code at run time (no eval / new Function anywhere). Defaults are
// filled in; an unknown, missing or out-of-range parameter is refused in the caller's language.
import { refuse } from '../../../server/errors.js';
import type { ProgramParamsSchema } from '../../../server/modules/types.js';

export function checkedParams(schema: ProgramParamsSchema | undefined, raw: unknown): Record<string, unknown> {
  if (raw === undefined || raw === null || raw === '') raw = {};
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw) as unknown;
    } catch {
      throw refuse('scheduler.paramsNotObject');
    }
  }
  if (typeof raw !== 'object' || Array.isArray(raw) || raw === null) throw refuse('scheduler.paramsNotObject');
  const given = raw as Record<string, unknown>;
  const props = schema?.properties ?? {};
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(given)) if (!Object.hasOwn(props, name)) throw refuse('scheduler.paramUnknown', { name: name.slice(0, 60) });
  for (const [name, p] of Object.entries(props)) {
    let v = given[name];
    if (v === undefined || v === null || v === '') {
      if (p.default !== undefined) out[name] = p.default;
      else if (schema?.required?.includes(name)) throw refuse('scheduler.paramRequired', { name });
      continue;
    }
    if ((p.type === 'integer' || p.type === 'number') && typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) v = Number(v);
    const typeOk =
      p.type === 'string'
        ? typeof v === 'string'
        : p.type === 'boolean'
          ? typeof v === 'boolean'
          : typeof v === 'number' && Number.isFinite(v) && (p.type === 'number' || Number.isInteger(v));
    if (!typeOk) throw refuse('scheduler.paramType', { name, type: p.type });
    if (typeof v === 'number' && p.minimum !== undefined && v < p.minimum) throw refuse('scheduler.paramMin', { name, min: p.minimum });
    if (typeof v === 'number' && p.maximum !== undefined && v > p.maximum) throw refuse('scheduler.paramMax', { name, max: p.maximum });
    if (typeof v === 'string' && p.maxLength !== undefined && v.length > p.maxLength) throw refuse('scheduler.paramLength', { name, max: p.maxLength });
    if (p.enum && !p.enum.includes(v as string | number)) throw refuse('scheduler.paramEnum', { name, values: p.enum.join(', ') });
    out[name] = v;
  }
  return out;
}
