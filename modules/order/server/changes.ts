// The buyer's changes to an order after its release: close (what is open is no longer expected), cancel
// (nothing was received nor is on its way), revise (a change order: a new revision, the old kept, the
// changed lines confirmed again by the supplier). Reasons are required and kept on the order.
import { ok } from '../../../server/http/envelope.js';
import { refuse } from '../../../server/errors.js';
import { auditUpdate } from '../../../server/db/typed.js';
import type { FamilyAction } from '../../../server/rest/actionContext.js';
import { loadRecord, parseId } from '../../../server/rest/read.js';
import { lockedOrder } from './confirm.js';
import { dateOf, ENDED_LINE, inTransit, listOf, lockOrderLines, po, quantityOf, reasonOf, refreshOrderTotal, units } from './store.js';
import { keepVersion } from './versions.js';

const LIVE_ORDER = ['RELEASED', 'CHANGE_PENDING', 'CONFIRMED'];

/** doClose {id, reason, lineIds?}: the given lines (else all) end; the order closes when no line is left. */
export const doClose: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  const reason = reasonOf(ctx.body.reason);
  const only = ctx.body.lineIds === undefined ? null : new Set(listOfIds(ctx.body.lineIds));
  return ctx.app.db.transaction().execute(async (db) => {
    const o = await lockedOrder(ctx, db, id);
    if (!LIVE_ORDER.includes(o.status ?? '')) throw refuse('order.close.notLive');
    const lines = await lockOrderLines(db, { orderId: id });
    for (const lineId of only ?? []) if (!lines.some((l) => l.order_line_id === lineId)) throw refuse('order.line.notOnOrder', { lineId });
    const closing = lines.filter((l) => (only ? only.has(l.order_line_id) : true) && !(ENDED_LINE as readonly string[]).includes(l.line_status ?? ''));
    if (closing.length === 0) throw refuse('order.revise.nothing');
    const transit = await inTransit(
      db,
      closing.map((l) => l.order_line_id),
      null,
    );
    const moving = closing.find((l) => (transit.get(l.order_line_id) ?? 0) > 0);
    if (moving) throw refuse('order.close.inTransit', { line: moving.line_number ?? moving.order_line_id });
    const userId = ctx.session.userId;
    for (const l of closing)
      await po(db)
        .updateTable('srm_po_order_line')
        .set({ line_status: 'CLOSED', open_quantity: 0, ...auditUpdate(userId) })
        .where('order_line_id', '=', l.order_line_id)
        .execute();
    const left = lines.filter((l) => !closing.includes(l) && !(ENDED_LINE as readonly string[]).includes(l.line_status ?? ''));
    await po(db)
      .updateTable('srm_po_order')
      .set({ status: left.length ? o.status : 'CLOSED', close_reason: reason, ...auditUpdate(userId) })
      .where('order_id', '=', id)
      .execute();
    ctx.events.add('order.changed', { orderId: id, orderNumber: o.order_number ?? '', supplierId: o.supplier_id, what: 'CLOSED' });
    return ok(await loadRecord(ctx, db, id));
  });
};

/** doCancel {id, reason}: an order on which nothing was received and nothing is on its way. */
export const doCancel: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  const reason = reasonOf(ctx.body.reason);
  return ctx.app.db.transaction().execute(async (db) => {
    const o = await lockedOrder(ctx, db, id);
    if (!['DRAFT', 'REJECTED', 'APPROVED', ...LIVE_ORDER].includes(o.status ?? '')) throw refuse('order.cancel.notAllowed');
    const lines = await lockOrderLines(db, { orderId: id });
    if (lines.some((l) => units(l.received_quantity) > 0)) throw refuse('order.cancel.received');
    const transit = await inTransit(
      db,
      lines.map((l) => l.order_line_id),
      null,
    );
    if ([...transit.values()].some((v) => v > 0)) throw refuse('order.cancel.inTransit');
    const userId = ctx.session.userId;
    await po(db)
      .updateTable('srm_po_order_line')
      .set({ line_status: 'CANCELLED', open_quantity: 0, ...auditUpdate(userId) })
      .where('order_id', '=', id)
      .execute();
    await po(db)
      .updateTable('srm_po_order')
      .set({ status: 'CANCELLED', close_reason: reason, ...auditUpdate(userId) })
      .where('order_id', '=', id)
      .execute();
    if (LIVE_ORDER.includes(o.status ?? ''))
      ctx.events.add('order.changed', { orderId: id, orderNumber: o.order_number ?? '', supplierId: o.supplier_id, what: 'CANCELLED' });
    return ok(await loadRecord(ctx, db, id));
  });
};

/**
 * doRevise {id, reason, lines: [{lineId, quantity?, requiredDate?, price?}]}: a change order. The order as
 * it was is kept as a version, its revision goes up, the changed lines wait for the supplier again.
 */
export const doRevise: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  const reason = reasonOf(ctx.body.reason);
  const changes = listOf(ctx.body.lines, 'lines');
  if (changes.length === 0) throw refuse('order.revise.nothing');
  return ctx.app.db.transaction().execute(async (db) => {
    const o = await lockedOrder(ctx, db, id);
    if (!LIVE_ORDER.includes(o.status ?? '')) throw refuse('order.close.notLive');
    const lines = await lockOrderLines(db, { orderId: id });
    const transit = await inTransit(
      db,
      lines.map((l) => l.order_line_id),
      null,
    );
    const userId = ctx.session.userId;
    await keepVersion(db, id, userId, reason);
    for (const c of changes) {
      const line = lines.find((l) => l.order_line_id === Number(c.lineId));
      if (!line) throw refuse('order.line.notOnOrder', { lineId: String(c.lineId) });
      if ((ENDED_LINE as readonly string[]).includes(line.line_status ?? ''))
        throw refuse('order.line.ended', { line: line.line_number ?? line.order_line_id });
      const quantity = c.quantity === undefined ? line.quantity : quantityOf(c.quantity, 'quantity');
      const committed = units(line.received_quantity) + (transit.get(line.order_line_id) ?? 0);
      if (units(quantity) < committed) throw refuse('order.quantityBelowReceived', { line: line.line_number ?? line.order_line_id });
      const price = c.price === undefined ? line.price : Number(c.price);
      if (!Number.isFinite(price) || price < 0) throw refuse('order.badQuantity', { field: 'price' });
      await po(db)
        .updateTable('srm_po_order_line')
        .set({
          quantity,
          price,
          required_date: c.requiredDate === undefined ? line.required_date : dateOf(c.requiredDate, 'requiredDate'),
          open_quantity: Math.max(0, units(quantity) - units(line.received_quantity)) / 10_000,
          line_status: 'OPEN',
          proposed_date: null,
          proposed_quantity: null,
          ...auditUpdate(userId),
        })
        .where('order_line_id', '=', line.order_line_id)
        .execute();
    }
    await refreshOrderTotal(db, id);
    await po(db)
      .updateTable('srm_po_order')
      .set({ status: 'RELEASED', revision: (o.revision ?? 0) + 1, change_reason: reason, ...auditUpdate(userId) })
      .where('order_id', '=', id)
      .execute();
    ctx.events.add('order.changed', { orderId: id, orderNumber: o.order_number ?? '', supplierId: o.supplier_id, what: 'REVISED' });
    return ok(await loadRecord(ctx, db, id));
  });
};

function listOfIds(raw: unknown): number[] {
  if (!Array.isArray(raw) || raw.some((x) => !Number.isSafeInteger(x) || (x as number) <= 0)) throw refuse('error.malformed', { detail: 'lineIds' });
  return raw as number[];
}
