// A link that names its menus by code (`menuCode=A,B`: an inbox notice, a pushed frame; server/acl/menuContext.ts)
// opens its page under the first of them the current responsibility holds, with that menu's menuId and respId
// (the page's buttons); when it holds none, under no menu (read-only). The server's ACL still decides.
import type { Id } from '../app/session';
import { flattenPages, type MenuNode } from './menus';

/** Whether a query names menus by code and still lacks the menuId the shell opens pages with. */
export function namesMenuCodes(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('menuCode') && !params.has('menuId');
}

/** `path` (pathname + query) with `menuCode` replaced by the menuId/respId of the first held menu, or dropped. */
export function resolveMenuCodes(path: string, menus: readonly MenuNode[], respId: Id | null): string {
  const url = new URL(path, 'http://menu.invalid');
  const codes = (url.searchParams.get('menuCode') ?? '').split(',').filter(Boolean);
  url.searchParams.delete('menuCode');
  const pages = flattenPages(menus);
  const menu = codes.map((code) => pages.find((m) => m.menuCode === code)).find(Boolean);
  if (menu && !url.searchParams.has('menuId')) {
    url.searchParams.set('menuId', String(menu.menuId));
    url.searchParams.set('respId', String(respId ?? -1));
  }
  return `${url.pathname}${url.search}${url.hash}`;
}
