// A supplier user: external home, only the supplier-portal menu, and only its own company.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { launch, shot } from '../../../../tests/e2e/browser';
import { activePane, columnValues, eventually, grid, gridRows, loggedIn, openMenu, type Session, showMenuItem } from '../../../../tests/e2e/helpers';

const baseUrl = inject('baseUrl');
let browser: Browser;
let session: Session | undefined;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await session?.context.close().catch(() => undefined);
  await browser?.close();
});

const OWN = '华东精密钢材有限公司';
const OTHER = 'Siam Electronic Components Co., Ltd.';

test('supplier01 sees the external home, only MY_COMPANY, and only its own company', async () => {
  session = await loggedIn(browser, baseUrl, 'supplier01', 'exHome');
  const { page } = session;
  await page.getByTestId('ex-home').waitFor({ state: 'visible' });
  // The company name arrives with getCurrentUser, after the home is drawn.
  await expect.poll(() => page.getByTestId('company-name').innerText(), { timeout: 10_000 }).toBe(OWN);
  expect(await page.getByTestId('in-home').count()).toBe(0);

  // Menus: the supplier portal only.
  await showMenuItem(page, 'MY_COMPANY');
  await page.getByTestId('menu-MY_COMPANY').waitFor({ state: 'visible' });
  const menuCodes = await page.locator('[data-testid^=menu-]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
  for (const forbidden of ['BANK', 'MATERIAL', 'EXCHANGE_RATE', 'REQUISITION', 'SUPPLIER_LIST', 'LOOKUP_TYPE', 'LOOKUP_VALUES', 'SYS_SETTING']) {
    expect(menuCodes).not.toContain(`menu-${forbidden}`);
  }
  await shot(page, 'e2e-supplier-exhome');

  // Company information: its own company, not supplier02's.
  await openMenu(page, 'MY_COMPANY', /\/main\/supplier\/myCompanyList\?/);
  const list = grid(page, 'myCompanyList');
  await eventually(() => gridRows(list)).toHaveLength(1);
  const names = await columnValues(list, '供应商名称');
  expect(names).toEqual([OWN]);
  expect(names).not.toContain(OTHER);
  expect(await activePane(page).innerText()).not.toContain(OTHER);
  await shot(page, 'e2e-supplier-my-company');
});
