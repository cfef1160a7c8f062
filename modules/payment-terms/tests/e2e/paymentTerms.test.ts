// Payment terms as buyer01 sees them, in Chinese and in Thai: the menu under base data, the demo terms,
// a new term refused by the module's rule (message in the screen's language, the typed values kept),
// then corrected and saved.
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import {
  activePane,
  chromiumForFile,
  columnValues,
  eventually,
  expectToast,
  grid,
  openFolder,
  openMenu,
  uniqueSuffix,
  showMenuItem,
} from '../../../../tests/e2e/helpers';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

const TEXT = {
  CN: {
    menu: '付款条件',
    code: '条件编码',
    saved: '保存成功',
    refused: '折扣期必须短于账期（折扣期 30 天，账期 30 天）',
  },
  TH: {
    menu: 'เงื่อนไขการชำระเงิน',
    code: 'รหัสเงื่อนไข',
    saved: 'บันทึกสำเร็จ',
    refused: 'ระยะเวลาส่วนลดต้องสั้นกว่าระยะเวลาชำระ (30 วัน, ชำระ 30 วัน)',
  },
} as const;

for (const lang of ['CN', 'TH'] as const) {
  test(`${lang}: buyer01 opens payment terms, meets the discount rule and saves a term`, async () => {
    const t = TEXT[lang];
    const code = `E2E-${lang}-${uniqueSuffix()}`.slice(0, 30);
    const { page } = await chromium.signIn('buyer01');
    if (lang === 'TH') await switchLanguage(page, 'TH');
    await openFolder(page, 'BASE_DATA');
    await showMenuItem(page, 'PAYMENT_TERM');
    await eventually(() => page.getByTestId('menu-PAYMENT_TERM').innerText()).toBe(t.menu);
    await openMenu(page, 'PAYMENT_TERM', /\/main\/base\/paymentTermList\?/);
    const list = grid(page, 'paymentTermList');
    await eventually(() => columnValues(list, t.code)).toEqual(expect.arrayContaining(['IMMEDIATE', 'NET30', '2-10-NET30', 'NET60']));
    await shot(page, `e2e-payment-terms-list-${lang}`);

    await activePane(page).getByTestId('action-add').click();
    await page.waitForURL(/\/main\/base\/paymentTermEdit\?.*mode=create/);
    const form = activePane(page);
    await form.locator('#root_termCode').fill(code);
    await form.locator('#root_termName').fill(`E2E ${lang} 2/30 net 30`);
    await form.locator('#root_netDays').fill('30');
    await form.locator('#root_discountDays').fill('30');
    await form.locator('#root_discountPercent').fill('2');
    await form.getByTestId('action-save').click();
    await expectToast(page, t.refused);
    await shot(page, `e2e-payment-terms-refused-${lang}`);
    // Nothing is lost: the form still holds what was typed.
    expect(await form.locator('#root_termCode').inputValue()).toBe(code);
    expect(await form.locator('#root_discountDays').inputValue()).toBe('30');

    await form.locator('#root_discountDays').fill('10');
    await form.getByTestId('action-save').click();
    await expectToast(page, t.saved);
    await page.waitForURL(/\/main\/base\/paymentTermEdit\?.*id=\d+.*mode=edit/);
    await form.getByTestId('action-back').click();
    await page.waitForURL(/\/main\/base\/paymentTermList\?/);
    await activePane(page).getByTestId('search-termCode').fill(code);
    await activePane(page).getByTestId('search-submit').click();
    await eventually(() => columnValues(list, t.code)).toEqual([code]);
  });
}
