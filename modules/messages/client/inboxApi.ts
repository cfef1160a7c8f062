// The caller's in-app messages (msgReceiveRestful, CONTRACT.md "Messages and live push") and the event
// that tells the bell and the inbox screen that they changed here (read in another place).
import type { RuntimeEnv } from '../../../runtime/env';

const RECEIVE = 'messageServer/v1/msgReceiveRestful';

export interface InboxMessage {
  messageId: number;
  title: string;
  content: string;
  readFlag: 'Y' | 'N';
  sendTime: string;
  sourceType: string | null;
  route: string | null;
  readTime: string | null;
}

export interface InboxFilter {
  readFlag?: 'Y' | 'N';
  keyword?: string;
}

export const inboxApi = (env: RuntimeEnv) => ({
  list: async (params: InboxFilter, pageIndex: number, pageRows: number) => {
    const a = await env.api<InboxMessage[]>(`${RECEIVE}/listByPage`, { params, pageIndex, pageRows });
    return { rows: a.data, count: a.page?.count ?? a.data.length };
  },
  countUnread: async () => (await env.api<{ count: number }>(`${RECEIVE}/countUnread`, {})).data.count,
  read: async (ids: number[]) => (await env.api<{ read: number; unread: number }>(`${RECEIVE}/doRead`, { ids })).data,
  readAll: async () => (await env.api<{ read: number; unread: number }>(`${RECEIVE}/doReadAll`, {})).data,
});

/** Fired on window when messages were read here: every view of the inbox refreshes. */
export const INBOX_CHANGED = 'srm:inbox-changed';
export const inboxChanged = () => window.dispatchEvent(new Event(INBOX_CHANGED));

export const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Marks the message read (when it is not) and opens its document; without a route, only marks it. */
export async function openMessage(env: RuntimeEnv, m: InboxMessage): Promise<void> {
  if (m.readFlag === 'N') {
    await inboxApi(env).read([m.messageId]);
    inboxChanged();
  }
  if (m.route) env.navigate(m.route);
}
