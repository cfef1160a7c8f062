// Demo interface-log rows of an external ERP (appId ERP): the attempts behind the order module's demo
// outbox (delivered at once, delivered on the third try, waiting to retry, failed for good), so the
// interface log shows successes and errors before anything was configured.
import { sql } from 'kysely';
import type { DemoStep } from '../../../server/modules/types.js';
import { typed } from '../../../server/db/typed.js';
import type { LogsTables } from '../generated/tables.js';

const TARGET = 'https://erp.example.com/srm/inbound';
// [document, attempt, HTTP status, ok, message, ms, minutes ago]
const ATTEMPTS: [string, string, number | null, boolean, string, number, number][] = [
  ['ORDER_RELEASED PO-2026-000005', '1', 200, true, '{"ok":true}', 84, 600],
  ['ORDER_RELEASED PO-2026-000006', '1', 503, false, 'ERP busy', 31, 420],
  ['ORDER_RELEASED PO-2026-000006', '2', 503, false, 'ERP busy', 29, 418],
  ['ORDER_RELEASED PO-2026-000006', '3', 200, true, '{"ok":true}', 97, 414],
  ['RECEIPT_POSTED GR-2026-000001', '1', 503, false, 'ERP busy', 35, 90],
  ['RECEIPT_POSTED GR-2026-000001', '2', 503, false, 'ERP busy', 33, 89],
  ['RECEIPT_POSTED GR-2026-000002', '6', null, false, 'timeout after 10000 ms', 10003, 30],
];

export const logsDemo: readonly DemoStep[] = [
  {
    name: 'interfaceLogs',
    async run(db) {
      for (const [doc, attempt, http, ok, msg, ms, ago] of ATTEMPTS)
        await typed<LogsTables>(db)
          .insertInto('srm_base_interface_logs')
          .values({
            app_id: 'ERP',
            request_path: `${TARGET} ${doc} #${attempt}`,
            http_method: 'POST',
            http_status: http,
            result_status: ok ? 'S' : 'E',
            result_msg: msg,
            duration_ms: ms,
            request_time: sql<string>`localtimestamp(0) - make_interval(mins => ${ago})`,
          })
          .execute();
    },
  },
];
