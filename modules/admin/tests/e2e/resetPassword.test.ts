// User administration in the browser. The users list's 重置密码 / Reset password row button shows what
// the reset did: for a user without an e-mail address the generated password, once, to copy (it then
// signs in); for one with an address, only that it was mailed (the mail, received by a real SMTP server
// on loopback, holds it). CN, and TH. The user form says a taken user name before saving
// (validateUserName through the field's uniqueCheck).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { makeUser } from '../../../../tests/support/adversary.js';
import { freshIp, oaep, publicKey, rawLogin } from '../../../../tests/support/apiHelpers.js';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chromiumForFile, confirmDialog, eventually, expectToast, login, openFolder, openMenu } from '../../../../tests/e2e/helpers';
import { startMailingServer, type MailingServer } from '../../../../tests/e2e/mailingServer';

let server: MailingServer;
let app: MailingServer['app'];
let base = '';

beforeAll(async () => {
  server = await startMailingServer('reset');
  ({ app, base } = server);
});

afterAll(async () => {
  await server?.stop();
});

const chrome = chromiumForFile('');

describe('admin password reset from the users list', () => {
  it('shows a generated password once to copy (it signs in), or says it was mailed; CN, then TH', async () => {
    const noMail = await makeUser(app.ctx.db);
    const withMail = await makeUser(app.ctx.db, { email: 'reset-me@srm.test' });
    const thai = await makeUser(app.ctx.db);
    const session = await chrome.blank();
    const { page } = session;
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await login(page, base, 'admin');
    await openFolder(page, 'PERMISSION_MGMT');
    await openMenu(page, 'USER', /\/main\/user\?/);

    const reset = async (userName: string, ok: string) => {
      await activePane(page).getByTestId('search-userName').fill(userName);
      await activePane(page).getByTestId('search-submit').click();
      await activePane(page).getByTestId('row-action-resetPwd-0').waitFor();
      await eventually(() => activePane(page).getByTestId('row-action-resetPwd-1').count()).toBe(0);
      await activePane(page).getByTestId('row-action-resetPwd-0').click();
      await confirmDialog(page).getByRole('button', { name: ok }).click();
      await page.getByTestId('reset-result').waitFor();
    };

    // No e-mail: the password is shown, copied, and is the user's new password.
    await reset(noMail.userName, '确定');
    await expect.poll(() => page.locator('.arco-modal:visible').textContent()).toContain('新密码仅显示这一次，请复制后交给用户');
    const shown = await page.getByTestId('reset-password-value').inputValue();
    expect(shown).toMatch(/^.{16}$/);
    await page.getByTestId('reset-password-copy').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
    await shot(page, 'reset-password-shown-cn');
    const key = await publicKey(base);
    const signIn = (userName: string, password: string) => rawLogin(base, { userName, password: oaep(key, password) }, { ip: freshIp() });
    expect((await signIn(noMail.userName, shown)).status).toBe('S');
    await page.getByRole('button', { name: '关闭' }).click();
    // Shown once: closed, it is nowhere on the page.
    await eventually(() => page.getByTestId('reset-result').count()).toBe(0);
    expect(await page.content()).not.toContain(shown);

    // With an e-mail address: only "sent by e-mail"; the password is in the mail, not on the screen.
    await reset(withMail.userName, '确定');
    await expect.poll(() => page.getByTestId('reset-mailed').textContent()).toBe('新密码已通过电子邮件发送给用户。');
    expect(await page.getByTestId('reset-password-value').count()).toBe(0);
    await shot(page, 'reset-password-mailed-cn');
    await eventually(() => server.mails.some((m) => m.to.includes('reset-me@srm.test')), 15_000).toBe(true);
    const mailed = /[:：]\s*(\S{16})\s*$/m.exec(server.mails.find((m) => m.to.includes('reset-me@srm.test'))!.text)?.[1];
    expect(mailed).toBeDefined();
    expect(await page.content()).not.toContain(mailed!);
    expect((await signIn(withMail.userName, mailed!)).status).toBe('S');
    await page.getByRole('button', { name: '关闭' }).click();

    // Thai.
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-TH').click();
    await openMenu(page, 'USER', /\/main\/user\?/);
    await reset(thai.userName, 'ตกลง');
    await expect.poll(() => page.locator('.arco-modal:visible').textContent()).toContain('รหัสผ่านใหม่แสดงเพียงครั้งนี้ครั้งเดียว');
    await shot(page, 'reset-password-shown-th');
    // The language choice is kept for the account: back to Chinese for the next test.
    await page.getByRole('button', { name: 'ปิด' }).click();
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-CN').click();
    await page.getByTestId('menu-PERMISSION_MGMT').waitFor();
    await eventually(() => page.getByTestId('menu-USER').textContent()).toBe('用户');
  });

  it('the user form says a taken user name (any case) under the field before saving, and saving is held back; a free name saves', async () => {
    const session = await chrome.blank();
    const { page } = session;
    await login(page, base, 'admin');
    await openFolder(page, 'PERMISSION_MGMT');
    await openMenu(page, 'USER', /\/main\/user\?/);
    await activePane(page).getByTestId('action-add').click();
    await page.waitForURL(/\/main\/user\/userEdit\?.*mode=create/);
    const form = activePane(page);
    await form.locator('#root_userName').fill('Buyer01');
    await form.locator('#root_passwordHash').fill('Init#Pass2026');
    const taken = '用户名“Buyer01”已被使用，请换一个';
    await eventually(() => form.getByText(taken).count()).toBe(1);
    await shot(page, 'user-name-taken-cn');
    const users = async () => (await sql<{ n: number }>`select count(*)::int as n from base_users`.execute(app.ctx.db)).rows[0].n;
    const before = await users();
    await form.getByTestId('action-save').click();
    await expectToast(page, taken);
    expect(await users()).toBe(before);
    // A free name: the message goes, the save goes through.
    const free = `u${Date.now().toString(36)}`;
    await form.locator('#root_userName').fill(free);
    await eventually(() => form.getByText(taken).count()).toBe(0);
    await form.locator('.arco-select:has(#root_userType), #root_userType').first().click();
    await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: '内部用户' }).click();
    await form.getByTestId('action-save').click();
    await page.waitForURL(/\/main\/user\/userEdit\?.*id=\d+.*mode=edit/);
    expect(await users()).toBe(before + 1);
  });
});
