// SPEC §9 "footer merge default {row 0, col 1, rowspan 1, colspan 3}": the footer's total label (合计)
// is one cell over three columns, starting at column 1. In the source grid column 0 is the selection
// column and column 1 the index column; here the selection is glide's row marker (not a column), so the
// label starts at the index column (or the first canvas column without one) and covers it and the next
// two. It never covers a column that shows a footer value: the span stops before the first such column.
// Drawn as one label over the covered footer cells, each cell painting its slice of it: glide's own
// cell spans let the rows scrolling under the frozen footer show through the covered cells.

export const FOOTER_MERGE = { row: 0, col: 1, rowspan: 1, colspan: 3 } as const;

export interface FooterLabelSpan {
  /** Canvas columns covered (inclusive). */
  start: number;
  end: number;
  /** Left edge of each covered column from the span's left edge (index 0 = start). */
  offsets: number[];
  /**
   * The width the label is centred in: the whole span, or only its frozen part when the span crosses
   * the frozen edge (the label then neither scrolls away nor sits under the frozen columns).
   */
  centreWidth: number;
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
  const offsets: number[] = [];
  let x = 0;
  for (let c = start; c <= end; c++) {
    offsets.push(x);
    x += columns[c].width;
  }
  let centreWidth = x;
  if (start < freezeColumns && end >= freezeColumns) centreWidth = offsets[freezeColumns - start];
  return { start, end, offsets, centreWidth };
}
