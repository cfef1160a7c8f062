// Articles with rich text (saved sanitised, published, then shown read-only in a sandboxed frame) and
// the profile list, as the administrator sees them.
import { inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chromiumForFile, confirmDialog, eventually, expectToast, openMenu, uniqueSuffix } from '../../../../tests/e2e/helpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

test('admin writes an article in the rich-text editor, saves and publishes it', async () => {
  const s = uniqueSuffix();
  const { page } = await chromium.signIn('admin');
  await openMenu(page, 'ARTICLE', /\/main\/articleManagementList\?/);
  await shot(page, 'e2e-article-list-CN');
  await activePane(page).getByTestId('action-add').click();
  await page.waitForURL(/articleManagementDetail\?.*mode=create/);
  const pane = activePane(page);
  await pane.locator('#root_title').fill(`制度更新 ${s}`);
  await pane.locator('#root_category').click();
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: '制度' }).first().click();
  const editor = pane.getByTestId('richtext-root_content');
  await editor.click();
  await page.keyboard.type('普通文字 ');
  await pane.getByTestId('richtext-bold').click();
  await page.keyboard.type('加粗重点');
  await shot(page, 'e2e-article-edit-CN');
  await pane.getByTestId('action-save').click();
  await expectToast(page, '保存成功');
  await page.waitForURL(/articleManagementDetail\?.*id=\d+/);
  await eventually(() => activePane(page).getByTestId('richtext-root_content').innerHTML()).toMatch(/<b>加粗重点<\/b>|<strong>加粗重点<\/strong>/);

  await activePane(page).getByTestId('action-publish').click();
  await confirmDialog(page).getByRole('button', { name: '确定' }).click();
  await expectToast(page, '操作成功');
  await eventually(() => activePane(page).locator('#root_status').innerText()).toBe('已发布');
  // Published: no save button, the content is shown read-only in a sandboxed frame.
  await eventually(() => activePane(page).getByTestId('action-save').count()).toBe(0);
  const frame = activePane(page).locator('iframe#root_content');
  await eventually(() => frame.getAttribute('sandbox')).toBe('');
  await eventually(() => frame.getAttribute('srcdoc')).toContain('加粗重点');
  await shot(page, 'e2e-article-published-CN');

  await openMenu(page, 'PROFILE', /\/main\/profile\?/);
  await eventually(async () => await activePane(page).getByTestId('grid-profile').locator('table[role=grid] tbody').innerText()).toContain(
    'PASSWORD_MIN_LENGTH',
  );
  await shot(page, 'e2e-profile-list-CN');
  await openMenu(page, 'REMINDER_SETTING', /\/main\/reminderSetting\?/);
  await eventually(async () => await activePane(page).getByTestId('grid-reminderSetting').locator('table[role=grid] tbody').innerText()).toContain(
    '合同到期提醒',
  );
  await shot(page, 'e2e-reminder-list-CN');
});
