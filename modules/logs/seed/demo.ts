// Demo company, the logs' part: buyer01's recent work on the demo requisitions (created, saved, submitted)
// as the audit hook would have logged it, so the internal home's recent documents show content on the
// first sign-in. The documents come from the requisition step's shared facts (no read of its tables).
// And the interface-log attempts behind the order module's demo ERP outbox (delivered at once, on the third
// try, waiting to retry, failed for good), so the interface log shows successes and errors.
import { sql } from 'kysely';
import type { DemoStep } from '../../../server/modules/types.js';
import { typed } from '../../../server/db/typed.js';
import type { LogsTables } from '../generated/tables.js';

type Document = { id: number; number: string; title: string; status: string; date: string };

const ago = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
const PATH = '/api/srmServer/v1/srmPoRequisitionRestful';

const recentWork: DemoStep = {
  name: 'recentWork',
  after: ['admin:users', 'requisition:requisitions'],
  async run(db, demo) {
    const buyer = demo.ids.get('user', 'buyer01');
    const documents = demo.shared<Document[]>('requisition.documents').slice(0, 6);
    const row = (d: Document, action: string, label: string | null, hoursAgo: number, ms: number) => ({
      user_id: buyer,
      user_name: 'buyer01',
      action_name: action,
      entity_name: 'srmPoRequisition',
      record_id: String(d.id),
      document_label: label,
      request_path: `${PATH}/${action}`,
      ip_address: '10.0.0.21',
      result_status: 'S',
      result_msg: '操作成功',
      duration_ms: ms,
      operate_time: ago(hoursAgo),
    });
    // Saved first, submitted an hour later (a transition answers no record: no label).
    const rows = documents.flatMap((d, i) => {
      const at = 2 + i * 5;
      const saved = row(d, 'saveOrUpdate', `${d.number} ${d.title}`, at + 1, 38);
      return d.status === 'DRAFT' ? [saved] : [saved, row(d, 'doSubmit', null, at, 52)];
    });
    if (rows.length) await typed<LogsTables>(db).insertInto('base_user_operate_log').values(rows).execute();
  },
};

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

const interfaceLogs: DemoStep = {
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
};

export const logsDemo: readonly DemoStep[] = [recentWork, interfaceLogs];
