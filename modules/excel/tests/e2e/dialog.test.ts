// Excel in the browser beyond the round trip of excel.test.ts, on the bank list as buyer01: the import
// template and the error report downloaded by clicking their buttons (read back: titles in the user's
// language, the hidden key row, the error column), a file that is not an xlsx refused in the import
// dialog with the message shown (CN and TH), and a background export with the My exports page in Thai.
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chromiumForFile, columnValues, eventually, expectToast, grid, openMenu, uniqueSuffix } from '../../../../tests/e2e/helpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

type Lang = 'CN' | 'TH';
const TEXT: Record<Lang, { code: string; name: string; error: string; notXlsx: string; required: string }> = {
  CN: { code: '银行编码', name: '银行名称', error: '错误信息', notXlsx: '只能导入 .xlsx 格式的 Excel 文件（文件内容不是 xlsx）', required: '银行名称不能为空' },
  TH: { code: 'รหัสธนาคาร', name: 'ชื่อธนาคาร', error: 'ข้อผิดพลาด', notXlsx: 'นำเข้าได้เฉพาะไฟล์ Excel .xlsx เท่านั้น (เนื้อหาไม่ใช่ xlsx)', required: 'ชื่อธนาคาร' },
};

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

interface Sheet {
  rows: unknown[][];
  hidden: number[];
}

async function readBack(path: string): Promise<Sheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  const hidden: number[] = [];
  wb.worksheets[0].eachRow((row, n) => {
    rows.push((row.values as unknown[]).slice(1));
    if (row.hidden) hidden.push(n);
  });
  return { rows, hidden };
}

const text = (v: unknown) =>
  typeof v === 'object' && v !== null && 'richText' in v ? (v as { richText: { text: string }[] }).richText.map((r) => r.text).join('') : String(v ?? '');

async function switchToThai(page: Page): Promise<void> {
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-TH').click();
}

async function dialogSteps(page: Page, lang: Lang): Promise<void> {
  const t = TEXT[lang];
  await openMenu(page, 'BANK', /\/main\/base\/bankList\?/);
  await eventually(() => activePane(page).getByTestId('excel-import').isVisible()).toBe(true);
  await activePane(page).getByTestId('excel-import').click();

  // The template: row 1 the titles in the user's language (required ones marked *), row 2 the hidden keys.
  const [template] = await Promise.all([page.waitForEvent('download'), page.getByTestId('excel-template').click()]);
  expect(template.suggestedFilename()).toMatch(/\.xlsx$/);
  const tpl = await readBack((await template.path())!);
  const titles = tpl.rows[0].map(text);
  expect(titles[0]).toMatch(new RegExp(`^${t.code}\\s*\\*?$`));
  expect(titles.some((x) => x.startsWith(t.name))).toBe(true);
  expect(tpl.rows[1].map(text).slice(0, 2)).toEqual(['bankCode', 'bankName']);
  expect(tpl.hidden).toEqual([2]);

  // A file that is not an xlsx (text renamed, and a CSV) is refused in the dialog with the message.
  await page.getByTestId('excel-file').setInputFiles({
    name: 'banks.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from('bankCode,bankName\nX1,Not a workbook\n'),
  });
  await eventually(() => page.getByTestId('excel-result').getAttribute('data-ok')).toBe('N');
  expect(await page.getByTestId('excel-result').innerText()).toBe(t.notXlsx);
  await shot(page, `e2e-excel-not-xlsx-${lang}`);
  await page.getByTestId('excel-file').setInputFiles({ name: 'banks.csv', mimeType: 'text/csv', buffer: Buffer.from('bankCode,bankName\nX1,CSV\n') });
  await eventually(() => page.getByTestId('excel-result').innerText()).toBe(t.notXlsx);

  // A wrong row: the error report is downloaded by its button and names the problem in an extra column.
  const prefix = `XR${lang}${uniqueSuffix()}`;
  await page.getByTestId('excel-file').setInputFiles({
    name: 'banks.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await xlsx([
      ['bankCode', 'bankName', 'countryCode'],
      [`${prefix}-1`, 'Report one', 'CN'],
      [`${prefix}-2`, null, 'TH'],
    ]),
  });
  await eventually(() => page.getByTestId('excel-result').getAttribute('data-ok')).toBe('N');
  await page.getByTestId('excel-report').waitFor({ state: 'visible' });
  const [report] = await Promise.all([page.waitForEvent('download'), page.getByTestId('excel-report').click()]);
  expect(report.suggestedFilename()).toMatch(/\.xlsx$/);
  const rep = await readBack((await report.path())!);
  const head = rep.rows[0].map(text);
  const errorAt = head.indexOf(t.error);
  expect(errorAt).toBeGreaterThan(0);
  const bad = rep.rows.find((r) => text(r[0]) === `${prefix}-2`);
  expect(text(bad?.[errorAt])).toContain(t.required);
  expect(text(rep.rows.find((r) => text(r[0]) === `${prefix}-1`)?.[errorAt])).toBe('');
  await page.getByTestId('excel-close').click();
}

test('CN: template and error report downloaded by their buttons; a non-xlsx file refused with the message', async () => {
  const { page } = await chromium.signIn('buyer01');
  await dialogSteps(page, 'CN');
});

test('TH: the same in Thai, then a background export and the My exports page in Thai', async () => {
  const { page } = await chromium.signIn('buyer01');
  await switchToThai(page);
  await dialogSteps(page, 'TH');

  await activePane(page).getByTestId('search-bankCode').fill('ICBC');
  await activePane(page).getByTestId('search-submit').click();
  await eventually(() => columnValues(grid(page, 'bankList'), TEXT.TH.code)).toEqual(['ICBC']);
  await activePane(page).getByTestId('excel-export').locator('button').last().hover();
  await page.getByRole('menuitem', { name: 'ส่งออกเบื้องหลัง' }).click();
  await expectToast(page, 'ส่งการส่งออก Excel ไปทำงานเบื้องหลังแล้ว');

  await openMenu(page, 'MY_EXPORTS', /\/main\/platform\/myExports\?/);
  const jobs = grid(page, 'myExports');
  await eventually(() => columnValues(jobs, 'สถานะ'), 20_000).toContain('เสร็จแล้ว');
  expect((await columnValues(jobs, 'ชื่อไฟล์'))[0]).toBe('banks.xlsx');
  await shot(page, 'e2e-excel-my-exports-TH');
  const [download] = await Promise.all([page.waitForEvent('download'), activePane(page).getByTestId('row-action-download-0').click()]);
  const sheet = await readBack((await download.path())!);
  expect(sheet.rows[0].map(text).slice(0, 2)).toEqual([TEXT.TH.code, TEXT.TH.name]);
  expect(sheet.rows.slice(1).map((r) => text(r[0]))).toEqual(['ICBC']);
});
