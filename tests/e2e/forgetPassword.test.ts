// Forgotten password by e-mail, end to end: the app server (its own, started here with SMTP_* pointing
// at a real SMTP server on loopback) mails a code, the test reads it from the received mail, sets a new
// password in Chromium and signs in with it; then changes the password again in the user centre.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shot } from './browser';
import { chromiumForFile, eventually, expectToast } from './helpers';
import { startMailingServer, type MailingServer } from './mailingServer';

let server: MailingServer;
let app: MailingServer['app'];
let base = '';

beforeAll(async () => {
  server = await startMailingServer('mail');
  ({ app, base } = server);
});

afterAll(async () => {
  await server?.stop();
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

    const toBuyer = () => server.mails.find((x) => x.to.includes('buyer01@srm.example.com'));
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
    await expect.poll(() => page.getByTestId('forget-error').textContent()).toContain('密码至少需要 8 个字符');
    await shot(page, 'forget-weak-cn');

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
    const logged = await sql<{
      n: number;
    }>`select count(*)::int as n from srm_base_tripartite_logs where channel = 'MAIL' and target = 'buyer01@srm.example.com' and result_status = 'S'`.execute(
      app.ctx.db,
    );
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
