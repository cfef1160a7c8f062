// The grid showcase (menu 组件示例 → 表格示例, SYS_ADMIN only) read as the user sees it, in CN and TH:
// column groups, hidden columns, fixed-left/right, the widths of §9 (selection 40, expand 30, index 70,
// operate 80), index across pages, number/date/lookup/formatter/compute formats, footer sum and mean,
// merged rows, checkbox and icon colours, tooltip, expand panel, sort, resize; and the §8 errors of a
// misconfigured grid in both languages.
import { expect, inject, test } from 'vitest';
import { shot } from './browser';
import { activePane, chromiumForFile, columnValues, eventually, gridHeaders, gridRows, nextFrames, openFolder, openMenu } from './helpers';
import { cellPoint, column, hasColour, hasRed, layoutOf, openShowcase, scrollHome, scrollTo, summaryOf, switchLanguage } from './gridHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

const CN = {
  index: '序号',
  code: '示例编码',
  name: '示例名称',
  group: '分组',
  quantity: '数量',
  price: '单价',
  amount: '金额',
  tax: '税率',
  uom: '单位',
  country: '产地',
  total: '合计',
  groupTitle: '数量与金额',
  operate: '操作',
  view: '查看',
  errors: ['请配置API属性', '附件: 表格列未设置附件配置 attachmentConfig', '示例名称: 未配置单元格链接方法', '物料: 未声明按钮点击方法'],
};
const TH = {
  index: 'ลำดับ',
  name: 'ชื่อตัวอย่าง',
  quantity: 'จำนวน',
  total: 'รวม',
  uom: 'หน่วย',
  groupTitle: 'จำนวนและมูลค่า',
  operate: 'การดำเนินการ',
  errors: ['โปรดกำหนดค่าคุณสมบัติ API', 'ไฟล์แนบ: คอลัมน์ตารางไม่ได้ตั้งค่า attachmentConfig', 'ชื่อตัวอย่าง: ไม่ได้กำหนดเมธอดลิงก์ของเซลล์', 'วัสดุ: ไม่ได้ประกาศฟังก์ชันเมื่อคลิกปุ่ม'],
};

