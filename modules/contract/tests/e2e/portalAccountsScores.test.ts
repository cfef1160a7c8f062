// The portal's contract screens of issue 17, in CN and TH: supplier01 reads its own service scores (read
// only; supplier02's and its own draft are not there), keeps its signature accounts (a new one is its own
// supplier's, whatever it could type), and buyer01 sees every owner's account on 电子签章账户.
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import {
  activePane,
  chooseOption,
  chromiumForFile,
  eventually,
  expectToast,
  grid,
  gridRows,
  openMenu,
  uniqueSuffix,
  type Session,
} from '../../../../tests/e2e/helpers';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';
import { expectOk, signIn } from '../../../../tests/support/apiHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);
const ACCOUNT = 'srmServer/v1/esignAccountRestful';

const TEXT = {
  CN: { done: '成功', disabled: '停用', level: '优秀' },
  TH: { done: 'สำเร็จ', disabled: 'ปิดใช้งาน', level: 'ดีเยี่ยม' },
} as const;

type Account = { accountId: number; accountName: string; ownerType: string; supplierId: number | null; userId: number | null; status: string };

const rowsOf = async (page: Page, name: string) => (await gridRows(grid(page, name))).map((r) => Object.values(r).join(' | '));
async function search(page: Page, field: string, value: string) {
  await activePane(page).getByTestId(`search-${field}`).fill(value);
  await activePane(page).getByTestId('search-submit').click();
}

for (const lang of ['CN', 'TH'] as const) {
  test(`${lang}: supplier01 reads its own service scores and keeps its signature account; buyer01 sees all accounts`, async () => {
    const t = TEXT[lang];
    const [buyerApi, s1Api] = await Promise.all([signIn(baseUrl, 'buyer01'), signIn(baseUrl, 'supplier01')]);
    const supplier = await chromium.signIn('supplier01', 'exHome');
    let page = supplier.page;
    let current: Session = supplier;
    try {
      if (lang === 'TH') await switchLanguage(page, 'TH');
      // 1. My service scores: SC-2026-000001 (confirmed, A) is there; supplier02's SC-2026-000003 and the own
      //    draft SC-2026-000002 are not.
      await openMenu(page, 'MY_SERVICE_SCORES', /\/main\/contract\/supplierServiceList\?/);
      await eventually(async () => (await rowsOf(page, 'supplierServiceList')).some((r) => r.includes('SC-2026-000001'))).toBe(true);
      const shown = await rowsOf(page, 'supplierServiceList');
      expect(shown.some((r) => r.includes('SC-2026-000003') || r.includes('SC-2026-000002'))).toBe(false);
      await shot(page, `e2e-portal-service-scores-${lang}`);
      for (const other of ['SC-2026-000003', 'SC-2026-000002']) {
        await search(page, 'confirmNumber', other);
        await eventually(async () => (await rowsOf(page, 'supplierServiceList')).length).toBe(0);
      }
      await search(page, 'confirmNumber', 'SC-2026-000001');
      await eventually(async () => (await rowsOf(page, 'supplierServiceList')).length).toBe(1);
      await activePane(page).getByTestId('row-action-view-0').click();
      await page.waitForURL(/\/main\/contract\/supplierServiceEdit\?id=\d+/);
      await eventually(() => activePane(page).locator('#root_totalScore').innerText()).toContain('92.33');
      await eventually(() => activePane(page).locator('#root_scoreLevel').innerText()).toContain(t.level);
      expect(await activePane(page).getByTestId('action-save').count()).toBe(0);
      await shot(page, `e2e-portal-service-score-view-${lang}`);

      // 2. My signature account: a new (disabled) one is supplier01's company account.
      await openMenu(page, 'MY_ESIGN_ACCOUNT', /\/main\/contract\/supplierEsignAccountList\?/);
      await eventually(async () => (await rowsOf(page, 'supplierEsignAccountList')).some((r) => r.includes('华东精密钢材 公章'))).toBe(true);
      await activePane(page).getByTestId('action-add').click();
      await page.waitForURL(/\/main\/contract\/supplierEsignAccountEdit\?/);
      const name = `E2E ${lang} ${uniqueSuffix()}`;
      await activePane(page).locator('#root_accountName').fill(name);
      await chooseOption(page, activePane(page).locator('.arco-select:has(#root_status), #root_status').first(), t.disabled);
      await shot(page, `e2e-portal-esign-account-edit-${lang}`);
      await activePane(page).getByTestId('action-save').click();
      await expectToast(page, t.done);
      await eventually(async () => expectOk(await s1Api.call<Account[]>(`${ACCOUNT}/listByPage`, { params: { accountName: name } })).length).toBe(1);
      const mine = expectOk(await s1Api.call<Account[]>(`${ACCOUNT}/listByPage`, { params: { accountName: name } }))[0];
      expect(mine).toMatchObject({ ownerType: 'SUPPLIER', supplierId: s1Api.session!.supplierId, userId: null, status: 'DISABLED' });

      // 3. buyer01's 电子签章账户 lists user and supplier accounts, the new one among them.
      const buyer = await chromium.signIn('buyer01');
      page = buyer.page;
      current = buyer;
      if (lang === 'TH') await switchLanguage(page, 'TH');
      await openMenu(page, 'CON_ESIGN_ACCOUNT', /\/main\/contract\/esignAccountList\?/);
      await search(page, 'accountName', name);
      await eventually(async () => (await rowsOf(page, 'esignAccountList')).some((r) => r.includes(name) && r.includes('S-0001'))).toBe(true);
      await search(page, 'accountName', '');
      await eventually(async () => (await rowsOf(page, 'esignAccountList')).some((r) => r.includes('buyer01'))).toBe(true);
      await shot(page, `e2e-esign-accounts-${lang}`);
      expect(
        expectOk(await buyerApi.call<Account[]>(`${ACCOUNT}/listByPage`, { params: {}, pageRows: 200 })).some(
          (a) => a.supplierId !== mine.supplierId && a.ownerType === 'SUPPLIER',
        ),
      ).toBe(true);
    } catch (e) {
      await shot(page, `e2e-portal-accounts-FAILED-${lang}`).catch(() => undefined);
      throw new Error(`${e instanceof Error ? e.message : String(e)}\nbrowser errors:\n${current.errors.join('\n')}`, { cause: e });
    }
  });
}
