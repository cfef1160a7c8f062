// Refusals read as refusals (issue 18 item 3), in CN and TH: a screen the user may not open shows the
// no-permission page (not the screen with a toast), another supplier's record shows the not-found page
// with the reason and no form or save button, an unknown address shows the not-found page.
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { shot } from './browser';
import { activePane, chromiumForFile, eventually, openMenu } from './helpers';
import { switchLanguage } from './gridHelpers';
import { signIn } from '../support/apiHelpers';
import cn from '../../runtime/locales/cn.json';
import th from '../../runtime/locales/th.json';
import shellCn from '../../src/locales/cn.json';
import shellTh from '../../src/locales/th.json';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

const TEXT = {
  CN: { forbidden: cn.refusal.forbidden.title, notFound: cn.refusal.notFound.title, unknown: shellCn.shell.notFound.title },
  TH: { forbidden: th.refusal.forbidden.title, notFound: th.refusal.notFound.title, unknown: shellTh.shell.notFound.title },
} as const;

/** The address of a page in the visible tab, opened by typing it (as a pasted link is). */
async function openAddress(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  const route = path.split('?')[0].replace(/\//g, '').toLowerCase();
  await page.locator(`.srm-tab-pane:not([hidden])[data-testid="pane-${route}"]`).waitFor();
}

for (const lang of ['CN', 'TH'] as const) {
  test(`${lang}: no-permission and not-found pages instead of broken screens`, async () => {
    const text = TEXT[lang];
    const other = (await signIn(baseUrl, 'supplier02')).session?.supplierId;
    expect(other).toBeTruthy();
    const { page, errors } = await chromium.signIn('supplier01', 'exHome');
    if (lang !== 'CN') await switchLanguage(page, lang);

    // A buyer's screen: the no-permission page, no grid, no toolbar.
    await openAddress(page, '/main/base/bankList');
    const refused = activePane(page).getByTestId('page-refused');
    await eventually(() => refused.getAttribute('data-kind')).toBe('forbidden');
    expect(await refused.innerText()).toContain(text.forbidden);
    expect(await activePane(page).locator('[data-testid^=grid-]').count()).toBe(0);
    expect(await page.locator('.arco-message').count()).toBe(0);
    await shot(page, `e2e-refusal-forbidden-${lang}`);

    // Another supplier's company, opened with the supplier's own menu (its buttons held): not found,
    // with the server's reason, and neither a form nor a save button.
    await openMenu(page, 'MY_COMPANY', /\/main\/supplier\/myCompanyList\?/);
    const menu = new URL(page.url()).searchParams;
    await openAddress(page, `/main/supplier/myCompanyEdit?id=${String(other)}&mode=edit&menuId=${menu.get('menuId')}&respId=${menu.get('respId')}`);
    const notFound = activePane(page).getByTestId('page-refused');
    await eventually(() => notFound.getAttribute('data-kind')).toBe('notFound');
    expect(await notFound.innerText()).toContain(text.notFound);
    expect(await activePane(page).getByTestId('action-save').count()).toBe(0);
    expect(await activePane(page).locator('form, .arco-spin-loading').count()).toBe(0);
    expect(await activePane(page).getByTestId('refusal-back').count()).toBe(1);
    await shot(page, `e2e-refusal-notfound-${lang}`);

    // An address that is no screen at all.
    await page.goto(`${baseUrl}/main/no/suchPage`);
    await eventually(() => page.getByTestId('not-found').first().innerText()).toContain(text.unknown);
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
}
