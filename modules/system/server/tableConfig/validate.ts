// Checks a table-settings body before anything is written: the table must be a grid of the
// definitions, every column one of its columns, listed once, with a sane width and freeze side.
import { refuse } from '../../../../server/errors.js';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, isColumnWidth, isFixedSide, type ColumnSetting } from '../../../../meta/tableSettings.js';
import type { TableColumns } from './tables.js';

export type { ColumnSetting } from '../../../../meta/tableSettings.js';

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
    if (c.width !== undefined && c.width !== null && !isColumnWidth(c.width)) {
      throw refuse('tableConfig.badWidth', { column: key, min: MIN_COLUMN_WIDTH, max: MAX_COLUMN_WIDTH });
    }
    if (c.fixed !== undefined && c.fixed !== null && !isFixedSide(c.fixed)) throw refuse('tableConfig.badFixed', { column: key });
    const setting: ColumnSetting = { key, isShow: c.isShow !== false, fixed: isFixedSide(c.fixed) ? c.fixed : 'none' };
    if (typeof c.width === 'number') setting.width = Math.round(c.width);
    return setting;
  });
}
