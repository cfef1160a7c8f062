// Steps shared by the grid browser tests (grid.*.test.ts): open the showcase pages, read the published
// layout, scroll the canvas horizontally, click and hover cells at any scroll, read canvas pixels.
import type { Locator, Page } from 'playwright-core';
import { activePane, eventually, grid, nextFrames, openFolder, openMenu } from './helpers';

export interface Layout {
  headerHeight: number;
  rowHeight: number;
  columns: { key: string; x: number; width: number; group?: string }[];
  frozen: number;
}

export { switchLanguage, type Lang } from './helpers';

export async function openShowcase(page: Page): Promise<Locator> {
  await openFolder(page, 'COMPONENT_SAMPLES');
  await openMenu(page, 'GRID_SHOWCASE', /\/main\/base\/gridShowcaseList\?/);
  const g = grid(page, 'gridShowcase');
  await eventually(() => activePane(page).locator('.srm-list-page').getAttribute('data-load')).toBe('loaded');
  return g;
}

export async function layoutOf(g: Locator): Promise<Layout> {
  const raw = await g.getAttribute('data-layout');
  if (!raw) throw new Error('grid has no data-layout');
  return JSON.parse(raw) as Layout;
}

export function column(layout: Layout, key: string) {
  const c = layout.columns.find((x) => x.key === key);
  if (!c) throw new Error(`No grid column "${key}" (have ${layout.columns.map((x) => x.key).join(', ')})`);
  return c;
}

/** Scrolls the canvas horizontally so that column `key` is in view; returns the scroll offset. */
export async function scrollTo(g: Locator, key: string): Promise<number> {
  const layout = await layoutOf(g);
  const c = column(layout, key);
  const frozenEnd = layout.columns.slice(0, layout.frozen + (layout.columns[0]?.key === '-select' ? 1 : 0)).reduce((a, x) => Math.max(a, x.x + x.width), 0);
  const left = Math.max(0, c.x - frozenEnd - 20);
  await g.locator('.dvn-scroller').evaluate((el, x) => {
    el.scrollLeft = x;
  }, left);
  await scrolledInto(g, layout, layout.columns.indexOf(c));
  return g.locator('.dvn-scroller').evaluate((el) => el.scrollLeft);
}

/**
 * Waits until glide shows canvas column `index` after a horizontal scroll: its accessible cells
 * (`glide-cell-{column}-{row}`, which glide rebuilds 200 ms after the last scroll) are there, and the
 * canvas is drawn (the next frames). A grid without rows has no cells to wait for.
 */
async function scrolledInto(g: Locator, layout: Layout, index: number): Promise<void> {
  if (index >= 0 && (await g.locator('table[role=grid] tbody tr').count()) > 0) {
    await g.locator(`table[role=grid] td[data-testid^="glide-cell-${index}-"]`).first().waitFor({ state: 'attached' });
  }
  await nextFrames(g.page());
}

export async function scrollHome(g: Locator): Promise<void> {
  await g.locator('.dvn-scroller').evaluate((el) => {
    el.scrollLeft = 0;
  });
  // The first column after the frozen ones is back in view.
  const layout = await layoutOf(g);
  await scrolledInto(g, layout, layout.frozen + (layout.columns[0]?.key === '-select' ? 1 : 0));
}

/** In an open date picker popup (in #portal), moves to the next month and waits until the panel shows it. */
export async function nextMonth(page: Page): Promise<void> {
  const header = page.locator('#portal .arco-picker-header-value').first();
  const before = await header.innerText();
  await page.locator('#portal .arco-picker-header-icon').last().click();
  await eventually(() => header.innerText()).not.toBe(before);
}

/** Page coordinates of the centre of a body cell, with the canvas scrolled by `scrollLeft`. */
export async function cellPoint(g: Locator, key: string, row: number, scrollLeft = 0): Promise<{ x: number; y: number; canvasX: number; canvasY: number }> {
  const layout = await layoutOf(g);
  const c = column(layout, key);
  const box = await g.locator('canvas[data-testid=data-grid-canvas]').boundingBox();
  if (!box) throw new Error('grid canvas is not visible');
  const frozen = layout.columns.indexOf(c) < layout.frozen + (layout.columns[0]?.key === '-select' ? 1 : 0);
  const canvasX = c.x - (frozen ? 0 : scrollLeft) + c.width / 2;
  const canvasY = layout.headerHeight + row * layout.rowHeight + layout.rowHeight / 2;
  return { x: box.x + canvasX, y: box.y + canvasY, canvasX, canvasY };
}

export async function clickAt(page: Page, g: Locator, key: string, row: number, scrollLeft = 0): Promise<void> {
  const p = await cellPoint(g, key, row, scrollLeft);
  await page.mouse.click(p.x, p.y);
}

