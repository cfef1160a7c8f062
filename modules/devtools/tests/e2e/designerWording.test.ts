// The designer speaks to designers (issue 18 item 8): a definition's problem is one sentence that names the
// place in words and the missing languages, next to the field and in the user's language; cell types have
// names, not code keys; a column's inherited title shows as its placeholder; and designer01, who may not
// read materials, gets a preview with the layout and one note instead of a no-permission page or toasts.
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { chromiumForFile, eventually } from '../../../../tests/e2e/helpers';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

const cases = [
  {
    lang: 'CN',
    note: '你没有读取「物料」的权限',
    lookup: '值集下拉',
    missingHint: '四种语言都必须填写，还缺：泰文',
    error: '页面 › 标题：四种语言都必须填写，还缺：泰文',
    columnError: '页面 › 表格 › 第 2 列「materialName」 › 标题：四种语言都必须填写，还缺：英文, 泰文, 越南文',
  },
  {
    lang: 'TH',
    note: 'คุณไม่มีสิทธิ์อ่าน',
    lookup: 'รายการค่า',
    missingHint: 'ต้องกรอกครบทั้งสี่ภาษา ยังขาด: ภาษาไทย',
    error: 'หน้า › ชื่อเรื่อง: ต้องกรอกครบทั้งสี่ภาษา ยังขาด: ภาษาไทย',
    columnError: 'หน้า › ตาราง › คอลัมน์ที่ 2 "materialName" › ชื่อเรื่อง: ต้องกรอกครบทั้งสี่ภาษา ยังขาด: ภาษาอังกฤษ, ภาษาไทย, ภาษาเวียดนาม',
  },
] as const;

async function openMaterialList(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/designer/edit?name=base/materialList`);
  await page.getByTestId('designer-editor').waitFor();
}

for (const c of cases) {
  test(`${c.lang}: problems in words next to the field, named cell types, a quiet preview for data one may not read`, async () => {
    const { page, errors } = await chromium.signIn('designer01');
    if (c.lang !== 'CN') await switchLanguage(page, c.lang);
    await openMaterialList(page);

    // The preview: the layout with no rows and one note; no no-permission page, no toast.
    await page.getByTestId('designer-preview-forbidden').waitFor();
    await expect(page.getByTestId('designer-preview-forbidden').innerText()).resolves.toContain(c.note);
    await expect(page.getByTestId('designer-preview').getByTestId('page-refused').count()).resolves.toBe(0);
    await expect(page.locator('.arco-message').count()).resolves.toBe(0);

    // Cell types by name: the unit column is a lookup list.
    await expect(page.getByTestId('columns-celltype-3').innerText()).resolves.toContain(c.lookup);

    // A column title filled in one language only: the hint under it at once, then the sentence in the list.
    await page.getByTestId('columns-settings-1').click();
    await expect(page.getByTestId('column-title-CN').getAttribute('placeholder')).resolves.toBe('物料名称');
    await expect(page.getByTestId('column-title-EN').getAttribute('placeholder')).resolves.toBe('Material name');
    await page.getByTestId('column-title-CN').fill('名称');
    await page.getByTestId('column-title-missing').waitFor();
    await eventually(() =>
      page
        .getByTestId('designer-errors')
        .innerText()
        .catch(() => ''),
    ).toContain(c.columnError);
    await page.getByTestId('column-title-CN').fill('');
    await page.getByTestId('column-detail-close').click();
    await eventually(() => page.getByTestId('designer-errors').count()).toBe(0);

    // The page title without its Thai text.
    await page.getByTestId('designer-tab-page').click();
    await page.getByTestId('page-title-TH').fill('');
    await expect(page.getByTestId('page-title-missing').innerText()).resolves.toBe(c.missingHint);
    await eventually(() =>
      page
        .getByTestId('designer-errors')
        .innerText()
        .catch(() => ''),
    ).toContain(c.error);
    const listed = await page.getByTestId('designer-errors').innerText();
    expect(listed).not.toMatch(/\/title|oneOf|string/);
    await shot(page, `e2e-designer-wording-${c.lang}`);
    expect(errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
  });
}
