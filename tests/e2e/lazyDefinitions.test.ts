// Definitions load by module (docs/runtime.md "Definitions by module"): the login page and the home
// download no definitions chunk, a list page downloads its own module's, a page whose entities live in
// other modules downloads those too, and a chunk that fails to load (network) shows an error that a retry
// clears. Chunks are named assets/definitions-{module}-{hash}.js (vite.config.ts).
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
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

test('the login page and the home download no definitions; a page downloads the modules it needs', async () => {
  const { page } = await chromium.blank();
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  const modules = watchDefinitionChunks(page);

  await page.goto(`${baseUrl}/login`);
  await page.getByTestId('login-username').waitFor();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(modules).toEqual([]);

  await login(page, baseUrl, 'buyer01');
  await page.waitForLoadState('networkidle');
  expect(modules).toEqual([]);

  await openMenu(page, 'BANK', /\/main\/base\/bankList\?/);
  await eventually(() => columnValues(grid(page, 'bankList'), BANK_CODE)).toContain('ABC');
  expect(modules).toEqual(['base']);

  // Requisitions reference materials (base) and organisations (org): those load as well, base not again.
  await openMenu(page, 'REQUISITION', /\/main\/order\/requisitionList\?/);
  await activePane(page).getByTestId('grid-requisitionList').waitFor();
  expect([...modules].sort()).toEqual(['base', 'org', 'requisition']);
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
