// Excel on the bank list as buyer01, in CN and then TH: an import with a wrong row shows the per-row
// result and saves nothing, the corrected file saves every row, and Export downloads an .xlsx whose
// rows are the searched banks with titles in the current language.
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chromiumForFile, columnValues, eventually, grid, openMenu, uniqueSuffix } from '../../../../tests/e2e/helpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

type Lang = 'CN' | 'TH';
const TEXT: Record<
  Lang,
  { code: string; name: string; country: string; exportAll: string; rowsInvalid: RegExp; imported: string; required: string; row3: string }
> = {
  CN: {
    code: '银行编码',
    name: '银行名称',
    country: '国家',
    exportAll: '导出全部',
    rowsInvalid: /^1 行数据有错误，没有保存任何数据/,
    imported: '已导入 2 行',
    required: '银行名称不能为空',
    row3: '第 3 行',
  },
  TH: {
    code: 'รหัสธนาคาร',
    name: 'ชื่อธนาคาร',
    country: 'ประเทศ',
    exportAll: 'ส่งออกทั้งหมด',
    rowsInvalid: /^มี 1 แถวที่ผิดพลาด/,
    imported: 'นำเข้าแล้ว 2 แถว',
    required: 'ชื่อธนาคาร',
    row3: 'แถว 3',
  },
};

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function readBack(path: string): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

async function chooseFile(page: Page, name: string, data: Buffer): Promise<void> {
  await page.getByTestId('excel-file').setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: data });
}

async function search(page: Page, code: string): Promise<void> {
  await activePane(page).getByTestId('search-bankCode').fill(code);
  await activePane(page).getByTestId('search-submit').click();
}

async function roundTrip(page: Page, lang: Lang): Promise<void> {
  const t = TEXT[lang];
  const prefix = `XL${lang}${uniqueSuffix()}`;
  const list = grid(page, 'bankList');

  // An import with one wrong row (no name): per-row result, nothing saved.
  await activePane(page).getByTestId('excel-import').click();
  await chooseFile(
    page,
    'banks.xlsx',
    await xlsx([
      ['bankCode', 'bankName', 'countryCode'],
      [`${prefix}-1`, 'Excel one', 'CN'],
      [`${prefix}-2`, null, 'TH'],
    ]),
  );
  await eventually(() => page.getByTestId('excel-result').getAttribute('data-ok')).toBe('N');
  await expect.poll(() => page.getByTestId('excel-result').innerText()).toMatch(t.rowsInvalid);
  const errors = await page.getByTestId('excel-row-errors').innerText();
  expect(errors).toContain(t.row3);
  expect(errors).toContain(t.required);
  await expect.poll(() => page.getByTestId('excel-report').isVisible()).toBe(true);
  await shot(page, `e2e-excel-import-errors-${lang}`);

  // The corrected file saves both rows.
  await chooseFile(
    page,
    'banks.xlsx',
    await xlsx([
      ['bankCode', 'bankName', 'countryCode'],
      [`${prefix}-1`, 'Excel one', 'CN'],
      [`${prefix}-2`, 'Excel two', 'TH'],
    ]),
  );
  await eventually(() => page.getByTestId('excel-result').getAttribute('data-ok')).toBe('Y');
  expect(await page.getByTestId('excel-result').innerText()).toBe(t.imported);
  await expect.poll(() => page.getByTestId('excel-progress').isVisible()).toBe(true);
  await shot(page, `e2e-excel-import-ok-${lang}`);
  await page.getByTestId('excel-close').click();

  // Search the imported banks and export them: the file holds exactly those rows.
  await search(page, prefix);
  await eventually(() => columnValues(list, t.code)).toEqual([`${prefix}-1`, `${prefix}-2`]);
  const menu = activePane(page).getByTestId('excel-export').locator('button').last();
  await menu.hover();
  const item = page.getByRole('menuitem', { name: t.exportAll });
  await item.waitFor();
  await shot(page, `e2e-excel-export-menu-${lang}`);
  const [download] = await Promise.all([page.waitForEvent('download'), item.click()]);
  expect(download.suggestedFilename()).toBe('banks.xlsx');
  const rows = await readBack((await download.path())!);
  expect(rows[0].slice(0, 2)).toEqual([t.code, t.name]);
  expect(rows.slice(1).map((r) => r[0])).toEqual([`${prefix}-1`, `${prefix}-2`]);
  const countryColumn = rows[0].indexOf(t.country);
  expect(rows[1][countryColumn]).toBe(lang === 'CN' ? '中国' : 'จีน');
}

test('import with a wrong row saves nothing, a good file saves, export downloads the searched rows (CN, then TH)', async () => {
  const { page } = await chromium.signIn('buyer01');
  await openMenu(page, 'BANK', /\/main\/base\/bankList\?/);
  await eventually(() => activePane(page).getByTestId('excel-import').isVisible()).toBe(true);
  await roundTrip(page, 'CN');

  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-TH').click();
  await eventually(() => activePane(page).getByTestId('excel-import').innerText()).toBe('นำเข้า');
  await roundTrip(page, 'TH');
});

test('a user without the export and import buttons does not see them', async () => {
  const { page } = await chromium.signIn('approver01');
  await openMenu(page, 'REQUISITION', /\/main\/order\/requisitionList\?/);
  await eventually(() => activePane(page).getByTestId('search-submit').isVisible()).toBe(true);
  expect(await activePane(page).locator('.srm-excel-toolbar').count()).toBe(0);
});

test('a background export appears under My exports, finishes and downloads', async () => {
  const { page } = await chromium.signIn('buyer01');
  await openMenu(page, 'BANK', /\/main\/base\/bankList\?/);
  await search(page, 'ICBC');
  await eventually(() => columnValues(grid(page, 'bankList'), TEXT.CN.code)).toEqual(['ICBC']);
  await activePane(page).getByTestId('excel-export').locator('button').last().hover();
  await page.getByRole('menuitem', { name: '后台导出' }).click();
  await eventually(() => page.locator('.arco-message').first().innerText()).toContain('Excel 导出已提交后台运行');

  await openMenu(page, 'MY_EXPORTS', /\/main\/platform\/myExports\?/);
  const jobs = grid(page, 'myExports');
  await eventually(() => columnValues(jobs, '状态'), 20_000).toContain('已完成');
  expect((await columnValues(jobs, '文件名'))[0]).toBe('banks.xlsx');
  await shot(page, 'e2e-excel-my-exports-CN');
  const [download] = await Promise.all([page.waitForEvent('download'), activePane(page).getByTestId('row-action-download-0').click()]);
  const rows = await readBack((await download.path())!);
  expect(rows.slice(1).map((r) => r[0])).toEqual(['ICBC']);
});
