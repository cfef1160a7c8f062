// Text messages go through a provider; the default one only writes them to the message log (kept by
// the logs module: services.ts CallLogs), where an administrator or a test reads them. A real gateway
// implements SmsProvider.
import type { Db } from '../db/connect.js';
import type { CallLogs } from '../modules/services.js';
import { withTripartiteLog } from '../logs/tripartite.js';

export interface SmsProvider {
  readonly name: string;
  deliver(phone: string, text: string): Promise<void>;
}

export function messageLogProvider(db: Db, logs: CallLogs | undefined): SmsProvider {
  return {
    name: 'message-log',
    async deliver(phone, text) {
      await logs?.recordMessage(db, 'SMS', phone, text);
    },
  };
}

export interface SmsSender {
  /** The provider's name (`message-log`: the default, which only writes the message log). */
  readonly provider: string;
  send(phone: string, text: string, subject: string, userName?: string | null): Promise<void>;
}

export function smsSender(db: Db, provider: SmsProvider, logs: CallLogs | undefined): SmsSender {
  return {
    provider: provider.name,
    send: (phone, text, subject, userName) =>
      withTripartiteLog(logs, db, { channel: 'SMS', target: phone, subject, userName }, () => provider.deliver(phone, text)),
  };
}
