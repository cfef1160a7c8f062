// The requisition list's sub page 我的授权采购申请 runs listByPageByPermission: buyer01 (organisation HQ,
// purchase group G01) sees the two demo requisitions of HQ and G01, and every row he sees is of HQ and
// G01 (other tests may add requisitions there). Chinese, then Thai.
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';
import { activePane, chromiumForFile, columnValues, eventually, grid, openMenu } from '../../../../tests/e2e/helpers';

const base = inject('baseUrl');
const chrome = chromiumForFile(base);

test('buyer01 opens his permitted requisitions: those of HQ and G01 only', async () => {
  const { page } = await chrome.signIn('buyer01');
  await openMenu(page, 'REQUISITION', /\/main\/order\/requisitionList\?/);
  await activePane(page).getByTestId('subpage-order/requisitionPermitList').click();
  await page.waitForURL(/\/main\/order\/requisitionPermitList\?menuId=\d+/);
  const g = grid(page, 'requisitionPermitList');
  await eventually(() => columnValues(g, '申请单号')).toEqual(expect.arrayContaining(['PR-2026-000002', 'PR-2026-000001']));
  expect(new Set(await columnValues(g, '采购组织'))).toEqual(new Set(['HQ 示范制造集团有限公司']));
  expect(new Set(await columnValues(g, '采购组'))).toEqual(new Set(['G01 生产物料采购组']));
  await eventually(() => page.getByTestId('tab-mainorderrequisitionpermitlist').innerText()).toBe('我的授权采购申请');
  await shot(page, 'e2e-requisition-permit-cn');

  // View opens the requisition read-only, like the list's own view.
  await activePane(page).getByTestId('row-action-view-0').click();
  await page.waitForURL(/\/main\/order\/requisitionEdit\?.*id=\d+.*mode=view|\/main\/order\/requisitionEdit\?.*mode=view.*id=\d+/);
  await activePane(page).locator('[data-page="order/requisitionEdit"]').waitFor();

  await page.getByTestId('tab-mainorderrequisitionpermitlist').click();
  await switchLanguage(page, 'TH');
  await eventually(() => activePane(page).locator('h2').first().innerText()).toBe('ใบขอซื้อที่ฉันได้รับสิทธิ์');
  await eventually(() => columnValues(grid(page, 'requisitionPermitList'), 'เลขที่ใบขอซื้อ')).toEqual(expect.arrayContaining(['PR-2026-000002', 'PR-2026-000001']));
  await page.mouse.move(700, 800);
  await shot(page, 'e2e-requisition-permit-th');
});
