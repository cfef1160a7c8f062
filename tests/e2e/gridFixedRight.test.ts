// A fixed-right column of an editable grid edits in place like the canvas columns (CN and TH): the
// column is frozen right through the table settings of a user made for this file (so no other test's
// showcase changes), then its strip cell opens the same editor — Enter keeps the value, Escape drops it,
// an emptied required cell is marked invalid. Nothing is saved.
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { shot } from './browser';
import { activePane, chromiumForFile, eventually, expectToast, focused, grid, login, nextFrames, PASSWORD, uniqueSuffix } from './helpers';
import { openShowcase, switchLanguage, type Layout } from './gridHelpers';
import { expectOk, setOwnPassword, signIn, type Rec } from '../support/apiHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

const INITIAL_PASSWORD = 'Init#Pass2026';

/** A new system administrator with the default table settings, past the first sign-in's password change. */
async function newShowcaseUser(): Promise<string> {
  const admin = await signIn(baseUrl, 'admin', 'EN');
  const respId = expectOk(await admin.call<Rec[]>('baseServer/v1/baseResponsibilityRestful/listByPage', { params: { respCode: 'SYS_ADMIN' } }))[0].respId;
  const userName = `fr${uniqueSuffix()}`.toLowerCase();
  expectOk(
    await admin.call('baseServer/v1/baseUsersRestful/saveOrUpdate', {
      userName,
      userFullName: 'Fixed right',
      userType: 'INTERNAL',
      enabledFlag: 'Y',
      passwordHash: INITIAL_PASSWORD,
      responsibilities: [{ respId, startDate: '2026-01-01' }],
    }),
  );
  await setOwnPassword(baseUrl, userName, INITIAL_PASSWORD, PASSWORD);
  return userName;
}

async function freezeRight(page: Page, key: string, saved: string): Promise<void> {
  await activePane(page).getByTestId('table-settings-gridShowcase').click();
  const panel = page.getByTestId('table-settings-panel-gridShowcase');
  await panel.waitFor({ state: 'visible' });
  await panel.getByTestId(`table-settings-fixed-${key}-right`).click();
  await page.getByTestId('table-settings-save').click();
  await expectToast(page, saved);
  // The drawer slides out over the grid's right edge: a click on a strip cell meanwhile is obscured, and
  // Playwright's retries then scroll the grid (rows 3.. in view, row 0 and 1 gone) looking for the cell.
  await panel.waitFor({ state: 'hidden' });
  const g = grid(page, 'gridShowcase');
  await eventually(async () => (JSON.parse((await g.getAttribute('data-layout')) ?? '{}') as Layout).columns.some((c) => c.key === key)).toBe(false);
}

/** Opens the strip cell's editor (again, if a click lands while the grid still settles). */
async function openStripEditor(page: Page, key: string, row: number) {
  const editor = page.getByTestId(`strip-editor-${key}-${row}`);
  for (let attempt = 0; attempt < 3; attempt++) {
    const ok = await activePane(page)
      .getByTestId(`fixed-${key}-${row}`)
      .click({ timeout: 5000 })
      .then(
        () => true,
        () => false,
      );
    if (!ok) continue;
    if (
      await editor.waitFor({ state: 'visible', timeout: 3000 }).then(
        () => true,
        () => false,
      )
    )
      return editor;
  }
  // Say what the strip held, so a failure on a loaded machine explains itself.
  const cells = await activePane(page)
    .locator('[data-testid^="fixed-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
  const load = await activePane(page).locator('.srm-list-page').getAttribute('data-load');
  throw new Error(`no editor on fixed-${key}-${row}; list ${load}; strip cells: ${cells.join(' ')}`);
}

test('CN: a fixed-right cell edits in the strip: Enter keeps, Escape drops, an emptied required cell is marked', async () => {
  const userName = await newShowcaseUser();
  const { page, errors } = await chromium.blank();
  await login(page, baseUrl, userName);
  await openShowcase(page);
  await freezeRight(page, 'sampleName', '表格设置已保存');
  const list = activePane(page).locator('.srm-list-page');
  const cell = activePane(page).getByTestId('fixed-sampleName-0');
  const before = await cell.innerText();
  expect(before).not.toBe('');
  expect(await cell.getAttribute('data-editable')).toBe('true');
  // The footer row (合计) stays at the bottom of the strip too; rows scroll above it.
  expect(await activePane(page).getByTestId('fixed-footer').isVisible()).toBe(true);
  expect(await activePane(page).getByTestId('fixed-footer-sampleName').innerText()).toBe('');

  // Enter keeps the typed value: the strip shows it and the list counts an edited row.
  let editor = await openStripEditor(page, 'sampleName', 0);
  await focused(editor.locator('input'));
  await editor.locator('input').fill('右侧固定列已编辑');
  await shot(page, 'e2e-grid-fixed-right-editing-CN');
  await editor.locator('input').press('Enter');
  await editor.waitFor({ state: 'detached' });
  await eventually(() => cell.innerText()).toBe('右侧固定列已编辑');
  await eventually(() => list.getAttribute('data-edited')).toBe('1');
  // The clicked row is the active one: its strip cell is drawn as an input box.
  expect(await activePane(page).locator('.srm-data-grid').first().getAttribute('data-active-row')).toBe('0');

  // Escape drops what was typed.
  editor = await openStripEditor(page, 'sampleName', 0);
  await focused(editor.locator('input'));
  await editor.locator('input').fill('不要保留');
  await editor.locator('input').press('Escape');
  await editor.waitFor({ state: 'detached' });
  expect(await cell.innerText()).toBe('右侧固定列已编辑');

  // An emptied required cell is marked like a canvas cell.
  editor = await openStripEditor(page, 'sampleName', 0);
  await focused(editor.locator('input'));
  await editor.locator('input').fill('');
  await editor.locator('input').press('Enter');
  await eventually(() => cell.getAttribute('data-invalid')).toBe('true');
  await shot(page, 'e2e-grid-fixed-right-invalid-CN');
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
});

test('TH: a click outside commits the strip editor; read-only fixed-right cells open nothing', async () => {
  const userName = await newShowcaseUser();
  const { page, errors } = await chromium.blank();
  await login(page, baseUrl, userName);
  await switchLanguage(page, 'TH');
  await openShowcase(page);
  await freezeRight(page, 'phone', 'บันทึกการตั้งค่าตารางแล้ว');
  const cell = activePane(page).getByTestId('fixed-phone-1');
  const editor = await openStripEditor(page, 'phone', 1);
  await focused(editor.locator('input'));
  await editor.locator('input').fill('+66 2 123 4567');
  await activePane(page)
    .locator('h2, .srm-list-page')
    .first()
    .click({ position: { x: 5, y: 5 } });
  await editor.waitFor({ state: 'detached' });
  await eventually(() => cell.innerText()).toBe('+66 2 123 4567');
  await shot(page, 'e2e-grid-fixed-right-TH');

  // The shipped fixed-right column (last update, read-only) opens no editor.
  const audit = activePane(page).getByTestId('fixed-lastUpdateDate-1');
  expect(await audit.getAttribute('data-editable')).toBeNull();
  await audit.click();
  // An editor would open in the click's own update: once the frames after it are drawn, none came.
  await nextFrames(page);
  expect(await page.locator('.srm-strip-editor').count()).toBe(0);
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
});
