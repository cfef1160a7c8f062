// lookupTypeEdit shows a lookup type's values as editable lines, saved with the type in one call; the
// shell's lookup answer (findDic) has the new value at once. Chinese, then Thai.
import { expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { shot } from '../../../../tests/e2e/browser';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';
import {
  activePane,
  cellEditor,
  chromiumForFile,
  clickCell,
  columnValues,
  eventually,
  expectToast,
  focused,
  grid,
  openFolder,
  openMenu,
} from '../../../../tests/e2e/helpers';
import { expectOk, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers';

const base = inject('baseUrl');
const chrome = chromiumForFile(base);

async function typeCell(page: Page, key: string, row: number, text: string): Promise<void> {
  await clickCell(page, grid(page, 'values'), key, row);
  const input = cellEditor(page).locator('input').first();
  // Keys sent before the editor has focused its input can be lost.
  await focused(input);
  await input.pressSequentially(text, { delay: 40 });
  await input.press('Enter');
  await cellEditor(page).waitFor({ state: 'detached' });
}

test('an administrator adds a value on the lookup type screen; findDic has it at once', async () => {
  const api = await signIn(base, 'admin');
  const code = uniq('LT').replace('-', '_');
  expectOk(
    await api.call('baseServer/v1/baseLookupTypeRestful/saveOrUpdate', {
      lookupType: code,
      meaning: '测试快码',
      values: [{ lookupCode: 'A', meaning: '甲', seqNum: 10 }],
    }),
  );

  const { page } = await chrome.signIn('admin');
  await openFolder(page, 'SYS_SETTING');
  await openMenu(page, 'LOOKUP_TYPE', /\/main\/base\/lookupTypeList\?/);
  await activePane(page).getByTestId('search-lookupType').fill(code);
  await activePane(page).getByTestId('search-submit').click();
  await eventually(() => columnValues(grid(page, 'lookupTypeList'), '类型编码')).toEqual([code]);
  await activePane(page).getByTestId('row-action-edit-0').click();
  await page.waitForURL(/\/main\/base\/lookupTypeEdit\?.*id=\d+/);
  const values = grid(page, 'values');
  await eventually(() => columnValues(values, '编码')).toEqual(['A']);

  await activePane(page).getByTestId('line-values-action-addLine').click();
  await typeCell(page, 'lookupCode', 1, 'B');
  await typeCell(page, 'meaning', 1, '乙');
  await typeCell(page, 'seqNum', 1, '20');
  await shot(page, 'e2e-lookup-type-lines-cn');
  await activePane(page).getByTestId('action-save').click();
  await expectToast(page, '保存成功');
  await eventually(() => columnValues(values, '编码')).toEqual(['A', 'B']);

  const dic = expectOk(await api.call<Rec[]>('baseServer/v1/baseLookupValuesRestful/findDic', { lookupType: code }));
  expect(dic.map((v) => `${v.lookupCode}=${v.meaning}`)).toEqual(['A=甲', 'B=乙']);

  await switchLanguage(page, 'TH');
  await eventually(() => activePane(page).locator('h2').first().innerText()).toBe('ข้อมูลประเภทรหัสค้นหา');
  await eventually(() => columnValues(values, 'รหัส')).toEqual(['A', 'B']);
  await page.mouse.move(700, 800);
  await shot(page, 'e2e-lookup-type-lines-th');
});
