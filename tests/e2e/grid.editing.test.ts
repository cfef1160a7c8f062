// Editing in the showcase grid (isEdit): only the clicked row shows editors; Enter during an IME
// composition (Chinese pinyin, Thai) does not commit the cell, a plain Enter does; Arco popups inside
// cell editors (Select, DatePicker) work without closing the editor; number editors with computed
// columns; checkbox Y/N and the §8 wrong-value error; validation marks with their messages; the modal
// record picker; link and button cells run their handlers. CN and TH.
import type { Locator, Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { shot } from './browser';
import { activePane, cellEditor, chromiumForFile, eventually, expectToast, gridRows, nextFrames } from './helpers';
import { cellPoint, clickAt, nextMonth, openShowcase, scrollHome, scrollTo, switchLanguage } from './gridHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

const cell = async (g: Locator, row: number, title: string) => (await gridRows(g))[row]?.[title];

/** Types text through the browser's IME (CDP): composition, an Enter inside it, then the commit. */
async function imeType(page: Page, composing: string, committed: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.imeSetComposition', { text: composing, selectionStart: composing.length, selectionEnd: composing.length });
  // Enter while composing: picks the candidate in a real IME; must not commit the cell.
  await page.keyboard.press('Enter');
  // An Enter that committed would have closed the editor in the keydown's own update.
  await nextFrames(page);
  expect(await cellEditor(page).count()).toBe(1);
  await cdp.send('Input.insertText', { text: committed });
  await cdp.detach();
}

async function openEditor(page: Page, g: Locator, key: string, row: number, scrollLeft = 0): Promise<void> {
  // A click while the previous overlay is closing is swallowed (docs/runtime.md): wait, and click again
  // if the first click only moved the selection.
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
    await shot(page, `e2e-grid-edit-retry-${key}-${row}`);
    await clickAt(page, g, key, row, scrollLeft);
    await cellEditor(page).waitFor({ state: 'visible' });
  }
  // The overlay is placed and the editor has focused its input (next frame) before it takes keys.
  await nextFrames(page);
}

async function hoverMessage(page: Page, g: Locator, key: string, row: number, scrollLeft = 0): Promise<string> {
  const p = await cellPoint(g, key, row, scrollLeft);
  await page.mouse.move(5, 5);
  await page.mouse.move(p.x, p.y, { steps: 4 });
  const tip = activePane(page).getByTestId('grid-tooltip-gridShowcase');
  await tip.waitFor({ state: 'visible' });
  const text = await tip.innerText();
  await page.mouse.move(5, 5);
  return text;
}

