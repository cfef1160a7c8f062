// The purchasing dashboard (采购看板) as buyer01 sees it in all four languages: the menu under
// purchasing, four numbers, four charts (bar, line, pie, funnel) that echarts really draws (its model
// holds the series, the canvas has coloured pixels), the latest requisitions with their status in the
// screen's language, and a row that opens its requisition.
import { expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chromiumForFile, eventually, openMenu, showMenuItem } from '../../../../tests/e2e/helpers';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

const TEXT = {
  CN: { menu: '采购看板', byStatus: '采购申请按状态', submitted: '已提交' },
  TH: { menu: 'แดชบอร์ดการจัดซื้อ', byStatus: 'ใบขอซื้อตามสถานะ', submitted: 'ส่งแล้ว' },
  EN: { menu: 'Purchasing dashboard', byStatus: 'Requisitions by status', submitted: 'Submitted' },
  VN: { menu: 'Bảng điều khiển mua hàng', byStatus: 'Yêu cầu theo trạng thái', submitted: 'Đã gửi' },
} as const;

const CHARTS = ['byStatus', 'byMonth', 'suppliers', 'byGroup'] as const;

/** Pixels of the chart's canvas that are drawn (not transparent) and not grey: bars, lines, slices. */
async function colouredPixels(page: Page, name: string): Promise<number> {
  return activePane(page)
    .getByTestId(`chart-${name}`)
    .locator('canvas')
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const ctx = canvas.getContext('2d');
      if (!ctx) return 0;
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      let n = 0;
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b, a] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
        if (a > 0 && Math.max(r, g, b) - Math.min(r, g, b) > 40) n++;
      }
      return n;
    });
}

for (const lang of ['CN', 'TH', 'EN', 'VN'] as const) {
  test(`${lang}: buyer01 opens the purchasing dashboard and every chart draws`, async () => {
    const t = TEXT[lang];
    const { page } = await chromium.signIn('buyer01');
    if (lang !== 'CN') await switchLanguage(page, lang);
    await showMenuItem(page, 'PURCHASE_DASHBOARD');
    await eventually(() => page.getByTestId('menu-PURCHASE_DASHBOARD').innerText()).toBe(t.menu);
    await openMenu(page, 'PURCHASE_DASHBOARD', /\/main\/dashboard\/purchasing\?/);
    const pane = activePane(page);
    for (const w of ['requisitions', 'drafts', 'submitted', 'qualifiedSuppliers', ...CHARTS, 'latest'])
      await eventually(() => pane.getByTestId(`dashboard-widget-${w}`).getAttribute('data-state')).toBe('ready');
    await expect(pane.getByTestId('dashboard-widget-byStatus').innerText()).resolves.toContain(t.byStatus);

    // Numbers from the aggregates: the eight demo requisitions (other tests may add more).
    expect(Number(await pane.getByTestId('stat-requisitions').getAttribute('data-value'))).toBeGreaterThanOrEqual(8);
    expect(Number(await pane.getByTestId('stat-submitted').getAttribute('data-value'))).toBeGreaterThanOrEqual(1);
    expect(Number(await pane.getByTestId('stat-qualifiedSuppliers').getAttribute('data-value'))).toBeGreaterThanOrEqual(1);

    for (const name of CHARTS) {
      const chart = pane.getByTestId(`chart-${name}`);
      await eventually(() => chart.getAttribute('data-ready')).toBe('true');
      // echarts' own model has one series with a point per group…
      await eventually(async () => JSON.parse((await chart.getAttribute('data-series')) ?? '[]')[0] ?? 0).toBeGreaterThan(0);
      // …and the canvas shows it in colour (after the 300 ms animation).
      await eventually(() => colouredPixels(page, name)).toBeGreaterThan(200);
    }

    // The latest requisitions, their status in the screen's language; a row opens its requisition.
    const list = pane.getByTestId('list-latest');
    await eventually(() => list.locator('tbody tr').count()).toBe(5);
    await eventually(() => list.innerText()).toContain(t.submitted);
    await page.waitForTimeout(400); // the charts' 300 ms animation, for the screenshot
    await shot(page, `e2e-purchasing-dashboard-${lang}`);

    // The chart follows its container: a narrower window redraws it narrower.
    const before = await pane.getByTestId('chart-byStatus').evaluate((el) => el.querySelector('canvas')!.clientWidth);
    await page.setViewportSize({ width: 1000, height: 900 });
    await eventually(() => pane.getByTestId('chart-byStatus').evaluate((el) => el.querySelector('canvas')!.clientWidth)).toBeLessThan(before);
    await page.setViewportSize({ width: 1440, height: 900 });

    await list.locator('tbody tr').first().click();
    await page.waitForURL(/\/main\/order\/requisitionEdit\?.*id=\d+/);
  });
}
