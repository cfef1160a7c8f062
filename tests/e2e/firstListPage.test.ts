// A list page's first page is asked when the shell opens the page, not after the page has drawn and its
// button permissions have come back (runtime/data/firstListPage.ts): the list request goes out before the
// permissions answer arrives, only once, and the rows it brings are the ones shown. Paging on asks again.
import type { Request } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { MENU_PAGES_PREFETCHED } from '../../src/app/performanceMarks';
import { activePane, chromiumForFile, columnValues, eventually, grid, openMenu } from './helpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

test('opening a list from the menu asks its first page at once and once, and shows those rows', async () => {
  const { page } = await chromium.signIn('buyer01');
  // The shell has loaded what the menus open (definitions and the runtime), as after any sign-in.
  await eventually(() => page.evaluate((mark) => performance.getEntriesByName(mark).length, MENU_PAGES_PREFETCHED), 30_000).toBe(1);

  const lists: Request[] = [];
  let permissionsAnsweredAt = Infinity;
  const listAskedAt: number[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith('/srmBaseBankRestful/listByPage')) {
      lists.push(r);
      listAskedAt.push(Date.now());
    }
  });
  page.on('requestfinished', (r) => {
    if (new URL(r.url()).pathname.endsWith('/baseResourceRestful/findByRespAndMenu')) permissionsAnsweredAt = Math.min(permissionsAnsweredAt, Date.now());
  });

  await openMenu(page, 'BANK', /\/main\/base\/bankList\?/);
  const banks = grid(page, 'bankList');
  await eventually(() => columnValues(banks, '银行编码')).toContain('ABC');
  expect(lists).toHaveLength(1);
  expect(listAskedAt[0]).toBeLessThanOrEqual(permissionsAnsweredAt);
  expect((lists[0].postDataJSON() as { pageIndex: number }).pageIndex).toBe(1);
  // The page's buttons still come from its permissions.
  await activePane(page).getByTestId('action-add').waitFor();

  // The next request is the page's own (a search), not the preloaded answer again.
  await activePane(page).getByTestId('search-submit').click();
  await eventually(() => lists.length).toBe(2);
});
