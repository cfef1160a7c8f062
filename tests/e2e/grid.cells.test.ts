// The rest of the showcase's cells and keys, as the user meets them, in CN and TH: the selection events
// (select / selectCancel / selectAll / selectAllCancel run the grid's notify actions), a lookup with
// filterFlag false (disabled values listed, greyed) and numberFlag (the code is saved as a number),
// column-level disabled / isEdit conditions, the editors not covered by grid.editing (textarea,
// password, editlookup free text, url, datetime, year, month, time, daterange, datetimerange) with
// the displays they leave, a single button with showInput and an icon, validate.customizeHead, Arco
// popups inside editors in Thai, and the 1000 page-size option.
import type { Locator, Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { shot } from './browser';
import { activePane, cellEditor, chromiumForFile, clickCell, eventually, expectToast, gridHeaders, gridRows, nextFrames } from './helpers';
import { clickAt, layoutOf, nextMonth, openShowcase, scrollHome, scrollTo, switchLanguage } from './gridHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

const cell = async (g: Locator, row: number, title: string) => (await gridRows(g))[row]?.[title];
const pager = (page: Page) => activePane(page).getByTestId('grid-pager');
const listPage = (page: Page) => activePane(page).locator('.srm-list-page');

async function openEditor(page: Page, g: Locator, key: string, row: number, scrollLeft = 0): Promise<void> {
  await page
    .locator('#portal .gdg-style')
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await clickAt(page, g, key, row, scrollLeft);
  const opened = await cellEditor(page)
    .waitFor({ state: 'visible', timeout: 3000 })
    .then(
      () => true,
      () => false,
    );
  if (!opened) {
    await clickAt(page, g, key, row, scrollLeft);
    await cellEditor(page).waitFor({ state: 'visible' });
  }
  // The overlay is placed and the editor has focused its input (next frame) before keys are sent.
  await nextFrames(page);
}

/** Opens the editor of a cell scrolled into view. */
async function edit(page: Page, g: Locator, key: string, row: number): Promise<void> {
  await openEditor(page, g, key, row, await scrollTo(g, key));
}

async function closed(page: Page): Promise<void> {
  await cellEditor(page).waitFor({ state: 'detached' });
  await nextFrames(page);
}

/** The header checkbox of the selection column (the whole page). */
async function clickSelectAll(page: Page, g: Locator): Promise<void> {
  const layout = await layoutOf(g);
  const c = layout.columns.find((x) => x.key === '-select')!;
  const box = (await g.locator('canvas[data-testid=data-grid-canvas]').boundingBox())!;
  await page.mouse.click(box.x + c.x + c.width / 2, box.y + layout.headerHeight - 18);
}

interface Texts {
  select: (n: number) => string;
  selectCancel: (n: number) => string;
  selectAll: (n: number) => string;
  selectAllCancel: (n: number) => string;
  lines: (n: number) => string;
  linesTitle: string;
  sizeOption: string;
}

const CN: Texts = {
  select: (n) => `已选中一行，共选 ${n} 项`,
  selectCancel: (n) => `已取消选中一行，共选 ${n} 项`,
  selectAll: (n) => `已全选本页，共选 ${n} 项`,
  selectAllCancel: (n) => `已取消全选本页，共选 ${n} 项`,
  lines: (n) => `${n} 行`,
  linesTitle: '明细数',
  sizeOption: '1000 条/页',
};
const TH: Texts = {
  select: (n) => `เลือกแล้วหนึ่งแถว รวม ${n} รายการ`,
  selectCancel: (n) => `ยกเลิกการเลือกหนึ่งแถว รวม ${n} รายการ`,
  selectAll: (n) => `เลือกทั้งหน้าแล้ว รวม ${n} รายการ`,
  selectAllCancel: (n) => `ยกเลิกการเลือกทั้งหน้า รวม ${n} รายการ`,
  lines: (n) => `${n} บรรทัด`,
  linesTitle: 'จำนวนรายการ',
  sizeOption: '1000 / หน้า',
};

/** The four selection events, each telling its message with the selected count (SPEC §4). */
async function selectionEvents(page: Page, g: Locator, t: Texts, lang: string): Promise<void> {
  await clickCell(page, g, '-select', 0);
  await expectToast(page, t.select(1));
  await clickCell(page, g, '-select', 1);
  await expectToast(page, t.select(2));
  await eventually(() => listPage(page).getAttribute('data-selected')).toBe('2');
  await clickCell(page, g, '-select', 0);
  await expectToast(page, t.selectCancel(1));
  await clickSelectAll(page, g);
  await expectToast(page, t.selectAll(45));
  await eventually(() => listPage(page).getAttribute('data-selected')).toBe('45');
  await shot(page, `e2e-grid-selection-events-${lang}`);
  await clickSelectAll(page, g);
  await expectToast(page, t.selectAllCancel(0));
  await eventually(() => listPage(page).getAttribute('data-selected')).toBe('0');
}

/** lookup {filterFlag: false, numberFlag: true}: the disabled code is listed greyed; the saved code is a number. */
async function numberLookup(page: Page, g: Locator, t: Texts, lang: string): Promise<void> {
  await edit(page, g, 'lineCount', 3);
  const options = page.locator('#portal .arco-select-option');
  await options.first().waitFor({ state: 'visible' });
  expect(await options.allInnerTexts()).toEqual([0, 1, 2, 3, 4, 5, 6].map(t.lines));
  expect(await page.locator('#portal .arco-select-option-disabled').allInnerTexts()).toEqual([t.lines(6)]);
  await shot(page, `e2e-grid-lookup-filterflag-${lang}`);
  expect(await cellEditor(page).count()).toBe(1);
  await options
    .filter({ hasText: t.lines(5) })
    .first()
    .click();
  await closed(page);
  await eventually(() => cell(g, 3, t.linesTitle)).toBe(t.lines(5));
  // The single button shows the value before it (showInput, displayKey lineCount).
  await eventually(async () => (await gridRows(g))[3]?.[lang === 'CN' ? '行数与明细' : 'บรรทัดและรายละเอียด']).toMatch(/^5 /);
  // Save: the edited row goes out with lineCount as a number (the answer is faked so the demo row stays).
  let sent: unknown;
  await page.route('**/srmBaseGridSampleRestful/doBatchSaveOrUpdate', async (route) => {
    sent = JSON.parse(route.request().postData() ?? '{}');
    await route.fulfill({ contentType: 'application/json', body: JSON.stringify({ status: 'S', msg: 'ok', data: [] }) });
  });
  await activePane(page).getByTestId('action-saveRows').click();
  await eventually(() => sent !== undefined).toBe(true);
  const rows = (sent as { data?: Record<string, unknown>[] }).data ?? [];
  const edited = rows.find((r) => r.sampleCode === 'GS-0004');
  expect(edited?.lineCount).toBe(5); // a number, not the code text '5'
  await page.unroute('**/srmBaseGridSampleRestful/doBatchSaveOrUpdate');
}

test('CN: selection events, numberFlag/filterFlag lookup, conditions, customizeHead and the remaining editors', async () => {
  const { page, errors } = await chromium.signIn('admin');
  const g = await openShowcase(page);
  await eventually(() => cell(g, 0, '示例编码')).toBe('GS-0001');
  await selectionEvents(page, g, CN, 'CN');

  // validate.customizeHead: the phone column is required but draws no asterisk; the name column does.
  expect(await gridHeaders(g)).toContain('* 示例名称');
  await scrollTo(g, 'phone');
  const headers = await gridHeaders(g);
  expect(headers).toContain('电话');
  expect(headers).not.toContain('* 电话');
  await scrollHome(g);

  // Column-level rules: the name is disabled where lineCount is 6 (row 6), the description is not
  // editable where urgentFlag is X (row 2): a click opens no editor there.
  // glide opens an editor in the click's own update: once the frames after the click are drawn, none came.
  await clickAt(page, g, 'sampleName', 6);
  await nextFrames(page, 5);
  expect(await cellEditor(page).count()).toBe(0);
  const dl = await scrollTo(g, 'description');
  await clickAt(page, g, 'description', 2, dl);
  await nextFrames(page, 5);
  expect(await cellEditor(page).count()).toBe(0);

  // textarea: Shift+Enter is a new line, Enter commits.
  await openEditor(page, g, 'description', 7, dl);
  const area = cellEditor(page).locator('textarea');
  await area.fill('第一行');
  await area.press('Shift+Enter');
  await area.pressSequentially('second', { delay: 30 });
  expect(await area.inputValue()).toBe('第一行\nsecond');
  await area.press('Enter');
  await closed(page);
  await eventually(() => cell(g, 7, '描述')).toMatch(/^第一行\s*second$/);

  // password: masked display and a password input.
  expect(await cell(g, 7, '口令')).toBe('******');
  await edit(page, g, 'secretCode', 7);
  expect(await cellEditor(page).locator('input').getAttribute('type')).toBe('password');
  await cellEditor(page).locator('input').fill('n3w-secret');
  await cellEditor(page).locator('input').press('Enter');
  await closed(page);
  expect(await cell(g, 7, '口令')).toBe('******');

  // url: typed and shown as the link text.
  await edit(page, g, 'website', 7);
  await cellEditor(page).locator('input').fill('https://example.org/新');
  await cellEditor(page).locator('input').press('Enter');
  await closed(page);
  await eventually(() => cell(g, 7, '网址')).toBe('https://example.org/新');

  // editlookup: a value that is not in the list is taken as typed.
  await edit(page, g, 'countryCode', 7);
  const country = cellEditor(page).locator('input');
  await country.pressSequentially('Mars', { delay: 30 });
  await page.locator('#portal .arco-select-option', { hasText: 'Mars' }).first().waitFor({ state: 'visible' });
  await country.press('Enter');
  await closed(page);
  await eventually(() => cell(g, 7, '产地')).toBe('Mars');

  // Dates typed into the Arco pickers, confirmed by Enter; displays in the formats of SPEC §9.
  const typeDate = async (key: string, value: string, confirm = false) => {
    await edit(page, g, key, 7);
    const input = cellEditor(page).locator('input').first();
    await input.click();
    await input.fill(value);
    if (confirm) await page.locator('#portal .arco-picker-btn-confirm, #portal .arco-btn-primary').first().click();
    else await input.press('Enter');
    await closed(page);
  };
  await typeDate('checkTime', '2026-03-04 05:06:07', true);
  await eventually(() => cell(g, 7, '检查时间')).toBe('2026-03-04 05:06:07');
  await typeDate('fiscalYear', '2031');
  await eventually(() => cell(g, 7, '年度')).toBe('2031');
  await typeDate('fiscalMonth', '2027-09');
  await eventually(() => cell(g, 7, '月份')).toBe('2027-09');
  await typeDate('dailyTime', '09:30:15', true);
  await eventually(() => cell(g, 7, '每日时间')).toBe('09:30:15');

  // Ranges: both ends, written to the two rangeKeys fields and shown as "start ~ end".
  const typeRange = async (key: string, a: string, b: string, withTime: boolean) => {
    await edit(page, g, key, 7);
    const inputs = cellEditor(page).locator('input');
    await inputs.nth(0).click();
    await inputs.nth(0).fill(a);
    await inputs.nth(1).click({ force: true });
    await inputs.nth(1).fill(b);
    if (withTime) await page.locator('#portal .arco-picker-btn-confirm, #portal .arco-btn-primary').first().click();
    else await inputs.nth(1).press('Enter');
    await closed(page);
  };
  await typeRange('startDate', '2026-05-01', '2026-05-20', false);
  await eventually(() => cell(g, 7, '起止日期')).toBe('2026-05-01 ~ 2026-05-20');
  await typeRange('planStart', '2026-06-01 08:00:00', '2026-06-02 18:30:00', true);
  await eventually(() => cell(g, 7, '计划时段')).toBe('2026-06-01 08:00:00 ~ 2026-06-02 18:30:00');
  await shot(page, 'e2e-grid-editors-CN');
  await scrollHome(g);

  await numberLookup(page, g, CN, 'CN');
  expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
});

test('TH: selection events, Arco Select and DatePicker popups inside editors, numberFlag lookup, the 1000 page size', async () => {
  const { page, errors } = await chromium.signIn('admin');
  await switchLanguage(page, 'TH');
  const g = await openShowcase(page);
  await eventually(() => cell(g, 0, 'รหัสตัวอย่าง')).toBe('GS-0001');

  // The 1000 option (grid.pageSize 1000) is offered with the standard sizes, and all 45 rows are on page 1.
  expect(await pager(page).getAttribute('data-page-size')).toBe('1000');
  await pager(page).getByTestId('grid-pager-size').click();
  const sizes = page.locator('.arco-select-popup:visible .arco-select-option');
  await sizes.first().waitFor({ state: 'visible' });
  expect(await sizes.allInnerTexts()).toEqual(['20 / หน้า', '50 / หน้า', '100 / หน้า', '200 / หน้า', '500 / หน้า', TH.sizeOption]);
  await shot(page, 'e2e-grid-page-size-1000-TH');
  await page.keyboard.press('Escape');
  expect((await gridRows(g)).length).toBeGreaterThanOrEqual(13);

  await selectionEvents(page, g, TH, 'TH');

  // DatePicker popup in Thai inside the editor: the next month keeps the editor open; a day commits.
  await edit(page, g, 'deliveryDate', 8);
  await page.locator('#portal .arco-picker-container, #portal .arco-panel-date').first().waitFor({ state: 'visible' });
  await nextMonth(page);
  expect(await cellEditor(page).count()).toBe(1);
  await shot(page, 'e2e-grid-datepicker-TH');
  await page.locator('#portal .arco-picker-cell-in-view .arco-picker-date', { hasText: /^12$/ }).first().click();
  await closed(page);
  await eventually(() => cell(g, 8, 'วันที่ส่งมอบ')).toMatch(/^20\d\d-\d\d-12$/);

  // Year picker popup: a click on a year commits it.
  await edit(page, g, 'fiscalYear', 8);
  await page
    .locator('#portal .arco-picker-cell-in-view', { hasText: /^2028$/ })
    .first()
    .click();
  await closed(page);
  await eventually(() => cell(g, 8, 'ปี')).toBe('2028');
  await scrollHome(g);

  // Arco Select popup in Thai (lookup with filterFlag false / numberFlag).
  await numberLookup(page, g, TH, 'TH');
  expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
});
