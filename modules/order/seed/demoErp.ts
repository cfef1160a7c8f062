// Demo of the ERP outbox in every state (the connector is not configured in the demo, so nothing is
// pushed until an administrator sets SRM_ERP_URL): delivered, waiting to retry, failed for good (retry
// now), pending. The interface log's matching attempts are the logs module's demo (modules/logs/seed).
import { sql } from 'kysely';
import type { DemoStep } from '../../../server/modules/types.js';
import { auditInsert } from '../../../server/db/typed.js';
import { po } from '../server/store.js';

const ROWS: { n: string; event: string; status: string; attempts: number; http: number | null; error: string | null }[] = [
  { n: 'PO-2026-000005', event: 'ORDER_RELEASED', status: 'SENT', attempts: 1, http: 200, error: null },
  { n: 'PO-2026-000006', event: 'ORDER_RELEASED', status: 'SENT', attempts: 3, http: 200, error: null },
  { n: 'GR-2026-000001', event: 'RECEIPT_POSTED', status: 'RETRY', attempts: 2, http: 503, error: 'ERP busy' },
  { n: 'GR-2026-000002', event: 'RECEIPT_POSTED', status: 'FAILED', attempts: 6, http: null, error: 'timeout after 10000 ms' },
  { n: 'PO-2026-000003', event: 'ORDER_RELEASED', status: 'PENDING', attempts: 0, http: null, error: null },
];

export const demoErp: DemoStep = {
  name: 'erp',
  after: ['order:orders'],
  async run(db) {
    for (const r of ROWS) {
      const table = r.event === 'ORDER_RELEASED' ? 'srm_po_order' : 'srm_po_receipt';
      const doc =
        table === 'srm_po_order'
          ? await po(db).selectFrom('srm_po_order').select('order_id as id').where('order_number', '=', r.n).executeTakeFirst()
          : await po(db).selectFrom('srm_po_receipt').select('receipt_id as id').where('receipt_number', '=', r.n).executeTakeFirst();
      if (!doc) continue;
      await po(db)
        .insertInto('srm_po_erp_outbox')
        .values({
          event_type: r.event,
          document_id: doc.id,
          document_number: r.n,
          payload: JSON.stringify({ eventType: r.event, documentId: doc.id, documentNumber: r.n, data: { demo: true } }),
          status: r.status,
          attempts: r.attempts,
          last_http_status: r.http,
          last_error: r.error,
          sent_time: r.status === 'SENT' ? '2026-11-18 11:00:05' : null,
          // A retry far ahead: the demo never pushes by itself.
          next_attempt_at: r.status === 'RETRY' ? sql<string>`localtimestamp(0) + interval '30 days'` : null,
          ...auditInsert(0),
        })
        .execute();
    }
  },
};
