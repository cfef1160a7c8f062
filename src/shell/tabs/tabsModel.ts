// Open tabs of the main layout as a pure state machine, so the rules (limit 15, single or multi
// tab per route, neighbour activation on close) are testable without React.
import type { Text } from '../../../runtime/definitions';

export const MAX_TABS = 15;

/** Route name rule of the spec: path without slashes, lower-cased, query stripped. */
export function routeName(path: string): string {
  const pathname = path.split(/[?#]/)[0];
  return pathname.replace(/\//g, '').toLowerCase();
}

/** Where a tab's title comes from, tried in this order; resolved at render so it follows the language. */
export interface TabTitle {
  menuId?: string;
  text?: Text;
  key?: string;
}

export interface Tab {
  /** routeName for single tabs; routeName plus the distinguishing query for multi tabs. */
  key: string;
  routeName: string;
  /** pathname + search, as navigated. */
  path: string;
  title: TabTitle;
  closable: boolean;
  /** Kept mounted while inactive (keep-alive); testIframes is not. */
  cache: boolean;
  /** Bumped by "refresh" to remount the page. */
  version: number;
}

export interface TabsState {
  tabs: Tab[];
  activeKey: string | null;
}

export const emptyTabs: TabsState = { tabs: [], activeKey: null };

export type OpenResult = { state: TabsState; overflow: boolean };

export function openTab(state: TabsState, tab: Omit<Tab, 'version'>): OpenResult {
  const existing = state.tabs.find((t) => t.key === tab.key);
  if (existing) {
    // Same single tab with another query (e.g. a new menuId): follow the latest path.
    const tabs = state.tabs.map((t) => (t.key === tab.key ? { ...t, path: tab.path, title: tab.title } : t));
    return { state: { tabs, activeKey: tab.key }, overflow: false };
  }
  if (state.tabs.length >= MAX_TABS) return { state, overflow: true };
  return { state: { tabs: [...state.tabs, { ...tab, version: 0 }], activeKey: tab.key }, overflow: false };
}

export function closeTab(state: TabsState, key: string): TabsState {
  const index = state.tabs.findIndex((t) => t.key === key);
  if (index < 0 || !state.tabs[index].closable) return state;
  const tabs = state.tabs.filter((t) => t.key !== key);
  if (state.activeKey !== key) return { tabs, activeKey: state.activeKey };
  const neighbour = tabs[index] ?? tabs[index - 1] ?? null;
  return { tabs, activeKey: neighbour?.key ?? null };
}

export function closeOthers(state: TabsState, key: string): TabsState {
  const tabs = state.tabs.filter((t) => t.key === key || !t.closable);
  return { tabs, activeKey: tabs.some((t) => t.key === key) ? key : (tabs[0]?.key ?? null) };
}

export function refreshTab(state: TabsState, key: string): TabsState {
  return { ...state, tabs: state.tabs.map((t) => (t.key === key ? { ...t, version: t.version + 1 } : t)) };
}

export function activeTab(state: TabsState): Tab | undefined {
  return state.tabs.find((t) => t.key === state.activeKey);
}
