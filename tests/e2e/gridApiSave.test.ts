// Grid keys `api` and `isAutoRequest`, and saving an editable list (isEdit) — CN and TH.
// - 我的授权物料 loads through listByPageByPermission and only when the buyer searches.
// - The showcase saves the rows edited in place; a bad cell is refused before any request.
import type { Page, Request } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { shot } from './browser';
import { activePane, cellEditor, chromiumForFile, columnValues, eventually, expectToast, focused, grid, gridRows, nextFrames, openMenu } from './helpers';
import { clickAt, openShowcase, switchLanguage } from './gridHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

function listCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r: Request) => {
    const m = /srmBaseMaterialRestful\/(listByPage\w*)/.exec(r.url());
    if (m) calls.push(m[1]);
  });
  return calls;
}

test('CN: a grid with isAutoRequest false waits for the search, then loads through its api', async () => {
  const { page, errors } = await chromium.signIn('buyer01');
  const calls = listCalls(page);
  await openMenu(page, 'MATERIAL_PERMIT', /\/main\/base\/materialPermitList\?/);
  const list = activePane(page).locator('.srm-list-page');
  await eventually(() => list.getAttribute('data-load')).toBe('idle');
  await expect.poll(() => activePane(page).getByTestId('grid-idle-materialPermitList').innerText()).toBe('请输入查询条件后点击“查询”');
  // A load would start in the mount's effects, before the idle text is drawn.
  await nextFrames(page);
  expect(calls).toEqual([]);
  await shot(page, 'e2e-grid-idle-CN');

  await activePane(page).getByTestId('search-submit').click();
  await eventually(() => list.getAttribute('data-load')).toBe('loaded');
  expect(calls).toEqual(['listByPageByPermission']);
  // buyer01 holds the RAW and ELEC category permits (demo data): no other category appears.
  await eventually(async () => (await columnValues(grid(page, 'materialPermitList'), '物料类别')).length).toBeGreaterThan(0);
  const categories = new Set(await columnValues(grid(page, 'materialPermitList'), '物料类别'));
  for (const c of categories) expect(['原材料', '电子元器件']).toContain(c);
  expect(await activePane(page).getByTestId('grid-idle-materialPermitList').count()).toBe(0);
  await shot(page, 'e2e-grid-api-CN');
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
});

test('TH: edited rows of an isEdit list are saved; a bad cell stops the save', async () => {
  const { page, errors } = await chromium.signIn('admin');
  await switchLanguage(page, 'TH');
  const g = await openShowcase(page);
  const list = activePane(page).locator('.srm-list-page');
  await activePane(page).getByTestId('search-sampleCode').fill('GS-0044');
  await activePane(page).getByTestId('search-submit').click();
  const codes = async () => (await gridRows(g)).flatMap((r) => Object.values(r)).filter((v) => /^GS-\d{4}$/.test(v));
  await eventually(codes).toEqual(['GS-0044']);

  // Nothing edited yet: nothing to save.
  await activePane(page).getByTestId('action-saveRows').click();
  await expectToast(page, 'ไม่มีการแก้ไขที่ต้องบันทึก');

  const nameOf = async () => (await gridRows(g)).find((r) => Object.values(r).includes('GS-0044'))?.['ชื่อตัวอย่าง'];
  // Under load a click can land while the grid still settles: open the editor again until the cell holds the value.
  const edit = async (value: string) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      await page
        .locator('#portal .gdg-style')
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      await clickAt(page, g, 'sampleName', 0);
      if (
        !(await cellEditor(page)
          .waitFor({ state: 'visible', timeout: 3000 })
          .then(
            () => true,
            () => false,
          ))
      )
        continue;
      const input = cellEditor(page).locator('input');
      await focused(input);
      await input.fill(value);
      await input.press('Enter');
      await cellEditor(page).waitFor({ state: 'detached' });
      if (
        await eventually(nameOf, 3000)
          .toBe(value)
          .then(
            () => true,
            () => false,
          )
      )
        return;
    }
    await shot(page, 'e2e-grid-save-edit-failed-TH');
    throw new Error(`could not put ${value} into the name cell`);
  };

  // An emptied required cell: refused on the client, nothing sent, nothing saved.
  await edit('');
  await eventually(() => list.getAttribute('data-edited')).toBe('1');
  await activePane(page).getByTestId('action-saveRows').click();
  await expectToast(page, /^แถวที่ 1 /);
  await shot(page, 'e2e-grid-save-refused-TH');

  const name = `บันทึก ${Date.now() % 100000}`;
  await edit(name);
  await activePane(page).getByTestId('action-saveRows').click();
  await expectToast(page, 'บันทึกสำเร็จ');
  await eventually(() => list.getAttribute('data-edited')).toBe('0');
  await shot(page, 'e2e-grid-saved-TH');

  // Kept: a fresh load shows the saved name.
  await page.reload();
  const again = await openShowcase(page).catch(async () => grid(page, 'gridShowcase'));
  await activePane(page).getByTestId('search-sampleCode').fill('GS-0044');
  await activePane(page).getByTestId('search-submit').click();
  await eventually(async () => (await gridRows(again)).map((r) => r['ชื่อตัวอย่าง'])).toContain(name);
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
});
