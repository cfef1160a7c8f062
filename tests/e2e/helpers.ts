// Shared steps of the browser tests: log in, open menus, read and click the canvas grid.
//
// The grid is glide-data-grid (canvas). What the tests use, all documented hooks:
// - `[data-testid=grid-{name}]` is the grid's container; its `data-layout` attribute is the column geometry
//   (runtime/grid/layout.ts) for clicking a body cell by coordinates relative to the canvas;
// - glide keeps an accessible `<table role=grid>` inside the canvas with the column titles (`th`) and the
//   text of the visible cells (`td`, matched to headers by `aria-colindex`) — what a screen reader reads,
//   so it is what the user sees;
// - the operate column is real DOM: `row-action-{name}-{rowIndex}`.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { launch, shot } from './browser';
import { SESSION_STORAGE_KEY, type UserSession } from '../../src/app/session';
import { SignedClient } from '../support/signedClient';

export const PASSWORD = 'Srm#Demo2026';

export type Lang = 'CN' | 'EN' | 'TH' | 'VN';

export async function switchLanguage(page: Page, lang: Lang): Promise<void> {
  await page.getByTestId('lang-switch').click();
  await page.getByTestId(`lang-${lang}`).click();
}
export const VIEWPORT = { width: 1440, height: 900 };

/** A unique suffix per test run and worker, so parallel files against one server never collide. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1296)
    .toString(36)
    .padStart(2, '0')}`.toUpperCase();
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors seen so far (reported when a step fails). */
  errors: string[];
}

export async function newSession(browser: Browser): Promise<Session> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'zh-CN' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.setDefaultTimeout(15_000);
  return { context, page, errors };
}

/** Logs in through the login page and waits for the home page of the user's type. */
export async function login(page: Page, baseUrl: string, userName: string, home: 'inHome' | 'exHome' = 'inHome'): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId('login-username').fill(userName);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(new RegExp(`/main/${home}`));
}

/**
 * Signs in through the login API (the calls the login page makes: public key, RSA-encrypted password,
 * login) and opens the user's home with that session in the tab's sessionStorage, as after a reload of a
 * signed-in tab. Typing into the login page cost each sign-in a page load, the form and the app's
 * navigation (docs/decisions.md "Test templates"); the login page itself is tested by the files that call
 * `login` (shell, guard, keyboard, first sign-in, password reset, registration, notices).
 */
export async function signInThroughApi(page: Page, baseUrl: string, userName: string, home: 'inHome' | 'exHome' = 'inHome'): Promise<void> {
  const answer = await new SignedClient(baseUrl).login(userName, PASSWORD);
  if (answer.status !== 'S') throw new Error(`login ${userName} failed: ${answer.msg}`);
  const session: UserSession = { ...answer.data, respId: answer.data.responsibilities[0]?.respId ?? null };
  // Storage belongs to the origin: a same-origin page that is not the app (no script of ours runs there).
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate(([key, text]) => sessionStorage.setItem(key, text), [SESSION_STORAGE_KEY, JSON.stringify(session)] as const);
  await page.goto(`${baseUrl}/main/${home}`);
  await page.waitForURL(new RegExp(`/main/${home}`));
}

export async function loggedIn(browser: Browser, baseUrl: string, userName: string, home: 'inHome' | 'exHome' = 'inHome'): Promise<Session> {
  const session = await newSession(browser);
  await signInThroughApi(session.page, baseUrl, userName, home);
  return session;
}

/** The visible tab pane (other tabs stay mounted but hidden: keep-alive). */
export function activePane(page: Page): Locator {
  return page.locator('.srm-tab-pane:not([hidden])');
}

/**
 * Opens a left-menu folder, if it is not open already (they start collapsed, except the folders of the
 * current screen). The folder's test id marks
 * the whole folder, its items included, so a click on it would land on the item in its middle and open
 * that page as well.
 */
export async function openFolder(page: Page, folderCode: string): Promise<void> {
  const header = page.getByTestId(`menu-${folderCode}`).locator(':scope > .srm-menu-folder-header');
  await header.waitFor();
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
}

/**
 * Clicks a left-menu item and waits for its page: the address, then its tab pane shown. The address
 * changes first and the tabs follow in an effect; a locator resolved in between would find the
 * previous (kept-alive, about to be hidden) pane's element and wait on it.
 */
