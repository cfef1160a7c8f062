// The message administration screens as admin sees them (CN): a message written on 发送消息 reaches a user
// and a responsibility and reports the name that reached nobody; the message log says what the SMS provider
// and the mail server do and lists the attempts with their texts; an instance shows the rule that reached
// nobody and its deliveries; the template editor shows the texts per channel and language.
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chromiumForFile, columnValues, eventually, grid, openFolder, openMenu } from '../../../../tests/e2e/helpers';
import { signIn, type Rec } from '../../../../tests/support/apiHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

test('CN: admin reads the message log, an instance that reached nobody, and a template', async () => {
  const api = await signIn(baseUrl, 'admin');
  const { page, errors } = await chromium.signIn('admin');
  await openFolder(page, 'MESSAGES');

  // Compose: to a user and a responsibility; the instance view opens with the name that reached nobody.
  await openMenu(page, 'MSG_SEND', /\/main\/messageListDetail\?/);
  const compose = activePane(page).getByTestId('msg-compose');
  await compose.getByTestId('msg-compose-users').fill('supplier01, nobody-at-all');
  await compose.getByTestId('msg-compose-resps').fill('PR_APPROVER');
  await compose.getByTestId('msg-compose-title').fill('年度供应商大会');
  await compose.getByTestId('msg-compose-content').fill('请于 12 月 18 日前确认参会人员。');
  await shot(page, 'e2e-messages-compose-CN');
  await compose.getByTestId('msg-compose-send').click();
  await page.waitForURL(/\/main\/msgInstanceCheck\?.*id=\d+/);
  await eventually(() => activePane(page).getByTestId('msg-instance-unresolved').textContent()).toContain('nobody-at-all');
  await eventually(() => activePane(page).getByTestId('msg-instance-deliveries').textContent()).toContain('supplier01');

  await openMenu(page, 'MSG_LOG', /\/main\/msgLog\?/);
  const sms = activePane(page).getByTestId('msg-log-sms');
  await eventually(() => sms.textContent()).toContain('短信只写入本日志，不会发送到手机');
  expect(await activePane(page).getByTestId('msg-log-mail').textContent()).toContain('未配置邮件服务器');
  // Each result by the result filter (the demo's many unsent e-mails fill the first page by themselves).
  for (const result of ['仅记录日志', '失败', '未发送']) {
    await activePane(page).getByTestId('search-logStatus').click();
    await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: result }).first().click();
    await activePane(page).getByTestId('search-submit').click();
    await eventually(async () => [...new Set(await columnValues(grid(page, 'msgLog'), '结果'))]).toEqual([result]);
  }
  await shot(page, 'e2e-messages-log-CN');

  await openMenu(page, 'MSG_INSTANCE', /\/main\/msgInstance\?/);
  for (const status of ['无接收人', '发送中', '失败', '已发送']) {
    await activePane(page).getByTestId('search-instanceStatus').click();
    await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: status }).first().click();
    await activePane(page).getByTestId('search-submit').click();
    await eventually(async () => [...new Set(await columnValues(grid(page, 'msgInstance'), '状态'))]).toEqual([status]);
  }
  await shot(page, 'e2e-messages-instances-CN');
  const nobody = (await api.call<Rec[]>('messageServer/v1/msgInstanceRestful/listByPage', { params: { instanceStatus: 'NO_RECIPIENT' } })).data[0];
  const queued = (await api.call<Rec[]>('messageServer/v1/msgInstanceRestful/listByPage', { params: { instanceStatus: 'QUEUED' } })).data[0];
  await page.goto(`${baseUrl}/main/msgInstanceCheck?id=${nobody.instanceId}&mode=view`);
  await eventually(() => activePane(page).getByTestId('msg-instance-unresolved').textContent()).toContain('QA_MANAGER');
  expect(await activePane(page).getByTestId('msg-instance-status').getAttribute('data-status')).toBe('NO_RECIPIENT');
  await shot(page, 'e2e-messages-instance-nobody-CN');
  await page.goto(`${baseUrl}/main/msgInstanceCheck?id=${queued.instanceId}&mode=view`);
  const deliveries = activePane(page).getByTestId('msg-instance-deliveries');
  await eventually(() => deliveries.textContent()).toContain('ECONNREFUSED');
  expect(await deliveries.textContent()).toContain('等待重试');
  await shot(page, 'e2e-messages-instance-retry-CN');

  const wf = (await api.call<Rec[]>('messageServer/v1/msgTemplateRestful/listByPage', { params: { templateCode: 'WF_TASK_ASSIGNED' } })).data[0];
  await page.goto(`${baseUrl}/main/msgTemplateEdit?id=${wf.templateId}&mode=edit`);
  await eventually(() => columnValues(grid(page, 'contents'), '语言')).toEqual(expect.arrayContaining(['中文', '英文']));
  await shot(page, 'e2e-messages-template-CN');
  expect(errors).toEqual([]);
});
