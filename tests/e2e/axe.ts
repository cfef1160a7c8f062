// Accessibility check in the browser tests (issue 18 item 6): axe-core's rules run in the page, and a test
// fails on any violation of impact "serious" or "critical", naming the rule and the first elements.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** Serious and critical violations on the page as it is now; `exclude`: CSS selectors axe leaves out. */
export async function seriousViolations(page: Page, exclude: string[] = []): Promise<AxeFinding[]> {
  // Evaluated through the debugging protocol: the app's CSP (no inline scripts) does not apply to it.
  await page.evaluate(source);
  return page.evaluate(async (skip) => {
    type Result = { violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[] };
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<Result> } }).axe;
    const context = skip.length ? { exclude: skip.map((s) => [s]) } : document;
    const result = await axe.run(context, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, nodes: v.nodes.slice(0, 6).map((n) => n.target.map(String).join(' ')) }));
  }, exclude);
}
