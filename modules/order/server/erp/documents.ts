// What the ERP receives: a released order (header and live lines, as released) and a posted receipt (its
// lines with the inspection split). Built inside the release / receipt transaction, so the document is
// exactly what was committed, and written to the outbox there.
import type { Db } from '../../../../server/db/connect.js';
import type { DomainEvents } from '../../../../server/events/domainEvents.js';
import { ENDED_LINE, po } from '../store.js';
import { enqueueErp } from './outbox.js';

export async function queueReleasedOrder(db: Db, orderId: number, userId: number): Promise<void> {
  const h = await po(db)
    .selectFrom('srm_po_order')
    .select(['order_number', 'supplier_id', 'currency_code', 'order_date', 'revision', 'total_amount'])
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  const lines = await po(db)
    .selectFrom('srm_po_order_line')
    .select(['line_number', 'material_id', 'uom_code', 'quantity', 'price', 'required_date', 'price_item_id'])
    .where('order_id', '=', orderId)
    .where('line_status', 'not in', [...ENDED_LINE])
    .orderBy('line_number')
    .execute();
  const data = {
    orderNumber: h.order_number,
    supplierId: h.supplier_id,
    currencyCode: h.currency_code,
    orderDate: h.order_date,
    revision: h.revision ?? 0,
    totalAmount: Number(h.total_amount ?? 0),
    lines: lines.map((l) => ({
      lineNumber: l.line_number,
      materialId: l.material_id,
      uomCode: l.uom_code,
      quantity: Number(l.quantity),
      price: Number(l.price),
      requiredDate: l.required_date,
      priceItemId: l.price_item_id,
    })),
  };
  await enqueueErp(db, 'ORDER_RELEASED', orderId, h.order_number ?? String(orderId), data, userId);
}

export async function queuePostedReceipt(db: Db, e: DomainEvents['receipt.posted'], userId: number): Promise<void> {
  const order = await po(db).selectFrom('srm_po_order').select('order_number').where('order_id', '=', e.orderId).executeTakeFirst();
  const data = { receiptNumber: e.receiptNumber, orderNumber: order?.order_number ?? null, supplierId: e.supplierId, deliveryId: e.deliveryId, lines: e.lines };
  await enqueueErp(db, 'RECEIPT_POSTED', e.receiptId, e.receiptNumber, data, userId);
}
