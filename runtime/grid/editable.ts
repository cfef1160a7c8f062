import type { Grid } from '../definitions.js';
import { evaluateCondition, evaluateFlag, type RecordLike } from '../../meta/conditions.js';
import type { EditorKind } from '../registry/types.js';
import type { ColumnModel } from './columns.js';

/** SPEC §4: a cell edits only when both the table-level and the column-level tests pass. */
export function isCellEditable(grid: Grid, model: ColumnModel, row: RecordLike, readOnly: boolean, editor: EditorKind): boolean {
  if (readOnly || grid.isEdit !== true || editor === 'none') return false;
  if (model.field?.readOnly === true || model.field?.type === 'id') return false;
  if (!evaluateFlag(model.column.isEdit, row, true)) return false;
  if (model.column.disabled !== undefined && evaluateCondition(model.column.disabled, row)) return false;
  return true;
}

/** Reference fields edit through a search of the target family, lookups through a select. */
export function editorFor(model: ColumnModel, fallback: EditorKind): EditorKind {
  if (fallback === 'modal' || fallback === 'check' || fallback === 'none' || fallback === 'editlookup') return fallback;
  if (model.references) return 'reference';
  if (model.lookupType && (fallback === 'select' || fallback === 'input')) return 'select';
  return fallback;
}

/** Click editors act on a click instead of opening glide's overlay. */
export function isClickEditor(editor: EditorKind): boolean {
  return editor === 'check' || editor === 'modal' || editor === 'upload';
}