export async function openMenu(page: Page, menuCode: string, path: RegExp): Promise<void> {
  await showMenuItem(page, menuCode);
  await page.getByTestId(`menu-${menuCode}`).click();
  // A click while its folder still unfolds (a loaded machine) can land beside the item: click it once more.
  const opened = await page.waitForURL(path, { timeout: 8000 }).then(
    () => true,
    () => false,
  );
  if (!opened) {
    await showMenuItem(page, menuCode);
    await page.getByTestId(`menu-${menuCode}`).click();
    await page.waitForURL(path);
  }
  const route = new URL(page.url()).pathname.replace(/\//g, '').toLowerCase();
  await page.locator(`.srm-tab-pane:not([hidden])[data-testid="pane-${route}"]`).waitFor();
}

/** Opens the (collapsed) folders that hold a left-menu item, outermost first, so that it can be clicked. */
export async function showMenuItem(page: Page, menuCode: string): Promise<void> {
  const item = page.getByTestId(`menu-${menuCode}`);
  await item.waitFor({ state: 'attached' });
  const folders = await item.evaluate((el) => {
    const codes: string[] = [];
    for (let f = el.parentElement?.closest('.srm-menu-folder[data-testid^="menu-"]'); f; f = f.parentElement?.closest('.srm-menu-folder[data-testid^="menu-"]'))
      codes.unshift((f.getAttribute('data-testid') ?? '').replace(/^menu-/, ''));
    return codes;
  });
  for (const folder of folders) await openFolder(page, folder);
  await item.waitFor({ state: 'visible' });
}

/** A grid of the visible pane by its name (`bankList`, `lines`, …). */
export function grid(page: Page, name: string): Locator {
  return activePane(page).getByTestId(`grid-${name}`);
}

/** The column titles of a grid as its accessible table states them (the canvas draws the same text). */
export async function gridHeaders(g: Locator): Promise<string[]> {
  return g.locator('table[role=grid] th').allInnerTexts();
}

/** Visible body rows as `{column title: cell text}`; titles without the required mark `* `. */
export async function gridRows(g: Locator): Promise<Record<string, string>[]> {
  return g.locator('table[role=grid]').evaluate((table) => {
    const titles = new Map<string, string>();
    for (const th of Array.from(table.querySelectorAll('th'))) {
      titles.set(th.getAttribute('aria-colindex') ?? '', (th.textContent ?? '').replace(/^\* /, '').replace(/[ ↑↓▲▼]+$/, ''));
    }
    return Array.from(table.querySelectorAll('tbody tr')).map((tr) => {
      const row: Record<string, string> = {};
      for (const td of Array.from(tr.querySelectorAll('td'))) {
        const title = titles.get(td.getAttribute('aria-colindex') ?? '');
        if (title !== undefined) row[title] = td.textContent ?? '';
      }
      return row;
    });
  });
}

/** Values of one column over the visible rows. */
export async function columnValues(g: Locator, title: string): Promise<string[]> {
  return (await gridRows(g)).map((r) => r[title]).filter((v): v is string => v !== undefined);
}

interface Layout {
  headerHeight: number;
  rowHeight: number;
  columns: { key: string; x: number; width: number }[];
}

/** Clicks the centre of body cell (column key, row) of an unscrolled grid, by the grid's published layout. */
export async function clickCell(page: Page, g: Locator, key: string, row: number): Promise<void> {
  const raw = await g.getAttribute('data-layout');
  if (!raw) throw new Error('grid has no data-layout');
  const layout = JSON.parse(raw) as Layout;
  const col = layout.columns.find((c) => c.key === key);
  if (!col) throw new Error(`No grid column "${key}" (have ${layout.columns.map((c) => c.key).join(', ')})`);
  const canvas = g.locator('canvas[data-testid=data-grid-canvas]');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('grid canvas is not visible');
  await page.mouse.click(box.x + col.x + col.width / 2, box.y + layout.headerHeight + row * layout.rowHeight + layout.rowHeight / 2);
}

/** The cell editor glide opens in its overlay (#portal). */
export function cellEditor(page: Page): Locator {
  return page.locator('#portal .srm-cell-editor');
}

/** Picks `option` in a line grid's select cell (a lookup or reference): click the cell, type to search, choose it. */
export async function pickCell(page: Page, lines: string, key: string, row: number, option: string): Promise<void> {
  // Line grids sit below a long form: in view first, so the click lands on the cell.
  await grid(page, lines).scrollIntoViewIfNeeded();
  await clickCell(page, grid(page, lines), key, row);
  const editor = cellEditor(page);
  await editor.locator('.arco-select').waitFor({ state: 'visible' });
  await editor.locator('input').first().pressSequentially(option, { delay: 30 });
  await page.locator('#portal .arco-select-option', { hasText: option }).first().click();
  await cellEditor(page).waitFor({ state: 'detached' });
}

/** A toast (Arco Message) with this text becomes visible (`shot` finishes its slide-in). */
export async function expectToast(page: Page, text: string | RegExp, timeout = 10_000): Promise<void> {
  // A toast already matched by an earlier call is marked and never matches again: an earlier save's
  // "saved", still on screen, must not pass for this action's (CI: a refused save passed that way).
  const toast = page.locator('.arco-message:not([data-e2e-seen])', { hasText: text }).first();
  await toast.waitFor({ state: 'visible', timeout });
  await toast.evaluate((el) => el.setAttribute('data-e2e-seen', '1'), undefined, { timeout: 1000 }).catch(() => undefined);
}

/**
 * Resolves after `frames` animation frames of the page: what the last input caused is rendered by then
 * (React commits a click's update at once, glide draws its canvas and the editors focus on the next
 * frame). A wait on the page's own rendering, however slow the machine, not on the clock.
 */
export async function nextFrames(page: Page, frames = 3): Promise<void> {
  await page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
        step(n);
      }),
    frames,
  );
}

