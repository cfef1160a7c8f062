// The pager and cross-page selection on the bank list, in CN and TH: page size, jump to page, custom
// size with its messages (SPEC §5), rows selected across pages with the count in the footer, a toolbar
// action on the cross-page selection, and a load the server refuses for real (status E): selection
// cleared, loading stopped, no data (SPEC §4).
import type { Locator, Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { shot } from './browser';
import {
  activePane,
  chromiumForFile,
  clickCell,
  columnValues,
  confirmDialog,
  eventually,
  expectToast,
  grid,
  noDialog,
  openMenu,
  uniqueSuffix,
} from './helpers';
import { BANK, expectOk, signIn } from '../support/apiHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

interface Texts {
  index: string;
  code: string;
  total: (n: number) => string;
  selected: (n: number) => string;
  belowZero: string;
  min: string;
  max: string;
  sizeOption: (n: number) => string;
  loadFailed: RegExp;
  deleted: string;
}

const CN: Texts = {
  index: '序号',
  code: '银行编码',
  total: (n) => `共 ${n} 条`,
  selected: (n) => `已选 ${n} 项`,
  belowZero: '自定义页码不能小于0',
  min: '自定义每页条数不能少于 10 条',
  max: '自定义每页条数不能超过 1000 条（服务器每页最多返回 1000 条）',
  sizeOption: (n) => `${n} 条/页`,
  loadFailed: /^查询条件 .* 的值过长（最多 1000 个字符）$/,
  deleted: '删除成功',
};

/** Creates `n` banks whose codes share a prefix, through the API as buyer01. */
async function seedBanks(prefix: string, n: number): Promise<void> {
  const c = await signIn(baseUrl, 'buyer01', 'EN');
  for (let i = 0; i < n; i += 15) {
    await Promise.all(
      Array.from({ length: Math.min(15, n - i) }, (_, j) =>
        c
          .call(`${BANK}/saveOrUpdate`, {
            bankCode: `${prefix}-${String(i + j + 1).padStart(2, '0')}`,
            bankName: `Paging bank ${i + j + 1}`,
            countryCode: 'CN',
          })
          .then(expectOk),
      ),
    );
  }
}

const listPage = (page: Page) => activePane(page).locator('.srm-list-page');
const pager = (page: Page) => activePane(page).getByTestId('grid-pager');

async function searchCode(page: Page, code: string): Promise<void> {
  await activePane(page).getByTestId('search-bankCode').fill(code);
  await activePane(page).getByTestId('search-submit').click();
}

async function pickSize(page: Page, option: string): Promise<void> {
  await pager(page).getByTestId('grid-pager-size').click();
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: option }).first().click();
}

async function jumpTo(page: Page, n: number): Promise<void> {
  const input = pager(page).getByTestId('grid-pager-jump');
  await input.fill(String(n));
  await input.press('Enter');
}

async function customSize(page: Page, value: string): Promise<void> {
  const input = pager(page).getByTestId('grid-pager-custom-size');
  await input.fill(value);
  await input.press('Enter');
}

const attr = async (l: Locator, name: string) => l.getAttribute(name);

async function pagingSteps(page: Page, t: Texts, prefix: string, lang: string): Promise<void> {
  const list = grid(page, 'bankList');
  await searchCode(page, prefix);
  await eventually(() => attr(pager(page), 'data-total')).toBe('45');
  await eventually(() => pager(page).getByTestId('grid-pager-total').innerText()).toBe(t.total(45));
  await eventually(() => columnValues(list, t.index)).toContain('1');
  expect(await attr(pager(page), 'data-page-size')).toBe('20');

  // The sizer: 50 a page shows all 45 on one page.
  await pickSize(page, t.sizeOption(50));
  await eventually(() => attr(pager(page), 'data-page-size')).toBe('50');
  await eventually(() => attr(listPage(page), 'data-load')).toBe('loaded');
  await shot(page, `e2e-grid-paging-size50-${lang}`);

  // Back to 20, then jump to page 3: rows 41..45, numbered across pages.
  await pickSize(page, t.sizeOption(20));
  await eventually(() => attr(pager(page), 'data-page-size')).toBe('20');
  await jumpTo(page, 3);
  await eventually(() => attr(pager(page), 'data-page')).toBe('3');
  await eventually(() => columnValues(list, t.index)).toEqual(['41', '42', '43', '44', '45']);
  await eventually(() => columnValues(list, t.code)).toEqual([41, 42, 43, 44, 45].map((i) => `${prefix}-${i}`));

  // Custom page size: the messages of SPEC §5, then a valid size.
  await customSize(page, '-1');
  await expectToast(page, t.belowZero);
  await shot(page, `e2e-grid-paging-custom-below-zero-${lang}`);
  await customSize(page, '5');
  await expectToast(page, t.min);
  await customSize(page, '2000');
  await expectToast(page, t.max);
  expect(await attr(pager(page), 'data-page-size')).toBe('20');
  await customSize(page, '10');
  await eventually(() => attr(pager(page), 'data-page-size')).toBe('10');
  await eventually(() => attr(pager(page), 'data-page')).toBe('1');
  await eventually(() => columnValues(list, t.code)).toEqual(Array.from({ length: 10 }, (_, i) => `${prefix}-${String(i + 1).padStart(2, '0')}`));
}

