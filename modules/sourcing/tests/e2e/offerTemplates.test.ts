// Offer templates as buyer01 sees them, in Chinese and in Thai: 寻源管理 → 报价模板 lists the demo
// templates with each field's requirement; a new template is made on the edit page (freight required,
// tax rate hidden) and saved with those rules.
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chooseOption, chromiumForFile, columnValues, eventually, expectToast, grid, openMenu, uniqueSuffix } from '../../../../tests/e2e/helpers';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';
import { expectOk, signIn } from '../../../../tests/support/apiHelpers.js';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

const TEXT = {
  // Whole option texts: Thai "optional" (ไม่บังคับ) contains "required" (บังคับ).
  CN: { code: '模板编码', required: /^必填$/, hidden: /^不显示$/, saved: '保存成功' },
  TH: { code: 'รหัสแม่แบบ', required: /^บังคับ$/, hidden: /^ซ่อน$/, saved: 'บันทึกสำเร็จ' },
} as const;

for (const lang of ['CN', 'TH'] as const) {
  test(`${lang}: buyer01 sees the offer templates and makes one`, async () => {
    const t = TEXT[lang];
    const code = `E2E-${lang}-${uniqueSuffix()}`.slice(0, 30);
    const { page } = await chromium.signIn('buyer01');
    if (lang === 'TH') await switchLanguage(page, 'TH');
    await openMenu(page, 'SRC_OFFER_TEMPLATE', /\/main\/sourcing\/offerTemplateList/);
    const list = grid(page, 'offerTemplateList');
    await eventually(() => columnValues(list, t.code)).toEqual(expect.arrayContaining(['FULL', 'LADDER', 'STANDARD']));
    await shot(page, `e2e-offer-templates-list-${lang}`);

    await activePane(page).getByTestId('action-add').click();
    await page.waitForURL(/\/main\/sourcing\/offerTemplateEdit\?.*mode=create/);
    const form = activePane(page);
    await form.locator('#root_templateCode').fill(code);
    await form.locator('#root_templateName').fill(`E2E ${lang} 运费必填`);
    await chooseOption(page, form.locator('.arco-select:has(#root_freightMode), #root_freightMode').first(), '', t.required);
    await chooseOption(page, form.locator('.arco-select:has(#root_taxRateMode), #root_taxRateMode').first(), '', t.hidden);
    await shot(page, `e2e-offer-templates-edit-${lang}`);
    await form.getByTestId('action-save').click();
    await expectToast(page, t.saved);
    const api = await signIn(baseUrl, 'buyer01');
    const saved = expectOk(
      await api.call<{ freightMode: string; taxRateMode: string; deliveryDaysMode: string }[]>('srmServer/v1/srmSrcOfferTemplateRestful/listByPage', {
        params: { templateCode: code },
      }),
    );
    expect(saved).toEqual([expect.objectContaining({ freightMode: 'REQUIRED', taxRateMode: 'HIDDEN', deliveryDaysMode: 'REQUIRED' })]);
  });
}
