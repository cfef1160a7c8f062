// The app runs under a Content-Security-Policy without 'unsafe-eval': forms validate with the
// precompiled validators, so nothing in the page asks the browser to compile code.
import { expect, inject, test } from 'vitest';
import { chromiumForFile, activePane, eventually, expectToast, openMenu, uniqueSuffix } from './helpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

test('the SPA is served with a CSP that forbids eval', async () => {
  const res = await fetch(`${baseUrl}/`);
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-eval');
  // The fallback for an unknown path is the SPA too, with the same policy.
  expect((await fetch(`${baseUrl}/main/no/such/page`)).headers.get('content-security-policy')).toBe(csp);
});

test('a form validates and saves under that CSP, with no violation', async () => {
  const { page } = await chromium.signIn('buyer01');
  await page.evaluate(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await openMenu(page, 'BANK', /\/main\/base\/bankList\?/);
  await activePane(page).getByTestId('action-add').click();
  await page.waitForURL(/\/main\/base\/bankEdit\?.*mode=create/);
  const form = activePane(page);
  const code = `CSP${uniqueSuffix()}`;
  await form.locator('#root_bankCode').fill(code);
  await form.getByTestId('action-save').click();
  await eventually(() => form.textContent()).toContain('银行名称不能为空');
  // (Lengths and types are held by the widgets themselves; the validator's own checks are unit-tested.)
  await form.locator('#root_bankName').fill('CSP 测试银行');
  await form.getByTestId('action-save').click();
  await expectToast(page, '保存成功');
  await page.waitForURL(/\/main\/base\/bankEdit\?.*id=\d+.*mode=edit/);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});