test('CN: clicked row editors, IME guard, popups, computed amount, checkbox, validation, modal picker, link', async () => {
  const { page, errors } = await chromium.signIn('admin');
  const g = await openShowcase(page);
  await eventually(() => cell(g, 0, '示例编码')).toBe('GS-0001');

  // Only the clicked row is in edit mode; the overlay editor opens for the clicked cell.
  await openEditor(page, g, 'sampleName', 1);
  expect(await g.getAttribute('data-active-row')).toBe('1');
  const input = cellEditor(page).locator('input');
  await input.fill('');
  await input.focus();
  await imeType(page, 'zhong wen', '中文名称');
  expect(await input.inputValue()).toBe('中文名称');
  await page.keyboard.press('Enter');
  await cellEditor(page).waitFor({ state: 'detached' });
  await eventually(() => cell(g, 1, '示例名称')).toBe('中文名称');
  await shot(page, 'e2e-grid-edit-ime-CN');

  // A read-only cell (link) in another row does not open an editor.
  // Number editor: the amount (computedEvent quantity × price) follows.
  await openEditor(page, g, 'quantity', 3);
  expect(await g.getAttribute('data-active-row')).toBe('3');
  const qty = cellEditor(page).locator('.arco-input-number input');
  await qty.fill('');
  await qty.pressSequentially('1234.5', { delay: 40 });
  await qty.press('Enter');
  await cellEditor(page).waitFor({ state: 'detached' });
  // quantity has showThousandSeparator: false (the amount keeps its separators).
  await eventually(() => cell(g, 3, '数量')).toBe('1234.50');
  expect(await cell(g, 3, '金额')).toBe('7,407.00'); // 1234.5 × 6.0000

  // Lookup editor: the Arco Select popup lives inside the editor; choosing an option commits the meaning.
  // (columns under the fixed-right strip are scrolled into view first)
  await openEditor(page, g, 'uomCode', 3, await scrollTo(g, 'uomCode'));
  const option = page.locator('#portal .arco-select-option', { hasText: '米' }).first();
  await option.waitFor({ state: 'visible' });
  expect(await cellEditor(page).count()).toBe(1);
  await option.click();
  await cellEditor(page).waitFor({ state: 'detached' });
  await eventually(() => cell(g, 3, '单位')).toBe('米');

  // Date picker: moving to the next month inside the popup keeps the editor open; picking a day commits.
  const left = await scrollTo(g, 'deliveryDate');
  await openEditor(page, g, 'deliveryDate', 3, left);
  const picker = page.locator('#portal .arco-picker-container, #portal .arco-panel-date').first();
  await picker.waitFor({ state: 'visible' });
  await nextMonth(page);
  expect(await cellEditor(page).count()).toBe(1);
  await page.locator('#portal .arco-picker-cell-in-view .arco-picker-date', { hasText: /^15$/ }).first().click();
  await cellEditor(page).waitFor({ state: 'detached' });
  await eventually(() => cell(g, 3, '交货日期')).toMatch(/^20\d\d-\d\d-15$/);
  // A click while the overlay is still closing is swallowed (docs/runtime.md).
  await page
    .locator('#portal .gdg-style')
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await nextFrames(page);

  // Checkbox: N → Y by a click; a value that is neither Y nor N reports the §8 error.
  const left2 = await scrollTo(g, 'urgentFlag');
  await clickAt(page, g, 'urgentFlag', 1, left2);
  await eventually(() => cell(g, 1, '加急')).toBe('Y');
  await clickAt(page, g, 'urgentFlag', 2, left2);
  await expectToast(page, '值应为 Y 或 N');

  // Validation: a wrong e-mail is marked and explains itself on hover.
  const left3 = await scrollTo(g, 'email');
  await openEditor(page, g, 'email', 1, left3);
  const email = cellEditor(page).locator('input');
  await email.fill('not-an-email');
  await email.press('Enter');
  await cellEditor(page).waitFor({ state: 'detached' });
  await eventually(() => cell(g, 1, '邮箱')).toBe('not-an-email');
  expect(await hoverMessage(page, g, 'email', 1, left3)).toBe('邮箱格式不正确');
  await shot(page, 'e2e-grid-edit-invalid-CN');
  await scrollHome(g);

  // Required: an emptied name is marked 必填.
  await openEditor(page, g, 'sampleName', 4);
  const nameInput = cellEditor(page).locator('input');
  expect(await nameInput.inputValue()).toBe('Ống thép không gỉ #5'); // the editor of that very cell
  await nameInput.press('Control+a');
  await nameInput.press('Backspace');
  expect(await nameInput.inputValue()).toBe('');
  await nameInput.press('Enter');
  await cellEditor(page).waitFor({ state: 'detached' });
  await eventually(() => cell(g, 4, '示例名称')).toBe('');
  expect(await hoverMessage(page, g, 'sampleName', 4)).toBe('必填');

  // Modal cell: a dialog lists materials; a click on a row picks it.
  await clickAt(page, g, 'materialId', 1, await scrollTo(g, 'materialId'));
  const modal = page.getByTestId('modal-picker-gridShowcase-materialId').or(page.locator('.arco-modal:visible'));
  await modal.first().waitFor({ state: 'visible' });
  await page.locator('.arco-modal:visible input').first().fill('M-0003');
  const pickerGrid = page.getByTestId('grid-picker-gridShowcase-materialId');
  await eventually(async () => (await gridRows(pickerGrid)).map((r) => r['物料编码'])).toEqual(['M-0003']);
  const pbox = (await pickerGrid.locator('canvas[data-testid=data-grid-canvas]').boundingBox())!;
  await page.mouse.click(pbox.x + 150, pbox.y + 36 + 17);
  await eventually(() => page.locator('.arco-modal:visible').count()).toBe(0);
  await eventually(() => cell(g, 1, '物料')).toContain('M-0003');
  await shot(page, 'e2e-grid-edit-modal-CN');
  await scrollHome(g);

  // Link cell: runs its clickFun (open the record read-only).
  await clickAt(page, g, 'sampleCode', 0);
  await page.waitForURL(/\/main\/base\/gridShowcaseEdit\?.*mode=view/);
  expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
});

test('TH: Thai text through the IME guard, validation messages in Thai, the buttons cell handler', async () => {
  const { page } = await chromium.signIn('admin');
  await switchLanguage(page, 'TH');
  const g = await openShowcase(page);
  await eventually(() => cell(g, 0, 'รหัสตัวอย่าง')).toBe('GS-0001');
  await openEditor(page, g, 'sampleName', 2);
  const input = cellEditor(page).locator('input');
  await input.fill('');
  await input.focus();
  await imeType(page, 'สวัส', 'สวัสดีครับ');
  await page.keyboard.press('Enter');
  await cellEditor(page).waitFor({ state: 'detached' });
  await eventually(() => cell(g, 2, 'ชื่อตัวอย่าง')).toBe('สวัสดีครับ');
  // Typed key by key as well (no composition): Thai characters arrive intact.
  await openEditor(page, g, 'sampleName', 5);
  await cellEditor(page).locator('input').fill('');
  await cellEditor(page).locator('input').pressSequentially('ทดสอบ', { delay: 40 });
  await cellEditor(page).locator('input').press('Enter');
  await eventually(() => cell(g, 5, 'ชื่อตัวอย่าง')).toBe('ทดสอบ');

  const left = await scrollTo(g, 'phone');
  await openEditor(page, g, 'phone', 2, left);
  await cellEditor(page).locator('input').fill('abc');
  await cellEditor(page).locator('input').press('Enter');
  await cellEditor(page).waitFor({ state: 'detached' });
  expect(await hoverMessage(page, g, 'phone', 2, left)).toBe('หมายเลขโทรศัพท์ไม่ถูกต้อง');
  await shot(page, 'e2e-grid-edit-TH');

  // buttons cell: the first button ("รายละเอียด(n)") runs its fun: open the record read-only.
  const left2 = await scrollTo(g, 'detailButtons');
  const p = await cellPoint(g, 'detailButtons', 0, left2);
  await page.mouse.click(p.x - 30, p.y);
  await page.waitForURL(/\/main\/base\/gridShowcaseEdit\?.*mode=view/);
});
