// Switching language after login: menu names, list page title, search labels, toolbar and the grid's column
// titles (glide's accessible header row — the canvas draws the same strings) follow CN → TH → VN → EN.
// Screenshots of the bank list and the requisition edit page in each language: e2e-bank-{LANG}.png and
// e2e-requisition-{LANG}.png.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { launch, shot } from './browser';
import { activePane, eventually, grid, gridHeaders, loggedIn, openMenu, type Session, showMenuItem } from './helpers';

type Lang = 'CN' | 'EN' | 'TH' | 'VN';
type Text = Record<Lang, string>;

const root = join(__dirname, '..', '..');
const json = (path: string): unknown => JSON.parse(readFileSync(join(root, path), 'utf8'));

// Expected strings come from the definitions and locale files the product ships, plus a few literal ones
// from the brief so a wrong file would not make the test agree with itself.
const bankEntity = json('modules/base/entities/srmBaseBank.entity.json') as { fields: Record<string, { label: Text }> };
const reqEntity = json('modules/requisition/entities/srmPoRequisition.entity.json') as { fields: Record<string, { label: Text }> };
const lineEntity = json('modules/requisition/entities/srmPoRequisitionLine.entity.json') as { fields: Record<string, { label: Text }> };
const runtimeLocale = (lang: Lang) => json(`runtime/locales/${lang.toLowerCase()}.json`) as Record<string, Record<string, string>>;

const BANKS: Text = { CN: '银行', EN: 'Banks', TH: 'ธนาคาร', VN: 'Ngân hàng' };
const REQUISITIONS_MENU: Text = { CN: '采购申请', EN: 'Purchase requisitions', TH: 'ใบขอซื้อ', VN: 'Yêu cầu mua hàng' };
const REQUISITION_EDIT: Text = { CN: '采购申请单', EN: 'Purchase requisition', TH: 'รายละเอียดใบขอซื้อ', VN: 'Chi tiết yêu cầu mua hàng' };
const LANGS: Lang[] = ['CN', 'TH', 'VN', 'EN'];

const baseUrl = inject('baseUrl');
let browser: Browser;
let session: Session | undefined;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await session?.context.close().catch(() => undefined);
  await browser?.close();
});

async function switchLanguage(page: Page, lang: Lang): Promise<void> {
  await page.getByTestId('lang-switch').click();
  await page.getByTestId(`lang-${lang}`).click();
}

/** Visible text that should not be there: the raw i18n keys (`actions.add`) or unresolved `{{…}}`. */
async function untranslated(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return text.match(/\b(?:actions|grid|fields|messages|confirm|placeholder|pager|shell)\.[a-zA-Z.]+\b|\{\{[^}]*\}\}/g) ?? [];
}

