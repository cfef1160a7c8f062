// What the grid states about itself as data-* attributes of its container: the canvas draws merged cells
// and the frozen footer, which glide's accessible table leaves out, so tests and assistive tooling read
// them here (data-merges, data-summary, data-footer-span, data-invalid-cells).
import { useMemo } from 'react';
import type { GridColumn } from '@glideapps/glide-data-grid';
import { cellTypes } from '../registry/index.js';
import { getCell, visibleProblem, type CellSource } from './cells.js';
import { mergeList, type MergeSpans } from './merge.js';

export interface GridStateAttributes {
  merged: string;
  /** The footer row as text by column key. */
  summaryText: string | undefined;
  /** The columns the footer's total label covers (SPEC §9 footer merge), by key. */
  footerSpan: string | undefined;
  /** Cells of an editable grid marked as wrong now, as `row:key` (touched or revealed ones only). */
  invalidCells: string | undefined;
}

export function useGridStateAttributes(source: CellSource, columns: readonly GridColumn[], merges: MergeSpans, summary: boolean): GridStateAttributes {
  const merged = useMemo(() => JSON.stringify(mergeList(merges)), [merges]);
  const rowCount = source.rows.length;
  const summaryText = useMemo(() => {
    if (!summary) return undefined;
    const out: Record<string, string> = {};
    columns.forEach((c, i) => {
      const cell = getCell(source, i, rowCount) as { displayData?: string; copyData?: string };
      const shown = cell.displayData ?? cell.copyData;
      if (shown) out[String(c.id)] = shown;
    });
    return JSON.stringify(out);
  }, [summary, columns, source, rowCount]);
  const footerSpan = useMemo(() => {
    const span = source.footerSpan;
    return span
      ? columns
          .slice(span.start, span.end + 1)
          .map((c) => String(c.id))
          .join(',')
      : undefined;
  }, [source, columns]);
  const invalidCells = useMemo(() => {
    if (source.grid.isEdit !== true || source.readOnly) return undefined;
    const out: string[] = [];
    source.rows.forEach((row, i) => {
      for (const m of source.models) if (visibleProblem(m, cellTypes.get(m.cellType), row, source.problemShown)) out.push(`${i}:${m.key}`);
    });
    return out.join(',');
  }, [source]);
  return { merged, summaryText, footerSpan, invalidCells };
}
