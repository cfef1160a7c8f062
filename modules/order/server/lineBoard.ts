// listOpenLines {params?: {supplierId?, orderNumber?}} → the lines of live orders (released, change to
// review, confirmed) by line state, for the order-lines board (Kanban): a supplier sees only its own
// (the order's row rule), at most 500 lines, oldest required date first.
import { ok } from '../../../server/http/envelope.js';
import type { FamilyAction } from '../../../server/rest/actionContext.js';
import { ownershipValue } from '../../../server/rest/records.js';
import { po } from './store.js';

export const listOpenLines: FamilyAction = async (ctx) => {
  const params = (ctx.body.params && typeof ctx.body.params === 'object' ? ctx.body.params : {}) as Record<string, unknown>;
  const owner = ownershipValue(ctx);
  let q = po(ctx.app.db)
    .selectFrom('srm_po_order_line as l')
    .innerJoin('srm_po_order as o', 'o.order_id', 'l.order_id')
    .select([
      'l.order_line_id as orderLineId',
      'l.line_number as lineNumber',
      'l.material_id as materialId',
      'l.quantity',
      'l.received_quantity as receivedQuantity',
      'l.open_quantity as openQuantity',
      'l.required_date as requiredDate',
      'l.promised_date as promisedDate',
      'l.proposed_date as proposedDate',
      'l.line_status as lineStatus',
      'o.order_id as orderId',
      'o.order_number as orderNumber',
      'o.supplier_id as supplierId',
    ])
    .where('o.status', 'in', ['RELEASED', 'CHANGE_PENDING', 'CONFIRMED'])
    .where('l.line_status', 'in', ['OPEN', 'CHANGE_REQUESTED', 'REJECTED', 'CONFIRMED']);
  // Lines carry their header's supplier: filtering the line too lets the open-lines index
  // (supplier_id, required_date, order_line_id where live) walk in list order and stop at 500.
  if (owner !== null) q = q.where('o.supplier_id', '=', owner).where('l.supplier_id', '=', Number(owner));
  else if (typeof params.supplierId === 'number') q = q.where('o.supplier_id', '=', params.supplierId).where('l.supplier_id', '=', params.supplierId);
  if (typeof params.orderNumber === 'string' && params.orderNumber.trim()) q = q.where('o.order_number', 'like', `%${params.orderNumber.trim()}%`);
  const rows = await q.orderBy('l.required_date').orderBy('l.order_line_id').limit(500).execute();
  return ok(rows);
};
