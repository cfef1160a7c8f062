// A user's table settings over /srmServer/v1/srmBaseTableConfigRestful/ (server/tableConfig/routes.ts of
// this module): the server keys every call by the session's user; the client only names the table.
import type { TableConfig, TableSettingsService } from '../../../runtime/data/tableConfigProvider';

const FAMILY = 'srmServer/v1/srmBaseTableConfigRestful';

export const tableSettings: TableSettingsService = (env) => {
  const call = <T>(action: string, body: unknown) => env.api<T>(`${FAMILY}/${action}`, body);
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
};
