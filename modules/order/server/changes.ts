// The buyer's changes to an order after its release: close (what is open is no longer expected), cancel
// (nothing was received nor is on its way); revise (a change order) is revise.ts. Reasons are required and
// kept on the order.
import { ok } from '../../../server/http/envelope.js';
import { refuse } from '../../../server/errors.js';
import { auditUpdate } from '../../../server/db/typed.js';
import type { FamilyAction } from '../../../server/rest/actionContext.js';
import { loadRecord, parseId } from '../../../server/rest/read.js';
import { lockedOrder } from './confirm.js';
import { ENDED_LINE, inTransit, lockOrderLines, po, reasonOf, units } from './store.js';

export const LIVE_ORDER = ['RELEASED', 'CHANGE_PENDING', 'CONFIRMED'];

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

function listOfIds(raw: unknown): number[] {
  if (!Array.isArray(raw) || raw.some((x) => !Number.isSafeInteger(x) || (x as number) <= 0)) throw refuse('error.malformed', { detail: 'lineIds' });
  return raw as number[];
}
