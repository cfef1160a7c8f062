// The internal home's recent documents (issue 18 item 9), CN and TH: buyer01 sees the requisitions it
// worked on last (demo activity), labelled with number and title and the kind of document, and a row
// opens the requisition under its menu (the menu's buttons come along).
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chromiumForFile, eventually } from '../../../../tests/e2e/helpers';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

const TEXT = { CN: { title: '最近处理的单据', kind: '采购申请' }, TH: { title: 'เอกสารล่าสุด', kind: 'ใบขอซื้อ' } } as const;

for (const lang of ['CN', 'TH'] as const) {
  test(`${lang}: buyer01's home lists its recent documents and opens one under its menu`, async () => {
    const { page } = await chromium.signIn('buyer01');
    if (lang !== 'CN') await switchLanguage(page, lang);
    const card = page.getByTestId('home-recent-documents');
    await eventually(() => card.innerText()).toContain(TEXT[lang].title);
    await eventually(async () => Number(await card.getAttribute('data-count'))).toBeGreaterThan(0);
    const first = card.locator('tr').first();
    await eventually(() => first.innerText()).toContain(TEXT[lang].kind);
    const number = /PR-\d{4}-\d{6}/.exec(await first.innerText())?.[0];
    expect(number).toBeTruthy();
    await shot(page, `e2e-home-recent-${lang}`);
    await first.click();
    await page.waitForURL(/\/main\/order\/requisitionEdit\?.*id=\d+.*menuId=\d+/);
    await eventually(async () => (await activePane(page).locator('#root_requisitionNumber').innerText()).trim()).toBe(number);
  });
}
