// Column widths by content (issue 18 item 5): a column widens until its longest value on the page fits
// when that value is one unbreakable token (an e-mail, a phone, a code, a date, a number: cut, they are
// useless), up to a cap; prose keeps the defined width and takes the ellipsis with the whole text in the
// tooltip. In a read-only grid a column with no value on the page narrows to its title. The definition's width stays
// the floor where values exist, a column the definition makes non-resizable keeps its width, and a
// width the user drags wins over all of this (DataGrid keeps it apart).
import { useMemo, useState } from 'react';
import type { Row } from '../data/dataProvider.js';
import type { LookupMap } from '../data/useLookups.js';
import type { CellTypeDef } from '../registry/types.js';
import { displayText } from './cells.js';
import type { ColumnModel } from './columns.js';
import { textWidth } from './ellipsis.js';

/** Rows looked at: the first screenful or so tells the shape of the data; all 100k rows would not. */
const SAMPLE_ROWS = 200;
/** Widest a column grows by itself; longer text is cut with "…" and shown whole in the tooltip. */
export const MAX_AUTO_WIDTH = 320;
/** Cell padding both sides, plus a little room for the sort mark and kerning. */
const PADDING = 24;
const MIN_WIDTH = 56;
/** Cells that draw something other than their text (buttons, checkboxes, icons, files). */
const DRAWN = new Set(['buttons', 'check', 'icon']);

export interface FitInput {
  models: readonly ColumnModel[];
  types: readonly CellTypeDef[];
  rows: readonly Row[];
  lookups: LookupMap;
  language: string;
  /** Editable grids never narrow: their empty cells are about to be filled. */
  editable: boolean;
}

/** Widths that differ from the models' own, by column key. */
export function fittedWidths({ models, types, rows, lookups, language, editable }: FitInput): Map<string, number> {
  const out = new Map<string, number>();
  if (rows.length === 0) return out;
  const sample = rows.slice(0, SAMPLE_ROWS);
  models.forEach((m, i) => {
    const type = types[i];
    if (!type || !m.resizable || DRAWN.has(type.display) || m.cellType === 'upload' || m.cellType === 'tableOperate') return;
    let longest = 0;
    let token = true;
    for (const row of sample) {
      const shown = displayText(m, type, row, lookups, language);
      if (!shown) continue;
      const width = textWidth(shown);
      if (width > longest) [longest, token] = [width, !/\s/.test(shown.trim()) || m.cellType === 'datetime'];
    }
    const title = textWidth(m.title) * 1.08 + PADDING;
    if (longest === 0) {
      if (!editable) out.set(m.key, Math.round(Math.min(m.width, Math.max(MIN_WIDTH, title))));
      return;
    }
    const needed = Math.min(MAX_AUTO_WIDTH, Math.ceil(longest + PADDING));
    if (token && needed > m.width) out.set(m.key, needed);
  });
  return out;
}

/** The widths a grid draws: the content's (above), and over them what the user dragged this visit. */
export function useColumnWidths(input: FitInput) {
  const [widths, setWidths] = useState<ReadonlyMap<string, number>>(new Map());
  const { models, types, rows, lookups, language, editable } = input;
  const fitted = useMemo(() => fittedWidths({ models, types, rows, lookups, language, editable }), [models, types, rows, lookups, language, editable]);
  const shownWidths = useMemo<ReadonlyMap<string, number>>(() => new Map([...fitted, ...widths]), [fitted, widths]);
  return { setWidths, shownWidths };
}
