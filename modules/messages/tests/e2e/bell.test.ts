// The message bell and the inbox as approver01 sees them, in Chinese and in Thai, on a server of this
// file's own (a copy of the run's template, SMTP on loopback): a message sent through the messages API
// raises the bell's unread count; opening it from the bell marks it read and opens the requisition it
// points to; the inbox screen lists, filters and opens messages the same way; the e-mail copy arrives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chromiumForFile, eventually, login } from '../../../../tests/e2e/helpers';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';
import { startMailingServer, type MailingServer } from '../../../../tests/e2e/mailingServer';
import { signIn, type Rec } from '../../../../tests/support/apiHelpers';
import type { SignedClient } from '../../../../tests/support/signedClient';
import type { MessagesApi } from '../../api';

let server: MailingServer;
let approver: SignedClient;
let requisitions: number[] = [];

beforeAll(async () => {
  server = await startMailingServer('messages');
  approver = await signIn(server.base, 'approver01');
  const buyer = await signIn(server.base, 'buyer01');
  const page = await buyer.call<Rec[]>('srmServer/v1/srmPoRequisitionRestful/listByPage', { params: {}, pageRows: 5 });
  requisitions = page.data.map((r) => Number(r.requisitionId));
});

afterAll(async () => {
  await server?.stop();
});

const chrome = chromiumForFile('');

const TEXT = {
  CN: { inbox: '我的消息', unread: '未读', read: '已读', requisition: '采购申请单' },
  TH: { inbox: 'ข้อความของฉัน', unread: 'ยังไม่อ่าน', read: 'อ่านแล้ว', requisition: 'รายละเอียดใบขอซื้อ' },
} as const;

const unreadCount = async () => (await approver.call<{ count: number }>('messageServer/v1/msgReceiveRestful/countUnread', {})).data.count;
const bellCount = (page: Page) => page.getByTestId('message-bell').getAttribute('data-unread');

async function send(title: string, requisitionId: number): Promise<number> {
  const api = server.app.ctx.modules.api<MessagesApi>('messages');
  const sent = await api.send({
    templateCode: 'MANUAL_NOTICE',
    sourceType: 'MANUAL',
    variables: { title, content: `${title}: 请查看采购申请` },
    recipients: [{ userName: 'approver01' }],
    channels: ['SITE', 'MAIL'],
    route: `/main/order/requisitionEdit?id=${requisitionId}&mode=view`,
  });
  const list = await approver.call<Rec[]>('messageServer/v1/msgReceiveRestful/listByPage', { params: { keyword: title } });
  expect(sent.status === 'SENT' || sent.status === 'QUEUED').toBe(true);
  return Number(list.data[0].messageId);
}

describe('message bell and inbox', () => {
  for (const [n, lang] of (['CN', 'TH'] as const).entries()) {
    it(`${lang}: the bell counts the unread messages, opening one marks it read and opens its document; the inbox lists and opens them`, async () => {
      const t = TEXT[lang];
      const { page, errors } = await chrome.blank();
      await login(page, server.base, 'approver01');
      if (lang === 'TH') await switchLanguage(page, 'TH');

      // A new message: the bell shows it (refreshed on focus / when its popover opens).
      const title = `E2E-${lang}-${Date.now().toString(36)}`;
      const id = await send(title, requisitions[n]);
      const unread = await unreadCount();
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await eventually(() => bellCount(page)).toBe(String(unread));
      await expect
        .poll(() => page.getByTestId('message-bell').locator('xpath=..').locator('.arco-badge-number, .arco-badge-text').first().textContent())
        .toBe(String(unread));
      await page.getByTestId('message-bell').click();
      const item = page.getByTestId(`message-bell-item-${id}`);
      await item.waitFor();
      expect(await item.getAttribute('data-read')).toBe('N');
      await shot(page, `e2e-messages-bell-${lang}`);

      // Opening it: the requisition opens, the message is read, the badge goes down by one.
      await item.click();
      await page.waitForURL(new RegExp(`/main/order/requisitionEdit\\?id=${requisitions[n]}&mode=view`));
      await eventually(() => activePane(page).textContent()).toContain(t.requisition);
      await eventually(() => bellCount(page)).toBe(String(unread - 1));
      expect(await unreadCount()).toBe(unread - 1);
      const mine = await approver.call<Rec>('messageServer/v1/msgReceiveRestful/findById', { id });
      expect(mine.data.readFlag).toBe('Y');
      await shot(page, `e2e-messages-opened-${lang}`);

      // The e-mail copy reached the SMTP server.
      await eventually(() => server.mails.some((m) => m.text.includes(title)), 15_000).toBe(true);

      // The inbox screen: the read message, a second one unread, filtered, opened from the list.
      const second = await send(`${title}-2`, requisitions[n + 2] ?? requisitions[0]);
      await page.getByTestId('message-bell').click();
      await page.getByTestId('message-bell-all').click();
      await page.waitForURL(/\/main\/msgReceive/);
      const inbox = activePane(page).getByTestId('inbox');
      await inbox.waitFor();
      await eventually(() => inbox.textContent()).toContain(t.inbox);
      await eventually(() => inbox.getByTestId(`inbox-status-${id}`).textContent()).toBe(t.read);
      expect(await inbox.getByTestId(`inbox-status-${second}`).textContent()).toBe(t.unread);
      await inbox.getByTestId('inbox-show-unread').click();
      await eventually(() => inbox.getByTestId(`inbox-status-${id}`).count()).toBe(0);
      await shot(page, `e2e-messages-inbox-${lang}`);
      await inbox.getByTestId(`inbox-open-${second}`).click();
      await page.waitForURL(/\/main\/order\/requisitionEdit\?id=\d+&mode=view/);
      await eventually(() => bellCount(page)).toBe(String(unread - 1));
      expect(errors).toEqual([]);
    });
  }
});
