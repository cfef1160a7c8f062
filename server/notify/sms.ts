// Text messages go through a provider; the default one only writes them to the message log
// (base_message_log), where an administrator or a test reads them. A real gateway implements SmsProvider.
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { withTripartiteLog } from '../logs/tripartite.js';

export interface SmsProvider {
  readonly name: string;
  deliver(phone: string, text: string): Promise<void>;
}

export function messageLogProvider(db: Db): SmsProvider {
  return {
    name: 'message-log',
    async deliver(phone, text) {
      await sql`insert into base_message_log (channel, recipient, content, send_time) values ('SMS', ${phone}, ${text}, localtimestamp(0))`.execute(db);
    },
  };
}

export interface SmsSender {
  send(phone: string, text: string, subject: string, userName?: string | null): Promise<void>;
}

export function smsSender(db: Db, provider: SmsProvider): SmsSender {
  return {
    send: (phone, text, subject, userName) => withTripartiteLog(db, { channel: 'SMS', target: phone, subject, userName }, () => provider.deliver(phone, text)),
  };
}
