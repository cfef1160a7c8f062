// 菜单管理 is a tree page (SPEC §2 menuFunction): the admin adds a folder under 组件示例, renames it and
// moves it under 系统日志 (its level follows), and a node cannot be moved under itself. CN and TH.
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chromiumForFile, eventually, expectToast, openMenu, pickMoveTarget, uniqueSuffix, showMenuItem } from '../../../../tests/e2e/helpers';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

async function openMenus(page: import('playwright-core').Page): Promise<void> {
  // Menu groups start expanded; wait for the item instead of toggling its group.
  await showMenuItem(page, 'MENU_FUNCTION');
  await openMenu(page, 'MENU_FUNCTION', /\/main\/systemsetting\/menuFunction\?/);
}

test('CN: the admin adds, renames and moves a menu folder in the menu tree', async () => {
  const s = uniqueSuffix();
  const { page, errors } = await chromium.signIn('admin');
  await openMenus(page);
  const tree = activePane(page).getByTestId('tree-menuFunction');
  await eventually(() => tree.innerText()).toContain('组件示例');
  await tree.getByText('组件示例', { exact: true }).click();
  await eventually(() => activePane(page).locator('#root_menuCode').inputValue()).toBe('COMPONENT_SAMPLES');
  await eventually(() => activePane(page).locator('#root_levelId').innerText()).toBe('1');

  await activePane(page).getByTestId('action-addChild').click();
  await eventually(() => activePane(page).getByTestId('tree-form-title').innerText()).toBe('在「组件示例」下新增子节点');
  const pane = activePane(page);
  await pane.locator('#root_menuCode').fill(`E2E_DIR_${s}`);
  await pane.locator('#root_menuName').fill(`测试目录${s}`);
  await pane.locator('.arco-select:has(#root_menuType), #root_menuType').first().click();
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: '目录' }).first().click();
  await pane.getByTestId('action-save').click();
  await expectToast(page, '保存成功');
  await page.waitForURL(/\/main\/systemsetting\/menuFunction\?.*id=\d+/);
  const id = new URL(page.url()).searchParams.get('id')!;
  const node = pane.getByTestId(`tree-node-${id}`);
  await eventually(() => node.innerText()).toBe(`测试目录${s}`);
  await eventually(() => pane.locator('#root_levelId').innerText()).toBe('2');
  await shot(page, 'e2e-menu-tree-CN');

  // Move it under 系统日志: still level 2 there; its parent changes.
  await pickMoveTarget(page, '系统日志', '系统日志');
  await page.locator('.arco-modal:visible .arco-btn-primary').click();
  await expectToast(page, '已移动');
  await eventually(() => pane.locator('#root_menuParentId').innerText()).toContain('系统日志');
  expect(await pane.locator('#root_levelId').innerText()).toBe('2');
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
});

test('TH: the menu tree in Thai', async () => {
  const { page, errors } = await chromium.signIn('admin');
  await switchLanguage(page, 'TH');
  await openMenus(page);
  const tree = activePane(page).getByTestId('tree-menuFunction');
  // Node titles in Thai (the menu's Thai name column), not the Chinese default.
  await eventually(() => tree.innerText()).toContain('การจัดการองค์กร');
  expect(await tree.innerText()).not.toContain('组织管理');
  await tree.getByText('การจัดการองค์กร', { exact: true }).click();
  await eventually(() => activePane(page).locator('#root_menuCode').inputValue()).toBe('ORG_MGMT');
  expect(await activePane(page).getByTestId('action-addChild').innerText()).not.toBe('');
  await shot(page, 'e2e-menu-tree-TH');
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
});
