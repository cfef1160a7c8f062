// Checks a table-settings body before anything is written: the table must be a grid of the
// definitions, every column one of its columns, listed once, with a sane width and freeze side.
import { refuse } from '../errors.js';
import type { TableColumns } from './tables.js';

export type FixedSide = 'left' | 'right' | 'none';

/** One column's user setting; the array order is the display order. */
export interface ColumnSetting {
  key: string;
  isShow: boolean;
  width?: number;
  fixed: FixedSide;
}

export const MIN_WIDTH = 20;
export const MAX_WIDTH = 2000;
const SIDES: readonly string[] = ['left', 'right', 'none'];

export function tableNameOf(body: Record<string, unknown>, tables: TableColumns): string {
  const name = body.tableName;
  if (typeof name !== 'string' || name.trim() === '') throw refuse('tableConfig.tableNameRequired');
  if (!tables.has(name)) throw refuse('tableConfig.unknownTable', { table: name.slice(0, 200) });
  return name;
}

export function columnSettingsOf(body: Record<string, unknown>, table: string, tables: TableColumns): ColumnSetting[] {
  const raw = body.columns;
  if (!Array.isArray(raw) || raw.length === 0) throw refuse('tableConfig.columnsRequired');
  const known = tables.get(table)!;
  const seen = new Set<string>();
  return raw.map((item: unknown) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) throw refuse('tableConfig.columnsRequired');
    const c = item as Record<string, unknown>;
    const key = typeof c.key === 'string' ? c.key : '';
    if (!known.has(key)) throw refuse('tableConfig.unknownColumn', { table, column: key.slice(0, 100) });
    if (seen.has(key)) throw refuse('tableConfig.duplicateColumn', { column: key });
    seen.add(key);
    if (c.isShow !== undefined && typeof c.isShow !== 'boolean') throw refuse('tableConfig.badShow', { column: key });
    if (c.width !== undefined && c.width !== null && (typeof c.width !== 'number' || !Number.isFinite(c.width) || c.width < MIN_WIDTH || c.width > MAX_WIDTH)) {
      throw refuse('tableConfig.badWidth', { column: key, min: MIN_WIDTH, max: MAX_WIDTH });
    }
    if (c.fixed !== undefined && c.fixed !== null && (typeof c.fixed !== 'string' || !SIDES.includes(c.fixed))) throw refuse('tableConfig.badFixed', { column: key });
    const setting: ColumnSetting = { key, isShow: c.isShow !== false, fixed: (c.fixed as FixedSide | undefined) ?? 'none' };
    if (typeof c.width === 'number') setting.width = Math.round(c.width);
    return setting;
  });
}
