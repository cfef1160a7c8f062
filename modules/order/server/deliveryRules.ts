// Delivery notes (ASN): the supplier ships against the confirmed lines of one of its orders. A line may
// carry at most the order line's open quantity plus its tolerance, less what its other unreceived notes
// carry. Two notes racing for the last open quantity are serialised on the order's row lock: the second
// sees the first's lines and is refused.
import { sql } from 'kysely';
import type { EntityRules } from '../../../server/modules/types.js';
import type { ActionContext } from '../../../server/rest/actionContext.js';
import type { Db } from '../../../server/db/connect.js';
import { waybillValid } from './waybill.js';
import { refuse } from '../../../server/errors.js';
import { ownershipValue } from '../../../server/rest/records.js';
import { inTransit, lockOrder, lockOrderLines, po, qty, shippableUnits, SHIPPABLE_ORDER, units } from './store.js';

/** The order the note ships against, locked; a supplier's note only against its own orders. */
async function shippableOrder(ctx: ActionContext, db: Db, orderId: number) {
  const o = await lockOrder(db, orderId);
  const owner = ownershipValue(ctx);
  if (!o || (owner !== null && o.supplier_id !== owner)) throw refuse('delivery.orderUnknown');
  if (!(SHIPPABLE_ORDER as readonly string[]).includes(o.status ?? '')) throw refuse('delivery.orderNotConfirmed', { order: o.order_number ?? orderId });
  return o;
}

/** Every line of note `deliveryId` against confirmed lines of its order, within what may still be shipped. */
export async function checkDeliveryLines(ctx: ActionContext, db: Db, deliveryId: number): Promise<void> {
  const note = await po(db).selectFrom('srm_po_delivery').select(['order_id']).where('delivery_id', '=', deliveryId).executeTakeFirstOrThrow();
  await shippableOrder(ctx, db, note.order_id);
  const lines = await po(db)
    .selectFrom('srm_po_delivery_line')
    .select(['delivery_line_id', 'order_line_id', 'quantity', 'line_number'])
    .where('delivery_id', '=', deliveryId)
    .execute();
  const orderLines = await lockOrderLines(db, { lineIds: [...new Set(lines.map((l) => l.order_line_id))] });
  const byId = new Map(orderLines.filter((l) => l.order_id === note.order_id).map((l) => [l.order_line_id, l]));
  const wanted = new Map<number, number>();
  for (const l of lines) {
    const ol = byId.get(l.order_line_id);
    if (!ol) throw refuse('delivery.lineNotOnOrder', { line: l.line_number ?? l.delivery_line_id });
    if (ol.line_status !== 'CONFIRMED') throw refuse('delivery.lineNotConfirmed', { line: ol.line_number ?? ol.order_line_id });
    wanted.set(ol.order_line_id, (wanted.get(ol.order_line_id) ?? 0) + units(l.quantity));
  }
  // The material follows the order line: one statement for the whole note (a 200-line note made 200).
  await po(db)
    .updateTable('srm_po_delivery_line as dl')
    .from('srm_po_order_line as ol')
    .set((eb) => ({ material_id: eb.ref('ol.material_id') }))
    .where('dl.delivery_id', '=', deliveryId)
    .whereRef('ol.order_line_id', '=', 'dl.order_line_id')
    .where(sql<boolean>`dl.material_id is distinct from ol.material_id`)
    .execute();
  const transit = await inTransit(db, [...wanted.keys()], deliveryId);
  for (const [lineId, u] of wanted) {
    const ol = byId.get(lineId)!;
    const max = shippableUnits(ol, transit.get(lineId) ?? 0);
    if (u > max) throw refuse('delivery.overOpen', { line: ol.line_number ?? lineId, quantity: qty(u), max: qty(max) });
  }
}

export const deliveryRules: EntityRules = {
  async beforeSave(ctx, db, values, id) {
    const stored = id === null ? null : await po(db).selectFrom('srm_po_delivery').select('order_id').where('delivery_id', '=', id).executeTakeFirst();
    const orderId = Number(values.order_id ?? stored?.order_id);
    if (stored && values.order_id !== undefined && Number(values.order_id) !== stored.order_id) throw refuse('delivery.orderFixed');
    const o = await shippableOrder(ctx, db, orderId);
    values.supplier_id = o.supplier_id;
    if (typeof values.waybill_number === 'string' && !waybillValid(values.waybill_number))
      throw refuse('delivery.waybillCheckDigit', { waybill: values.waybill_number });
  },
  async afterLines(ctx, db, id) {
    await checkDeliveryLines(ctx, db, id);
  },
  async beforeTransition(ctx, db, step) {
    // Between save and ship the buyer may have closed lines or revised the order: check again.
    if (step.action === 'doShip') await checkDeliveryLines(ctx, db, step.id);
  },
  async afterTransition(ctx, db, step) {
    if (step.action !== 'doShip') return;
    const d = await po(db)
      .selectFrom('srm_po_delivery')
      .select(['delivery_number', 'order_id', 'supplier_id'])
      .where('delivery_id', '=', step.id)
      .executeTakeFirstOrThrow();
    const o = await po(db).selectFrom('srm_po_order').select(['created_by']).where('order_id', '=', d.order_id).executeTakeFirstOrThrow();
    ctx.events.add('delivery.shipped', {
      deliveryId: step.id,
      deliveryNumber: d.delivery_number ?? '',
      orderId: d.order_id,
      supplierId: d.supplier_id ?? 0,
      buyerId: o.created_by ?? 0,
    });
  },
};