test('showcase grid in CN: layout, formats, footer, merges, colours, tooltip, expand, sort, resize, index across pages', async () => {
  const { page } = await chromium.signIn('admin');
  const g = await openShowcase(page);
  await eventually(async () => (await gridRows(g))[0]?.[CN.code]).toBe('GS-0001');

  // Widths of SPEC §9 and the columns the definition hides; the column group above its children.
  const layout = await layoutOf(g);
  expect(column(layout, '-select').width).toBe(40);
  expect(column(layout, '-expand').width).toBe(30);
  expect(column(layout, '-index').width).toBe(70);
  expect(layout.columns.map((c) => c.key)).not.toContain('endDate');
  expect(layout.columns.map((c) => c.key)).not.toContain('planEnd');
  expect(['quantity', 'unitPrice', 'amount', 'taxRate'].map((k) => column(layout, k).group)).toEqual(Array(4).fill(CN.groupTitle));
  expect(layout.headerHeight).toBe(72); // group header + column header
  // sampleCode is fixed left: frozen with the expand and index columns.
  expect(layout.columns[layout.frozen].key).toBe('sampleCode');
  // The operate column (fixed right, 80) and the fixed-right data column are DOM at the right edge.
  const actions = activePane(page).getByTestId('row-actions-0');
  expect(Math.round((await actions.boundingBox())!.width)).toBe(80);
  await expect.poll(() => actions.getByTestId('row-action-view-0').innerText()).toBe(CN.view);
  expect(await activePane(page).getByTestId('fixed-lastUpdateDate-0').innerText()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  const canvasBox = (await g.locator('canvas[data-testid=data-grid-canvas]').boundingBox())!;
  expect((await actions.boundingBox())!.x).toBeGreaterThan(canvasBox.x + canvasBox.width - 260);

  // Headers: required asterisk on the editable required column, in red on the canvas.
  const headers = await gridHeaders(g);
  expect(headers).toContain(`* ${CN.name}`);
  expect(headers).toContain(CN.code);
  const nameCol = column(layout, 'sampleName');
  expect(await hasRed(g, nameCol.x + 4, 36, 14, 36, true)).toBe(true);
  expect(await hasRed(g, column(layout, 'sampleCode').x + 4, 36, 14, 36, true)).toBe(false);

  // Formats: thousands separators and precision, the percent formatter, lookups, computed amount.
  const rows = await gridRows(g);
  expect(rows[0]).toMatchObject({
    [CN.index]: '1',
    [CN.code]: 'GS-0001',
    [CN.group]: 'G01',
    [CN.quantity]: '10.00',
    [CN.price]: '1,001.5000',
    [CN.amount]: '10,015.00',
    [CN.tax]: '13.0%',
    [CN.uom]: '千克',
    [CN.country]: '中国',
  });
  expect(rows[1]).toMatchObject({ [CN.index]: '2', [CN.quantity]: '20.25', [CN.price]: '3.0000', [CN.amount]: '60.75', [CN.tax]: '9.0%' });
  // Merged rows: G01 covers rows 0-2, G02 rows 3-5 (the covered cells are empty).
  expect(rows.slice(0, 7).map((r) => r[CN.group])).toEqual(['G01', '', '', 'G02', '', '', 'G03']);
  expect(JSON.parse((await g.getAttribute('data-merges'))!).slice(0, 2)).toEqual([
    { key: 'groupName', row: 0, rowSpan: 3 },
    { key: 'groupName', row: 3, rowSpan: 3 },
  ]);
  // Footer (pageSize 1000: all 45 rows on the page): the word for total over the index column and the
  // next two (SPEC §9 footer merge), sums of quantity (showThousandSeparator false) and amount, mean of the price.
  expect(await summaryOf(g)).toMatchObject({ '-index': CN.total, quantity: '10366.50', unitPrice: '207.5000', amount: '1,975,250.30' });
  expect(await g.getAttribute('data-footer-span')).toBe('-index,sampleCode,sampleName');
  await shot(page, 'e2e-grid-showcase-CN');

  // Checkbox Y green (#2eb52e), N not; a value that is neither shows a red box; icon cells.
  // The icon column comes just before the checkbox column: scrolled so both are in view.
  const left = await scrollTo(g, 'enabledFlag');
  await shot(page, 'e2e-grid-showcase-checks-CN');
  const y0 = await cellPoint(g, 'urgentFlag', 0, left);
  // Anywhere in the box: its place moves by a pixel or two with the scroll position.
  expect(await hasColour(g, y0.canvasX - 8, y0.canvasY - 8, 16, 16, '#2eb52e')).toBe(true);
  const n1 = await cellPoint(g, 'urgentFlag', 1, left);
  expect(await hasColour(g, n1.canvasX - 8, n1.canvasY - 8, 16, 16, '#2eb52e')).toBe(false);
  const x2 = await cellPoint(g, 'urgentFlag', 2, left);
  expect(await hasRed(g, x2.canvasX - 9, x2.canvasY - 9, 18, 18)).toBe(true);
  const icon = await cellPoint(g, 'enabledFlag', 0, left);
  expect(await hasColour(g, icon.canvasX - 8, icon.canvasY - 8, 16, 16, '#2eb52e')).toBe(true);
  const iconOff = await cellPoint(g, 'enabledFlag', 4, left); // enabledFlag N, falseShow: grey cross
  expect(await hasColour(g, iconOff.canvasX - 8, iconOff.canvasY - 8, 16, 16, '#848484')).toBe(true);
  expect(await hasColour(g, iconOff.canvasX - 8, iconOff.canvasY - 8, 16, 16, '#2eb52e')).toBe(false);
  // The type cell shows the option label, buttons show their titles with the count.
  const right = await gridRows(g);
  expect(right[0]['优先级']).toBe('高');
  expect(right[1]['优先级']).toBe('中');
  expect(right[1]['按钮']).toBe('明细(1) 禁用');
  await shot(page, 'e2e-grid-showcase-right-CN');
  await scrollHome(g);

  // Tooltip with the full text of a cut name.
  const tipAt = await cellPoint(g, 'sampleName', 5);
  await page.mouse.move(tipAt.x, tipAt.y);
  await eventually(() => activePane(page).getByTestId('grid-tooltip-gridShowcase').innerText()).toBe('贴片电阻 10kΩ 0603 1% 高精度长名称示例 #6');
  await page.mouse.move(10, 10);

  // Expand: the row's fields under the grid.
  const exp = await cellPoint(g, '-expand', 0);
  await page.mouse.click(exp.x, exp.y);
  const panel = activePane(page).getByTestId('grid-expand-gridShowcase-0');
  await eventually(() => panel.locator('[data-field=sampleCode]').innerText()).toBe('GS-0001');
  expect(await panel.locator('[data-field=website]').innerText()).toBe('https://example.com/samples/1');
  await page.mouse.click(exp.x, exp.y);
  await eventually(() => panel.count()).toBe(0);

  // Sort by the code: ascending then descending (↑ / ↓ in the header).
  const codeCol = column(layout, 'sampleCode');
  const box = (await g.locator('canvas[data-testid=data-grid-canvas]').boundingBox())!;
  await page.mouse.click(box.x + codeCol.x + codeCol.width / 2, box.y + 36 + 18);
  await eventually(() => gridHeaders(g)).toContain(`${CN.code} ↑`);
  await page.mouse.click(box.x + codeCol.x + codeCol.width / 2, box.y + 36 + 18);
  await eventually(() => gridHeaders(g)).toContain(`${CN.code} ↓`);
  await eventually(async () => (await columnValues(g, CN.code))[0]).toBe('GS-0045');
  await page.mouse.click(box.x + codeCol.x + codeCol.width / 2, box.y + 36 + 18);
  await eventually(async () => (await columnValues(g, CN.code))[0]).toBe('GS-0001');

  // Resize: the name column follows the drag; the group column (resizable false) does not.
  const resize = async (key: string, by: number) => {
    const c = column(await layoutOf(g), key);
    // Measured now: the page may have moved since (a scroll bar that came or went).
    const box = (await g.locator('canvas[data-testid=data-grid-canvas]').boundingBox())!;
    await page.mouse.move(box.x + c.x + c.width - 2, box.y + 36 + 18);
    await page.mouse.down();
    await page.mouse.move(box.x + c.x + c.width - 2 + by / 2, box.y + 36 + 18, { steps: 3 });
    await page.mouse.move(box.x + c.x + c.width - 2 + by, box.y + 36 + 18, { steps: 3 });
    await page.mouse.up();
  };
  // Under load a drag can land before the grid has taken the pointer; drag again only while the
  // width has not moved at all, so a late first drag is never doubled.
  for (let attempt = 0; attempt < 3; attempt++) {
    await resize('sampleName', 60);
    const moved = await eventually(async () => column(await layoutOf(g), 'sampleName').width, 3000)
      .not.toBe(150)
      .then(
        () => true,
        () => false,
      );
    if (moved) break;
  }
  // glide starts a resize after a few pixels of movement: the width follows the drag within that.
  await eventually(async () => Math.abs(column(await layoutOf(g), 'sampleName').width - 210)).toBeLessThanOrEqual(12);
  await resize('groupName', 60);
  // A resize follows the drag's own mouse moves: once the frames after it are drawn, none came.
  await nextFrames(page);
  expect(column(await layoutOf(g), 'groupName').width).toBe(90);

  // Page 2 at 20 a page: the index goes on across pages (21…).
  const pagerEl = activePane(page).getByTestId('grid-pager');
  expect(await pagerEl.getAttribute('data-page-size')).toBe('1000');
  await pagerEl.getByTestId('grid-pager-size').click();
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: '20 条/页' }).first().click();
  await eventually(() => pagerEl.getAttribute('data-page-size')).toBe('20');
  const jumper = activePane(page).getByTestId('grid-pager').getByTestId('grid-pager-jump');
  await jumper.fill('2');
  await jumper.press('Enter');
  // The index follows the page at once; the rows come with the answer: wait for both.
  await eventually(async () => {
    const first = (await gridRows(g))[0];
    return [first[CN.index], first[CN.code]];
  }).toEqual(['21', 'GS-0021']);
});

