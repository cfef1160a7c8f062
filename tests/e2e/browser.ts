// Real Chromium (Debian's) driven by playwright-core.
import { chromium, type Browser, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_ARGS } from './chromiumArgs.js';

export const SCREENSHOTS = join(__dirname, '..', '..', 'test-results', 'screenshots');

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/**
 * A screenshot with every finite CSS animation and transition finished (toasts slid in, tab underlines
 * in place, hover colours set): no sleep before a shot waits for them.
 */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: false, animations: 'disabled' });
}
