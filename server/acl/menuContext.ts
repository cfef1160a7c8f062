// The menus a link into the app opens its page under (docs/decisions.md "A link opens its page in its menu").
// A page's buttons are granted per menu (menuId + respId); a link that names no menu (an inbox notice, a
// pushed frame) would open its page with none. A route learns here which menus' screens include its page
// (the menu's own page, its edit page, its sub-pages) as `menuCode=A,B`; the shell opens it under the first
// of those the reader's responsibility holds, or under none. The server's ACL still decides every call.
import { boundPages } from '../../meta/crossCheck.js';
import type { Definitions } from '../../meta/definitions.js';
import type { Menu } from '../../meta/generated/definitions.js';

const cache = new WeakMap<Definitions, Map<string, string[]>>();

function flatten(menus: readonly Menu[]): Menu[] {
  return menus.flatMap((m) => [m, ...flatten(m.children ?? [])]);
}

function pageMenus(defs: Definitions): Map<string, string[]> {
  let index = cache.get(defs);
  if (index) return index;
  index = new Map();
  for (const menu of flatten(defs.menus.menus)) {
    const page = menu.page ? defs.pages.get(menu.page) : undefined;
    if (menu.menuType !== 'PAGE' || !page) continue;
    for (const p of boundPages(defs, page)) {
      const codes = index.get(p.name) ?? [];
      if (!codes.includes(menu.menuCode)) codes.push(menu.menuCode);
      index.set(p.name, codes);
    }
  }
  cache.set(defs, index);
  return index;
}

/** Codes of the menus whose screens include page `pageName`, in menu order. */
export function menusOfPage(defs: Definitions, pageName: string): readonly string[] {
  return pageMenus(defs).get(pageName) ?? [];
}

/**
 * `route` (`/main/{page}?…`) with `menuCode` naming the menus of its page, unless it names its menu already
 * (`menuId`, `menuCode`), is a workflow task's (`taskId`: the process panel gives the assignee's actions)
 * or its page belongs to no menu. Anything else is answered as it came.
 */
export function withMenuCodes(defs: Definitions, route: string | null): string | null {
  if (!route || !route.startsWith('/main/')) return route;
  const [path, query = ''] = route.split('?', 2);
  const search = new URLSearchParams(query);
  if (search.has('menuId') || search.has('menuCode') || search.has('taskId')) return route;
  const codes = menusOfPage(defs, path.slice('/main/'.length));
  if (codes.length === 0) return route;
  search.set('menuCode', codes.join(','));
  return `${path}?${search.toString()}`;
}