/** The colour of one canvas pixel (CSS pixels, relative to the canvas) as #rrggbb. */
export async function pixel(g: Locator, x: number, y: number): Promise<string> {
  return g.locator('canvas[data-testid=data-grid-canvas]').evaluate(
    (canvas, [px, py]) => {
      const c = canvas as HTMLCanvasElement;
      const ratio = c.width / c.getBoundingClientRect().width;
      const d = c.getContext('2d')!.getImageData(Math.round(px * ratio), Math.round(py * ratio), 1, 1).data;
      return `#${[d[0], d[1], d[2]].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
    },
    [x, y] as [number, number],
  );
}

/** The footer row (data-summary) by column key. */
export async function summaryOf(g: Locator): Promise<Record<string, string>> {
  return JSON.parse((await g.getAttribute('data-summary')) ?? '{}') as Record<string, string>;
}

/** Whether any pixel of a canvas rectangle is "red" (the required asterisk, error boxes). `header`: glide's header canvas. */
export async function hasRed(g: Locator, x: number, y: number, w: number, h: number, header = false): Promise<boolean> {
  return g
    .locator(header ? 'canvas:not([data-testid])' : 'canvas[data-testid=data-grid-canvas]')
    .first()
    .evaluate(
      (canvas, [px, py, pw, ph]) => {
        const c = canvas as HTMLCanvasElement;
        const ratio = c.width / c.getBoundingClientRect().width;
        const d = c.getContext('2d')!.getImageData(Math.round(px * ratio), Math.round(py * ratio), Math.round(pw * ratio), Math.round(ph * ratio)).data;
        for (let i = 0; i < d.length; i += 4) if (d[i] > 200 && d[i + 1] < 110 && d[i + 2] < 110) return true;
        return false;
      },
      [x, y, w, h] as [number, number, number, number],
    );
}

/** Whether any pixel of a body-canvas rectangle has exactly this colour (#rrggbb): robust to a pixel of scroll jitter. */
export async function hasColour(g: Locator, x: number, y: number, w: number, h: number, hex: string): Promise<boolean> {
  return g.locator('canvas[data-testid=data-grid-canvas]').evaluate(
    (canvas, [px, py, pw, ph, want]) => {
      const c = canvas as HTMLCanvasElement;
      const ratio = c.width / c.getBoundingClientRect().width;
      const d = c
        .getContext('2d')!
        .getImageData(Math.round(Number(px) * ratio), Math.round(Number(py) * ratio), Math.round(Number(pw) * ratio), Math.round(Number(ph) * ratio)).data;
      for (let i = 0; i < d.length; i += 4) if (`#${[d[i], d[i + 1], d[i + 2]].map((v) => v.toString(16).padStart(2, '0')).join('')}` === want) return true;
      return false;
    },
    [x, y, w, h, hex] as [number, number, number, number, string],
  );
}

/** How many dark (text) pixels a body-canvas rectangle holds. */
export async function inkIn(g: Locator, x: number, y: number, w: number, h: number): Promise<number> {
  return g.locator('canvas[data-testid=data-grid-canvas]').evaluate(
    (canvas, [px, py, pw, ph]) => {
      const c = canvas as HTMLCanvasElement;
      const ratio = c.width / c.getBoundingClientRect().width;
      const d = c.getContext('2d')!.getImageData(Math.round(px * ratio), Math.round(py * ratio), Math.round(pw * ratio), Math.round(ph * ratio)).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] < 110 && d[i + 1] < 110 && d[i + 2] < 110) n++;
      return n;
    },
    [x, y, w, h] as [number, number, number, number],
  );
}

/**
 * The footer row of a fitted grid drawn whole: the body is whole rows above it (glide cut a footer
 * that had a part-row gap above it) and its text has ink below the row's middle as well as above.
 */
export async function footerDrawnWhole(g: Locator): Promise<{ wholeRows: boolean; upperInk: number; lowerInk: number }> {
  const layout = await layoutOf(g);
  const canvasHeight = await g.locator('canvas[data-testid=data-grid-canvas]').evaluate((c) => Math.round(c.getBoundingClientRect().height));
  const top = canvasHeight - layout.rowHeight;
  const width = layout.columns.reduce((a, c) => Math.max(a, c.x + c.width), 0);
  const half = layout.rowHeight / 2;
  return {
    wholeRows: (canvasHeight - layout.headerHeight) % layout.rowHeight === 0,
    upperInk: await inkIn(g, 0, top + 2, width, half - 2),
    lowerInk: await inkIn(g, 0, top + half, width, half - 2),
  };
}
