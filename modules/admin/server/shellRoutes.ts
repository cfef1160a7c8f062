// The calls every signed-in user needs to draw the shell: who am I, my menus, my buttons. (The lookup
// values the shell reads are the lookups module's route.)
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../server/context.js';
import { typed } from '../../../server/db/typed.js';
import { forbidden, unauthorized } from '../../../server/errors.js';
import { ok } from '../../../server/http/envelope.js';
import { heldMenuIds, heldResourceIds, MENU_NAME, RESOURCE_NAME, userResponsibilities } from './grants.js';
import { menuTree, type MenuRow } from '../../../server/acl/menuTree.js';
import type { Session } from '../../../server/auth/session.js';
import type { SupplierApi } from '../../supplier/api.js';
import type { AdminTables } from '../generated/tables.js';

const base = (family: string) => [`/api/baseServer/v1/${family}`, `/api/zuul/baseServer/v1/${family}`];

export function registerShellRoutes(server: FastifyInstance, app: AppContext): void {
  const admin = typed<AdminTables>(app.db);
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
      const row = await admin.selectFrom('base_users').select(['user_full_name', 'email']).where('user_id', '=', s.userId).executeTakeFirst();
      // An external user's company name belongs to the supplier module (asked through its API when it runs).
      const suppliers = app.modules.hasApi('supplier') ? app.modules.api<SupplierApi>('supplier') : undefined;
      const supplierName = s.supplierId !== null && suppliers ? await suppliers.supplierName(s.supplierId) : null;
      return ok({
        userId: s.userId,
        userName: s.userName,
        userFullName: row?.user_full_name ?? null,
        email: row?.email ?? null,
        userType: s.userType,
        supplierId: s.supplierId,
        supplierName,
        responsibilities: await userResponsibilities(app.db, s.userId, req.lang),
      });
    });
  }

  for (const p of base('baseMenuRestful')) {
    server.post(`${p}/findMenuByResp`, async (req) => {
      const respId = await respOf(req);
      const rows: MenuRow[] = await admin
        .selectFrom('base_menu as m')
        .select((eb) => [
          'm.menu_id as menuId',
          'm.menu_code as menuCode',
          eb.fn.coalesce(MENU_NAME[req.lang], 'm.menu_name').as('menuName'),
          'm.menu_type as menuType',
          'm.html_url as htmlUrl',
          'm.image_link as imageLink',
          'm.menu_parent_id as menuParentId',
          'm.level_id as levelId',
          'm.seq_num as seqNum',
        ])
        .where('m.enabled', '=', 'Y')
        .where((eb) =>
          eb.or([
            eb('m.menu_id', 'in', heldMenuIds(admin, [respId])),
            eb.and([
              eb('m.menu_type', '=', 'DIR'),
              eb.exists(
                eb
                  .selectFrom('base_menu as c')
                  .select(eb.lit(1).as('one'))
                  .whereRef('c.menu_parent_id', '=', 'm.menu_id')
                  .where('c.enabled', '=', 'Y')
                  .where('c.menu_id', 'in', heldMenuIds(admin, [respId])),
              ),
            ]),
          ]),
        )
        .orderBy('m.seq_num', (ob) => ob.nullsLast())
        .orderBy('m.menu_id')
        .execute();
      return ok(menuTree(rows));
    });
  }

  for (const p of base('baseResourceRestful')) {
    server.post(`${p}/findByRespAndMenu`, async (req) => {
      const respId = await respOf(req);
      const menuId = Number((req.body as { menuId?: unknown }).menuId);
      const rows = await admin
        .selectFrom('base_resource as res')
        .select((eb) => [
          'res.resource_code as resourceCode',
          eb.fn.coalesce(RESOURCE_NAME[req.lang], 'res.resource_name').as('resourceName'),
          'res.res_icon as resIcon',
        ])
        .where('res.resource_id', 'in', heldResourceIds(admin, [respId]))
        .where('res.menu_id', '=', Number.isSafeInteger(menuId) ? menuId : -1)
        .where('res.enabled', '=', 'Y')
        .orderBy('res.resource_id')
        .execute();
      return ok(rows);
    });
  }
}
