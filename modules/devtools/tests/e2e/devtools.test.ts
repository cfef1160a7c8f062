// Developer tools in Chromium: the database browser (list → detail → code generator), API management
// (endpoints, import of a document, garbage refused), the API docs viewer; and the SPA picking up a page
// published in the designer (overlay) for a buyer, and the shipped page again after a rollback.
// Screenshots: e2e-devtools-*-{cn,en}.png.
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chromiumForFile, eventually, expectToast, showMenuItem } from '../../../../tests/e2e/helpers';
import { SignedClient } from '../../../../tests/support/signedClient';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

async function switchLanguage(page: Page, lang: 'EN' | 'CN'): Promise<void> {
  await page.getByTestId('lang-switch').click();
  await page.getByTestId(`lang-${lang}`).click();
}

test('a designer browses tables, generates definitions from one, lists and imports APIs, reads the API docs', async () => {
  const { page, errors } = await chromium.signIn('designer01');
  await showMenuItem(page, 'DEVTOOLS_DATABASE');
  await page.getByTestId('menu-DEVTOOLS_DATABASE').click();
  await page.waitForURL(/\/main\/databaseList/);
  const pane = activePane(page);
  await pane.getByTestId('db-search').fill('srm_base');
  await pane.getByTestId('db-search-button').click();
  await pane.getByTestId('db-table-srm_base_bank').waitFor();
  await shot(page, 'e2e-devtools-database-cn');
  await pane.getByTestId('db-table-srm_base_bank').click();
  await page.waitForURL(/\/main\/databaseDetail\?tableName=srm_base_bank/);
  const detail = activePane(page);
  await eventually(() => detail.getByTestId('db-columns').innerText()).toContain('bank_code');
  await expect(detail.getByTestId('db-columns').innerText()).resolves.toContain('PK');
  await shot(page, 'e2e-devtools-table-cn');

  await detail.getByRole('button', { name: '生成代码' }).click();
  await page.waitForURL(/\/main\/devtoolsGeneratorCode\?tableName=srm_base_bank/);
  const gen = activePane(page);
  await gen.getByTestId('gen-entity').fill('srmGenBank');
  await gen.getByTestId('gen-module').fill('gen');
  await gen.getByTestId('gen-run').click();
  await gen.getByTestId('gen-download-entity').waitFor();
  expect(JSON.parse(await gen.getByTestId('gen-file-entity').innerText())).toMatchObject({ name: 'srmGenBank', table: 'srm_base_bank', key: 'bankId' });
  const download = page.waitForEvent('download');
  await gen.getByTestId('gen-download-entity').click();
  expect((await download).suggestedFilename()).toBe('srmGenBank.entity.json');
  // All three in one zip, built by the server.
  const zip = page.waitForEvent('download');
  await gen.getByTestId('gen-download-all').click();
  expect((await zip).suggestedFilename()).toBe('srmGenBank.zip');
  await shot(page, 'e2e-devtools-generator-cn');
  // An entity name the meta-schema refuses is reported, not offered as a file.
  await gen.getByTestId('gen-entity').fill('genBank');
  await gen.getByTestId('gen-run').click();
  await expectToast(page, /实体名称 genBank 无效/);

  await showMenuItem(page, 'DEVTOOLS_API');
  await page.getByTestId('menu-DEVTOOLS_API').click();
  await page.waitForURL(/\/main\/apiManager/);
  const apis = activePane(page);
  await apis.getByTestId('api-search').fill('srmBaseBankRestful');
  await apis.getByTestId('api-search').press('Enter');
  await eventually(() => apis.locator('.arco-table-tr').allInnerTexts()).toEqual(
    expect.arrayContaining([expect.stringContaining('/api/srmServer/v1/srmBaseBankRestful/listByPage')]),
  );
  await shot(page, 'e2e-devtools-apis-cn');
  await apis.getByTestId('api-open-import').click();
  await page.waitForURL(/\/main\/apiListEdit/);
  const imp = activePane(page);
  await imp.getByTestId('api-source').fill('weather');
  await imp.getByTestId('api-document').fill('{"hello": "world"}');
  await imp.getByTestId('api-import').click();
  await expectToast(page, '不是 Swagger 2 或 OpenAPI 3 文档（缺少 swagger: "2.0" 或 openapi: "3.x"）');
  await imp.getByTestId('api-document').fill(JSON.stringify({ openapi: '3.0.0', paths: { '/weather': { get: { summary: 'Weather now' } } } }));
  await imp.getByTestId('api-import').click();
  await expectToast(page, '已从 weather 导入 1 个接口');
  await eventually(() => imp.getByTestId('api-registered').innerText()).toContain('Weather now');
  await shot(page, 'e2e-devtools-import-cn');

  await showMenuItem(page, 'DEVTOOLS_API_DOCS');
  await page.getByTestId('menu-DEVTOOLS_API_DOCS').click();
  await page.waitForURL(/\/main\/apiDocs/);
  const docs = activePane(page);
  await docs.getByText('srmServer', { exact: true }).click();
  await docs.getByTestId('docs-search').fill('srmBaseBankRestful/listByPage');
  await docs.getByText('/api/srmServer/v1/srmBaseBankRestful/listByPage').click();
  await eventually(() => docs.innerText()).toContain('"pageIndex"');
  await shot(page, 'e2e-devtools-docs-cn');

  await switchLanguage(page, 'EN');
  await showMenuItem(page, 'DEVTOOLS_DATABASE');
  await page.getByTestId('menu-DEVTOOLS_DATABASE').click();
  await page.waitForURL(/\/main\/databaseList/);
  await eventually(() => activePane(page).innerText()).toContain('Estimated rows');
  await shot(page, 'e2e-devtools-database-en');
  await showMenuItem(page, 'DEVTOOLS_GENERATOR');
  await page.getByTestId('menu-DEVTOOLS_GENERATOR').click();
  await page.waitForURL(/\/main\/devtoolsGeneratorCode/);
  await eventually(() => activePane(page).innerText()).toContain('Browse tables');
  await shot(page, 'e2e-devtools-generator-en');
  expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
});

