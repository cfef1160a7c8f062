// Definitions load by module (docs/runtime.md "Definitions by module"): the login page downloads no
// definitions chunk; the signed-in shell, when idle, downloads the modules its menus' pages need (each
// once, and none that no menu reaches), so opening a page then downloads nothing; a chunk that fails to
// load (network) shows an error when its page opens, and a retry clears it. Chunks are named assets/definitions-{module}-{hash}.js (vite.config.ts).
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { MENU_PAGES_PREFETCHED } from '../../src/app/performanceMarks';
import { activePane, chromiumForFile, columnValues, eventually, grid, login, openMenu } from './helpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);
const CHUNK = /\/assets\/definitions-([a-z0-9-]+)-[\w-]{8}\.js$/;
const BANK_CODE = '银行编码';

/** The modules whose definitions chunk the page has requested so far, in order. */
function watchDefinitionChunks(page: Page): string[] {
  const modules: string[] = [];
  page.on('request', (request) => {
    const m = CHUNK.exec(new URL(request.url()).pathname);
    if (m) modules.push(m[1]);
  });
  return modules;
}

test("the login page downloads no definitions; the shell prefetches its menus' modules once, and a page then downloads nothing", async () => {
  const { page } = await chromium.blank();
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  const modules = watchDefinitionChunks(page);

  await page.goto(`${baseUrl}/login`);
  await page.getByTestId('login-username').waitFor();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(modules).toEqual([]);

  // buyer01's menus open banks (base) and requisitions (which reference org): prefetched when idle.
  await login(page, baseUrl, 'buyer01');
  await eventually(() => page.evaluate((mark) => performance.getEntriesByName(mark).length, MENU_PAGES_PREFETCHED), 30_000).toBe(1);
  expect(modules).toEqual(expect.arrayContaining(['base', 'org', 'requisition']));
  expect(new Set(modules).size).toBe(modules.length);
  // No menu of buyer01's reaches the designer's screens (nor any page referring to their entities).
  expect(modules).not.toContain('devtools');

  const before = modules.length;
  await openMenu(page, 'BANK', /\/main\/base\/bankList\?/);
  await eventually(() => columnValues(grid(page, 'bankList'), BANK_CODE)).toContain('ABC');
  await openMenu(page, 'REQUISITION', /\/main\/order\/requisitionList\?/);
  await activePane(page).getByTestId('grid-requisitionList').waitFor();
  expect(modules.length).toBe(before);
});

test('a definitions chunk that fails to load shows an error, and trying again loads it', async () => {
  const { page, context } = await chromium.signIn('buyer01');
  let offline = true;
  await context.route(/\/assets\/definitions-base-[\w-]+\.js$/, (route) => (offline ? route.abort('internetdisconnected') : route.continue()));

  await openMenu(page, 'BANK', /\/main\/base\/bankList\?/);
  const failed = activePane(page).getByTestId('page-definitions-failed');
  await failed.waitFor();
  await expect(failed.innerText()).resolves.toContain('银行');

  offline = false;
  await activePane(page).getByTestId('page-definitions-retry').click();
  await eventually(() => columnValues(grid(page, 'bankList'), BANK_CODE)).toContain('ABC');
});
