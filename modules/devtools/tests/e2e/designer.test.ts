// The designer end to end (issue 6 proof): an admin builds a screen for an entity that had none
// (currencies), publishes it, adds a computed column with a footer sum (a computed-summary column) and
// a row button shown only when a field has a value, puts it in a menu granted to buyers; buyer01 sees
// the sum, clicks the button and gets the record read-only (CN and TH); the admin rolls back and the
// buyer sees the previous version after a refresh. A buyer who is no designer gets the "no permission" page.
import type { Locator, Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chromiumForFile, eventually, expectToast, grid, gridRows, openMenu, uniqueSuffix } from '../../../../tests/e2e/helpers';
import { footerDrawnWhole, switchLanguage } from '../../../../tests/e2e/gridHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

/** Picks an option of an Arco Select (its popup renders in document.body). */
async function choose(page: Page, select: Locator, option: string | RegExp): Promise<void> {
  await select.click();
  const input = select.locator('input');
  if (typeof option === 'string' && (await input.count()) > 0 && (await input.first().isEditable())) await input.first().fill(option);
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: option }).first().click();
}

async function publish(page: Page, comment: string): Promise<void> {
  await page.getByTestId('designer-publish').click();
  await page.getByTestId('designer-publish-comment').fill(comment);
  await page.getByTestId('designer-publish-ok').click();
  await expectToast(page, /已发布版本 v\d+/);
}

