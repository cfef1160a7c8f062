// 菜单功能权限 (systemsetting/menuFuncPrivilege): which responsibilities hold a menu, directly
// (base_resp_menu) or through an enabled role they include (base_resp_role → base_role_menu) — the same
// union the grants use (acl/responsibilities.ts heldMenuIds). One row per (menu, responsibility), shaped
// as a baseRespMenu record; a row held only through a role has no respMenuId.
import { typed } from '../../../server/db/typed.js';
import { ok } from '../../../server/http/envelope.js';
import { refuse } from '../../../server/errors.js';
import type { FamilyAction } from '../../../server/rest/actionContext.js';
import { MAX_PAGE_ROWS } from '../../../server/rest/listQuery.js';
import { rowToRecord } from '../../../server/rest/records.js';
import { addReferenceDisplays } from '../../../server/rest/references.js';
import type { AdminTables } from '../generated/tables.js';

const FILTERS = { menuId: 'p.menu_id', respId: 'p.resp_id' } as const;
type FilterColumn = (typeof FILTERS)[keyof typeof FILTERS];

function filters(params: unknown): [FilterColumn, number][] {
  if (params === undefined) return [];
  if (typeof params !== 'object' || params === null || Array.isArray(params)) throw refuse('rest.unknownFilter', { field: 'params' });
  const out: [FilterColumn, number][] = [];
  for (const [key, value] of Object.entries(params)) {
    if (!Object.hasOwn(FILTERS, key)) throw refuse('rest.unknownFilter', { field: key });
    if (value === null || value === undefined || value === '') continue;
    const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
    if (!Number.isSafeInteger(id) || (id as number) < 1) throw refuse('rest.unknownFilter', { field: key });
    out.push([FILTERS[key as keyof typeof FILTERS], id as number]);
  }
  return out;
}

export const listMenuPrivileges: FamilyAction = async (ctx) => {
  const { params, pageIndex = 1, pageRows = 20 } = ctx.body;
  const where = filters(params);
  if (
    !Number.isSafeInteger(pageIndex) ||
    !Number.isSafeInteger(pageRows) ||
    (pageIndex as number) < 1 ||
    (pageRows as number) < 1 ||
    (pageRows as number) > MAX_PAGE_ROWS
  ) {
    throw refuse('rest.badPaging');
  }
  const admin = typed<AdminTables>(ctx.app.db);
  const direct = admin.selectFrom('base_resp_menu as rm').select((eb) => [
    // Null in the rows held through a role: the union's column is nullable.
    eb.ref('rm.resp_menu_id').$castTo<number | null>().as('resp_menu_id'),
    'rm.resp_id',
    'rm.menu_id',
    'rm.created_by',
    'rm.creation_date',
    'rm.last_updated_by',
    'rm.last_update_date',
    'rm.version_num',
  ]);
  const throughRoles = admin
    .selectFrom('base_resp_role as rr')
    .innerJoin('base_role as ro', (j) => j.onRef('ro.role_id', '=', 'rr.role_id').on('ro.enabled_flag', '=', 'Y'))
    .innerJoin('base_role_menu as ro_m', 'ro_m.role_id', 'rr.role_id')
    .select((eb) => [
      eb.lit(null).$castTo<number | null>().as('resp_menu_id'),
      'rr.resp_id',
      'ro_m.menu_id',
      'ro_m.created_by',
      'ro_m.creation_date',
      'ro_m.last_updated_by',
      'ro_m.last_update_date',
      'ro_m.version_num',
    ]);
  const held = admin
    .selectFrom(direct.unionAll(throughRoles).as('x'))
    .selectAll('x')
    .distinctOn(['x.menu_id', 'x.resp_id'])
    .orderBy('x.menu_id')
    .orderBy('x.resp_id')
    .orderBy('x.resp_menu_id', (ob) => ob.nullsLast());
  let filtered = admin.selectFrom(held.as('p'));
  for (const [column, id] of where) filtered = filtered.where(column, '=', id);
  const rows = pageRows as number;
  const [page, count] = await Promise.all([
    filtered
      .selectAll('p')
      .orderBy('p.menu_id')
      .orderBy('p.resp_id')
      .limit(rows)
      .offset(((pageIndex as number) - 1) * rows)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const records = page.map((r) => rowToRecord(ctx.entity, r));
  await addReferenceDisplays(ctx.app.db, ctx.app.defs, ctx.entity, records);
  return ok(records, '', { count: Number(count.n), curIndex: pageIndex as number, pageRows: rows });
};
