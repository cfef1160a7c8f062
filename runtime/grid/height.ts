// SPEC §9 table heights: a number is taken as is; "auto" starts at 500 and is then computed from the page:
// the room below the grid's top minus 42 for the pager (4 without paging) and 40 more with a summary row
// in fullscreen. Without a height SPEC's default is 200: here it is the height of a grid with few rows,
// and a grid with more rows grows with them up to 560. A fixed 200 px box would show four rows of every
// list page (36 list pages and all line grids give no height) and hide the rest of a 20-row page behind
// a scroll bar; a definition that wants exactly the SPEC box writes `"height": 200`.
// A fitted grid's body is whole rows (the 200 floor rounded up to a row) plus the room the horizontal
// scroll bar really takes (0 where scroll bars overlay the content): glide draws the frozen footer row at
// the bottom, and a part-row gap above it left the footer half drawn.
import type { Grid } from '../definitions.js';
import { HEADER_HEIGHT, ROW_HEIGHT } from './layout.js';

export const AUTO_INITIAL_HEIGHT = 500;
export const MIN_HEIGHT = 200;
/** SPEC §9 "table height default 200": the least height of a grid without a configured height. */
export const DEFAULT_HEIGHT = 200;
/** The most a grid without a configured height grows to with its rows. */
export const FIT_MAX_HEIGHT = 560;

export interface HeightInput {
  grid: Pick<Grid, 'height'>;
  bodyRows: number;
  paged: boolean;
  summary: boolean;
  fullscreen: boolean;
  /** window.innerHeight and the grid's top (viewport coordinates), once measured. */
  viewport?: { windowHeight: number; top: number };
  groupHeader: boolean;
  /** Pixels the horizontal scroll bar takes from the grid's height (0 when none or overlaying). */
  scrollbar?: number;
}

export function gridHeight(h: HeightInput): number {
  if (typeof h.grid.height === 'number') return h.grid.height;
  if (h.grid.height === 'auto') {
    if (!h.viewport) return AUTO_INITIAL_HEIGHT;
    const room = h.viewport.windowHeight - h.viewport.top - (h.paged ? 42 : 4) - (h.summary && h.fullscreen ? 40 : 0);
    return Math.max(MIN_HEIGHT, Math.floor(room));
  }
  const header = HEADER_HEIGHT * (h.groupHeader ? 2 : 1);
  const rows = Math.max(h.bodyRows, Math.ceil((DEFAULT_HEIGHT - header) / ROW_HEIGHT));
  return Math.min(header + rows * ROW_HEIGHT + (h.scrollbar ?? 0), FIT_MAX_HEIGHT);
}
