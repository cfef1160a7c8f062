// The logs module keeps the platform's call logs (server/modules/services.ts CallLogs): the tripartite
// log of outside calls, the interface log's outbound attempts (an ERP push) and the message log the
// default SMS provider writes to.
import { sql } from 'kysely';
import { typed } from '../../../server/db/typed.js';
import type { CallLogs } from '../../../server/modules/services.js';
import type { LogsTables } from '../generated/tables.js';

const cut = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

export const callLogs: CallLogs = {
  async recordCall(db, c) {
    await typed<LogsTables>(db)
      .insertInto('srm_base_tripartite_logs')
      .values({
        channel: c.channel,
        target: cut(c.target, 200),
        subject: cut(c.subject, 300),
        user_name: c.userName ?? null,
        result_status: c.error === null ? 'S' : 'E',
        result_msg: c.error === null ? null : cut(c.error, 500),
        duration_ms: c.durationMs,
        request_time: sql<string>`localtimestamp(0)`,
      })
      .execute();
  },
  async recordInterface(db, c) {
    await typed<LogsTables>(db)
      .insertInto('srm_base_interface_logs')
      .values({
        app_id: cut(c.appId, 100),
        user_name: c.userName ?? null,
        request_path: cut(c.path, 300),
        http_method: c.method,
        http_status: c.httpStatus,
        result_status: c.ok ? 'S' : 'E',
        result_msg: c.message === null ? null : cut(c.message, 500),
        duration_ms: c.durationMs,
        request_time: sql<string>`localtimestamp(0)`,
      })
      .execute();
  },
  async recordMessage(db, channel, recipient, content) {
    await typed<LogsTables>(db)
      .insertInto('base_message_log')
      .values({ channel, recipient, content, send_time: sql<string>`localtimestamp(0)` })
      .execute();
  },
};
