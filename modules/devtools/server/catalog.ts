// Read-only views of the database catalogue (pg_catalog / information_schema), the same on PGlite and
// PostgreSQL. Row counts are the planner's estimates (or the statistics collector's live count for a
// table never analysed): counting a large table would be slow and is not what a browser needs.
import { sql } from 'kysely';
import type { Db } from '../../../server/db/connect.js';
import type { TableMeta } from '../../../meta/entityFromTable.js';
import type { TableDetail, TableRow } from '../../../meta/catalog.js';

const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listTables(db: Db, search: string, pageIndex: number, pageRows: number): Promise<{ rows: TableRow[]; count: number }> {
  const where = sql`n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname ilike ${likeOf(search)}`;
  const count = (await sql<{ n: number }>`select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${where}`.execute(db))
    .rows[0].n;
  const rows = await sql<TableRow>`
    select c.relname as "tableName", obj_description(c.oid, 'pg_class') as "tableComment",
      (case when c.reltuples >= 0 then c.reltuples::bigint else coalesce(s.n_live_tup, 0) end)::float8 as "estimatedRows",
      (select count(*)::int from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as "columnCount"
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    left join pg_stat_user_tables s on s.relid = c.oid
    where ${where}
    order by c.relname limit ${pageRows} offset ${(pageIndex - 1) * pageRows}`.execute(db);
  return { rows: rows.rows.map((r) => ({ ...r, estimatedRows: Number(r.estimatedRows) })), count };
}

/** Null when the table does not exist in the public schema. */
export async function tableDetail(db: Db, tableName: string): Promise<TableDetail | null> {
  const page = await listTables(db, tableName, 1, 1000);
  const table = page.rows.find((r) => r.tableName === tableName);
  if (!table) return null;
  const columns = await sql<{
    column_name: string;
    data_type: string;
    udt_name: string;
    character_maximum_length: number | null;
    numeric_precision: number | null;
    numeric_scale: number | null;
    is_nullable: string;
    column_default: string | null;
    ordinal_position: number;
  }>`select column_name, data_type, udt_name, character_maximum_length, numeric_precision, numeric_scale, is_nullable, column_default, ordinal_position
    from information_schema.columns where table_schema = 'public' and table_name = ${tableName} order by ordinal_position`.execute(db);
  const pk = await sql<{ attname: string }>`
    select a.attname from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
    where n.nspname = 'public' and c.relname = ${tableName} and i.indisprimary order by array_position(i.indkey::int2[], a.attnum)`.execute(db);
  const indexes = await sql<{ indexname: string; indexdef: string }>`select indexname, indexdef from pg_indexes
    where schemaname = 'public' and tablename = ${tableName} order by indexname`.execute(db);
  return {
    tableName,
    estimatedRows: table.estimatedRows,
    primaryKey: pk.rows.map((r) => r.attname),
    columns: columns.rows.map((c) => ({
      columnName: c.column_name,
      dataType: c.data_type,
      udtName: c.udt_name,
      length: c.character_maximum_length === null ? null : Number(c.character_maximum_length),
      precision: c.numeric_precision === null ? null : Number(c.numeric_precision),
      scale: c.numeric_scale === null ? null : Number(c.numeric_scale),
      nullable: c.is_nullable === 'YES',
      defaultValue: c.column_default,
      position: Number(c.ordinal_position),
    })),
    indexes: indexes.rows.map((r) => ({ name: r.indexname, definition: r.indexdef })),
  };
}

export const tableMetaOf = (d: TableDetail): TableMeta => ({ tableName: d.tableName, columns: d.columns, primaryKey: d.primaryKey });
