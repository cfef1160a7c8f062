// Message settings (msgUser) in Chinese and in Thai: designer01 opens 消息设置 from the inbox, sees the
// forgotten-password code locked on as mandatory, switches the e-mail copy of workflow tasks off (CN) and
// on again (TH), and the saved choice is what the drawer shows when opened again; the administrator's
// msgUser screen lists the users' settings.
import { expect, inject, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chromiumForFile, columnValues, eventually, expectToast, grid, openFolder, openMenu } from '../../../../tests/e2e/helpers';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

const TEXT = {
  CN: { settings: '消息设置', mandatory: '必收', saved: '消息设置已保存', wf: '流程任务分配', screen: '用户消息设置' },
  TH: { settings: 'การตั้งค่าข้อความ', mandatory: 'ต้องรับ', saved: 'บันทึกการตั้งค่าข้อความแล้ว', wf: 'มอบหมายงานในเวิร์กโฟลว์', screen: 'การตั้งค่าข้อความของผู้ใช้' },
} as const;

const checked = async (box: Locator) => ((await box.getAttribute('class')) ?? '').includes('arco-checkbox-checked');
const disabled = async (box: Locator) => ((await box.getAttribute('class')) ?? '').includes('arco-checkbox-disabled');

async function openSettings(page: Page, lang: 'CN' | 'TH'): Promise<Locator> {
  await activePane(page).getByTestId('inbox-settings').click();
  const drawer = page.getByTestId('msg-settings');
  await drawer.waitFor();
  expect(await page.getByTestId('msg-settings-title').textContent()).toBe(TEXT[lang].settings);
  return drawer;
}

for (const [lang, on] of [
  ['CN', false],
  ['TH', true],
] as const) {
  test(`${lang}: a user switches a channel of an optional message in 消息设置; a mandatory one stays locked`, async () => {
    const t = TEXT[lang];
    const { page, errors } = await chromium.signIn('designer01');
    if (lang === 'TH') await switchLanguage(page, 'TH');
    await openMenu(page, 'MSG_RECEIVE', /\/main\/msgReceive\?/);
    expect(await activePane(page).getByTestId('inbox-settings').textContent()).toBe(t.settings);

    let drawer = await openSettings(page, lang);
    expect(await drawer.getByTestId('msg-settings-WF_TASK_ASSIGNED').textContent()).toContain(t.wf);
    expect(await drawer.getByTestId('msg-settings-mandatory-PASSWORD_RESET').textContent()).toBe(t.mandatory);
    const resetMail = drawer.getByTestId('msg-settings-PASSWORD_RESET-MAIL');
    expect((await checked(resetMail)) && (await disabled(resetMail))).toBe(true);
    const wfMail = drawer.getByTestId('msg-settings-WF_TASK_ASSIGNED-MAIL');
    expect(await checked(wfMail)).toBe(!on);
    await wfMail.click();
    expect(await checked(wfMail)).toBe(on);
    await shot(page, `e2e-messages-settings-${lang}`);
    await page.getByTestId('msg-settings-save').click();
    await expectToast(page, t.saved);
    await eventually(() => page.getByTestId('msg-settings').count()).toBe(0);

    // Opened again: the saved choice.
    drawer = await openSettings(page, lang);
    expect(await checked(drawer.getByTestId('msg-settings-WF_TASK_ASSIGNED-MAIL'))).toBe(on);
    expect(await checked(drawer.getByTestId('msg-settings-WF_TASK_ASSIGNED-SITE'))).toBe(true);
    await page.getByTestId('msg-settings-cancel').click();
    expect(errors).toEqual([]);
  });

  test(`${lang}: the administrator lists the users' message settings (msgUser)`, async () => {
    const { page, errors } = await chromium.signIn('admin');
    if (lang === 'TH') await switchLanguage(page, 'TH');
    await openFolder(page, 'MESSAGES');
    await openMenu(page, 'MSG_USER', /\/main\/msgUser\?/);
    await eventually(() => activePane(page).textContent()).toContain(TEXT[lang].screen);
    const g = grid(page, 'msgUser');
    const userColumn = lang === 'CN' ? '用户名' : 'ชื่อผู้ใช้';
    // Every test that saves settings adds rows, so page one shows whoever sorts first; the search finds the rest.
    await eventually(() => columnValues(g, userColumn)).toEqual(expect.arrayContaining(['approver02']));
    await activePane(page).getByTestId('search-userName').fill('supplier02');
    await activePane(page).getByTestId('search-submit').click();
    await eventually(async () => [...new Set(await columnValues(g, userColumn))]).toEqual(['supplier02']);
    await shot(page, `e2e-messages-msgUser-${lang}`);
    expect(errors).toEqual([]);
  });
}
