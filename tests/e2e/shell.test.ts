// The application shell in real Chromium against the real server: guard, login, menus per
// language, tabs, responsibility switch, logout, supplier home.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, shot } from './browser';
import { showMenuItem } from './helpers';

const PASSWORD = process.env.SRM_DEMO_PASSWORD ?? 'Srm#Demo2026';
let browser: Browser;
let base: string;

beforeAll(async () => {
  base = inject('baseUrl');
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, userName: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByTestId('login-username').fill(userName);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/main\/(inHome|exHome)/);
}

describe('shell', () => {
  it('sends a signed-out visitor to the login page', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/main/base/bankList`);
    await page.waitForURL(/\/login$/);
    await page.getByTestId('login-submit').waitFor({ state: 'visible' });
    await shot(page, 'shell-login');
    await page.close();
  });

  it('shows an error toast for a wrong password and stays on the login page', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/login`);
    await page.getByTestId('login-username').fill('approver01');
    await page.getByTestId('login-password').fill('not-the-password');
    await page.getByTestId('login-submit').click();
    await page.locator('.arco-message').first().waitFor();
    expect(page.url()).toMatch(/\/login$/);
    await page.close();
  });

  it('signs a buyer in, switches languages, opens a menu page as a tab and signs out', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, 'buyer01');
    expect(page.url()).toMatch(/\/main\/inHome$/);
    await page.getByTestId('tab-maininhome').waitFor();
    await page.getByTestId('resp-switch').waitFor();

    const labels: Record<string, string> = { EN: 'Home', TH: 'หน้าแรก', VN: 'Trang chủ', CN: '首页' };
    for (const lang of ['EN', 'TH', 'VN', 'CN'] as const) {
      await page.getByTestId('lang-switch').click();
      await page.getByTestId(`lang-${lang}`).click();
      await expect.poll(() => page.getByTestId('tab-maininhome').textContent()).toBe(labels[lang]);
      await shot(page, `shell-main-${lang.toLowerCase()}`);
    }

    await showMenuItem(page, 'BANK');
    await page.getByTestId('menu-BANK').click();
    await page.waitForURL(/\/main\/base\/bankList\?menuId=\d+&respId=\d+/);
    await page.getByTestId('tab-mainbasebanklist').waitFor();
    // Keep-alive: going home leaves the bank page mounted but hidden.
    await page.getByTestId('tab-maininhome').click();
    await page.waitForURL(/\/main\/inHome/);
    await expect(page.getByTestId('pane-mainbasebanklist').count()).resolves.toBe(1);
    await expect.poll(() => page.getByTestId('pane-mainbasebanklist').isHidden()).toBe(true);

    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login$/);
    await page.goto(`${base}/main/inHome`);
    await page.waitForURL(/\/login$/);
    await page.close();
  });

  it('shows the supplier home with the company name for an external user', async () => {
    const page = await browser.newPage();
    await signIn(page, 'supplier01');
    expect(page.url()).toMatch(/\/main\/exHome$/);
    await expect.poll(async () => ((await page.getByTestId('company-name').textContent()) ?? '').replace('—', '').trim().length).toBeGreaterThan(0);
    await shot(page, 'shell-exhome');
    await page.close();
  });

  it('shows the fallback page for an unknown path', async () => {
    const page = await browser.newPage();
    await signIn(page, 'buyer01');
    await page.goto(`${base}/no/such/route`);
    await page.getByTestId('not-found').waitFor();
    await page.close();
  });
});
