import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Language } from '../i18n/messages.js';

export interface ResponsibilityRef {
  respId: number;
  respCode: string;
  respName: string;
}

/** What a user's responsibilities grant: menu codes, `${menuCode}:${resourceCode}`, responsibility ids. */
export interface GrantData {
  /** False when the user is disabled or gone: the session is refused on its next request. */
  active: boolean;
  menus: Set<string>;
  resources: Set<string>;
  respIds: Set<number>;
}

/**
 * A user account may be used today: enabled and inside its validity dates (base_users start/end date).
 * The login and every request (through the grants) ask the same question.
 */
export function userUsable(alias: string): RawBuilder<boolean> {
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  return sql<boolean>`(${col('enabled_flag')} = 'Y' and (${col('start_date')} is null or ${col('start_date')} <= current_date)
    and (${col('end_date')} is null or ${col('end_date')} >= current_date))`;
}

/** Column holding a translated name: menu_name, menu_name_en, … */
export function localizedColumn(base: string, lang: Language): string {
  return lang === 'CN' ? base : `${base}_${lang.toLowerCase()}`;
}

/** The responsibilities a user holds today (enabled, inside their date range). */
export async function userResponsibilities(db: Db, userId: number, lang: Language): Promise<ResponsibilityRef[]> {
  const name = sql.ref(`r.${localizedColumn('resp_name', lang)}`);
  const rows = await sql<{ resp_id: number; resp_code: string; resp_name: string }>`
    select r.resp_id, r.resp_code, coalesce(${name}, r.resp_name) as resp_name
    from base_user_resp ur join base_responsibility r on r.resp_id = ur.resp_id
    where ur.user_id = ${userId} and r.enabled_flag = 'Y'
      and (ur.start_date is null or ur.start_date <= current_date)
      and (ur.end_date is null or ur.end_date >= current_date)
    order by r.resp_id`.execute(db);
  return rows.rows.map((r) => ({ respId: r.resp_id, respCode: r.resp_code, respName: r.resp_name }));
}

/**
 * Menu ids held by the responsibilities `respIds` (a subquery or a value): their own menus plus the
 * menus of the enabled roles they include (a responsibility holds the union).
 */
export function heldMenuIds(respIds: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`select rm.menu_id from base_resp_menu rm where rm.resp_id in (${respIds})
    union select ro_m.menu_id from base_resp_role rr
      join base_role ro on ro.role_id = rr.role_id and ro.enabled_flag = 'Y'
      join base_role_menu ro_m on ro_m.role_id = rr.role_id
    where rr.resp_id in (${respIds})`;
}

/** Resource ids held by the responsibilities `respIds`, own and through their enabled roles. */
export function heldResourceIds(respIds: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`select rr0.resource_id from base_resp_resource rr0 where rr0.resp_id in (${respIds})
    union select ro_r.resource_id from base_resp_role rr
      join base_role ro on ro.role_id = rr.role_id and ro.enabled_flag = 'Y'
      join base_role_resource ro_r on ro_r.role_id = rr.role_id
    where rr.resp_id in (${respIds})`;
}

/** The grants of a user, straight from the database (Acl caches them per session). */
export async function loadGrants(db: Db, userId: number): Promise<GrantData> {
  const held = sql`
    select r.resp_id from base_user_resp ur join base_responsibility r on r.resp_id = ur.resp_id
    where ur.user_id = ${userId} and r.enabled_flag = 'Y'
      and (ur.start_date is null or ur.start_date <= current_date)
      and (ur.end_date is null or ur.end_date >= current_date)`;
  const [user, resps, menus, resources] = await Promise.all([
    sql<{ usable: boolean }>`select ${userUsable('u')} as usable from base_users u where u.user_id = ${userId}`.execute(db),
    held.execute(db),
    sql<{ menu_code: string }>`select distinct m.menu_code from base_menu m
      where m.enabled = 'Y' and m.menu_id in (${heldMenuIds(held)})`.execute(db),
    sql<{ menu_code: string; resource_code: string }>`select distinct m.menu_code, res.resource_code
      from base_resource res join base_menu m on m.menu_id = res.menu_id
      where res.enabled = 'Y' and m.enabled = 'Y' and res.resource_id in (${heldResourceIds(held)})`.execute(db),
  ]);
  return {
    active: user.rows[0]?.usable === true,
    respIds: new Set((resps.rows as { resp_id: number }[]).map((r) => r.resp_id)),
    menus: new Set(menus.rows.map((r) => r.menu_code)),
    resources: new Set(resources.rows.map((r) => `${r.menu_code}:${r.resource_code}`)),
  };
}
