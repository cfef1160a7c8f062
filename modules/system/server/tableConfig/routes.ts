// /api/srmServer/v1/srmBaseTableConfigRestful/{get,createOrUpdate,saveOrUpdate,delete}: a user's own
// column settings per table (SPEC §7 "Tables"). Any signed-in user may keep settings, but only ever
// their own: the user id comes from the session, never from the body (a forced row rule).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../../../server/context.js';
import { auditInsert, auditUpdate, lockInTransaction, typed } from '../../../../server/db/typed.js';
import { unauthorized } from '../../../../server/errors.js';
import { ok } from '../../../../server/http/envelope.js';
import type { Session } from '../../../../server/auth/session.js';
import { tableColumnsOf } from './tables.js';
import { columnSettingsOf, tableNameOf, type ColumnSetting } from './validate.js';
import type { SrmBaseTableConfigTable, SystemTables } from '../../generated/tables.js';

export const TABLE_CONFIG_PREFIX = '/api/srmServer/v1/srmBaseTableConfigRestful';

const CONFIG_COLUMNS = ['table_config_id', 'table_name', 'columns', 'version_num', 'last_update_date'] as const;
type ConfigRow = Pick<Selectable<SrmBaseTableConfigTable>, (typeof CONFIG_COLUMNS)[number]>;

export interface TableConfigAnswer {
  tableConfigId: number;
  tableName: string;
  columns: ColumnSetting[];
  versionNum: number;
}

function parseColumns(text: string): ColumnSetting[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as ColumnSetting[]) : [];
  } catch {
    return [];
  }
}

function answerOf(row: ConfigRow, keep?: ReadonlySet<string>): TableConfigAnswer {
  const columns = parseColumns(row.columns).filter((c) => !keep || keep.has(c.key));
  return { tableConfigId: row.table_config_id, tableName: row.table_name, columns, versionNum: row.version_num };
}

export function registerTableConfigRoutes(server: FastifyInstance, app: AppContext): void {
  // Recomputed when the designer publishes (app.defs is replaced, never mutated).
  let tablesOf = app.defs;
  let tables = tableColumnsOf(app.defs);
  const current = () => {
    if (tablesOf !== app.defs) [tablesOf, tables] = [app.defs, tableColumnsOf(app.defs)];
    return tables;
  };
  const sessionOf = (req: FastifyRequest): Session => {
    if (!req.session) throw unauthorized('auth.noSession');
    return req.session;
  };
  const bodyOf = (req: FastifyRequest): Record<string, unknown> =>
    req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
  const system = typed<SystemTables>(app.db);
  const find = (userId: number, table: string): Promise<ConfigRow | undefined> =>
    system
      .selectFrom('srm_base_table_config')
      .select(CONFIG_COLUMNS)
      .where('user_id', '=', userId)
      .where('table_name', '=', table)
      .orderBy('table_config_id')
      .limit(1)
      .executeTakeFirst();

  // Answer null when the user has no settings for the table: the grid then uses the definition's columns.
  server.post(`${TABLE_CONFIG_PREFIX}/get`, async (req) => {
    const s = sessionOf(req);
    const body = bodyOf(req);
    const table = tableNameOf(body, current());
    // SPEC §7: loaded "by table name and columns": when the caller lists its current columns, settings
    // of columns it no longer has are left out of the answer.
    const keep = Array.isArray(body.columns) ? new Set(body.columns.filter((k): k is string => typeof k === 'string')) : undefined;
    const row = await find(s.userId, table);
    return ok(row ? answerOf(row, keep) : null);
  });

  const createOrUpdate = async (req: FastifyRequest) => {
    const s = sessionOf(req);
    const body = bodyOf(req);
    const table = tableNameOf(body, current());
    const columns = JSON.stringify(columnSettingsOf(body, table, current()));
    const row = await system.transaction().execute(async (trx) => {
      // One row per user and table: serialise concurrent saves of the same pair (no unique index needed).
      await lockInTransaction(trx, `tableConfig:${s.userId}:${table}`);
      const updated = await trx
        .updateTable('srm_base_table_config')
        .set({ columns, ...auditUpdate(s.userId) })
        .where('user_id', '=', s.userId)
        .where('table_name', '=', table)
        .returning(CONFIG_COLUMNS)
        .executeTakeFirst();
      if (updated) return updated;
      return trx
        .insertInto('srm_base_table_config')
        .values({ user_id: s.userId, table_name: table, columns, ...auditInsert(s.userId) })
        .returning(CONFIG_COLUMNS)
        .executeTakeFirstOrThrow();
    });
    return ok(answerOf(row));
  };
  server.post(`${TABLE_CONFIG_PREFIX}/createOrUpdate`, createOrUpdate);
  server.post(`${TABLE_CONFIG_PREFIX}/saveOrUpdate`, createOrUpdate);

  // "Reset to default": forget the user's settings for the table. Deleting nothing is not an error.
  server.post(`${TABLE_CONFIG_PREFIX}/delete`, async (req) => {
    const s = sessionOf(req);
    const table = tableNameOf(bodyOf(req), current());
    await system.deleteFrom('srm_base_table_config').where('user_id', '=', s.userId).where('table_name', '=', table).execute();
    return ok(null);
  });
}
