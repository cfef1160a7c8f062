// Administration screens without a browser test of their own, in Chinese and Thai: external users
// (user2), resources, buttons (btnList), menu privileges (a responsibility holding a menu only through a
// role shows up), user authorisation, the interface and tripartite logs; and the SPEC §2 paths that
// open pages of other names (route aliases).
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot } from '../../../../tests/e2e/browser';
import { switchLanguage, type Lang } from '../../../../tests/e2e/gridHelpers';
import {
  activePane,
  chooseOption,
  cellEditor,
  chromiumForFile,
  clickCell,
  eventually,
  expectToast,
  grid,
  gridRows,
  openFolder,
  openMenu,
} from '../../../../tests/e2e/helpers';
import { expectOk, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers';

const base = inject('baseUrl');
const chrome = chromiumForFile(base);

interface Screen {
  folder: string;
  menu: string;
  path: RegExp;
  grid: string;
  title: Record<'CN' | 'TH', string>;
}

const SCREENS: Screen[] = [
  { folder: 'PERMISSION_MGMT', menu: 'USER2', path: /\/main\/user2\?/, grid: 'user2', title: { CN: '外部用户', TH: 'ผู้ใช้ภายนอก' } },
  { folder: 'PERMISSION_MGMT', menu: 'RESOURCE', path: /\/main\/resource\?/, grid: 'resource', title: { CN: '资源', TH: 'ทรัพยากร' } },
  { folder: 'PERMISSION_MGMT', menu: 'BTN_LIST', path: /\/main\/systemSetting\/btnList\?/, grid: 'btnList', title: { CN: '按钮列表', TH: 'รายการปุ่ม' } },
  {
    folder: 'PERMISSION_MGMT',
    menu: 'MENU_FUNC_PRIVILEGE',
    path: /\/main\/systemsetting\/menuFuncPrivilege\?/,
    grid: 'menuFuncPrivilege',
    title: { CN: '菜单功能权限', TH: 'สิทธิ์เมนู' },
  },
  {
    folder: 'PERMISSION_MGMT',
    menu: 'USER_AUTHORISATION',
    path: /\/main\/userAuthorisationList\?/,
    grid: 'userAuthorisationList',
    title: { CN: '用户授权', TH: 'การให้สิทธิ์ผู้ใช้' },
  },
  {
    folder: 'SYS_LOG',
    menu: 'INTERFACE_LOG',
    path: /\/main\/log\/srmBaseInterfaceLogsList\?/,
    grid: 'srmBaseInterfaceLogsList',
    title: { CN: '接口日志', TH: 'บันทึกอินเทอร์เฟซ' },
  },
  {
    folder: 'SYS_LOG',
    menu: 'TRIPARTITE_LOG',
    path: /\/main\/log\/srmBaseTripartiteLogsList\?/,
    grid: 'srmBaseTripartiteLogsList',
    title: { CN: '三方日志', TH: 'บันทึกบุคคลที่สาม' },
  },
];

const roleIdOf = async (api: Awaited<ReturnType<typeof signIn>>, code: string) =>
  expectOk(await api.call<Rec[]>('baseServer/v1/baseRoleRestful/listByPage', { params: { roleCode: code } }))[0].roleId;

// Generous: the machine is shared, and a first page load may wait for its chunk and its lookups.
const loaded = (page: Page) =>
  eventually(() => activePane(page).locator('.srm-list-page').getAttribute('data-load', { timeout: 30_000 }), 30_000).toBe('loaded');

async function openScreen(page: Page, s: Screen, lang: Lang): Promise<void> {
  await openFolder(page, s.folder);
  await openMenu(page, s.menu, s.path);
  await loaded(page).catch(async (e: unknown) => {
    await shot(page, `admin-failed-${s.grid}-${lang}`);
    throw e;
  });
  await grid(page, s.grid).waitFor();
  await expect(activePane(page).locator('h2').first().innerText()).resolves.toContain(s.title[lang as 'CN' | 'TH']);
  expect(await activePane(page).getByTestId('not-found').count()).toBe(0);
}

describe('administration screens', () => {
  it('open in Chinese and Thai with their data', async () => {
    const { page } = await chrome.signIn('admin');
    for (const lang of ['CN', 'TH'] as const) {
      if (lang === 'TH') await switchLanguage(page, 'TH');
      for (const s of SCREENS) {
        await openScreen(page, s, lang);
        await shot(page, `admin-${s.grid}-${lang.toLowerCase()}`);
        if (s.menu === 'USER2') {
          // External users only: the demo suppliers' accounts.
          await eventually(async () => (await gridRows(grid(page, s.grid))).map((r) => Object.values(r).join(' ')).join('\n')).toMatch(/supplier01/);
          const texts = (await gridRows(grid(page, s.grid))).map((r) => Object.values(r).join(' '));
          expect(texts.some((t) => /\bbuyer01\b|\badmin\b/.test(t))).toBe(false);
        }
        if (s.menu === 'USER_AUTHORISATION') {
          await eventually(async () => (await gridRows(grid(page, s.grid))).map((r) => Object.values(r).join(' ')).join('\n')).toMatch(/buyer01/);
        }
      }
    }
  });

  it('menu privileges show a responsibility that holds the menu only through a role', async () => {
    // The role and the responsibility are made through the API; the screen is what is tested.
    const api = await signIn(base, 'admin');
    const bank = expectOk(await api.call<Rec[]>('baseServer/v1/baseMenuRestful/listByPage', { params: { menuCode: 'BANK' } }))[0];
    const role = expectOk(await api.call<Rec>('baseServer/v1/baseRoleRestful/saveOrUpdate', { roleCode: uniq('ROLE'), roleName: '银行只读' }));
    expectOk(await api.call('baseServer/v1/baseRoleRestful/saveRoleMenus', { id: role.roleId, checked: [`M${bank.menuId}`] }));
    const code = uniq('VIA');
    expectOk(
      await api.call('baseServer/v1/baseResponsibilityRestful/saveOrUpdate', {
        respCode: code,
        respName: '经角色持有',
        userType: 'INTERNAL',
        roles: [{ roleId: role.roleId }],
      }),
    );

    const { page } = await chrome.signIn('admin');
    await openScreen(page, SCREENS[3], 'CN');
    await chooseOption(page, activePane(page).getByTestId('search-respId'), code);
    await activePane(page).getByTestId('search-submit').click();
    const g = grid(page, 'menuFuncPrivilege');
    // The role holds the bank menu and, closed upwards, its folder.
    await eventually(async () => (await gridRows(g)).map((r) => `${r['菜单'].split(' ')[0]} / ${r['职责']}`).sort()).toEqual([
      `BANK / ${code} 经角色持有`,
      `BASE_DATA / ${code} 经角色持有`,
    ]);
    await shot(page, 'admin-menuFuncPrivilege-via-role-cn');
  });

  it('the role screen opens its permit lists: a menu permit added as a row and batch-saved', async () => {
    const api = await signIn(base, 'admin');
    const roleCode = uniq('ROLE');
    expectOk(await api.call<Rec>('baseServer/v1/baseRoleRestful/saveOrUpdate', { roleCode, roleName: '列表授权角色' }));

    const { page } = await chrome.signIn('admin');
    await openFolder(page, 'PERMISSION_MGMT');
    await openMenu(page, 'ROLE', /\/main\/systemsetting\/role\?/);
    await loaded(page);
    await shot(page, 'admin-role-sub-pages-cn');
    await activePane(page).getByTestId('subpage-systemsetting/roleMenuList').click();
    await page.waitForURL(/\/main\/systemsetting\/roleMenuList\?menuId=\d+/);
    await activePane(page).locator('[data-page="systemsetting/roleMenuList"]').waitFor();
    await loaded(page);
    // Only this role's permits: none yet.
    await chooseOption(page, activePane(page).getByTestId('search-roleId'), roleCode);
    await activePane(page).getByTestId('search-submit').click();
    const g = grid(page, 'roleMenuList');
    await eventually(async () => (await gridRows(g)).filter((r) => r['角色']).length).toBe(0);

    await activePane(page).getByTestId('action-addLine').click();
    for (const [key, text, option] of [
      ['roleId', roleCode, roleCode],
      ['menuId', 'BANK', 'BANK 银行'],
    ] as const) {
      await clickCell(page, g, key, 0);
      await cellEditor(page).locator('.arco-select').waitFor({ state: 'visible' });
      await cellEditor(page).locator('input').pressSequentially(text, { delay: 20 });
      await page.locator('#portal .arco-select-option', { hasText: option }).first().click();
      await cellEditor(page).waitFor({ state: 'detached' });
    }
    await activePane(page).getByTestId('action-saveRows').click();
    await expectToast(page, '保存成功');
    await eventually(async () => (await gridRows(g)).filter((r) => r['角色']).map((r) => [r['角色'], r['菜单']])).toEqual([
      [`${roleCode} 列表授权角色`, 'BANK 银行'],
    ]);
    await shot(page, 'admin-role-menu-list-cn');
    const stored = expectOk(await api.call<Rec[]>('baseServer/v1/baseRoleMenuRestful/listByPage', { params: { roleId: await roleIdOf(api, roleCode) } }));
    expect(stored.map((r) => (r.menuIdDisplay as string).split(' ')[0])).toEqual(['BANK']);

    // The tab is titled by the sub page, not by the role menu it was reached through.
    await eventually(() => page.getByTestId('tab-mainsystemsettingrolemenulist').innerText()).toBe('角色菜单权限');
    await switchLanguage(page, 'TH');
    await eventually(() => activePane(page).locator('h2').first().innerText()).toBe('เมนูของบทบาท');
    await loaded(page);
    await eventually(async () => (await gridRows(g)).filter((r) => r['บทบาท']).length).toBe(1);
    await page.mouse.move(700, 700);
    await shot(page, 'admin-role-menu-list-th');
  });

  it('SPEC paths resp, lookuptype, lookup, lookupTypeEdit and responsibility/respSave open their pages', async () => {
    const { page } = await chrome.signIn('admin');
    const cases: [string, string, string][] = [
      ['resp', 'systemsetting/responsibility', '职责'],
      ['lookuptype', 'base/lookupTypeList', '快码类型'],
      ['lookup', 'base/lookupValuesList', '快码值'],
      ['lookupTypeEdit', 'base/lookupTypeEdit', '快码类型维护'],
      ['responsibility/respSave', 'systemsetting/respSave', '职责维护'],
    ];
    for (const [path, pageName, title] of cases) {
      await page.goto(`${base}/main/${path}`);
      const pane = activePane(page);
      await pane.locator(`[data-page="${pageName}"]`).waitFor();
      expect(await pane.getByTestId('not-found').count()).toBe(0);
      expect(await pane.locator('h2').first().innerText()).toContain(title);
    }
    await shot(page, 'admin-alias-respSave-cn');
  });
});
