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
    shellClient(call)
      .findMenuByResp({ respId })
      .then(
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

/** Keys of the folders that hold menu `menuId`, outermost first (empty when it is not in the tree). */
export function folderKeysOf(menus: readonly MenuNode[], menuId: string): string[] {
  const walk = (nodes: readonly MenuNode[], path: string[]): string[] | null => {
    for (const node of nodes) {
      if (String(node.menuId) === menuId) return path;
      const found = node.children ? walk(node.children, [...path, String(node.menuId)]) : null;
      if (found) return found;
    }
    return null;
  };
  return walk(menus, []) ?? [];
}

export interface MenuMatch {
  menu: MenuNode;
  /** Names of the folders it sits in, outermost first. */
  folders: string[];
}

/**
 * Screens whose title (as answered, in the current language) or route contains every word of `query`,
 * case-insensitive; a title that starts with the query comes first, otherwise menu order is kept.
 */
export function searchMenus(menus: readonly MenuNode[], query: string): MenuMatch[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const out: MenuMatch[] = [];
  const walk = (nodes: readonly MenuNode[], folders: string[]) => {
    for (const node of nodes) {
      if (isPageMenu(node)) {
        const hay = `${node.menuName} ${node.htmlUrl ?? ''}`.toLowerCase();
        if (words.every((w) => hay.includes(w))) out.push({ menu: node, folders });
      }
      if (node.children) walk(node.children, [...folders, node.menuName]);
    }
  };
  walk(menus, []);
  const q = query.trim().toLowerCase();
  const starts = (m: MenuMatch) => (m.menu.menuName.toLowerCase().startsWith(q) ? 0 : 1);
  return out
    .map((m, i) => ({ m, i }))
    .sort((a, b) => starts(a.m) - starts(b.m) || a.i - b.i)
    .map(({ m }) => m);
}
