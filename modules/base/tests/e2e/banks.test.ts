// Banks, end to end as buyer01 sees it: create, search, edit, stale version from a second login, delete
// with the confirmation dialog (cancel, then confirm).
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import {
  chromiumForFile,
  activePane,
  columnValues,
  confirmDialog,
  eventually,
  expectToast,
  grid,
  gridRows,
  openMenu,
  uniqueSuffix,
} from '../../../../tests/e2e/helpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

// CN is the default language of a fresh browser.
const SAVED = '保存成功';
const DELETED = '删除成功';
const STALE = '数据已被他人修改，请刷新后重试';
const CODE_TITLE = '银行编码';
const NAME_TITLE = '银行名称';

test('buyer01 creates, searches, edits, meets a stale version and deletes a bank', async () => {
  const suffix = uniqueSuffix();
  const code = `E2E${suffix}`;
  const a = await chromium.signIn('buyer01');
  const page = a.page;

  try {
    // Open Banks from the menu: the list shows the seeded banks.
    await openMenu(page, 'BANK', /\/main\/base\/bankList\?/);
    const list = grid(page, 'bankList');
    await eventually(() => columnValues(list, CODE_TITLE)).toContain('ABC');
    await shot(page, 'e2e-banks-list');

    // Create through the edit page.
    await activePane(page).getByTestId('action-add').click();
    await page.waitForURL(/\/main\/base\/bankEdit\?.*mode=create/);
    const form = activePane(page);
    await form.locator('#root_bankCode').fill(code);
    await form.locator('#root_bankName').fill(`E2E 测试银行 ${suffix}`);
    await form.locator('#root_swiftCode').fill(`SW${suffix}`.slice(0, 11));
    await shot(page, 'e2e-banks-create-filled');
    await form.getByTestId('action-save').click();
    await expectToast(page, SAVED);
    // A saved new record reopens as an edit page of its id.
    await page.waitForURL(/\/main\/base\/bankEdit\?.*id=\d+.*mode=edit/);
    await eventually(() => activePane(page).locator('#root_bankCode').inputValue()).toBe(code);

    // Search for it by code in the list.
    await activePane(page).getByTestId('action-back').click();
    await page.waitForURL(/\/main\/base\/bankList\?/);
    await activePane(page).getByTestId('search-bankCode').fill(code);
    await activePane(page).getByTestId('search-submit').click();
    await eventually(() => gridRows(list)).toEqual([expect.objectContaining({ [CODE_TITLE]: code, [NAME_TITLE]: `E2E 测试银行 ${suffix}` })]);
    await shot(page, 'e2e-banks-searched');

    // Edit it from the row action: change the name and save.
    await activePane(page).getByTestId('row-action-edit-0').click();
    await page.waitForURL(/\/main\/base\/bankEdit\?.*id=\d+.*mode=edit/);
    const editUrl = page.url();
    const edit = activePane(page);
    await eventually(() => edit.locator('#root_bankCode').inputValue()).toBe(code);
    await edit.locator('#root_bankName').fill(`E2E 改名银行 ${suffix}`);
    await edit.getByTestId('action-save').click();
    await expectToast(page, SAVED);
    await eventually(() => edit.locator('#root_bankName').inputValue()).toBe(`E2E 改名银行 ${suffix}`);

    // Stale version: the same bank saved first from a second login…
    const b = await chromium.signIn('buyer01');
    await b.page.goto(editUrl);
    const other = activePane(b.page);
    await eventually(() => other.locator('#root_bankName').inputValue()).toBe(`E2E 改名银行 ${suffix}`);
    await other.locator('#root_bankName').fill(`E2E 别人改的 ${suffix}`);
    await other.getByTestId('action-save').click();
    await expectToast(b.page, SAVED);
    await shot(b.page, 'e2e-banks-second-user-saved');

    // …then the first user, still on the older version, types and saves: refused, the typed values stay.
    await page.bringToFront();
    await edit.locator('#root_bankName').fill(`E2E 我的改动 ${suffix}`);
    await edit.locator('#root_remark').fill(`first user remark ${suffix}`);
    await edit.getByTestId('action-save').click();
    await expectToast(page, STALE);
    await shot(page, 'e2e-banks-stale-version');
    expect(await edit.locator('#root_bankName').inputValue()).toBe(`E2E 我的改动 ${suffix}`);
    expect(await edit.locator('#root_remark').inputValue()).toBe(`first user remark ${suffix}`);
    expect(page.url()).toBe(editUrl);

    // Delete from the list with the confirmation dialog: cancel keeps it, OK removes it.
    // Back from the refused edits asks before dropping them (issue 18 item 1); the user drops them.
    await edit.getByTestId('action-back').click();
    await confirmDialog(page).waitFor({ state: 'visible' });
    await confirmDialog(page).getByRole('button', { name: '确定' }).click();
    await page.waitForURL(/\/main\/base\/bankList\?/);
    await activePane(page).getByTestId('search-submit').click();
    await eventually(() => columnValues(list, CODE_TITLE)).toEqual([code]);
    // The list shows what the second user saved.
    await eventually(() => columnValues(list, NAME_TITLE)).toEqual([`E2E 别人改的 ${suffix}`]);

    await activePane(page).getByTestId('row-action-delete-0').click();
    const dialog = confirmDialog(page);
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.innerText()).toContain('确定删除该记录吗');
    await shot(page, 'e2e-banks-delete-confirm');
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await activePane(page).getByTestId('search-submit').click();
    await eventually(() => columnValues(list, CODE_TITLE)).toEqual([code]);

    await activePane(page).getByTestId('row-action-delete-0').click();
    await confirmDialog(page).waitFor({ state: 'visible' });
    await confirmDialog(page).getByRole('button', { name: '确定' }).click();
    await expectToast(page, DELETED);
    await eventually(() => gridRows(list)).toEqual([]);
    // Still gone after a fresh search.
    await activePane(page).getByTestId('search-submit').click();
    await eventually(() => gridRows(list)).toEqual([]);
    await shot(page, 'e2e-banks-deleted');
  } catch (e) {
    await shot(page, 'e2e-banks-FAILED').catch(() => undefined);
    throw new Error(`${e instanceof Error ? e.message : String(e)}\nbrowser errors:\n${a.errors.join('\n')}`, { cause: e });
  }
});