test('a page published in the designer shows for a buyer without a rebuild; a rollback brings the shipped page back', async () => {
  const designer = new SignedClient(baseUrl);
  expect((await designer.login('designer01')).status).toBe('S');
  const DEF = 'baseServer/v1/baseDefinitionRestful';
  const name = 'base/exchangeRateList';
  const current = (
    await designer.call<{ shipped: { title: Record<string, string> } & Record<string, unknown>; draftVersionNum: number | null }>(`${DEF}/getDefinition`, {
      kind: 'page',
      name,
    })
  ).data;
  const title = { CN: '汇率（已定制）', EN: 'Rates (customised)', TH: 'อัตรา (ปรับแต่ง)', VN: 'Tỷ giá (tùy chỉnh)' };
  const saved = await designer.call(`${DEF}/saveDraft`, {
    kind: 'page',
    name,
    content: { ...current.shipped, title },
    draftVersionNum: current.draftVersionNum ?? undefined,
  });
  expect(saved.status).toBe('S');
  expect((await designer.call(`${DEF}/publish`, { kind: 'page', name, comment: 'e2e' })).status).toBe('S');
  try {
    const { page } = await chromium.signIn('buyer01');
    await showMenuItem(page, 'EXCHANGE_RATE');
    await page.getByTestId('menu-EXCHANGE_RATE').click();
    await page.waitForURL(/\/main\/base\/exchangeRateList/);
    await eventually(() => activePane(page).innerText()).toContain('汇率（已定制）');
    await shot(page, 'e2e-devtools-overlay-cn');
    expect((await designer.call(`${DEF}/rollback`, { kind: 'page', name, version: 0 })).status).toBe('S');
    await page.reload();
    await eventually(() => activePane(page).innerText()).toContain(current.shipped.title.CN);
    await expect(activePane(page).innerText()).resolves.not.toContain('已定制');
  } finally {
    await designer.call(`${DEF}/rollback`, { kind: 'page', name, version: 0 });
  }
});
