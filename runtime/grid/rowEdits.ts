// What an editable list grid would save: the rows that differ from what was loaded, and the first
// cell problem of each (pure; the grid shows the same problems as red marks with tooltips).
import type { EntityDefinition, Grid } from '../definitions.js';
import type { Row } from '../data/dataProvider.js';
import type { RuntimeEnv } from '../env.js';
import { cellTypes } from '../registry/index.js';
import { cellProblem } from './cells.js';
import { buildColumnModels } from './columns.js';
import { editorFor, isCellEditable } from './editable.js';
import { problemMessage } from './problemMessage.js';

export interface RowEdit {
  /** Position on the current page. */
  index: number;
  row: Row;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Rows whose values differ from the loaded ones (keys added by an editor count too). */
export function changedRows(loaded: readonly Row[], current: readonly Row[]): RowEdit[] {
  const out: RowEdit[] = [];
  current.forEach((row, index) => {
    const before = loaded[index];
    if (!before) return out.push({ index, row });
    const keys = new Set([...Object.keys(before), ...Object.keys(row)]);
    for (const k of keys) {
      if (!same(before[k], row[k])) return out.push({ index, row });
    }
  });
  return out;
}

/** "#n label: problem" for every editable cell of the edited rows that breaks its rules. */
export function editProblems(
  grid: Grid,
  entity: EntityDefinition,
  edits: readonly RowEdit[],
  rowNumberOf: (index: number) => number,
  env: Pick<RuntimeEnv, 't' | 'language'>,
): string[] {
  const models = buildColumnModels(grid, entity, env);
  const out: string[] = [];
  for (const { index, row } of edits) {
    for (const model of models) {
      const type = cellTypes.get(model.cellType);
      if (!isCellEditable(grid, model, row, false, editorFor(model, type.editor))) continue;
      const problem = cellProblem(model, type, row);
      if (problem) out.push(env.t('grid.rowProblem', { row: rowNumberOf(index), label: model.title, message: problemMessage(model, problem, env) }));
    }
  }
  return out;
}
