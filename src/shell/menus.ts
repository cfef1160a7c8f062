// The menu tree of the current responsibility (docs/decisions.md "Shell endpoints"). Names arrive
// translated per SAAF-Language, so the tree is fetched again whenever the language changes.
import { useEffect, useState } from 'react';
import type { Language } from '../../runtime/env';
import { call } from '../app/typedClients';
import { shellClient } from '../generated/clients';
import type { Id } from '../app/session';

export interface MenuNode {
  menuId: Id;
  menuCode: string;
  menuName: string;
  menuType: 'DIR' | 'PAGE' | string;
  htmlUrl?: string | null;
  imageLink?: string | null;
  menuParentId?: Id | null;
  levelId?: number | null;
  children?: MenuNode[] | null;
}

export type MenusState = { status: 'loading' | 'ready' | 'failed'; menus: MenuNode[]; error?: string };

export function useMenus(respId: Id | null, language: Language): MenusState {
  const [state, setState] = useState<MenusState>({ status: 'loading', menus: [] });
  useEffect(() => {
    if (respId === null) {
      setState({ status: 'ready', menus: [] });
      return;
    }
    let alive = true;
    setState((s) => ({ status: 'loading', menus: s.menus }));
    shellClient(call).findMenuByResp({ respId }).then(
      (menus: MenuNode[] | null) => alive && setState({ status: 'ready', menus: menus ?? [] }),
      (error: unknown) => alive && setState({ status: 'failed', menus: [], error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      alive = false;
    };
  }, [respId, language]);
  return state;
}

export function isPageMenu(menu: MenuNode): boolean {
  return Boolean(menu.htmlUrl) && !(menu.children && menu.children.length);
}

/** Page menus in menu order; a page without its own icon borrows the nearest folder's. */
export function flattenPages(menus: readonly MenuNode[]): MenuNode[] {
  const out: MenuNode[] = [];
  const walk = (nodes: readonly MenuNode[], icon: string | null | undefined) => {
    for (const node of nodes) {
      const own = node.imageLink || icon;
      if (isPageMenu(node)) out.push(own === node.imageLink ? node : { ...node, imageLink: own });
      if (node.children) walk(node.children, own);
    }
  };
  walk(menus, undefined);
  return out;
}

export function findMenu(menus: readonly MenuNode[], menuId: string): MenuNode | undefined {
  return flattenPages(menus).find((m) => String(m.menuId) === menuId);
}

/** The route a menu opens, carrying menuId and respId for button permissions. */
export function menuRoute(menu: MenuNode, respId: Id | null): string {
  const url = menu.htmlUrl ?? '';
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}menuId=${encodeURIComponent(String(menu.menuId))}&respId=${encodeURIComponent(String(respId ?? -1))}`;
}
