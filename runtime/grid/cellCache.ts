// The cells of the rows glide drew last, kept (docs/grid.md "Paint cost"): glide asks getCellContent for
// every cell it paints on every frame, and a scroll step repaints rows it asked for a frame before.
// Keeping their cells spares the formatting, the "…" fitting and one object per cell and frame. The
// cache belongs to one cell source: DataGrid makes a new one whenever anything a cell shows changes.
import type { GridCell, Item } from '@glideapps/glide-data-grid';

/** Rows kept: several screens of the tallest grid (1000 rows a page, ~30 on screen). */
export const CACHED_ROWS = 300;

export function cachedCells(cell: (col: number, row: number) => GridCell, maxRows = CACHED_ROWS): (item: Item) => GridCell {
  const rows = new Map<number, GridCell[]>();
  return ([col, row]) => {
    let line = rows.get(row);
    if (line === undefined) {
      line = [];
      rows.set(row, line);
      // Maps keep insertion order: the first key is the row cached longest ago.
      if (rows.size > maxRows) rows.delete(rows.keys().next().value as number);
    }
    return (line[col] ??= cell(col, row));
  };
}
