// 菜单功能权限 (systemsetting/menuFuncPrivilege): which responsibilities hold a menu, directly
// (base_resp_menu) or through an enabled role they include (base_resp_role → base_role_menu) — the same
// union the grants use (acl/responsibilities.ts heldMenuIds). One row per (menu, responsibility), shaped
// as a baseRespMenu record; a row held only through a role has no respMenuId.
import { sql, type RawBuilder } from 'kysely';
import { ok } from '../http/envelope.js';
import { refuse } from '../errors.js';
import type { DbRecord, FamilyAction } from '../rest/actionContext.js';
import { MAX_PAGE_ROWS } from '../rest/listQuery.js';
import { rowToRecord } from '../rest/records.js';
import { addReferenceDisplays } from '../rest/references.js';

const FILTERS = { menuId: 'menu_id', respId: 'resp_id' } as const;

function filters(params: unknown): RawBuilder<unknown>[] {
  if (params === undefined) return [];
  if (typeof params !== 'object' || params === null || Array.isArray(params)) throw refuse('rest.unknownFilter', { field: 'params' });
  const out: RawBuilder<unknown>[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (!Object.hasOwn(FILTERS, key)) throw refuse('rest.unknownFilter', { field: key });
    if (value === null || value === undefined || value === '') continue;
    const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
    if (!Number.isSafeInteger(id) || (id as number) < 1) throw refuse('rest.unknownFilter', { field: key });
    out.push(sql`p.${sql.ref(FILTERS[key as keyof typeof FILTERS])} = ${id as number}`);
  }
  return out;
}

export const listMenuPrivileges: FamilyAction = async (ctx) => {
  const { params, pageIndex = 1, pageRows = 20 } = ctx.body;
  const where = filters(params);
  if (!Number.isSafeInteger(pageIndex) || !Number.isSafeInteger(pageRows) || (pageIndex as number) < 1 || (pageRows as number) < 1 || (pageRows as number) > MAX_PAGE_ROWS) {
    throw refuse('rest.badPaging');
  }
  const held = sql`select distinct on (x.menu_id, x.resp_id) x.* from (
      select rm.resp_menu_id, rm.resp_id, rm.menu_id, rm.created_by, rm.creation_date, rm.last_updated_by, rm.last_update_date, rm.version_num
        from base_resp_menu rm
      union all
      select null, rr.resp_id, ro_m.menu_id, ro_m.created_by, ro_m.creation_date, ro_m.last_updated_by, ro_m.last_update_date, ro_m.version_num
        from base_resp_role rr
        join base_role ro on ro.role_id = rr.role_id and ro.enabled_flag = 'Y'
        join base_role_menu ro_m on ro_m.role_id = rr.role_id
    ) x order by x.menu_id, x.resp_id, x.resp_menu_id nulls last`;
  const whereSql = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const rows = pageRows as number;
  const [page, count] = await Promise.all([
    sql<DbRecord>`select p.* from (${held}) p ${whereSql} order by p.menu_id, p.resp_id limit ${rows} offset ${((pageIndex as number) - 1) * rows}`.execute(ctx.app.db),
    sql<{ n: number }>`select count(*)::int as n from (${held}) p ${whereSql}`.execute(ctx.app.db),
  ]);
  const records = page.rows.map((r) => rowToRecord(ctx.entity, r));
  await addReferenceDisplays(ctx.app.db, ctx.app.defs, ctx.entity, records);
  return ok(records, '', { count: Number(count.rows[0]?.n ?? 0), curIndex: pageIndex as number, pageRows: rows });
};
