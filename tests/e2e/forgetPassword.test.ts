// Forgotten password by e-mail, end to end: the app server (its own, started here with SMTP_* pointing
// at a real SMTP server on loopback) mails a code, the test reads it from the received mail, sets a new
// password in Chromium and signs in with it; then changes the password again in the user centre.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../server/app.js';
import { configFromEnv } from '../../server/config.js';
import { startLoopbackSmtp } from '../support/loopbackSmtp.js';
import { shot } from './browser';
import { chromiumForFile, eventually, expectToast } from './helpers';

const root = join(__dirname, '..', '..');
let smtp: Awaited<ReturnType<typeof startLoopbackSmtp>>;
let app: BuiltApp;
let base = '';
let dataDir = '';

beforeAll(async () => {
  smtp = await startLoopbackSmtp();
  dataDir = mkdtempSync(join(tmpdir(), 'srm-e2e-mail-'));
  const config = configFromEnv({
    DATA_DIR: dataDir,
    SRM_DIST_DIR: process.env.SRM_DIST_DIR ?? join(root, 'dist'),
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_FROM: 'SRM <no-reply@srm.test>',
    SMTP_SECURE: '0',
  });
  app = await buildApp({ ...config, logLevel: 'silent' }, { inMemoryDb: true });
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app?.close();
  await smtp?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const chrome = chromiumForFile('');

describe('forgotten password by e-mail and the user centre', () => {
  it('mails a code through SMTP, resets the password with it, and signs in with the new one', async () => {
    const { page, errors } = await chrome.blank();
    await page.goto(`${base}/forget`);
    await page.getByTestId('forget-page').waitFor();
    await shot(page, 'forget-request-cn');
    await page.getByTestId('forget-user').fill('buyer01');
    await page.getByTestId('forget-send').click();
    await page.getByTestId('forget-sent').waitFor();
    await shot(page, 'forget-code-cn');

    const toBuyer = () => smtp.mails.find((x) => x.to.includes('buyer01@srm.example.com'));
    await eventually(() => toBuyer() !== undefined, 15_000).toBe(true);
    const mail = toBuyer()!;
    expect(mail.raw).toMatch(/^From: SRM <no-reply@srm\.test>/m);
    expect(mail.text).toContain('buyer01');
    const code = /\b(\d{6})\b/.exec(mail.text)![1];

    // A weak password is refused with the rule, and the code survives it.
    await page.getByTestId('forget-code').fill(code);
    await page.getByTestId('forget-new').fill('weak');
    await page.getByTestId('forget-confirm').fill('weak');
    await page.getByTestId('forget-reset').click();
    await page.waitForTimeout(1500);
    await shot(page, 'forget-weak-cn');
    await expect.poll(() => page.getByTestId('forget-error').textContent()).toContain('密码至少需要 8 个字符');

    await page.getByTestId('forget-new').fill('Mail#Reset2026');
    await page.getByTestId('forget-confirm').fill('Mail#Reset2026');
    await page.getByTestId('forget-reset').click();
    await page.waitForURL(/\/login$/);

    await page.getByTestId('login-username').fill('buyer01');
    await page.getByTestId('login-password').fill('Mail#Reset2026');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/main\/inHome/);
    expect(errors.filter((e) => !/status of 200|Failed to load resource/.test(e))).toEqual([]);

    // The mail left a tripartite-log row.
    const { sql } = await import('kysely');
    const logged = await sql<{ n: number }>`select count(*)::int as n from srm_base_tripartite_logs where channel = 'MAIL' and target = 'buyer01@srm.example.com' and result_status = 'S'`.execute(app.ctx.db);
    expect(logged.rows[0].n).toBe(1);

    // User centre: change the password again.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-center-link').click();
    await page.waitForURL(/\/main\/userCenter$/);
    await page.getByTestId('user-center').waitFor();
    await expect.poll(() => page.getByTestId('password-rules').textContent()).toContain('至少 8 个字符');
    await shot(page, 'user-center-cn');
    await page.getByTestId('pwd-old').fill('Mail#Reset2026');
    await page.getByTestId('pwd-new').fill('Centre#Change2026');
    await page.getByTestId('pwd-confirm').fill('Centre#Change2026');
    await page.getByTestId('pwd-submit').click();
    await expectToast(page, '密码已修改');

    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login$/);
    await page.getByTestId('login-username').fill('buyer01');
    await page.getByTestId('login-password').fill('Centre#Change2026');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/main\/inHome/);
  });

  it('shows the forgotten-password page and the user centre in English', async () => {
    const { page } = await chrome.blank();
    await page.goto(`${base}/forget`);
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-EN').click();
    await expect.poll(() => page.getByTestId('forget-page').textContent()).toContain('Send code');
    await shot(page, 'forget-request-en');
    await page.getByTestId('forget-user').fill(`ghost${Date.now()}`);
    await page.getByTestId('forget-by-phone').click();
    await page.getByTestId('forget-send').click();
    // An unknown account gets the same answer as a known one.
    await expect.poll(() => page.getByTestId('forget-sent').textContent()).toContain('If the account exists and has a phone number');
    await shot(page, 'forget-code-en');
  });
});
