// The process roles screen (processRoleList) in the browser, CN and TH: the administrator finds the demo
// roles under 流程管理, opens one with its members, adds a role with a member and finds it in the list.
import type { Page } from 'playwright-core';
import { inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chromiumForFile, columnValues, eventually, expectToast, grid, openMenu, uniqueSuffix } from '../../../../tests/e2e/helpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

async function switchLanguage(page: Page, lang: 'CN' | 'TH'): Promise<void> {
  await page.getByTestId('lang-switch').click();
  await page.getByTestId(`lang-${lang}`).click();
}

test('admin: process roles listed with members (CN), a new role saved (TH)', async () => {
  const { page, errors } = await chromium.signIn('admin');
  try {
    await openMenu(page, 'BPM_PROCESS_ROLE', /\/main\/bpm\/processRoleList\?/);
    const list = grid(page, 'processRoleList');
    await eventually(async () => (await columnValues(list, '角色编码')).sort()).toEqual(['FINANCE_REVIEW', 'LEGAL_REVIEW', 'PURCHASE_DIRECTOR']);
    await shot(page, 'e2e-bpm-process-roles-CN');
    const row = (await columnValues(list, '角色编码')).indexOf('FINANCE_REVIEW');
    await activePane(page).getByTestId(`row-action-edit-${row}`).click();
    await page.waitForURL(/\/main\/bpm\/processRoleEdit\?.*mode=edit/);
    const members = grid(page, 'members');
    await eventually(async () => (await columnValues(members, '用户名')).sort()).toEqual(['approver01', 'approver02']);
    await shot(page, 'e2e-bpm-process-role-edit-CN');

    await switchLanguage(page, 'TH');
    await activePane(page).getByTestId('action-back').click();
    await page.waitForURL(/\/main\/bpm\/processRoleList\?/);
    await eventually(async () => (await columnValues(grid(page, 'processRoleList'), 'รหัสบทบาท')).length).toBe(3);
    await activePane(page).getByTestId('action-add').click();
    await page.waitForURL(/\/main\/bpm\/processRoleEdit\?.*mode=create/);
    const form = activePane(page);
    const code = `E2E_${uniqueSuffix()}`;
    await form.locator('#root_roleCode').fill(code);
    await form.locator('#root_roleName').fill(`บทบาท ${code}`);
    await form.getByTestId('action-save').click();
    await expectToast(page, /บันทึก/);
    await activePane(page).getByTestId('action-back').click();
    await page.waitForURL(/\/main\/bpm\/processRoleList\?/);
    await activePane(page).getByTestId('search-roleCode').fill(code);
    await activePane(page).getByTestId('search-submit').click();
    await eventually(async () => columnValues(grid(page, 'processRoleList'), 'รหัสบทบาท')).toEqual([code]);
    await shot(page, 'e2e-bpm-process-roles-TH');
  } catch (e) {
    await shot(page, 'e2e-bpm-process-roles-FAILED').catch(() => undefined);
    throw new Error(`${e instanceof Error ? e.message : String(e)}\nbrowser errors:\n${errors.join('\n')}`, { cause: e });
  }
});
