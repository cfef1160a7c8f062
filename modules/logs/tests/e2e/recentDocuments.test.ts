// The internal home's recent documents (issue 18 item 9), CN and TH: buyer01 saves a requisition (over the
// API, as a test of its own: other tests on the shared server also work as buyer01, so the card's first row
// is whatever was saved last), then finds it on its home labelled with number, title and the kind of
// document, and the row opens the requisition under its menu (the menu's buttons come along).
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chromiumForFile, eventually } from '../../../../tests/e2e/helpers';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';
import { MATERIAL, PR, expectOk, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

const TEXT = { CN: { title: '最近处理的单据', kind: '采购申请' }, TH: { title: 'เอกสารล่าสุด', kind: 'ใบขอซื้อ' } } as const;

for (const lang of ['CN', 'TH'] as const) {
  test(`${lang}: buyer01's home lists its recent documents and opens one under its menu`, async () => {
    const api = await signIn(baseUrl, 'buyer01');
    const [material] = expectOk(await api.call<{ materialId: number }[]>(`${MATERIAL}/listByPage`, { params: {}, pageRows: 1 }));
    const title = uniq(`Recent ${lang}`);
    const lines = [{ materialId: material.materialId, quantity: 2, uomCode: 'PCS', needByDate: '2026-12-20' }];
    const made = expectOk(await api.call<Rec>(`${PR}/saveOrUpdate`, { title, requestDate: '2026-11-20', currencyCode: 'CNY', lines }));
    const number = String(made.requisitionNumber);
    // The operation log is written once the answer has gone out; the home reads it once per visit.
    const recent = async () => expectOk(await api.call<{ recordId: number }[]>('baseServer/v1/baseUserOperateLogRestful/findRecentDocuments', {}));
    await expect.poll(async () => (await recent()).some((r) => r.recordId === Number(made.requisitionId))).toBe(true);

    const { page } = await chromium.signIn('buyer01');
    if (lang !== 'CN') await switchLanguage(page, lang);
    const card = page.getByTestId('home-recent-documents');
    await eventually(() => card.innerText()).toContain(TEXT[lang].title);
    const row = card.locator('tr', { hasText: title });
    await eventually(() => row.count()).toBe(1);
    // The card asks again in the new language: the kind follows once that answer is in.
    await eventually(() => row.innerText()).toContain(TEXT[lang].kind);
    expect(await row.innerText()).toContain(number);
    await shot(page, `e2e-home-recent-${lang}`);
    await row.click();
    await page.waitForURL(/\/main\/order\/requisitionEdit\?.*id=\d+.*menuId=\d+/);
    await eventually(async () => (await activePane(page).locator('#root_requisitionNumber').innerText()).trim()).toBe(number);
  });
}
