import { describe, expect, it } from 'vitest';
import { MAX_TABS, closeOthers, closeTab, emptyTabs, openTab, refreshTab, routeName, type Tab } from './tabsModel';

const tab = (key: string, closable = true): Omit<Tab, 'version'> => ({
  key,
  routeName: key,
  path: `/main/${key}`,
  title: { key: 'x' },
  closable,
  cache: true,
});

describe('routeName', () => {
  it('removes slashes and query and lower-cases', () => {
    expect(routeName('/main/base/bankList?menuId=12&respId=3')).toBe('mainbasebanklist');
    expect(routeName('/main/inHome')).toBe('maininhome');
  });
});

describe('tabs', () => {
  it('activates an open tab instead of duplicating it', () => {
    let s = openTab(emptyTabs, tab('a')).state;
    s = openTab(s, tab('b')).state;
    const again = openTab(s, { ...tab('a'), path: '/main/a?menuId=2' });
    expect(again.state.tabs).toHaveLength(2);
    expect(again.state.activeKey).toBe('a');
    expect(again.state.tabs[0].path).toBe('/main/a?menuId=2');
  });

  it('refuses a 16th tab', () => {
    let s = emptyTabs;
    for (let i = 0; i < MAX_TABS; i++) s = openTab(s, tab(`t${i}`)).state;
    const result = openTab(s, tab('one-too-many'));
    expect(result.overflow).toBe(true);
    expect(result.state.tabs).toHaveLength(MAX_TABS);
  });

  it('activates the right neighbour, else the left one, when closing the active tab', () => {
    let s = emptyTabs;
    for (const k of ['home', 'a', 'b', 'c']) s = openTab(s, tab(k, k !== 'home')).state;
    s = { ...s, activeKey: 'b' };
    expect(closeTab(s, 'b').activeKey).toBe('c');
    s = { ...s, activeKey: 'c' };
    expect(closeTab(s, 'c').activeKey).toBe('b');
    expect(closeTab(s, 'home')).toBe(s);
    expect(closeOthers(s, 'a').tabs.map((t) => t.key)).toEqual(['home', 'a']);
  });

  it('bumps the version on refresh', () => {
    const s = refreshTab(openTab(emptyTabs, tab('a')).state, 'a');
    expect(s.tabs[0].version).toBe(1);
  });
});
