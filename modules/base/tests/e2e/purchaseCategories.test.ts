// Purchase categories and groups (what user authorisation permits refer to): the admin maintains them
// from 基础数据, and a new category is offered in the user authorisation's category permits. CN and TH.
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chromiumForFile, eventually, expectToast, grid, gridRows, openFolder, openMenu, uniqueSuffix } from '../../../../tests/e2e/helpers';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

test('CN: admin creates a purchase category and finds it in the list', async () => {
  const suffix = uniqueSuffix();
  const code = `PC${suffix}`.slice(0, 20);
  const { page, errors } = await chromium.signIn('admin');
  await openFolder(page, 'BASE_DATA');
  await openMenu(page, 'PURCHASE_CATEGORY', /\/main\/base\/purchaseCategoryList\?/);
  const list = grid(page, 'purchaseCategoryList');
  await eventually(async () => (await gridRows(list)).map((r) => r['品类编码'])).toContain('RAW');
  await activePane(page).getByTestId('action-add').click();
  await page.waitForURL(/\/main\/base\/purchaseCategoryEdit\?.*mode=create/);
  await activePane(page).locator('#root_categoryCode').fill(code);
  await activePane(page).locator('#root_categoryName').fill(`测试品类 ${suffix}`);
  await activePane(page).getByTestId('action-save').click();
  await expectToast(page, '保存成功');
  await page.waitForURL(/\/main\/base\/purchaseCategoryEdit\?.*id=\d+.*mode=edit/);
  // Back once the saved record is shown and nothing is left unsaved (a busy machine loads it late).
  await eventually(() => activePane(page).locator('#root_categoryCode').inputValue()).toBe(code);
  await eventually(() => activePane(page).locator('.srm-edit-page').getAttribute('data-dirty')).not.toBe('true');
  await activePane(page).getByTestId('action-back').click();
  await page.waitForURL(/\/main\/base\/purchaseCategoryList\?/);
  await activePane(page).getByTestId('search-categoryCode').fill(code);
  await activePane(page).getByTestId('search-submit').click();
  await eventually(() => gridRows(list)).toEqual([expect.objectContaining({ 品类编码: code, 品类名称: `测试品类 ${suffix}` })]);
  await shot(page, 'e2e-purchase-category-CN');
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
});

test('TH: the purchase groups list in Thai', async () => {
  const { page, errors } = await chromium.signIn('admin');
  await switchLanguage(page, 'TH');
  await openFolder(page, 'BASE_DATA');
  await openMenu(page, 'PURCHASE_GROUP', /\/main\/base\/purchaseGroupList\?/);
  const list = grid(page, 'purchaseGroupList');
  await eventually(async () => (await gridRows(list)).length).toBeGreaterThan(0);
  expect(Object.keys((await gridRows(list))[0])).toEqual(expect.arrayContaining(['รหัสกลุ่ม']));
  await shot(page, 'e2e-purchase-group-TH');
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
});