async function selectionSteps(page: Page, t: Texts, prefix: string, lang: string): Promise<void> {
  const list = grid(page, 'bankList');
  const count = () => pager(page).getByTestId('grid-selected-count');
  // Page 1 (10 a page): two rows. Each click waits for the count: glide builds the next selection from
  // the one the grid was last rendered with, and a second click before that render would replace the first.
  await clickCell(page, list, '-select', 0);
  await eventually(() => attr(count(), 'data-count')).toBe('1');
  await clickCell(page, list, '-select', 1);
  await eventually(() => count().innerText()).toBe(t.selected(2));
  // Page 2: one more; the count covers both pages.
  await pager(page).locator('.arco-pagination-item-next').click();
  await eventually(() => attr(pager(page), 'data-page')).toBe('2');
  await eventually(() => columnValues(list, t.index)).toContain('11');
  await clickCell(page, list, '-select', 2);
  await eventually(() => count().innerText()).toBe(t.selected(3));
  await shot(page, `e2e-grid-selection-across-pages-${lang}`);
  // Back on page 1 the two rows are still selected: clicking the first one unselects it (3 → 2, not 4).
  await pager(page).locator('.arco-pagination-item', { hasText: /^1$/ }).click();
  await eventually(() => attr(pager(page), 'data-page')).toBe('1');
  await eventually(() => columnValues(list, t.index)).toContain('1');
  await clickCell(page, list, '-select', 0);
  await eventually(() => count().innerText()).toBe(t.selected(2));
  // The toolbar's batch delete works on the selection across pages: rows 2 (page 1) and 13 (page 2).
  await activePane(page).getByTestId('action-batchDelete').click();
  await confirmDialog(page).locator('.arco-btn-primary').click();
  await expectToast(page, t.deleted);
  await noDialog(page);
  await eventually(() => attr(pager(page), 'data-total')).toBe('43');
  const c = await signIn(baseUrl, 'buyer01', 'EN');
  const left = expectOk(await c.call<{ bankCode: string }[]>(`${BANK}/listByPage`, { params: { bankCode: prefix }, pageRows: 100 })).map((b) => b.bankCode);
  expect(left).toHaveLength(43);
  expect(left).not.toContain(`${prefix}-02`);
  expect(left).not.toContain(`${prefix}-13`);
  expect(left).toContain(`${prefix}-01`);
  // After the action the selection is empty.
  await eventually(() => attr(count(), 'data-count')).toBe('0');

  // A load the server refuses (a search text over its 1000-character limit): status E.
  await clickCell(page, list, '-select', 0);
  await eventually(() => attr(count(), 'data-count')).toBe('1');
  await clickCell(page, list, '-select', 1);
  await eventually(() => attr(count(), 'data-count')).toBe('2');
  await activePane(page).getByTestId('search-bankName').fill('x'.repeat(1001));
  await activePane(page).getByTestId('search-submit').click();
  await expectToast(page, t.loadFailed);
  await eventually(() => attr(listPage(page), 'data-load')).toBe('failed');
  expect(await attr(listPage(page), 'data-selected')).toBe('0');
  expect(await attr(count(), 'data-count')).toBe('0');
  expect(await count().innerText()).toBe('');
  expect(await attr(pager(page), 'data-total')).toBe('0');
  // The grid's accessible table follows 200 ms after glide draws (what columnValues reads).
  await eventually(() => columnValues(list, t.code)).toEqual([]);
  // Loading stopped: no spinner over the grid.
  expect(await list.locator('.arco-spin-loading').count()).toBe(0);
  await shot(page, `e2e-grid-load-failed-${lang}`);
}

test('CN: page size, jump, custom size, selection across pages, a failed load', async () => {
  const prefix = `PG${uniqueSuffix()}`;
  await seedBanks(prefix, 45);
  const { page, errors } = await chromium.signIn('buyer01');
  await openMenu(page, 'BANK', /\/main\/base\/bankList\?/);
  await pagingSteps(page, CN, prefix, 'CN');
  await selectionSteps(page, CN, prefix, 'CN');
  expect(errors.filter((e) => !/status of 200|Failed to load resource/.test(e))).toEqual([]);
});

const TH: Texts = {
  index: 'ลำดับ',
  code: 'รหัสธนาคาร',
  total: (n) => `ทั้งหมด ${n} รายการ`,
  selected: (n) => `เลือกแล้ว ${n} รายการ`,
  belowZero: 'หมายเลขหน้าที่กำหนดเองต้องไม่น้อยกว่า 0',
  min: 'จำนวนต่อหน้าที่กำหนดเองต้องไม่น้อยกว่า 10',
  max: 'จำนวนต่อหน้าที่กำหนดเองต้องไม่เกิน 1000 (เซิร์ฟเวอร์ส่งได้สูงสุด 1000 แถวต่อหน้า)',
  sizeOption: (n) => `${n}`,
  loadFailed: /^ค่าของเงื่อนไขการค้นหา .* ยาวเกินไป \(สูงสุด 1000 ตัวอักษร\)$/,
  deleted: 'ลบสำเร็จ',
};

test('TH: the same pager and selection in Thai', async () => {
  const prefix = `PT${uniqueSuffix()}`;
  await seedBanks(prefix, 45);
  const { page } = await chromium.signIn('buyer01');
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-TH').click();
  await openMenu(page, 'BANK', /\/main\/base\/bankList\?/);
  await pagingSteps(page, TH, prefix, 'TH');
  await selectionSteps(page, TH, prefix, 'TH');
});
