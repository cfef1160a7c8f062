// The designer's "put this page in a menu": a PAGE menu opening /main/{page}, its resources (button
// codes) and the grants to the chosen responsibilities, all in one transaction or not at all.
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { refuse } from '../errors.js';
import { stringArg, type Body } from './access.js';

const MENU_CODE = /^[A-Z][A-Z0-9_]{1,59}$/;
const RESOURCE_CODE = /^btn[A-Z][A-Za-z0-9]{0,55}$/;
const LANGS = ['CN', 'EN', 'TH', 'VN'] as const;
/** Holds every menu (docs/decisions.md): a menu added later is granted to it as well. */
const ALL_MENUS_RESP = 'SYS_ADMIN';

type Names = Record<(typeof LANGS)[number], string>;

function namesOf(v: unknown, what: string): Names {
  const o = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  for (const l of LANGS) {
    const s = o[l];
    if (typeof s !== 'string' || s.trim() === '' || s.length > 200) throw refuse('definition.namesRequired', { what });
  }
  return { CN: String(o.CN).trim(), EN: String(o.EN).trim(), TH: String(o.TH).trim(), VN: String(o.VN).trim() };
}

export interface MenuAdded {
  menuId: number;
  resourceIds: number[];
}

export async function addToMenu(db: Db, body: Body, pageName: string, userId: number): Promise<MenuAdded> {
  const parentCode = stringArg(body, 'parentMenuCode', 60);
  const menuCode = stringArg(body, 'menuCode', 60);
  if (!MENU_CODE.test(menuCode)) throw refuse('definition.badMenuCode', { code: menuCode });
  const names = namesOf(body.names, menuCode);
  const rawResources = Array.isArray(body.resources) ? body.resources : [];
  const resources = rawResources.map((r: unknown) => {
    const o = r && typeof r === 'object' ? (r as Record<string, unknown>) : {};
    const code = typeof o.resourceCode === 'string' ? o.resourceCode : '';
    if (!RESOURCE_CODE.test(code)) throw refuse('definition.badResourceCode', { code: code.slice(0, 60) });
    return { code, names: namesOf(o.names, code) };
  });
  if (new Set(resources.map((r) => r.code)).size !== resources.length) throw refuse('definition.duplicateResource');
  const respCodes = Array.isArray(body.grantRespCodes) ? body.grantRespCodes.filter((c): c is string => typeof c === 'string') : [];

  return db.transaction().execute(async (trx) => {
    const parent = (await sql<{ menu_id: number; level_id: number | null; menu_type: string }>`
      select menu_id, level_id, menu_type from base_menu where menu_code = ${parentCode}`.execute(trx)).rows[0];
    if (!parent || parent.menu_type !== 'DIR') throw refuse('definition.unknownParentMenu', { code: parentCode.slice(0, 60) });
    await sql`select pg_advisory_xact_lock(hashtext(${`menu:${menuCode}`}))`.execute(trx);
    const taken = (await sql`select 1 from base_menu where menu_code = ${menuCode}`.execute(trx)).rows.length > 0;
    if (taken) throw refuse('definition.menuCodeTaken', { code: menuCode });
    const wanted = [...new Set([...respCodes, ALL_MENUS_RESP])];
    const resps = (await sql<{ resp_id: number; resp_code: string }>`select resp_id, resp_code from base_responsibility
      where resp_code in (${sql.join(wanted)})`.execute(trx)).rows;
    const missing = respCodes.filter((c) => !resps.some((r) => r.resp_code === c));
    if (missing.length) throw refuse('definition.unknownResponsibility', { code: missing[0].slice(0, 60) });
    const seq = (await sql<{ n: number }>`select coalesce(max(seq_num), 0)::int + 10 as n from base_menu where menu_parent_id = ${parent.menu_id}`.execute(trx)).rows[0].n;
    const menuId = Number((await sql<{ menu_id: number }>`insert into base_menu
        (menu_code, menu_name, menu_name_en, menu_name_th, menu_name_vn, menu_type, html_url, menu_parent_id, level_id, seq_num, created_by, last_updated_by)
      values (${menuCode}, ${names.CN}, ${names.EN}, ${names.TH}, ${names.VN}, 'PAGE', ${`/main/${pageName}`}, ${parent.menu_id},
        ${(parent.level_id ?? 1) + 1}, ${seq}, ${userId}, ${userId}) returning menu_id`.execute(trx)).rows[0].menu_id);
    const resourceIds: number[] = [];
    for (const r of resources) {
      resourceIds.push(Number((await sql<{ resource_id: number }>`insert into base_resource (menu_id, resource_code, resource_name, resource_name_en, resource_name_th, resource_name_vn, created_by, last_updated_by)
        values (${menuId}, ${r.code}, ${r.names.CN}, ${r.names.EN}, ${r.names.TH}, ${r.names.VN}, ${userId}, ${userId}) returning resource_id`.execute(trx)).rows[0].resource_id));
    }
    for (const resp of resps) {
      await sql`insert into base_resp_menu (resp_id, menu_id, created_by, last_updated_by) values (${resp.resp_id}, ${menuId}, ${userId}, ${userId})`.execute(trx);
      for (const id of resourceIds) {
        await sql`insert into base_resp_resource (resp_id, resource_id, created_by, last_updated_by) values (${resp.resp_id}, ${id}, ${userId}, ${userId})`.execute(trx);
      }
    }
    return { menuId, resourceIds };
  });
}
