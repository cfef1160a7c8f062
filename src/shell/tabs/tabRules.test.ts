import { describe, expect, it } from 'vitest';
import { withMenuContext } from '../../app/createEnv';
import { describeTab, pageNameOf } from './tabRules';

describe('tab rules', () => {
  it('names list pages by route and titles them by menu, then page title', () => {
    const tab = describeTab('/main/base/bankList?menuId=12&respId=3', '/main/inHome');
    expect(tab.key).toBe('mainbasebanklist');
    expect(tab.title.menuId).toBe('12');
    expect(tab.title.text).toMatchObject({ EN: 'Banks' });
    expect(tab.closable).toBe(true);
  });

  it('opens edit pages as one tab per record', () => {
    const a = describeTab('/main/base/bankEdit?id=5&menuId=12', '/main/inHome');
    const b = describeTab('/main/base/bankEdit?id=6&menuId=12', '/main/inHome');
    const n = describeTab('/main/base/bankEdit?menuId=12', '/main/inHome');
    expect(new Set([a.key, b.key, n.key]).size).toBe(3);
    expect(a.routeName).toBe('mainbasebankedit');
  });

  it('keeps the home tab open and does not cache testIframes', () => {
    expect(describeTab('/main/inHome', '/main/inHome').closable).toBe(false);
    expect(describeTab('/main/testIframes', '/main/inHome').cache).toBe(false);
    expect(describeTab('/main/unknown/page', '/main/inHome').title.key).toBe('shell.notFound.title');
    expect(pageNameOf('/main/base/bankList/')).toBe('base/bankList');
  });

  it('carries menuId and respId into in-page navigation', () => {
    expect(withMenuContext('/main/base/bankEdit?id=5', { menuId: '12', respId: '3' })).toBe('/main/base/bankEdit?id=5&menuId=12&respId=3');
    expect(withMenuContext('/main/base/bankEdit?menuId=9', { menuId: '12', respId: '3' })).toBe('/main/base/bankEdit?menuId=9&respId=3');
    expect(withMenuContext('/login', { menuId: '12' })).toBe('/login');
  });
});
