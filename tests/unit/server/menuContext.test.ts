// A link into the app learns the menus whose screens include its page (server/acl/menuContext.ts), and the
// shell opens it under the first one the reader holds (src/shell/menuContext.ts).
import { describe, expect, it } from 'vitest';
import type { Definitions } from '../../../meta/definitions.js';
import type { PageDefinition } from '../../../meta/generated/definitions.js';
import { menusOfPage, withMenuCodes } from '../../../server/acl/menuContext.js';
import type { MenuNode } from '../../../src/shell/menus.js';
import { namesMenuCodes, resolveMenuCodes } from '../../../src/shell/menuContext.js';

const page = (name: string, kind: string, editPage?: string) =>
  ({ name, kind, entity: 'x', title: { CN: name }, ...(editPage ? { editPage } : {}) }) as unknown as PageDefinition;

const defs = {
  entities: new Map(),
  pages: new Map(
    [
      page('a/docList', 'list', 'a/docEdit'),
      page('a/docEdit', 'edit'),
      page('a/myDocList', 'list', 'a/myDocEdit'),
      page('a/myDocEdit', 'edit'),
      page('a/loose', 'edit'),
    ].map((p) => [p.name, p] as const),
  ),
  menus: {
    menus: [
      {
        menuCode: 'DIR',
        menuType: 'DIR',
        name: { CN: 'dir' },
        children: [
          { menuCode: 'DOCS', menuType: 'PAGE', page: 'a/docList', name: { CN: 'docs' } },
          { menuCode: 'MY_DOCS', menuType: 'PAGE', page: 'a/myDocList', name: { CN: 'mine' } },
          { menuCode: 'DOCS_TOO', menuType: 'PAGE', page: 'a/docList', name: { CN: 'docs again' } },
        ],
      },
    ],
  },
} as unknown as Definitions;

describe('server: the menus of a link', () => {
  it('names the menus whose screens include the page, edit pages through their list', () => {
    expect(menusOfPage(defs, 'a/docEdit')).toEqual(['DOCS', 'DOCS_TOO']);
    expect(menusOfPage(defs, 'a/myDocList')).toEqual(['MY_DOCS']);
    expect(menusOfPage(defs, 'a/loose')).toEqual([]);
  });

  it('adds menuCode to a route that names no menu, keeps every other as it came', () => {
    expect(withMenuCodes(defs, '/main/a/myDocEdit?id=7&mode=view')).toBe('/main/a/myDocEdit?id=7&mode=view&menuCode=MY_DOCS');
    expect(new URLSearchParams(withMenuCodes(defs, '/main/a/docEdit?id=1')!.split('?')[1]).get('menuCode')).toBe('DOCS,DOCS_TOO');
    for (const same of ['/main/a/docEdit?id=1&menuId=5', '/main/a/docEdit?id=1&menuCode=X', '/main/a/docEdit?id=1&taskId=3', '/main/a/loose?id=1', '/login']) {
      expect(withMenuCodes(defs, same)).toBe(same);
    }
    expect(withMenuCodes(defs, null)).toBeNull();
  });
});

describe('shell: opening a link under its menu', () => {
  const menus = [
    {
      menuId: 1,
      menuCode: 'DIR',
      menuName: 'dir',
      menuType: 'DIR',
      children: [{ menuId: 12, menuCode: 'MY_DOCS', menuName: 'mine', menuType: 'PAGE', htmlUrl: '/main/a/myDocList' }],
    },
  ] as MenuNode[];

  it('knows a query still to resolve', () => {
    expect(namesMenuCodes('?id=1&menuCode=A')).toBe(true);
    expect(namesMenuCodes('?id=1&menuCode=A&menuId=3')).toBe(false);
    expect(namesMenuCodes('?id=1')).toBe(false);
  });

  it('opens under the first held menu, or under none', () => {
    expect(resolveMenuCodes('/main/a/myDocEdit?id=7&menuCode=NOT_HELD%2CMY_DOCS', menus, 4)).toBe('/main/a/myDocEdit?id=7&menuId=12&respId=4');
    expect(resolveMenuCodes('/main/a/docEdit?id=7&menuCode=DOCS', menus, 4)).toBe('/main/a/docEdit?id=7');
  });
});
