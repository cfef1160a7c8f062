// Grants as the security tables hold them: a user's responsibilities, their menus and buttons (own and
// through roles). The platform's Acl caches what loadGrants answers (services.ts AccessData).
import { expressionBuilder, sql, type Kysely } from 'kysely';
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import type { Language } from '../../../server/i18n/messages.js';
import type { GrantData } from '../../../server/modules/services.js';
import type { AdminTables, BaseUsersTable } from '../generated/tables.js';

export interface ResponsibilityRef {
  respId: number;
  respCode: string;
  respName: string;
}

/** The database's `current_date`, compared with the date columns ('yyyy-MM-dd' text). */
const today = () => sql<string>`current_date`;

/**
 * A user account may be used today: enabled and inside its validity dates (base_users start/end date),
 * for a query reading base_users as `u`. The login and every request (through the grants) ask the same question.
 */
export function userUsable() {
  const eb = expressionBuilder<{ u: BaseUsersTable }, 'u'>();
  return eb.and([
    eb('u.enabled_flag', '=', 'Y'),
    eb.or([eb('u.start_date', 'is', null), eb('u.start_date', '<=', today())]),
    eb.or([eb('u.end_date', 'is', null), eb('u.end_date', '>=', today())]),
  ]);
}

/** The translated name columns of each language (the CN name is the base column). */
export const MENU_NAME = { CN: 'm.menu_name', EN: 'm.menu_name_en', TH: 'm.menu_name_th', VN: 'm.menu_name_vn' } as const;
export const RESOURCE_NAME = { CN: 'res.resource_name', EN: 'res.resource_name_en', TH: 'res.resource_name_th', VN: 'res.resource_name_vn' } as const;
const RESP_NAME = { CN: 'r.resp_name', EN: 'r.resp_name_en', TH: 'r.resp_name_th', VN: 'r.resp_name_vn' } as const;

/** The responsibilities a user holds today (enabled, inside their date range), as `ur` and `r`. */
function heldResponsibilities(admin: Kysely<AdminTables>, userId: number) {
  return admin
    .selectFrom('base_user_resp as ur')
    .innerJoin('base_responsibility as r', 'r.resp_id', 'ur.resp_id')
    .where('ur.user_id', '=', userId)
    .where('r.enabled_flag', '=', 'Y')
    .where((eb) => eb.or([eb('ur.start_date', 'is', null), eb('ur.start_date', '<=', today())]))
    .where((eb) => eb.or([eb('ur.end_date', 'is', null), eb('ur.end_date', '>=', today())]));
}

/** Responsibilities by id, or the subquery of a user's held ones. */
type RespIds = readonly number[] | ReturnType<typeof heldRespIds>;
const heldRespIds = (admin: Kysely<AdminTables>, userId: number) => heldResponsibilities(admin, userId).select('r.resp_id');

/** The responsibilities a user holds today (enabled, inside their date range). */
export async function userResponsibilities(db: Db, userId: number, lang: Language): Promise<ResponsibilityRef[]> {
  const rows = await heldResponsibilities(typed<AdminTables>(db), userId)
    .select((eb) => ['r.resp_id', 'r.resp_code', eb.fn.coalesce(RESP_NAME[lang], 'r.resp_name').as('resp_name')])
    .orderBy('r.resp_id')
    .execute();
  return rows.map((r) => ({ respId: r.resp_id, respCode: r.resp_code, respName: r.resp_name }));
}

/**
 * Menu ids held by the responsibilities `respIds` (ids or a subquery): their own menus plus the
 * menus of the enabled roles they include (a responsibility holds the union).
 */
export function heldMenuIds(admin: Kysely<AdminTables>, respIds: RespIds) {
  return admin
    .selectFrom('base_resp_menu as rm')
    .select('rm.menu_id')
    .where('rm.resp_id', 'in', respIds)
    .union(
      admin
        .selectFrom('base_resp_role as rr')
        .innerJoin('base_role as ro', (j) => j.onRef('ro.role_id', '=', 'rr.role_id').on('ro.enabled_flag', '=', 'Y'))
        .innerJoin('base_role_menu as ro_m', 'ro_m.role_id', 'rr.role_id')
        .select('ro_m.menu_id')
        .where('rr.resp_id', 'in', respIds),
    );
}

/** Resource ids held by the responsibilities `respIds`, own and through their enabled roles. */
export function heldResourceIds(admin: Kysely<AdminTables>, respIds: RespIds) {
  return admin
    .selectFrom('base_resp_resource as rr0')
    .select('rr0.resource_id')
    .where('rr0.resp_id', 'in', respIds)
    .union(
      admin
        .selectFrom('base_resp_role as rr')
        .innerJoin('base_role as ro', (j) => j.onRef('ro.role_id', '=', 'rr.role_id').on('ro.enabled_flag', '=', 'Y'))
        .innerJoin('base_role_resource as ro_r', 'ro_r.role_id', 'rr.role_id')
        .select('ro_r.resource_id')
        .where('rr.resp_id', 'in', respIds),
    );
}

/** The grants of a user, straight from the database (Acl caches them per session). */
export async function loadGrants(db: Db, userId: number): Promise<GrantData> {
  const admin = typed<AdminTables>(db);
  const held = heldRespIds(admin, userId);
  const [user, resps, menus, resources] = await Promise.all([
    admin.selectFrom('base_users as u').select(userUsable().as('usable')).where('u.user_id', '=', userId).executeTakeFirst(),
    held.execute(),
    admin
      .selectFrom('base_menu as m')
      .select('m.menu_code')
      .distinct()
      .where('m.enabled', '=', 'Y')
      .where('m.menu_id', 'in', heldMenuIds(admin, held))
      .execute(),
    admin
      .selectFrom('base_resource as res')
      .innerJoin('base_menu as m', 'm.menu_id', 'res.menu_id')
      .select(['m.menu_code', 'res.resource_code'])
      .distinct()
      .where('res.enabled', '=', 'Y')
      .where('m.enabled', '=', 'Y')
      .where('res.resource_id', 'in', heldResourceIds(admin, held))
      .execute(),
  ]);
  return {
    active: user?.usable === true,
    respIds: new Set(resps.map((r) => r.resp_id)),
    menus: new Set(menus.map((r) => r.menu_code)),
    resources: new Set(resources.map((r) => `${r.menu_code}:${r.resource_code}`)),
  };
}
