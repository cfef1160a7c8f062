// The per-user table settings (SPEC §7 "Tables"). The server keys every call by the session's user; the
// client only names the table. The module that keeps the settings provides the calls (service slot
// `tableSettings`, runtime/registry/services.ts).
import type { RuntimeEnv } from '../env.js';
import type { ColumnSetting } from '../grid/tableSettings.js';
import { service } from '../registry/services.js';

export interface TableConfig {
  tableConfigId: number;
  tableName: string;
  columns: ColumnSetting[];
  versionNum: number;
}

export interface TableConfigProvider {
  /** The user's settings for the table, or null; `columns` (the grid's current keys) leaves out columns that no longer exist. */
  get(tableName: string, columns: readonly string[]): Promise<TableConfig | null>;
  save(tableName: string, columns: readonly ColumnSetting[]): Promise<TableConfig>;
  /** Back to the definition's columns. */
  remove(tableName: string): Promise<void>;
}

/** What a module provides in the `tableSettings` slot: the calls, made through the page's env. */
export type TableSettingsService = (env: Pick<RuntimeEnv, 'api'>) => TableConfigProvider;

export function createTableConfigProvider(env: Pick<RuntimeEnv, 'api'>): TableConfigProvider {
  return service('tableSettings')(env);
}
