// The menus as the database holds them (shipped ones seeded from menus.json, plus those added by the
// designer or an administrator), as flat menu definitions: a PAGE menu whose htmlUrl is /main/{page}
// binds that page exactly like a shipped menu does.
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import type { Menu } from '../../../meta/generated/definitions.js';
import type { AdminTables } from '../generated/tables.js';

export async function databaseMenus(db: Db): Promise<Menu[]> {
  const admin = typed<AdminTables>(db);
  const menus = await admin
    .selectFrom('base_menu')
    .select(['menu_id', 'menu_code', 'menu_name', 'menu_type', 'html_url'])
    .where('enabled', '=', 'Y')
    .orderBy('menu_id')
    .execute();
  const resources = await admin
    .selectFrom('base_resource')
    .select(['menu_id', 'resource_code', 'resource_name'])
    .where('enabled', '=', 'Y')
    .orderBy('resource_id')
    .execute();
  const byMenu = new Map<number, { resourceCode: string; name: string }[]>();
  for (const r of resources) {
    const list = byMenu.get(Number(r.menu_id)) ?? [];
    list.push({ resourceCode: r.resource_code, name: r.resource_name });
    byMenu.set(Number(r.menu_id), list);
  }
  return menus.flatMap((m): Menu[] => {
    const page = /^\/main\/([^?#]+)/.exec(m.html_url ?? '')?.[1];
    if (m.menu_type !== 'PAGE' || !page) return [];
    return [{ menuCode: m.menu_code, name: m.menu_name, menuType: 'PAGE', page, resources: byMenu.get(Number(m.menu_id)) ?? [] }];
  });
}
