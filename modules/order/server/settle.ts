// After quantities moved (a receipt, an approved return): an order line whose open quantity reached zero is
// fully received, one reopened by a return is confirmed again; the order closes when no line is left
// open and reopens when a return brings one back.
import type { Db } from '../../../server/db/connect.js';
import { auditUpdate } from '../../../server/db/typed.js';
import { po, units } from './store.js';

export async function settleOrder(db: Db, orderId: number, userId: number): Promise<void> {
  const lines = await po(db)
    .selectFrom('srm_po_order_line')
    .select(['order_line_id', 'open_quantity', 'line_status'])
    .where('order_id', '=', orderId)
    .execute();
  for (const l of lines) {
    const open = units(l.open_quantity) > 0;
    const next = l.line_status === 'CONFIRMED' && !open ? 'RECEIVED' : l.line_status === 'RECEIVED' && open ? 'CONFIRMED' : null;
    if (next)
      await po(db)
        .updateTable('srm_po_order_line')
        .set({ line_status: next, ...auditUpdate(userId) })
        .where('order_line_id', '=', l.order_line_id)
        .execute();
  }
  const after = await po(db).selectFrom('srm_po_order_line').select('line_status').where('order_id', '=', orderId).execute();
  const live = after.some((l) => !['RECEIVED', 'CLOSED', 'CANCELLED'].includes(l.line_status ?? ''));
  const o = await po(db).selectFrom('srm_po_order').select('status').where('order_id', '=', orderId).executeTakeFirstOrThrow();
  if (!live && o.status === 'CONFIRMED')
    await po(db)
      .updateTable('srm_po_order')
      .set({ status: 'CLOSED', ...auditUpdate(userId) })
      .where('order_id', '=', orderId)
      .execute();
  else if (live && o.status === 'CLOSED' && after.some((l) => l.line_status === 'CONFIRMED'))
    await po(db)
      .updateTable('srm_po_order')
      .set({ status: 'CONFIRMED', ...auditUpdate(userId) })
      .where('order_id', '=', orderId)
      .execute();
}