/**
 * Waits until `input` has the focus: a cell editor focuses its input once glide has placed the overlay
 * (FocusOnMount, runtime/grid/editors.tsx); keys typed before that can be lost.
 */
export async function focused(input: Locator): Promise<void> {
  await input.waitFor({ state: 'visible' });
  await eventually(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
}

/** The open confirmation dialog (Arco Modal.confirm). */
export function confirmDialog(page: Page): Locator {
  return page.locator('.arco-modal:visible');
}

/**
 * Waits until no dialog or its mask is left: a closing dialog's mask fades out over the page and takes
 * a mouse click by coordinates (the canvas grid's clickCell), which then does nothing.
 */
export async function noDialog(page: Page): Promise<void> {
  await eventually(() => page.locator('.arco-modal-mask:visible, .arco-modal:visible').count()).toBe(0);
}

/** Presses the primary button of the confirmation dialog that opens, and waits until it is gone. */
export async function confirmPrimary(page: Page): Promise<void> {
  const dialog = confirmDialog(page);
  await dialog.waitFor({ state: 'visible' });
  await dialog.locator('.arco-btn-primary').click();
  await noDialog(page);
}

/** Polls a value until the matcher holds (vitest's expect.poll), with a useful default timeout. */
export function eventually<T>(fn: () => Promise<T> | T, timeout = 10_000) {
  return expect.poll(fn, { timeout, interval: 200 });
}

/**
 * One Chromium per test file: launched before its tests, closed after them with every context the
 * file opened. `signIn` logs a user in a fresh context; `blank` opens a signed-out one.
 */
export function chromiumForFile(baseUrl: string) {
  let browser: Browser | undefined;
  const sessions: Session[] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const s of sessions) await s.context.close().catch(() => undefined);
    await browser?.close();
  });
  // A failed test leaves a screenshot of each tab it opened (test-results/screenshots/failed-…): what the
  // user saw at the failing step, for a flake seen once on a loaded CI machine.
  let firstOfTest = 0;
  beforeEach(() => {
    firstOfTest = sessions.length;
  });
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    const name = task.name.replace(/[^\w-]+/g, '_').slice(0, 80);
    for (const [i, s] of sessions.slice(firstOfTest).entries()) {
      await shot(s.page, `failed-${name}-${i}`).catch(() => undefined);
      if (s.errors.length) console.error(`[${task.name}] tab ${i} errors:\n${s.errors.join('\n')}`);
    }
  });
  const kept = (s: Session) => (sessions.push(s), s);
  return {
    signIn: async (userName: string, home: 'inHome' | 'exHome' = 'inHome') => kept(await loggedIn(browser!, baseUrl, userName, home)),
    blank: async () => kept(await newSession(browser!)),
    /** A new session signed in as `userName` at `base` (a shared server's, known once it runs) in `lang`. */
    signedIn: async (base: string, userName: string, lang: Lang, home: 'inHome' | 'exHome' = 'inHome') => {
      const { page } = kept(await newSession(browser!));
      await signInThroughApi(page, base, userName, home);
      if (lang !== 'CN') await switchLanguage(page, lang);
      return page;
    },
  };
}

/**
 * Chooses an option in an Arco select (local or remote search): types `search` into the select's own
 * search box, not wherever the focus happens to be, and opens the popup again when the first click
 * landed while the page was still re-rendering or the previous popup was still fading out.
 */
export async function chooseOption(page: Page, select: Locator, search: string, option: string | RegExp = search): Promise<void> {
  await select.click();
  const target = page.locator('.arco-select-popup:visible .arco-select-option', { hasText: option }).first();
  const input = (await select.locator('input').count()) ? select.locator('input').first() : select;
  await eventually(async () => {
    if (!(await page.locator('.arco-select-popup:visible').count())) await select.click();
    if (search && (await input.inputValue()) !== search) await input.fill(search);
    return target.isVisible();
  }, 15_000).toBe(true);
  await target.click();
}

/** In a tree page's move dialog, picks the target node by searching `search` and clicking the option with `option`. */
export async function pickMoveTarget(page: Page, search: string, option: string): Promise<void> {
  await activePane(page).getByTestId('action-move').click();
  const dialog = page.getByTestId('tree-move-dialog');
  await dialog.waitFor();
  await chooseOption(page, dialog.locator('.srm-tree-move-target'), search, option);
}
