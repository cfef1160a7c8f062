// Normalised reads of the Grid config: SPEC §3 allows several shapes for some keys (toolbar as a list or
// {showToolbar, functionList}, selection as true or {show, fixed}, fixed or fixedStyle, cellType or
// editType); everything else in the runtime reads them through here.
import type { Action, Column, Grid } from '../definitions.js';

export function toolbarActions(grid: Grid | undefined): Action[] {
  if (!grid?.toolbar) return [];
  if (Array.isArray(grid.toolbar)) return grid.toolbar;
  return grid.toolbar.showToolbar === false ? [] : (grid.toolbar.functionList ?? []);
}

/** Row buttons of the operate column: rowActions plus operateSlot.functionList, none when isShow is false. */
export function operateActions(grid: Grid): Action[] {
  if (grid.operateSlot?.isShow === false) return [];
  return [...(grid.rowActions ?? []), ...(grid.operateSlot?.functionList ?? [])];
}

export function operateWidth(grid: Grid, fallback: number): number {
  const column = leafColumns(grid.columns).find((c) => cellTypeOf(c) === 'tableOperate');
  return grid.operateSlot?.width ?? column?.width ?? grid.operateWidth ?? fallback;
}

export interface SelectionConfig {
  show: boolean;
  fixed: boolean;
}

export function selectionOf(grid: Grid): SelectionConfig {
  const s = grid.selection;
  if (s === undefined || s === false) return { show: false, fixed: false };
  if (s === true) return { show: true, fixed: true };
  return { show: s.show !== false, fixed: s.fixed !== false };
}

export function fixedOf(column: Column): 'left' | 'right' | undefined {
  return column.fixed ?? column.fixedStyle;
}

export function cellTypeOf(column: Column): string | undefined {
  return column.cellType ?? column.editType;
}

/** Data columns: a colGroup header is replaced by its children, each remembering the group title. */
export function leafColumns(columns: readonly Column[]): Column[] {
  return columns.flatMap((c) => (c.children ? leafColumns(c.children) : [c]));
}

/** Group header of each leaf column (colGroup), by leaf key. */
export function columnGroups(columns: readonly Column[], parent?: Column, out = new Map<string, Column>()): Map<string, Column> {
  for (const c of columns) {
    if (c.children) columnGroups(c.children, c, out);
    else if (parent) out.set(c.key, parent);
  }
  return out;
}
