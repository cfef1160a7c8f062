// The calls every signed-in user needs to draw the shell: who am I, my menus, my buttons, lookups.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from './context.js';
import { forbidden, refuse, unauthorized } from './errors.js';
import { ok } from './http/envelope.js';
import { heldMenuIds, heldResourceIds, localizedColumn, userResponsibilities } from './acl/responsibilities.js';
import { menuTree, type MenuRow } from './acl/menuTree.js';
import type { Session } from './auth/session.js';

const base = (family: string) => [`/api/baseServer/v1/${family}`, `/api/zuul/baseServer/v1/${family}`];

export function registerShellRoutes(server: FastifyInstance, app: AppContext): void {
  const session = (s: Session | null): Session => {
    if (!s) throw unauthorized('auth.noSession');
    return s;
  };
  const respOf = async (req: { session: Session | null; body: unknown }) => {
    const s = session(req.session);
    const respId = Number((req.body as { respId?: unknown } | undefined)?.respId);
    const grants = await app.acl.grants(s);
    if (!grants.respIds.has(respId)) throw forbidden('auth.noResponsibility');
    return respId;
  };

  for (const p of base('baseUsersRestful')) {
    server.post(`${p}/getCurrentUser`, async (req) => {
      const s = session(req.session);
      const row = (await sql<{ user_full_name: string | null; supplier_name: string | null; email: string | null }>`
        select u.user_full_name, u.email, s.supplier_name from base_users u
        left join srm_pos_supplier_info s on s.supplier_id = u.supplier_id where u.user_id = ${s.userId}`.execute(app.db)).rows[0];
      return ok({
        userId: s.userId,
        userName: s.userName,
        userFullName: row?.user_full_name ?? null,
        email: row?.email ?? null,
        userType: s.userType,
        supplierId: s.supplierId,
        supplierName: row?.supplier_name ?? null,
        responsibilities: await userResponsibilities(app.db, s.userId, req.lang),
      });
    });
  }

  for (const p of base('baseMenuRestful')) {
    server.post(`${p}/findMenuByResp`, async (req) => {
      const respId = await respOf(req);
      const name = sql.ref(`m.${localizedColumn('menu_name', req.lang)}`);
      const rows = await sql<MenuRow>`
        select m.menu_id as "menuId", m.menu_code as "menuCode", coalesce(${name}, m.menu_name) as "menuName",
          m.menu_type as "menuType", m.html_url as "htmlUrl", m.image_link as "imageLink",
          m.menu_parent_id as "menuParentId", m.level_id as "levelId", m.seq_num as "seqNum"
        from base_menu m where m.enabled = 'Y' and (
          m.menu_id in (${heldMenuIds(sql`${respId}`)})
          or (m.menu_type = 'DIR' and exists (
            select 1 from base_menu c
            where c.menu_parent_id = m.menu_id and c.enabled = 'Y' and c.menu_id in (${heldMenuIds(sql`${respId}`)}))))
        order by m.seq_num nulls last, m.menu_id`.execute(app.db);
      return ok(menuTree(rows.rows));
    });
  }

  for (const p of base('baseResourceRestful')) {
    server.post(`${p}/findByRespAndMenu`, async (req) => {
      const respId = await respOf(req);
      const menuId = Number((req.body as { menuId?: unknown }).menuId);
      const name = sql.ref(`res.${localizedColumn('resource_name', req.lang)}`);
      const rows = await sql<{ resourceCode: string; resourceName: string; resIcon: string | null }>`
        select res.resource_code as "resourceCode", coalesce(${name}, res.resource_name) as "resourceName", res.res_icon as "resIcon"
        from base_resource res
        where res.resource_id in (${heldResourceIds(sql`${respId}`)}) and res.menu_id = ${Number.isSafeInteger(menuId) ? menuId : -1} and res.enabled = 'Y'
        order by res.resource_id`.execute(app.db);
      return ok(rows.rows);
    });
  }

  for (const p of base('baseLookupValuesRestful')) {
    server.post(`${p}/findDic`, async (req) => {
      session(req.session);
      const type = (req.body as { lookupType?: unknown }).lookupType;
      if (typeof type !== 'string' || !/^[A-Z][A-Z0-9_]{0,59}$/.test(type)) throw refuse('lookup.typeRequired');
      return ok(await app.lookups.findDic(type, req.lang));
    });
  }
}
