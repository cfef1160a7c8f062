// Geometry shared by the grid, its DOM operate column and Playwright tests (which click canvas cells by
// coordinates, see docs/runtime.md "Testing the grid").
export const ROW_HEIGHT = 34;
export const HEADER_HEIGHT = 36;

export interface GridLayout {
  headerHeight: number;
  rowHeight: number;
  /** Left edge of every canvas column (relative to the canvas), in order; `-select` and `-index` included. */
  columns: { key: string; x: number; width: number; group?: string }[];
  frozen: number;
}

/** Centre of a body cell relative to the canvas's top-left, for unscrolled grids. */
export function cellCenter(layout: GridLayout, key: string, row: number): { x: number; y: number } {
  const col = layout.columns.find((c) => c.key === key);
  if (!col) throw new Error(`No grid column "${key}" (have ${layout.columns.map((c) => c.key).join(', ')})`);
  return { x: col.x + col.width / 2, y: layout.headerHeight + row * layout.rowHeight + layout.rowHeight / 2 };
}

/** headerHeight: the full header (group header + column header when columns are grouped). */
export function buildLayout(
  keys: readonly { key: string; width: number; group?: string }[],
  frozen: number,
  selection: boolean,
  headerHeight = HEADER_HEIGHT,
): GridLayout {
  const columns: GridLayout['columns'] = [];
  let x = 0;
  if (selection) {
    columns.push({ key: '-select', x, width: 40 });
    x += 40;
  }
  for (const k of keys) {
    columns.push(k.group ? { key: k.key, x, width: k.width, group: k.group } : { key: k.key, x, width: k.width });
    x += k.width;
  }
  return { headerHeight, rowHeight: ROW_HEIGHT, columns, frozen };
}
