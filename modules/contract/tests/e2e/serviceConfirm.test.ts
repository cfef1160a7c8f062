// Service confirmation and score in the browser, in CN and TH: buyer01 opens its own draft confirmation
// (made through the API on a signed contract) from 合同管理 → 服务确认与评分, lowers the quality score,
// saves (the server's total and rating follow) and confirms it; the list shows it confirmed.
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chromiumForFile, confirmDialog, eventually, expectToast, openMenu, type Session } from '../../../../tests/e2e/helpers';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';
import { expectOk, signIn } from '../../../../tests/support/apiHelpers';
import { CONTRACT, type Contract } from '../api/contractHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);
const SERVICE = 'srmServer/v1/srmConServiceConfirmRestful';

const TEXT = {
  CN: { done: '成功', confirmed: '已确认', level: '合格（60–74）' },
  TH: { done: 'สำเร็จ', confirmed: 'ยืนยันแล้ว', level: 'พอใช้ (60–74)' },
} as const;

type Service = { serviceConfirmId: number; confirmNumber: string; status: string; totalScore: number; scoreLevel: string };

for (const lang of ['CN', 'TH'] as const) {
  test(`${lang}: buyer01 scores and confirms a service on a signed contract`, async () => {
    const t = TEXT[lang];
    const api = await signIn(baseUrl, 'buyer01');
    const signed = expectOk(await api.call<Contract[]>(`${CONTRACT}/listByPage`, { params: { status: 'SIGNED' }, pageRows: 50 })).find(
      (c) => c.status === 'SIGNED',
    )!;
    const draft = expectOk(
      await api.call<Service>(`${SERVICE}/saveOrUpdate`, {
        contractId: signed.contractId,
        periodFrom: '2026-11-01',
        periodTo: '2026-11-30',
        serviceContent: `E2E ${lang} service`,
        amount: 900,
        qualityScore: 90,
        timelinessScore: 80,
        serviceScore: 71,
      }),
    );
    expect(draft.scoreLevel).toBe('B');
    const buyer = await chromium.signIn('buyer01');
    const page = buyer.page;
    const current: Session = buyer;
    try {
      if (lang === 'TH') await switchLanguage(page, 'TH');
      await openMenu(page, 'CON_SERVICE', /\/main\/contract\/serviceConfirmList\?/);
      await activePane(page).getByTestId('search-confirmNumber').fill(draft.confirmNumber);
      await activePane(page).getByTestId('search-submit').click();
      await activePane(page).getByTestId('row-action-edit-0').click();
      await page.waitForURL(/\/main\/contract\/serviceConfirmEdit\?id=\d+/);
      const form = activePane(page);
      const quality = form.locator('#root_qualityScore');
      await quality.waitFor({ state: 'visible' });
      await quality.fill('60');
      await quality.press('Tab');
      await form.getByTestId('action-save').click();
      await expectToast(page, t.done);
      await eventually(async () => expectOk(await api.call<Service>(`${SERVICE}/findById`, { id: draft.serviceConfirmId })).totalScore).toBe(70.33);
      await eventually(() => form.locator('#root_scoreLevel').innerText()).toBe(t.level);
      await shot(page, `e2e-service-score-${lang}`);
      await form.getByTestId('action-confirm').click();
      await confirmDialog(page).locator('.arco-btn-primary').click();
      await expectToast(page, t.done);
      await eventually(() => form.locator('#root_status').innerText()).toBe(t.confirmed);
      await shot(page, `e2e-service-confirmed-${lang}`);
      const done = expectOk(await api.call<Service>(`${SERVICE}/findById`, { id: draft.serviceConfirmId }));
      expect(done).toMatchObject({ status: 'CONFIRMED', totalScore: 70.33, scoreLevel: 'C' });
    } catch (e) {
      await shot(page, `e2e-service-FAILED-${lang}`).catch(() => undefined);
      throw new Error(`${e instanceof Error ? e.message : String(e)}\nbrowser errors:\n${current.errors.join('\n')}`, { cause: e });
    }
  });
}
