// The security screens of an administrator: System logs (operation log with the admin's own sign-in
// and a save), the password rules definition page, in Chinese and English.
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { loadDefinitions } from '../../../../meta/load.js';
import { chromiumForFile, eventually, grid, gridRows, openFolder, openMenu, showMenuItem } from '../../../../tests/e2e/helpers';

const menus = loadDefinitions(join(import.meta.dirname, '..', '..', '..', '..')).menus;

const base = inject('baseUrl');
const chrome = chromiumForFile(base);

describe('security screens', () => {
  it("System logs is a top-level menu; the operation log lists the admin's sign-in; password rules open", async () => {
    const { page } = await chrome.signIn('admin');
    const topCodes = new Set(menus.menus.map((m) => `menu-${m.menuCode}`));
    await showMenuItem(page, 'SYS_LOG');
    const inOrder = await page.locator('[data-testid^="menu-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
    // A top-level menu after the ones that existed when it was added (others have been appended since).
    const tops = inOrder.filter((c) => topCodes.has(c));
    expect(tops.indexOf('menu-SYS_LOG')).toBeGreaterThan(tops.indexOf('menu-SUPPLIER_PORTAL'));
    await openFolder(page, 'SYS_LOG');
    await openMenu(page, 'USER_OPERATE_LOG', /\/main\/log\/userOperateLogList\?/);
    const g = grid(page, 'userOperateLogList');
    await eventually(async () => (await gridRows(g)).some((r) => r['用户名'] === 'admin' && r['操作'] === 'login' && r['结果'] === 'S')).toBe(true);
    await shot(page, 'operation-log-cn');

    await openMenu(page, 'TRIPARTITE_LOG', /\/main\/log\/srmBaseTripartiteLogsList\?/);
    await grid(page, 'srmBaseTripartiteLogsList').waitFor();
    await openFolder(page, 'SYS_SETTING');
    await openMenu(page, 'PASSWORD_RULE', /\/main\/base\/passwordRuleList\?/);
    await grid(page, 'passwordRuleList').waitFor();
    await shot(page, 'password-rules-cn');

    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-EN').click();
    await showMenuItem(page, 'USER_OPERATE_LOG');
    await page.getByTestId('menu-USER_OPERATE_LOG').click();
    await eventually(async () => (await gridRows(grid(page, 'userOperateLogList'))).some((r) => r['User name'] === 'admin')).toBe(true);
    await shot(page, 'operation-log-en');
  });
});
