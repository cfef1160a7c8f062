// SPEC §9 "footer merge default {row 0, col 1, rowspan 1, colspan 3}": the footer's total label (合计)
// is one cell over three columns, starting at column 1. In the source grid column 0 is the selection
// column and column 1 the index column; here the selection is glide's row marker (not a column), so the
// label starts at the index column (or the first canvas column without one) and covers it and the next
// two. It never covers a column that shows a footer value: the span stops before the first such column.

export const FOOTER_MERGE = { row: 0, col: 1, rowspan: 1, colspan: 3 } as const;

export interface FooterLabelSpan {
  /** Canvas columns covered (inclusive). */
  start: number;
  end: number;
  /**
   * Width of the part of the span inside the frozen columns when the span crosses the frozen edge:
   * glide then draws the cell twice (frozen part and scrolling part) and the label is drawn in the
   * frozen part only, so it does not appear twice nor scroll away.
   */
  frozenWidth?: number;
}

export interface FooterColumn {
  width: number;
  /** The column shows a footer value (isSummary). */
  summary: boolean;
}

/** The label's span over the canvas columns, or undefined when the first column carries a value itself. */
export function footerLabelSpan(columns: readonly FooterColumn[], indexColumn: number | undefined, freezeColumns: number): FooterLabelSpan | undefined {
  const start = indexColumn ?? 0;
  if (!columns[start] || columns[start].summary) return undefined;
  let end = start;
  while (end - start + 1 < FOOTER_MERGE.colspan && columns[end + 1] && !columns[end + 1].summary) end++;
  if (start < freezeColumns && end >= freezeColumns) {
    let frozenWidth = 0;
    for (let c = start; c < freezeColumns; c++) frozenWidth += columns[c].width;
    return { start, end, frozenWidth };
  }
  return { start, end };
}
