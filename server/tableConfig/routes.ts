// /api/srmServer/v1/srmBaseTableConfigRestful/{get,createOrUpdate,saveOrUpdate,delete}: a user's own
// column settings per table (SPEC §7 "Tables"). Any signed-in user may keep settings, but only ever
// their own: the user id comes from the session, never from the body (a forced row rule).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { unauthorized } from '../errors.js';
import { ok } from '../http/envelope.js';
import type { Session } from '../auth/session.js';
import { tableColumnsOf } from './tables.js';
import { columnSettingsOf, tableNameOf, type ColumnSetting } from './validate.js';

export const TABLE_CONFIG_PREFIX = '/api/srmServer/v1/srmBaseTableConfigRestful';

interface ConfigRow {
  table_config_id: number | string;
  table_name: string;
  columns: string;
  version_num: number;
  last_update_date: unknown;
}

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
  return { tableConfigId: Number(row.table_config_id), tableName: row.table_name, columns, versionNum: row.version_num };
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
  const find = async (userId: number, table: string) =>
    (await sql<ConfigRow>`select table_config_id, table_name, columns, version_num, last_update_date from srm_base_table_config
      where user_id = ${userId} and table_name = ${table} order by table_config_id limit 1`.execute(app.db)).rows[0];

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
    const row = await app.db.transaction().execute(async (trx) => {
      // One row per user and table: serialise concurrent saves of the same pair (no unique index needed).
      await sql`select pg_advisory_xact_lock(hashtext(${`tableConfig:${s.userId}:${table}`}))`.execute(trx);
      const updated = await sql<ConfigRow>`update srm_base_table_config set columns = ${columns}, last_updated_by = ${s.userId},
          last_update_date = localtimestamp(0), version_num = version_num + 1
        where user_id = ${s.userId} and table_name = ${table}
        returning table_config_id, table_name, columns, version_num, last_update_date`.execute(trx);
      if (updated.rows[0]) return updated.rows[0];
      return (await sql<ConfigRow>`insert into srm_base_table_config (user_id, table_name, columns, created_by, last_updated_by)
        values (${s.userId}, ${table}, ${columns}, ${s.userId}, ${s.userId})
        returning table_config_id, table_name, columns, version_num, last_update_date`.execute(trx)).rows[0];
    });
    return ok(answerOf(row));
  };
  server.post(`${TABLE_CONFIG_PREFIX}/createOrUpdate`, createOrUpdate);
  server.post(`${TABLE_CONFIG_PREFIX}/saveOrUpdate`, createOrUpdate);

  // "Reset to default": forget the user's settings for the table. Deleting nothing is not an error.
  server.post(`${TABLE_CONFIG_PREFIX}/delete`, async (req) => {
    const s = sessionOf(req);
    const table = tableNameOf(bodyOf(req), current());
    await sql`delete from srm_base_table_config where user_id = ${s.userId} and table_name = ${table}`.execute(app.db);
    return ok(null);
  });
}