test('menus, list labels and grid column titles follow the language; screenshots per language', async () => {
  session = await loggedIn(browser, baseUrl, 'buyer01');
  const { page } = session;
  const failures: string[] = [];
  const check = async (what: string, fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (e) {
      failures.push(`${what}: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
    }
  };

  // Open the two pages once (CN); they stay open as tabs.
  await openMenu(page, 'REQUISITION', /\/main\/order\/requisitionList\?/);
  await activePane(page).getByTestId('action-add').click();
  await page.waitForURL(/\/main\/order\/requisitionEdit\?.*mode=create/);
  await activePane(page).getByTestId('line-lines-action-addLine').click();
  await openMenu(page, 'BANK', /\/main\/base\/bankList\?/);

  for (const lang of LANGS) {
    if (lang !== 'CN') await switchLanguage(page, lang);
    const rt = runtimeLocale(lang);

    // Menu names (data from the server, in the request's language); their folders open first.
    await showMenuItem(page, 'BANK');
    await showMenuItem(page, 'REQUISITION');
    await check(`${lang} menu Banks`, () => eventually(() => page.getByTestId('menu-BANK').innerText()).toBe(BANKS[lang]));
    await check(`${lang} menu Requisitions`, () =>
      eventually(async () => (await page.getByTestId('menu-REQUISITION').innerText()).trim()).toBe(REQUISITIONS_MENU[lang]),
    );

    // Bank list: title, search labels, buttons, grid column titles.
    await page.getByTestId('menu-BANK').click();
    await page.waitForURL(/\/main\/base\/bankList\?/);
    const pane = activePane(page);
    await check(`${lang} bank list title`, () => eventually(() => pane.locator('h2').first().innerText()).toBe(BANKS[lang]));
    await check(`${lang} bank search labels`, () =>
      eventually(() => pane.locator('.srm-search-form label').allInnerTexts()).toEqual([
        bankEntity.fields.bankCode.label[lang],
        bankEntity.fields.bankName.label[lang],
        bankEntity.fields.enabledFlag.label[lang],
      ]),
    );
    await check(`${lang} bank buttons`, async () => {
      await eventually(() => pane.getByTestId('search-submit').innerText()).toBe(rt.actions.search);
      await eventually(() => pane.getByTestId('action-add').innerText()).toBe(rt.actions.add);
      await eventually(() => pane.getByTestId('row-action-edit-0').innerText()).toBe(rt.actions.edit);
    });
    await check(`${lang} bank grid column titles`, () =>
      eventually(() => gridHeaders(grid(page, 'bankList'))).toEqual([
        rt.grid.index,
        ...['bankCode', 'bankName', 'swiftCode', 'countryCode', 'enabledFlag', 'remark'].map((f) => bankEntity.fields[f].label[lang]),
        rt.fields.lastUpdateDate,
      ]),
    );
    await check(`${lang} bank grid operate title`, () => eventually(() => pane.locator('.srm-grid-operate').first().innerText()).toContain(rt.grid.operate));
    await check(`${lang} bank list has no raw keys`, async () => expect(await untranslated(page)).toEqual([]));
    await shot(page, `e2e-bank-${lang}`);

    // Requisition edit page (the open tab): title, form labels, line grid titles.
    await page.locator('[data-testid=tab-mainorderrequisitionedit]').click();
    await page.waitForURL(/\/main\/order\/requisitionEdit\?/);
    const edit = activePane(page);
    await check(`${lang} requisition edit title`, () => eventually(() => edit.locator('h2').first().innerText()).toBe(REQUISITION_EDIT[lang]));
    await check(`${lang} requisition form labels`, () =>
      eventually(async () => (await edit.locator('.srm-form-field > label').allInnerTexts()).map((t) => t.replace(/^\*\s*/, '').trim())).toEqual(
        [
          'requisitionNumber',
          'status',
          'title',
          'requestDate',
          'currencyCode',
          'institutionId',
          'purchaseGroupId',
          'submittedDate',
          'description',
          'attachmentIds',
        ].map((f) => reqEntity.fields[f].label[lang]),
      ),
    );
    await check(`${lang} requisition line grid titles`, () =>
      eventually(async () => (await gridHeaders(grid(page, 'lines'))).map((t) => t.replace(/^\* /, ''))).toEqual([
        rt.grid.index,
        ...['lineNumber', 'materialId', 'quantity', 'unitPrice', 'uomCode', 'needByDate', 'remark'].map((f) => lineEntity.fields[f].label[lang]),
      ]),
    );
    await check(`${lang} requisition buttons`, async () => {
      await eventually(() => edit.getByTestId('action-save').innerText()).toBe(rt.actions.save);
      await eventually(() => edit.getByTestId('line-lines-action-addLine').innerText()).toBe(rt.actions.addLine);
    });
    await check(`${lang} requisition page has no raw keys`, async () => expect(await untranslated(page)).toEqual([]));
    await shot(page, `e2e-requisition-${lang}`);
  }

  expect(failures, `browser errors:\n${session.errors.join('\n')}`).toEqual([]);
});