test('showcase grid in TH: titles, group header, footer word, option labels', async () => {
  const { page } = await chromium.signIn('admin');
  await switchLanguage(page, 'TH');
  const g = await openShowcase(page);
  await eventually(async () => (await gridRows(g))[0]?.[TH.index]).toBe('1');
  const headers = await gridHeaders(g);
  expect(headers).toContain(`* ${TH.name}`);
  expect(headers).toContain(TH.quantity);
  expect(column(await layoutOf(g), 'quantity').group).toBe(TH.groupTitle);
  const rows = await gridRows(g);
  expect(rows[0][TH.uom]).toBe('กิโลกรัม');
  expect(await summaryOf(g)).toMatchObject({ '-index': TH.total, quantity: '10366.50' });
  expect(await activePane(page).locator('.srm-grid-operate').innerText()).toContain(TH.operate);
  await shot(page, 'e2e-grid-showcase-TH');
  const left = await scrollTo(g, 'priority');
  expect(left).toBeGreaterThan(0);
  expect((await gridRows(g))[0]['ลำดับความสำคัญ']).toBe('สูง');
});

test('a misconfigured grid shows the §8 errors in CN and TH instead of crashing', async () => {
  const { page, errors } = await chromium.signIn('admin');
  await openFolder(page, 'COMPONENT_SAMPLES');
  await openMenu(page, 'GRID_MISCONFIGURED', /\/main\/base\/gridMisconfiguredList\?/);
  // The page's chunk and its first load can take long on a busy machine: wait for them first.
  await eventually(() => activePane(page).locator('.srm-list-page').getAttribute('data-load'), 30_000).toBe('loaded');
  const box = activePane(page).getByTestId('grid-errors-gridMisconfigured');
  await eventually(async () =>
    (await box.innerText())
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean),
  ).toEqual(CN.errors);
  // The grid is still there with its rows.
  await eventually(async () => (await gridRows(activePane(page).getByTestId('grid-gridMisconfigured')))[0]?.[CN.code]).toBe('GS-0001');
  await shot(page, 'e2e-grid-errors-CN');
  await switchLanguage(page, 'TH');
  await eventually(async () =>
    (await box.innerText())
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean),
  ).toEqual(TH.errors);
  await shot(page, 'e2e-grid-errors-TH');
  expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
});
