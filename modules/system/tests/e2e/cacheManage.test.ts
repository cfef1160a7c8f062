// Cache management in the browser (the e2e server has no REDIS_URL: the in-memory store, and the
// screens say so): overview, browse by pattern, masked session keys, view a value, delete, rebuild.
//
// The server is shared with the other test files, which change the cache as they run: every save of a
// lookup type drops the whole lookup cache, and any page that shows a lookup caches it again. So this
// test views and deletes the key of a lookup type of its own (which no other file reads), rebuilds again
// when a drop came in between, and looks for session keys by their pattern (the first page of all keys
// may hold none of them).
import type { Locator, Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chromiumForFile, confirmDialog, eventually, expectToast, openMenu, showMenuItem } from '../../../../tests/e2e/helpers';
import { expectOk, signIn, uniq } from '../../../../tests/support/apiHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

/** The first key listed, or '' when the list is empty. */
async function firstKey(pane: Locator): Promise<string> {
  const key = pane.getByTestId('cache-key-0');
  return (await key.count()) ? key.innerText() : '';
}

/**
 * Rebuilds the lookup cache (the manage screen then lists `pattern` again) until `key` is listed first,
 * and, with `view`, until its value opens: another file's lookup save may drop it at any moment.
 */
async function rebuildUntilListed(page: Page, pane: Locator, key: string, view?: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await pane.getByTestId('cache-rebuild').click();
    await expectToast(page, /已重建/);
    const listed = await eventually(() => firstKey(pane), 5000)
      .toBe(key)
      .then(
        () => true,
        () => false,
      );
    if (listed && !view) return;
    if (listed && view) {
      await pane.getByTestId('cache-view-0').click();
      const shown = await eventually(() => page.getByTestId('cache-value').innerText(), 5000)
        .toContain(view)
        .then(
          () => true,
          () => false,
        );
      if (shown) return;
      await page
        .locator('.arco-modal:visible .arco-modal-close-icon')
        .click({ timeout: 1000 })
        .catch(() => undefined);
    }
    if (attempt === 10) throw new Error(`${key} was not listed (and shown) after ${attempt} rebuilds`);
  }
}

test('admin browses, views, deletes cache keys and rebuilds the lookup cache; sessions stay masked', async () => {
  const api = await signIn(baseUrl, 'admin');
  const code = uniq('CACHE').replace('-', '_');
  expectOk(
    await api.call('baseServer/v1/baseLookupTypeRestful/saveOrUpdate', {
      lookupType: code,
      meaning: '缓存测试',
      values: [{ lookupCode: 'M', meaning: '男', seqNum: 10 }],
    }),
  );
  const key = `lookup:${code}`;

  const { page } = await chromium.signIn('admin');
  await openMenu(page, 'REDIS', /\/main\/redis\?/);
  const banner = activePane(page).getByTestId('cache-store');
  await eventually(() => banner.getAttribute('data-store')).toBe('memory');
  await eventually(() => banner.innerText()).toContain('未配置 REDIS_URL');
  // After a rebuild the overview counts every lookup type's key (again, when a drop came in between).
  const lookupKeys = async () => Number(await activePane(page).getByTestId('cache-lookup-keys').innerText());
  for (let attempt = 1; ; attempt++) {
    await activePane(page).getByTestId('cache-rebuild').click();
    await expectToast(page, /已重建 \d+ 个快码类型的缓存/);
    if (
      await eventually(lookupKeys, 5000)
        .toBeGreaterThan(10)
        .then(
          () => true,
          () => false,
        )
    )
      break;
    if (attempt === 5) throw new Error(`the overview counts ${await lookupKeys()} lookup keys after ${attempt} rebuilds`);
  }
  await shot(page, 'e2e-cache-overview-CN');

  await openMenu(page, 'REDIS_MANAGE', /\/main\/redisManage\?/);
  const pane = activePane(page);
  await eventually(async () => Number(await pane.getByTestId('cache-count').getAttribute('data-count'))).toBeGreaterThan(0);
  // The page never shows a real session code…
  expect(await pane.getByTestId('cache-keys').innerText()).not.toMatch(/session:[0-9a-f]{48}/);
  await shot(page, 'e2e-cache-manage-all-CN');
  // …and every session key (this admin's own at least) is masked and has no buttons.
  await pane.getByTestId('cache-pattern').fill('session:*');
  await pane.getByTestId('cache-search').click();
  await eventually(() => firstKey(pane)).toMatch(/^session:\*{4}\s/);
  expect(await pane.getByTestId('cache-keys').innerText()).not.toMatch(/session:[0-9a-f]{48}/);
  expect(await pane.getByTestId('cache-view-0').count()).toBe(0);
  expect(await pane.getByTestId('cache-delete-0').count()).toBe(0);

  await pane.getByTestId('cache-pattern').fill(`${key}*`);
  await rebuildUntilListed(page, pane, key, '"lookupCode": "M"');
  await shot(page, 'e2e-cache-value-CN');
  await page.locator('.arco-modal:visible .arco-modal-close-icon').click();

  await pane.getByTestId('cache-delete-0').click();
  await confirmDialog(page).getByRole('button', { name: '确定' }).click();
  await expectToast(page, '已删除');
  await eventually(async () => Number(await pane.getByTestId('cache-count').getAttribute('data-count'))).toBe(0);
  await rebuildUntilListed(page, pane, key);

  // Thai: the same screen, translated.
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-TH').click();
  await showMenuItem(page, 'REDIS_MANAGE');
  await eventually(() => page.getByTestId('menu-REDIS_MANAGE').innerText()).toBe('จัดการแคช');
  await openMenu(page, 'REDIS_MANAGE', /\/main\/redisManage\?/);
  await eventually(() => activePane(page).getByTestId('cache-search').innerText()).toBe('ค้นหา');
  await eventually(() => activePane(page).getByTestId('cache-store').innerText()).toContain('ไม่ได้ตั้งค่า REDIS_URL');
  await shot(page, 'e2e-cache-manage-TH');
});
