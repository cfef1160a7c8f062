// SPEC §2/§9 row merge: consecutive rows with equal values of the listed fields are merged (row-span).
// The fields are hierarchical: a run of the second field also breaks where the first one changes.
import type { Row } from '../data/dataProvider.js';

/** Per merged field: for each row its span (n ≥ 1 on the first row of a run, 0 on the rows it covers). */
export type MergeSpans = ReadonlyMap<string, Int32Array>;

export function mergeSpans(rows: readonly Row[], fields: readonly string[] | undefined): MergeSpans {
  const out = new Map<string, Int32Array>();
  if (!fields?.length) return out;
  const boundary = new Uint8Array(rows.length); // 1 where a run of an earlier field starts
  if (rows.length) boundary[0] = 1;
  for (const f of fields) {
    const spans = new Int32Array(rows.length);
    let start = 0;
    for (let i = 1; i <= rows.length; i++) {
      const breaks = i === rows.length || boundary[i] === 1 || String(rows[i][f] ?? '') !== String(rows[i - 1][f] ?? '');
      if (breaks) {
        spans[start] = i - start;
        if (i < rows.length) boundary[i] = 1;
        start = i;
      }
    }
    out.set(f, spans);
  }
  return out;
}

/** The merges as `{key, row, rowSpan}` (spans over one row only), for the grid's data-merges attribute. */
export function mergeList(spans: MergeSpans): { key: string; row: number; rowSpan: number }[] {
  const out: { key: string; row: number; rowSpan: number }[] = [];
  for (const [key, s] of spans) s.forEach((n, row) => n > 1 && out.push({ key, row, rowSpan: n }));
  return out;
}
