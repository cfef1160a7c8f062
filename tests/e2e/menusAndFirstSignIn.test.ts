// Menus and the first sign-in (issue 18 item 7), in CN and TH: the administrator's menu folders open
// collapsed (the current screen's folder expands), the menu search finds a screen by its title in the
// current language and by its route; a user an administrator created must change the initial password
// before the shell shows anything else, and signs in normally afterwards. Demo users are not asked
// (admin here; every other browser test signs demo users in).
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { shot } from './browser';
import { activePane, chromiumForFile, eventually } from './helpers';
import { switchLanguage } from './gridHelpers';
import { expectOk, signIn, uniq, type Rec } from '../support/apiHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);
const USERS = 'baseServer/v1/baseUsersRestful';
const RESP = 'baseServer/v1/baseResponsibilityRestful';

const TEXT = {
  CN: { bank: '银行', base: '基础数据' },
  TH: { bank: 'ธนาคาร', base: 'ข้อมูลหลัก' },
} as const;

/** Top-level folders whose header says they are open. */
async function openFolders(page: Page): Promise<string[]> {
  return page
    .locator('.srm-side-menu > .srm-menu-folder')
    .evaluateAll((els) =>
      els
        .filter((el) => el.querySelector(':scope > .srm-menu-folder-header')?.getAttribute('aria-expanded') === 'true')
        .map((el) => el.getAttribute('data-testid') ?? ''),
    );
}

async function signInForm(page: Page, userName: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId('login-username').fill(userName);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

for (const lang of ['CN', 'TH'] as const) {
  test(`${lang}: collapsed menus, the current folder open, and a menu search by title and by route`, async () => {
    const text = TEXT[lang];
    const { page, errors } = await chromium.signIn('admin');
    expect(await page.getByTestId('first-password').count()).toBe(0);
    if (lang !== 'CN') await switchLanguage(page, lang);
    await page.locator('.srm-side-menu').waitFor();
    await eventually(() => page.locator('.srm-side-menu > .srm-menu-folder').count()).toBeGreaterThan(3);
    expect(await openFolders(page)).toEqual([]);
    await shot(page, `e2e-menu-collapsed-${lang}`);

    // By title, in the current language: the result names its folder; Enter opens the first match.
    const search = page.getByTestId('menu-search').locator('input');
    await search.fill(text.bank);
    const result = page.getByTestId('menu-result-BANK');
    await result.waitFor();
    expect(await result.innerText()).toContain(text.base);
    await shot(page, `e2e-menu-search-${lang}`);
    await search.press('Enter');
    await page.waitForURL(/\/main\/base\/bankList\?/);
    await activePane(page).locator('.srm-list-page').waitFor();
    // The search is cleared and the tree shows the current screen inside its (now open) folder.
    expect(await search.inputValue()).toBe('');
    await eventually(() => openFolders(page)).toEqual(['menu-BASE_DATA']);
    expect(await page.getByTestId('menu-BANK').isVisible()).toBe(true);

    // By route, and nothing for a word no screen has.
    await search.fill('requisitionList');
    await page.getByTestId('menu-result-REQUISITION').waitFor();
    expect(await page.locator('[data-testid^=menu-result-]').count()).toBe(1);
    await search.fill('zzqqxx');
    await page.getByTestId('menu-search-empty').waitFor();
    await search.fill('');
    await page.getByTestId('menu-BANK').waitFor();
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });

  test(`${lang}: a user created by the administrator changes the initial password first`, async () => {
    const admin = await signIn(baseUrl, 'admin');
    const buyerResp = expectOk(await admin.call<Rec[]>(`${RESP}/listByPage`, { params: { respCode: 'BUYER' } }))[0].respId;
    const userName = uniq('first').toLowerCase();
    expectOk(
      await admin.call(`${USERS}/saveOrUpdate`, {
        userName,
        userType: 'INTERNAL',
        enabledFlag: 'Y',
        passwordHash: 'Init#Pass2026',
        responsibilities: [{ respId: buyerResp, startDate: '2026-01-01' }],
      }),
    );

    const { page, errors } = await chromium.blank();
    await page.goto(`${baseUrl}/login`);
    if (lang !== 'CN') await switchLanguage(page, lang);
    await signInForm(page, userName, 'Init#Pass2026');
    await page.getByTestId('first-password').waitFor();
    // Nothing else of the shell: no menu, no tabs.
    expect(await page.locator('.srm-side-menu, .srm-sider').count()).toBe(0);
    await shot(page, `e2e-first-password-${lang}`);
    await page.getByTestId('pwd-old').fill('Init#Pass2026');
    await page.getByTestId('pwd-new').fill('Mine#Pass2026x');
    await page.getByTestId('pwd-confirm').fill('Mine#Pass2026x');
    await page.getByTestId('pwd-submit').click();
    await page.getByTestId('in-home').waitFor();
    await page.locator('.srm-side-menu').waitFor();

    // The next sign-in goes straight to the home page; a demo user is never asked.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login/);
    await signInForm(page, userName, 'Mine#Pass2026x');
    await page.getByTestId('in-home').waitFor();
    expect(await page.getByTestId('first-password').count()).toBe(0);
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
}
