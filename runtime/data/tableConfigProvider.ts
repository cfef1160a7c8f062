// The per-user table settings family (SPEC §7 "Tables"): /srmServer/v1/srmBaseTableConfigRestful/.
// The server keys every call by the session's user; the client only names the table.
import type { RuntimeEnv } from '../env.js';
import type { ColumnSetting } from '../grid/tableSettings.js';

export const TABLE_CONFIG_FAMILY = 'srmServer/v1/srmBaseTableConfigRestful';

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

export function createTableConfigProvider(env: Pick<RuntimeEnv, 'api'>): TableConfigProvider {
  const call = <T>(action: string, body: unknown) => env.api<T>(`${TABLE_CONFIG_FAMILY}/${action}`, body);
  return {
    async get(tableName, columns) {
      return (await call<TableConfig | null>('get', { tableName, columns })).data ?? null;
    },
    async save(tableName, columns) {
      return (await call<TableConfig>('createOrUpdate', { tableName, columns })).data;
    },
    async remove(tableName) {
      await call<null>('delete', { tableName });
    },
  };
}
