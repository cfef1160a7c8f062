// Unsaved changes are not lost silently (CN and TH): an edit page or an edited list marks itself dirty,
// and closing or refreshing its tab, or logging out, asks first; cancelling keeps what was typed.
// A page just opened is never dirty.
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { shot } from './browser';
import { activePane, chromiumForFile, confirmDialog, eventually, focused, nextFrames, openMenu } from './helpers';
import { clickAt, openShowcase, switchLanguage } from './gridHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

const closeIcon = (page: Page, routeName: string) => page.getByTestId(`tab-close-${routeName}`);

test('CN: an edited bank asks before its tab is refreshed or closed; a fresh page does not', async () => {
  const { page, errors } = await chromium.signIn('buyer01');
  await openMenu(page, 'BANK', /\/main\/base\/bankList\?/);
  await eventually(() => activePane(page).locator('.srm-list-page').getAttribute('data-load')).toBe('loaded');
  await activePane(page).getByTestId('row-action-edit-0').click();
  await page.waitForURL(/\/main\/base\/bankEdit\?.*id=\d+.*mode=edit/);
  const edit = activePane(page);
  await eventually(() => edit.locator('#root_bankCode').inputValue()).not.toBe('');
  // A page that marked itself dirty on load would do so in the load's own render and effects.
  await nextFrames(page);
  expect(await edit.locator('.srm-edit-page').getAttribute('data-dirty')).toBeNull();

  const name = await edit.locator('#root_bankName').inputValue();
  await edit.locator('#root_bankName').fill(`${name} 未保存`);
  await eventually(() => edit.locator('.srm-edit-page').getAttribute('data-dirty')).toBe('true');
  // Typing it back as it was is no change.
  await edit.locator('#root_bankName').fill(name);
  await eventually(() => edit.locator('.srm-edit-page').getAttribute('data-dirty')).toBeNull();
  await edit.locator('#root_bankName').fill(`${name} 未保存`);

  // Refresh: asked; cancel keeps the typed name.
  await page.getByTestId('tab-refresh').click();
  const dialog = confirmDialog(page);
  await dialog.waitFor({ state: 'visible' });
  expect(await dialog.innerText()).toContain('此页有未保存的修改');
  await shot(page, 'e2e-unsaved-confirm-CN');
  await dialog.getByRole('button', { name: '取消' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect(await edit.locator('#root_bankName').inputValue()).toBe(`${name} 未保存`);

  // Close: asked; confirming closes the tab.
  await closeIcon(page, 'mainbasebankedit').click();
  await dialog.waitFor({ state: 'visible' });
  await dialog.getByRole('button', { name: '确定' }).click();
  await eventually(() => page.getByTestId('tab-mainbasebankedit').count()).toBe(0);
  // The dialog and its mask fade out before the next click can land.
  await dialog.waitFor({ state: 'hidden' });
  await page
    .locator('.arco-modal-mask')
    .first()
    .waitFor({ state: 'hidden' })
    .catch(() => undefined);

  // A new requisition just opened is not dirty.
  await openMenu(page, 'REQUISITION', /\/main\/order\/requisitionList\?/);
  await activePane(page).getByTestId('action-add').click();
  await page.waitForURL(/\/main\/order\/requisitionEdit\?.*mode=create/);
  await activePane(page).locator('#root_title').waitFor();
  await nextFrames(page);
  expect(await activePane(page).locator('.srm-edit-page').getAttribute('data-dirty')).toBeNull();
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
});

test('TH: an edited list row asks before logout, in Thai', async () => {
  const { page, errors } = await chromium.signIn('admin');
  await switchLanguage(page, 'TH');
  const g = await openShowcase(page);
  const list = activePane(page).locator('.srm-list-page');
  expect(await list.getAttribute('data-dirty')).toBeNull();
  // Edit a name in place (not saved).
  for (let attempt = 0; attempt < 3 && (await list.getAttribute('data-edited')) !== '1'; attempt++) {
    await page
      .locator('#portal .gdg-style')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await clickAt(page, g, 'sampleName', 2);
    const input = page.locator('#portal input').first();
    if (
      !(await input.waitFor({ state: 'visible', timeout: 3000 }).then(
        () => true,
        () => false,
      ))
    )
      continue;
    await focused(input);
    await input.fill('ยังไม่บันทึก');
    await input.press('Enter');
    await input.waitFor({ state: 'detached' });
    await eventually(() => list.getAttribute('data-edited'), 3000)
      .toBe('1')
      .catch(() => undefined);
  }
  await eventually(() => list.getAttribute('data-dirty')).toBe('true');

  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  const dialog = confirmDialog(page);
  await dialog.waitFor({ state: 'visible' });
  expect(await dialog.innerText()).toContain('หน้านี้มีการแก้ไขที่ยังไม่ได้บันทึก');
  await shot(page, 'e2e-unsaved-confirm-TH');
  await dialog.getByRole('button', { name: 'ยกเลิก' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect(page.url()).toMatch(/\/main\//);
  expect(await list.getAttribute('data-edited')).toBe('1');
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
});

test('CN → TH: switching the language on an edited bank keeps what was typed, and the page stays dirty', async () => {
  const { page, errors } = await chromium.signIn('buyer01');
  await openMenu(page, 'BANK', /\/main\/base\/bankList\?/);
  await eventually(() => activePane(page).locator('.srm-list-page').getAttribute('data-load')).toBe('loaded');
  await activePane(page).getByTestId('row-action-edit-0').click();
  await page.waitForURL(/\/main\/base\/bankEdit\?.*id=\d+.*mode=edit/);
  const edit = activePane(page);
  await eventually(() => edit.locator('#root_bankCode').inputValue()).not.toBe('');
  const name = await edit.locator('#root_bankName').inputValue();
  await edit.locator('#root_bankName').fill(`${name} 语言`);
  await eventually(() => edit.locator('.srm-edit-page').getAttribute('data-dirty')).toBe('true');

  // The page asks for the record again in Thai (names and messages in the new language): the typed name stays.
  const reloaded = page.waitForResponse((r) => r.url().includes('/srmBaseBankRestful/findById'));
  await switchLanguage(page, 'TH');
  await reloaded;
  await nextFrames(page);
  expect(await edit.locator('#root_bankName').inputValue()).toBe(`${name} 语言`);
  expect(await edit.locator('.srm-edit-page').getAttribute('data-dirty')).toBe('true');
  expect(errors).toEqual([]);
});
