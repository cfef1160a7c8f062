// The wire shape of a user's table settings (the `tableSettings` service, runtime/data/tableConfigProvider.ts),
// shared by the grid that writes them and the server that checks them, so the two never disagree on sides
// or width limits.

export type FixedSide = 'left' | 'right' | 'none';

/** One column's setting; in a list, the list order is the display order. */
export interface ColumnSetting {
  key: string;
  isShow: boolean;
  width?: number;
  fixed: FixedSide;
}

export const MIN_COLUMN_WIDTH = 20;
export const MAX_COLUMN_WIDTH = 2000;
export const FIXED_SIDES: readonly FixedSide[] = ['left', 'right', 'none'];

export function isFixedSide(v: unknown): v is FixedSide {
  return typeof v === 'string' && (FIXED_SIDES as readonly string[]).includes(v);
}

/** A width the settings may hold: a finite number within the limits. */
export function isColumnWidth(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v >= MIN_COLUMN_WIDTH && v <= MAX_COLUMN_WIDTH;
}
