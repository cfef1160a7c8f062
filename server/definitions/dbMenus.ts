// The menus as the database holds them (shipped ones seeded from menus.json, plus those added by the
// designer or an administrator), as flat menu definitions: a PAGE menu whose htmlUrl is /main/{page}
// binds that page exactly like a shipped menu does.
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Menu } from '../../meta/generated/definitions.js';

export async function databaseMenus(db: Db): Promise<Menu[]> {
  const menus = await sql<{ menu_id: number; menu_code: string; menu_name: string; menu_type: string; html_url: string | null }>`
    select menu_id, menu_code, menu_name, menu_type, html_url from base_menu where enabled = 'Y' order by menu_id`.execute(db);
  const resources = await sql<{ menu_id: number; resource_code: string; resource_name: string }>`
    select menu_id, resource_code, resource_name from base_resource where enabled = 'Y' order by resource_id`.execute(db);
  const byMenu = new Map<number, { resourceCode: string; name: string }[]>();
  for (const r of resources.rows) {
    const list = byMenu.get(Number(r.menu_id)) ?? [];
    list.push({ resourceCode: r.resource_code, name: r.resource_name });
    byMenu.set(Number(r.menu_id), list);
  }
  return menus.rows.flatMap((m): Menu[] => {
    const page = /^\/main\/([^?#]+)/.exec(m.html_url ?? '')?.[1];
    if (m.menu_type !== 'PAGE' || !page) return [];
    return [{ menuCode: m.menu_code, name: m.menu_name, menuType: 'PAGE', page, resources: byMenu.get(Number(m.menu_id)) ?? [] }];
  });
}
