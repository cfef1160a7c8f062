// Line grids help the user (issue 18 item 5), in CN and TH: a new line is not red before anyone touched it;
// picking a material fills the line's unit from it (the field's `fills`); a save the lines refuse marks the
// empty required cells and keeps everything typed; a long reference in the remark widens its column instead
// of being cut.
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, cellEditor, chromiumForFile, clickCell, eventually, expectToast, focused, grid, gridRows, openMenu } from '../../../../tests/e2e/helpers';
import { column, layoutOf, switchLanguage } from '../../../../tests/e2e/gridHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

const TEXT = {
  CN: { material: '物料', unit: '单位', kilogram: '千克', required: '数量不能为空' },
  TH: { material: 'วัสดุ', unit: 'หน่วย', kilogram: 'กิโลกรัม', required: 'จำนวน' },
} as const;

const invalidCells = async (page: Page) => ((await grid(page, 'lines').getAttribute('data-invalid-cells')) ?? '').split(',').filter(Boolean);

for (const lang of ['CN', 'TH'] as const) {
  test(`${lang}: a new line is not red until touched; the material fills the unit; a refused save marks the empty cells`, async () => {
    const text = TEXT[lang];
    const { page } = await chromium.signIn('buyer01');
    if (lang !== 'CN') await switchLanguage(page, lang);
    await openMenu(page, 'REQUISITION', /\/main\/order\/requisitionList\?/);
    await activePane(page).getByTestId('action-add').click();
    await page.waitForURL(/\/main\/order\/requisitionEdit\?.*mode=create/);
    const form = activePane(page);
    await form.locator('#root_title').fill(`E2E line help ${lang}`);
    await form.getByTestId('line-lines-action-addLine').click();
    const lines = grid(page, 'lines');
    await eventually(async () => (await gridRows(lines)).length).toBeGreaterThanOrEqual(1);
    // Required but untouched: nothing is marked yet.
    await eventually(() => lines.getAttribute('data-invalid-cells')).toBe('');

    await clickCell(page, lines, 'materialId', 0);
    const editor = cellEditor(page);
    await editor.locator('.arco-select').waitFor({ state: 'visible' });
    await editor.locator('input').pressSequentially('M-0001', { delay: 30 });
    await page.locator('#portal .arco-select-option', { hasText: 'M-0001' }).first().click();
    await cellEditor(page).waitFor({ state: 'detached' });
    await eventually(async () => (await gridRows(lines))[0]?.[text.unit]).toBe(text.kilogram);
    expect(await invalidCells(page)).toEqual([]);

    // One long token (a reference, an e-mail) wider than the column widens it (up to a cap), rather than being cut.
    const before = column(await layoutOf(lines), 'remark').width;
    await clickCell(page, lines, 'remark', 0);
    const input = cellEditor(page).locator('input');
    await focused(input);
    await input.fill('WH3-DOCK-B-RECEIVING-2026-12-01-0930-REF-000123');
    await input.press('Enter');
    await cellEditor(page).waitFor({ state: 'detached' });
    await eventually(async () => column(await layoutOf(lines), 'remark').width).toBeGreaterThan(before);

    // Save with quantity and need-by date empty: refused, the two cells are now marked, nothing typed is lost.
    await form.getByTestId('action-save').click();
    await expectToast(page, text.required);
    await eventually(() => invalidCells(page)).toEqual(expect.arrayContaining(['0:quantity', '0:needByDate']));
    expect(await invalidCells(page)).not.toContain('0:materialId');
    expect(page.url()).toMatch(/mode=create/);
    expect(await form.locator('#root_title').inputValue()).toBe(`E2E line help ${lang}`);
    expect((await gridRows(lines))[0]?.[text.material]).toContain('M-0001');
    await shot(page, `e2e-line-help-${lang}`);
  });
}