test('a designer builds a currency screen, a buyer uses it, a rollback brings the previous version back', async () => {
  const suffix = uniqueSuffix()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  const base = `custom/currency${suffix}`;
  const listName = `${base}List`;
  const menuCode = `CURRENCY_${suffix.toUpperCase()}`;
  const admin = await chromium.signIn('admin');
  const page = admin.page;

  // The designer opens on the definitions list.
  await page.goto(`${baseUrl}/designer`);
  await page.getByTestId('designer-list').waitFor();
  await shot(page, 'e2e-designer-list-cn');

  // New screen: currencies have no pages yet; generate list + edit pages as drafts.
  await page.getByTestId('designer-new-screen').click();
  await choose(page, page.getByTestId('new-entity'), 'srmBaseCurrency');
  await page.getByTestId('new-name').fill(base);
  await expect(page.getByTestId('new-title-CN').inputValue()).resolves.toBe('币种');
  await page.getByTestId('new-generate').click();
  // A menu opens only published pages: publish the generated pair (version 1 of each).
  await page.getByTestId('new-publish').click();
  await expectToast(page, '两个页面已发布').catch(async (e: unknown) => {
    await shot(page, 'e2e-designer-failure');
    throw new Error(`${String(e)}; page says: ${await page.getByTestId('designer-new').innerText()}`);
  });

  // Add to a menu: under 基础数据, with the generated buttons' resources, granted to buyers.
  await choose(page, page.getByTestId('new-parent'), 'BASE_DATA');
  await page.getByTestId('new-menu-code').fill(menuCode);
  await choose(page, page.getByTestId('new-grants'), 'BUYER');
  await page.keyboard.press('Escape');
  await eventually(() => page.getByTestId('new-grants').locator('.arco-tag').allInnerTexts()).toEqual([expect.stringContaining('BUYER')]);
  await shot(page, 'e2e-designer-new-screen-menu');
  await page.getByTestId('new-add-menu').click();
  await expectToast(page, '菜单已创建并授权');

  // Open the list page in the editor (version 1 is the generated one).
  await page.getByTestId('new-open-list').first().click();
  const editor = page.getByTestId('designer-editor');
  await editor.waitFor();
  await expect(editor.getAttribute('data-page')).resolves.toBe(listName);
  await eventually(() => gridRows(page.getByTestId('designer-preview').getByTestId(`grid-currency${suffix}List`)).then((r) => r.length)).toBeGreaterThanOrEqual(
    5,
  );

  // Version 2: a computed column summed in the footer; a "detail" row button shown only when the symbol has a value.
  await page.getByTestId('designer-tab-columns').click();
  // Column order by drag (HTML5 drag and drop), then undone with the toolbar button.
  const columnKeys = () => page.locator('[data-testid^=columns-row-]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key')));
  const before = await columnKeys();
  await page.locator('tr[data-key=symbol]').dragTo(page.locator('tr[data-key=currencyName]'));
  await eventually(columnKeys).toEqual(['currencyCode', 'symbol', 'currencyName', ...before.slice(3)]);
  await page.getByTestId('designer-undo').click();
  await eventually(columnKeys).toEqual(before);

  // A computed column: decimalPlaces × monthlyVolume (the starter expression over the first two number fields).
  await page.getByTestId('columns-add-computed').click();
  await eventually(() => page.getByTestId('column-detail').innerText()).toContain('decimalPlaces * monthlyVolume');
  await page.getByTestId('column-detail-close').click();
  // Move it next to the name with the up buttons (the keyboard way of ordering), so it is in view.
  for (let i = 7; i > 2; i--) await page.getByTestId(`columns-up-${i}`).click();
  await eventually(() => columnKeys().then((keys) => keys.indexOf('computed1'))).toBe(2);
  // Its footer sums the computed values.
  const computedRow = page.locator('tr[data-key=computed1]');
  await choose(page, computedRow.locator('[data-testid^=columns-summary-]'), '求和');
  // Undo and redo go through the same history (keyboard and buttons).
  await page.keyboard.press('Control+z');
  await eventually(() => computedRow.locator('[data-testid^=columns-summary-]').innerText()).toContain('无');
  await page.getByTestId('designer-redo').click();
  await eventually(() => computedRow.locator('[data-testid^=columns-summary-]').innerText()).toContain('求和');

  // Four row buttons need a wider operate column (grid options).
  await page.getByTestId('designer-tab-grid').click();
  const operateWidth = page.getByTestId('grid-options-operateWidth');
  await ((await operateWidth.evaluate((n) => n.tagName)) === 'INPUT' ? operateWidth : operateWidth.locator('input')).fill('230');
  await page.keyboard.press('Tab');

  await page.getByTestId('designer-tab-actions').click();
  await page.getByTestId('row-actions-add').click();
  const drawer = page.getByTestId('action-detail');
  await drawer.getByTestId('action-name').fill('detail');
  await choose(page, drawer.getByTestId('action-type'), 'openEdit');
  await choose(page, drawer.getByTestId('action-mode'), '查看');
  await choose(page, drawer.getByTestId('action-resource'), 'btnView');
  for (const [lang, text] of [
    ['CN', '详情'],
    ['EN', 'Detail'],
    ['TH', 'รายละเอียด'],
    ['VN', 'Chi tiết'],
  ] as const) {
    await drawer.getByTestId(`action-label-${lang}`).fill(text);
  }
  await drawer.getByTestId('action-show-add-row').click();
  await choose(page, drawer.getByTestId('action-show-row-0-field'), 'symbol');
  await choose(page, drawer.getByTestId('action-show-row-0-operator'), '有值');
  await shot(page, 'e2e-designer-action-condition');
  await drawer.getByTestId('action-detail-close').click();

  // The definition holds data only: the condition as condition data.
  await page.getByTestId('designer-tab-json').click();
  const json = JSON.parse(await page.getByTestId('designer-json').innerText()) as {
    grid: { columns: { key: string; isSummary?: unknown }[]; rowActions: { name: string; show?: unknown }[] };
  };
  expect(json.grid.columns.find((c) => c.key === 'monthlyVolume')?.isSummary).toBeUndefined();
  expect(json.grid.rowActions.find((a) => a.name === 'detail')?.show).toEqual({ field: 'symbol', operator: 'notEmpty' });
  expect((json.grid as { operateWidth?: number }).operateWidth).toBe(230);
  expect(json.grid.columns.find((c) => c.key === 'computed1')).toMatchObject({
    cellType: 'compute',
    isSummary: true,
    computedEvent: { expression: { op: '*', args: [{ field: 'decimalPlaces' }, { field: 'monthlyVolume' }] } },
  });

  // The live preview shows the computed sum and the conditional button before publishing:
  // 2×1,200,000 + 2×350,000 + 2×120,000.5 + 2×80,000 + 0×0.25.
  const preview = page.getByTestId('designer-preview');
  await eventually(() => preview.getByTestId('row-action-detail-0').count()).toBe(1);
  await eventually(() => gridRows(preview.getByTestId(`grid-currency${suffix}List`)).then((rows) => JSON.stringify(rows))).toContain('3,500,001.00');
  await page.getByTestId('designer-tab-columns').click();
  await shot(page, 'e2e-designer-editor-cn');
  await preview.scrollIntoViewIfNeeded();
  await shot(page, 'e2e-designer-preview-cn');
  await publish(page, 'summary and detail button');

  // Versions: v1 → v2 differ in the summary and the button.
  await page.getByTestId('designer-tab-versions').click();
  await page.getByTestId('designer-diff').click();
  const diff = page.getByTestId('designer-diff-table');
  await eventually(() => diff.innerText()).toContain('isSummary');
  await expect(diff.innerText()).resolves.toContain('rowActions');
  await shot(page, 'e2e-designer-versions-cn');

  // The buyer sees the menu, the computed sum and the button only on rows with a symbol.
  const buyer = await chromium.signIn('buyer01');
  const bp = buyer.page;
  await openMenu(bp, menuCode, new RegExp(`/main/${listName}\\?`));
  const listUrl = bp.url();
  const list = grid(bp, `currency${suffix}List`);
  const footer = async () => (await gridRows(list)).find((r) => Object.values(r).includes('合计'));
  await eventually(() => footer().then((r) => r?.['计算列 1'])).toBe('3,500,001.00');
  const rowsText = (await gridRows(list)).map((r) => JSON.stringify(r));
  const symbolRows = rowsText.map((r, i) => ({ i, has: /"[¥$€]"/.test(r) })).filter((r) => r.i < 5);
  for (const { i, has } of symbolRows) {
    await eventually(() => activePane(bp).getByTestId(`row-action-detail-${i}`).count()).toBe(has ? 1 : 0);
  }
  expect(symbolRows.filter((r) => r.has).length).toBe(3);
  // The computed column: CNY 2 × 1,200,000.00.
  const first = (await gridRows(list))[0];
  expect(JSON.stringify(first)).toMatch(/"计算列 1":"2,400,000(\.00)?"/);
  await shot(bp, 'e2e-designer-buyer-v2-cn');
  // Five rows and the footer in a fitted grid whose columns overflow sideways: the footer is drawn whole.
  const drawn = await footerDrawnWhole(list);
  expect(drawn.wholeRows).toBe(true);
  expect(drawn.upperInk).toBeGreaterThan(20);
  expect(drawn.lowerInk).toBeGreaterThan(20);

  // The buyer clicks the conditional button on a row with a symbol: the record opens read-only.
  const withSymbol = symbolRows.find((r) => r.has)!.i;
  const code = (await gridRows(list))[withSymbol]['币种编码'];
  expect(code).toMatch(/^[A-Z]{3}$/);
  await activePane(bp).getByTestId(`row-action-detail-${withSymbol}`).click();
  await bp.waitForURL(new RegExp(`/main/${base}Edit\\?.*mode=view`));
  const viewed = activePane(bp).locator('.srm-edit-page');
  const inputs = () =>
    viewed.locator('input').evaluateAll((nodes) => (nodes as HTMLInputElement[]).map((n) => ({ value: n.value, locked: n.disabled || n.readOnly })));
  await eventually(() => inputs().then((all) => all.find((i) => i.value === code))).toEqual({ value: code, locked: true });
  expect((await inputs()).filter((i) => i.value !== '' && !i.locked)).toEqual([]);
  await shot(bp, 'e2e-designer-buyer-detail-cn');

  // The same screen in Thai: the sum, the buttons, the read-only record.
  await switchLanguage(bp, 'TH');
  await eventually(() => bp.getByTestId('lang-switch').innerText()).toContain('ไทย');
  await shot(bp, 'e2e-designer-buyer-detail-th');
  await bp.goto(listUrl);
  const listTh = grid(bp, `currency${suffix}List`);
  await eventually(() => gridRows(listTh).then((rows) => JSON.stringify(rows))).toContain('3,500,001.00');
  await eventually(() => activePane(bp).getByTestId(`row-action-detail-${withSymbol}`).count()).toBe(1);
  await shot(bp, 'e2e-designer-buyer-v2-th');
  await switchLanguage(bp, 'CN');

  // The admin rolls back to version 1; the buyer refreshes and sees it (no summary, no button).
  await page.getByTestId('designer-rollback-1').click();
  await page.getByTestId('designer-rollback-ok').click();
  await expectToast(page, /已回滚/);
  await bp.reload();
  const after = grid(bp, `currency${suffix}List`);
  await eventually(() => gridRows(after).then((r) => r.length)).toBeGreaterThanOrEqual(5);
  await expect(gridRows(after).then((rows) => JSON.stringify(rows))).resolves.not.toContain('3,500,001.00');
  await expect(activePane(bp).getByTestId('row-action-detail-0').count()).resolves.toBe(0);
  await expect(activePane(bp).getByTestId('row-action-edit-0').count()).resolves.toBe(1);
  await shot(bp, 'e2e-designer-buyer-after-rollback');

  // The designer in English.
  await page.goto(`${baseUrl}/designer`);
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-EN').click();
  await eventually(() => page.getByTestId('designer-new-screen').innerText()).toBe('New screen');
  await shot(page, 'e2e-designer-list-en');
  await page.goto(`${baseUrl}/designer/edit?name=${encodeURIComponent(listName)}`);
  await eventually(() => page.getByTestId('designer-tab-columns').innerText()).toBe('Columns');
  await shot(page, 'e2e-designer-editor-en');
  await page.getByTestId('designer-tab-versions').click();
  await eventually(() => page.getByTestId('designer-versions').innerText()).toContain('回滚到 v1');
  await shot(page, 'e2e-designer-versions-en');
  expect(admin.errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
});

test('a user without the designer responsibility gets the no-permission page; no session goes to login', async () => {
  const anon = await chromium.blank();
  await anon.page.goto(`${baseUrl}/designer`);
  await anon.page.waitForURL(/\/login/);

  const buyer = await chromium.signIn('buyer01');
  await buyer.page.goto(`${baseUrl}/designer`);
  await buyer.page.getByTestId('designer-forbidden').waitFor();
  await expect(buyer.page.getByTestId('designer-forbidden').innerText()).resolves.toContain('没有权限');
  await shot(buyer.page, 'e2e-designer-forbidden');
});
