// Goods receipts: the buyer receives against one shipped delivery note, once (a partial receipt ends the
// note; what was not received is open again on the order lines). Each line at most what the note's line
// shipped; accepted + rejected = received (incoming inspection). The order lines' received quantity rises
// and their open quantity falls by exactly what was received.
import type { EntityRules } from '../../../server/modules/types.js';
import type { ActionContext } from '../../../server/rest/actionContext.js';
import type { Db } from '../../../server/db/connect.js';
import { refuse } from '../../../server/errors.js';
import { auditUpdate } from '../../../server/db/typed.js';
import { lockOrderLines, po, qty, units } from './store.js';
import { settleOrder } from './settle.js';
import { queuePostedReceipt } from './erp/documents.js';

async function lockDelivery(db: Db, deliveryId: number) {
  return po(db)
    .selectFrom('srm_po_delivery')
    .select(['delivery_id', 'delivery_number', 'order_id', 'supplier_id', 'status'])
    .where('delivery_id', '=', deliveryId)
    .forUpdate()
    .executeTakeFirst();
}

/** accepted + rejected must make the received quantity; an accepted quantity left out is the rest. */
export function inspection(quantity: number, accepted: number | null, rejected: number | null, line: number | string) {
  const q = units(quantity);
  const r = units(rejected ?? 0);
  const a = accepted === null ? q - r : units(accepted);
  if (a < 0 || r < 0 || a + r !== q) throw refuse('receipt.inspectionMismatch', { line });
  return { accepted: qty(a), rejected: qty(r) };
}

async function post(ctx: ActionContext, db: Db, receiptId: number): Promise<void> {
  const receipt = await po(db)
    .selectFrom('srm_po_receipt')
    .select(['receipt_number', 'delivery_id'])
    .where('receipt_id', '=', receiptId)
    .executeTakeFirstOrThrow();
  const note = (await po(db)
    .selectFrom('srm_po_delivery')
    .select(['order_id', 'supplier_id'])
    .where('delivery_id', '=', receipt.delivery_id)
    .executeTakeFirst())!;
  const noteLines = await po(db)
    .selectFrom('srm_po_delivery_line')
    .select(['delivery_line_id', 'order_line_id', 'material_id', 'quantity'])
    .where('delivery_id', '=', receipt.delivery_id)
    .execute();
  const lines = await po(db)
    .selectFrom('srm_po_receipt_line')
    .select(['receipt_line_id', 'line_number', 'delivery_line_id', 'quantity', 'accepted_quantity', 'rejected_quantity'])
    .where('receipt_id', '=', receiptId)
    .execute();
  const orderLines = new Map((await lockOrderLines(db, { lineIds: [...new Set(noteLines.map((l) => l.order_line_id))] })).map((l) => [l.order_line_id, l]));
  const seen = new Set<number>();
  const userId = ctx.session.userId;
  const posted: { orderLineId: number; materialId: number; quantity: number; acceptedQuantity: number; rejectedQuantity: number }[] = [];
  for (const l of lines) {
    const label = l.line_number ?? l.receipt_line_id;
    const shipped = noteLines.find((n) => n.delivery_line_id === l.delivery_line_id);
    if (!shipped) throw refuse('receipt.lineNotOnDelivery', { line: label });
    if (seen.has(l.delivery_line_id)) throw refuse('receipt.lineTwice', { line: label });
    seen.add(l.delivery_line_id);
    if (units(l.quantity) > units(shipped.quantity)) throw refuse('receipt.moreThanShipped', { line: label, quantity: l.quantity, shipped: shipped.quantity });
    const { accepted, rejected } = inspection(l.quantity, l.accepted_quantity, l.rejected_quantity, label);
    await po(db)
      .updateTable('srm_po_receipt_line')
      .set({ order_line_id: shipped.order_line_id, material_id: shipped.material_id, accepted_quantity: accepted, rejected_quantity: rejected })
      .where('receipt_line_id', '=', l.receipt_line_id)
      .execute();
    await po(db)
      .updateTable('srm_po_delivery_line')
      .set({ received_quantity: l.quantity, ...auditUpdate(userId) })
      .where('delivery_line_id', '=', l.delivery_line_id)
      .execute();
    const ol = orderLines.get(shipped.order_line_id)!;
    const received = units(ol.received_quantity) + units(l.quantity);
    const open = Math.max(0, units(ol.open_quantity) - units(l.quantity));
    ol.received_quantity = qty(received);
    ol.open_quantity = qty(open);
    await po(db)
      .updateTable('srm_po_order_line')
      .set({ received_quantity: qty(received), open_quantity: qty(open), ...auditUpdate(userId) })
      .where('order_line_id', '=', ol.order_line_id)
      .execute();
    posted.push({ orderLineId: ol.order_line_id, materialId: ol.material_id, quantity: l.quantity, acceptedQuantity: accepted, rejectedQuantity: rejected });
  }
  await po(db)
    .updateTable('srm_po_delivery')
    .set({ status: 'RECEIVED', ...auditUpdate(userId) })
    .where('delivery_id', '=', receipt.delivery_id)
    .execute();
  await settleOrder(db, note.order_id, userId);
  const event = {
    receiptId,
    receiptNumber: receipt.receipt_number ?? '',
    deliveryId: receipt.delivery_id,
    orderId: note.order_id,
    supplierId: note.supplier_id ?? 0,
    lines: posted,
  };
  await queuePostedReceipt(db, event, userId);
  ctx.events.add('receipt.posted', event);
}

export const receiptRules: EntityRules = {
  async beforeSave(ctx, db, values, id) {
    if (id !== null) throw refuse('receipt.final');
    const note = await lockDelivery(db, Number(values.delivery_id));
    if (!note) throw refuse('receipt.deliveryUnknown');
    // Receiving for supplier X (the goods in front of the buyer) a note of supplier Y is a mistake.
    if (values.supplier_id !== undefined && values.supplier_id !== null && Number(values.supplier_id) !== note.supplier_id)
      throw refuse('receipt.otherSupplier');
    if (note.status === 'RECEIVED') throw refuse('receipt.already', { delivery: note.delivery_number ?? note.delivery_id });
    if (note.status !== 'SHIPPED') throw refuse('receipt.notShipped', { delivery: note.delivery_number ?? note.delivery_id });
    values.order_id = note.order_id;
    values.supplier_id = note.supplier_id;
  },
  async afterLines(ctx, db, id) {
    await post(ctx, db, id);
  },
  async beforeDelete() {
    throw refuse('receipt.final');
  },
};
