// The homes in all four languages: approver01's internal home shows the tasks waiting for them (a row
// opens the document with its task) and requisition KPIs as charts that echarts draws; supplier01's
// external home shows its tasks card, what its company profile
// still lacks and its notices, but no internal KPIs.
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { chromiumForFile, eventually } from '../../../../tests/e2e/helpers';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

const PROFILE = { CN: '公司资料完善度', TH: 'ความสมบูรณ์ของโปรไฟล์', EN: 'Profile completeness', VN: 'Mức độ hoàn thiện hồ sơ' } as const;
const TITLE = { CN: '待处理的任务', TH: 'งานที่รอคุณ', EN: 'Tasks waiting for you', VN: 'Nhiệm vụ đang chờ bạn' } as const;

for (const lang of ['CN', 'TH', 'EN', 'VN'] as const) {
  test(`${lang}: approver01's home shows the waiting tasks and KPI charts`, async () => {
    const { page } = await chromium.signIn('approver01');
    if (lang !== 'CN') await switchLanguage(page, lang);
    const todos = page.getByTestId('home-todos');
    await eventually(() => todos.innerText()).toContain(TITLE[lang]);
    await eventually(async () => Number(await todos.getAttribute('data-count'))).toBeGreaterThan(0);
    const kpis = page.getByTestId('home-panel-kpis');
    await eventually(async () => Number(await kpis.getByTestId('stat-homeSubmitted').getAttribute('data-value'))).toBeGreaterThan(0);
    for (const name of ['homeByStatus', 'homeByMonth']) {
      const chart = kpis.getByTestId(`chart-${name}`);
      await eventually(() => chart.getAttribute('data-ready')).toBe('true');
      await eventually(async () => JSON.parse((await chart.getAttribute('data-series')) ?? '[]')[0] ?? 0).toBeGreaterThan(0);
    }
    await page.waitForTimeout(400); // the charts' 300 ms animation, for the screenshot
    await shot(page, `e2e-home-in-${lang}`);
    // The newest task first: a requisition's or a supplier registration's, opened with its task.
    await todos.locator('tr').first().click();
    await page.waitForURL(/\/main\/\w+\/\w+Edit\?.*id=\d+.*taskId=\d+/);
  });

  test(`${lang}: supplier01's home shows its work and no internal KPIs`, async () => {
    const { page } = await chromium.signIn('supplier01', 'exHome');
    if (lang !== 'CN') await switchLanguage(page, lang);
    await eventually(() => page.getByTestId('home-todos').innerText()).toContain(TITLE[lang]);
    await page.getByTestId('home-notices').waitFor();
    // Its company profile: what is still to fill in (or that nothing is), in the screen's language.
    const profile = page.getByTestId('home-supplier-profile');
    await eventually(() => profile.innerText()).toContain(PROFILE[lang]);
    expect(await profile.getAttribute('data-missing')).not.toBeNull();
    expect(await page.getByTestId('home-panel-kpis').count()).toBe(0);
    await shot(page, `e2e-home-ex-${lang}`);
  });

  if (lang === 'CN' || lang === 'TH') {
    test(`${lang}: a reload straight onto the home draws the KPI charts (the page runtime not loaded yet)`, async () => {
      const { page, errors } = await chromium.signIn('approver01');
      if (lang !== 'CN') await switchLanguage(page, lang);
      await page.reload();
      const chart = page.getByTestId('home-panel-kpis').getByTestId('chart-homeByStatus');
      await eventually(() => chart.getAttribute('data-ready')).toBe('true');
      expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    });
  }
}
