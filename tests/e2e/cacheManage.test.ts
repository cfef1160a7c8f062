// Cache management in the browser (the e2e server has no REDIS_URL: the in-memory store, and the
// screens say so): overview, browse by pattern, masked session keys, view a value, delete, rebuild.
import { expect, inject, test } from 'vitest';
import { shot } from './browser';
import { activePane, chromiumForFile, confirmDialog, eventually, expectToast, openMenu } from './helpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

test('admin browses, views, deletes cache keys and rebuilds the lookup cache; sessions stay masked', async () => {
  const { page } = await chromium.signIn('admin');
  await openMenu(page, 'REDIS', /\/main\/redis\?/);
  const banner = activePane(page).getByTestId('cache-store');
  await eventually(() => banner.getAttribute('data-store')).toBe('memory');
  await eventually(() => banner.innerText()).toContain('未配置 REDIS_URL');
  await activePane(page).getByTestId('cache-rebuild').click();
  await expectToast(page, /已重建 \d+ 个快码类型的缓存/);
  await eventually(async () => Number(await activePane(page).getByTestId('cache-lookup-keys').innerText())).toBeGreaterThan(10);
  await shot(page, 'e2e-cache-overview-CN');

  await openMenu(page, 'REDIS_MANAGE', /\/main\/redisManage\?/);
  const pane = activePane(page);
  await eventually(async () => Number(await pane.getByTestId('cache-count').getAttribute('data-count'))).toBeGreaterThan(0);
  // Every session key is masked and has no buttons; the page never shows a real session code.
  const text = await pane.getByTestId('cache-keys').innerText();
  expect(text).toContain('session:****');
  expect(text).not.toMatch(/session:[0-9a-f]{48}/);
  await shot(page, 'e2e-cache-manage-all-CN');

  await pane.getByTestId('cache-pattern').fill('lookup:SEX*');
  await pane.getByTestId('cache-search').click();
  await eventually(() => pane.getByTestId('cache-key-0').innerText()).toBe('lookup:SEX');
  await pane.getByTestId('cache-view-0').click();
  const value = page.getByTestId('cache-value');
  await eventually(() => value.innerText()).toContain('"lookupCode": "M"');
  await shot(page, 'e2e-cache-value-CN');
  await page.locator('.arco-modal:visible .arco-modal-close-icon').click();

  await pane.getByTestId('cache-delete-0').click();
  await confirmDialog(page).getByRole('button', { name: '确定' }).click();
  await expectToast(page, '已删除');
  await eventually(async () => Number(await pane.getByTestId('cache-count').getAttribute('data-count'))).toBe(0);
  await pane.getByTestId('cache-rebuild').click();
  await expectToast(page, /已重建/);
  await eventually(() => pane.getByTestId('cache-key-0').innerText()).toBe('lookup:SEX');

  // Thai: the same screen, translated.
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-TH').click();
  await eventually(() => page.getByTestId('menu-REDIS_MANAGE').innerText()).toBe('จัดการแคช');
  await openMenu(page, 'REDIS_MANAGE', /\/main\/redisManage\?/);
  await eventually(() => activePane(page).getByTestId('cache-search').innerText()).toBe('ค้นหา');
  await eventually(() => activePane(page).getByTestId('cache-store').innerText()).toContain('ไม่ได้ตั้งค่า REDIS_URL');
  await shot(page, 'e2e-cache-manage-TH');
});
