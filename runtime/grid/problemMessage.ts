// The words for a cell's validation problem: the column's own message when it has one, else the
// locale text with the limits filled in. Shared by the cell tooltip and the save of an editable list.
import type { RuntimeEnv } from '../env.js';
import { resolveText } from '../text/resolveText.js';
import type { ColumnModel } from './columns.js';

export function problemMessage(model: ColumnModel, problem: string, env: Pick<RuntimeEnv, 't' | 'language'>): string {
  const v = model.column.validate;
  if (v?.message) return resolveText(v.message, env);
  return env.t(problem, {
    min: model.column.min ?? v?.min ?? model.field?.min,
    max: model.column.max ?? v?.max ?? model.field?.max,
    trueValue: model.trueValue,
    falseValue: model.falseValue,
  });
}
