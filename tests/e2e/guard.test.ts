// The navigation guard in a real browser: protected pages send a signed-out user to /login, the public
// pages open without login, and an unknown path shows the fallback (404) page.
import { expect, inject, test } from 'vitest';
import { shot } from './browser';
import { chromiumForFile, activePane } from './helpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

test('a signed-out user opening /main/base/bankList lands on /login', async () => {
  const s = await chromium.blank();
  await s.page.goto(`${baseUrl}/main/base/bankList`);
  await s.page.waitForURL(/\/login$/);
  await s.page.getByTestId('login-username').waitFor({ state: 'visible' });
  expect(await s.page.getByTestId('menu-BANK').count()).toBe(0);
  await shot(s.page, 'e2e-guard-redirect-login');
});

test.each([
  ['/register', 'register-page'],
  ['/forget', 'forget-page'],
  ['/notice/noticeMore', 'notice-more'],
])('%s opens without login', async (path, testId) => {
  const s = await chromium.blank();
  await s.page.goto(`${baseUrl}${path}`);
  await s.page.getByTestId(testId).waitFor({ state: 'visible' });
  expect(new URL(s.page.url()).pathname).toBe(path);
  expect((await s.page.getByTestId(testId).innerText()).trim().length).toBeGreaterThan(0);
  await shot(s.page, `e2e-guard-public${path.replace(/\//g, '-')}`);
});

test('an unknown path shows the fallback page', async () => {
  const s = await chromium.signIn('buyer01');
  await s.page.goto(`${baseUrl}/no/such/page`);
  const notFound = s.page.getByTestId('not-found');
  await notFound.waitFor({ state: 'visible' });
  expect(await notFound.innerText()).toContain('页面不存在');
  expect(new URL(s.page.url()).pathname).toBe('/no/such/page');
  await shot(s.page, 'e2e-guard-unknown-path');

  // An unknown page under /main opens as a tab showing the same fallback.
  await s.page.goto(`${baseUrl}/main/no/such/page`);
  await activePane(s.page).getByTestId('not-found').waitFor({ state: 'visible' });
  expect(await activePane(s.page).getByTestId('not-found').innerText()).toContain('页面不存在');
  await shot(s.page, 'e2e-guard-unknown-main-path');
});
