// The supplier's answer to a released order, line by line (accept; change the promised date or the
// quantity; refuse), and the buyer's answer to those changes (accept them all, or refuse them and ask
// for a new confirmation). Each runs in one transaction on the locked order.
import { ok } from '../../../server/http/envelope.js';
import { refuse } from '../../../server/errors.js';
import { auditUpdate, dbNow } from '../../../server/db/typed.js';
import type { ActionContext, FamilyAction } from '../../../server/rest/actionContext.js';
import type { Db } from '../../../server/db/connect.js';
import { findRow, loadRecord, parseId } from '../../../server/rest/read.js';
import { dateOf, ENDED_LINE, listOf, lockOrder, lockOrderLines, po, quantityOf, reasonOf, refreshOrderTotal, units } from './store.js';
import { keepVersion } from './versions.js';

const ACTIONS = ['ACCEPT', 'CHANGE', 'REJECT'] as const;
type Answer = { lineId: number; action: (typeof ACTIONS)[number]; promisedDate?: string; quantity?: number; comment?: string };

/** The order, visible to the caller (a supplier only reaches its own), locked; or a refusal. */
export async function lockedOrder(ctx: ActionContext, db: Db, id: number) {
  await findRow(ctx, db, id);
  const o = await lockOrder(db, id);
  if (!o) throw refuse('rest.notFound', { entity: id });
  return o;
}

function answersOf(raw: unknown): Answer[] {
  return listOf(raw, 'lines').map((a) => {
    const lineId = Number(a.lineId);
    if (!Number.isSafeInteger(lineId) || lineId <= 0) throw refuse('error.malformed', { detail: 'lineId' });
    if (!ACTIONS.includes(a.action as Answer['action'])) throw refuse('order.confirm.badAction');
    const answer: Answer = { lineId, action: a.action as Answer['action'] };
    if (a.promisedDate !== undefined && a.promisedDate !== null && a.promisedDate !== '') answer.promisedDate = dateOf(a.promisedDate, 'promisedDate');
    if (a.quantity !== undefined && a.quantity !== null && a.quantity !== '') answer.quantity = quantityOf(a.quantity, 'quantity');
    if (typeof a.comment === 'string' && a.comment.trim()) answer.comment = a.comment.trim().slice(0, 500);
    return answer;
  });
}

export const doSupplierConfirm: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  const answers = answersOf(ctx.body.lines);
  return ctx.app.db.transaction().execute(async (db) => {
    const o = await lockedOrder(ctx, db, id);
    const lines = await lockOrderLines(db, { orderId: id });
    const byId = new Map(lines.map((l) => [l.order_line_id, l]));
    const seen = new Set<number>();
    for (const a of answers) {
      const line = byId.get(a.lineId);
      if (!line) throw refuse('order.line.notOnOrder', { lineId: a.lineId });
      if (seen.has(a.lineId)) throw refuse('order.line.twice', { line: line.line_number ?? a.lineId });
      seen.add(a.lineId);
      // A line the buyer closed or cancelled is final: the supplier can no longer change it.
      if ((ENDED_LINE as readonly string[]).includes(line.line_status ?? '')) throw refuse('order.line.ended', { line: line.line_number ?? a.lineId });
    }
    if (o.status !== 'RELEASED') throw refuse('order.confirm.notReleased');
    const unanswered = lines.filter((l) => l.line_status === 'OPEN' && !seen.has(l.order_line_id));
    if (unanswered.length) throw refuse('order.confirm.unanswered', { lines: unanswered.map((l) => l.line_number).join(', ') });
    const userId = ctx.session.userId;
    let changed = false;
    for (const a of answers) {
      const line = byId.get(a.lineId)!;
      if (line.line_status !== 'OPEN') throw refuse('order.line.answered', { line: line.line_number ?? a.lineId });
      const set = { supplier_comment: a.comment ?? null, ...auditUpdate(userId) };
      if (a.action === 'ACCEPT') {
        await po(db)
          .updateTable('srm_po_order_line')
          .set({
            ...set,
            line_status: 'CONFIRMED',
            promised_date: a.promisedDate ?? line.promised_date ?? line.required_date,
            proposed_date: null,
            proposed_quantity: null,
          })
          .where('order_line_id', '=', a.lineId)
          .execute();
        continue;
      }
      changed = true;
      if (a.action === 'REJECT') {
        if (!a.comment) throw refuse('order.confirm.rejectReason', { line: line.line_number ?? a.lineId });
        await po(db)
          .updateTable('srm_po_order_line')
          .set({ ...set, line_status: 'REJECTED' })
          .where('order_line_id', '=', a.lineId)
          .execute();
        continue;
      }
      const newDate = a.promisedDate && a.promisedDate !== (line.promised_date ?? line.required_date) ? a.promisedDate : null;
      const newQty = a.quantity !== undefined && units(a.quantity) !== units(line.quantity) ? a.quantity : null;
      if (newDate === null && newQty === null) throw refuse('order.confirm.nothingChanged', { line: line.line_number ?? a.lineId });
      if (newQty !== null && units(newQty) < units(line.received_quantity)) throw refuse('order.quantityBelowReceived', { line: line.line_number ?? a.lineId });
      await po(db)
        .updateTable('srm_po_order_line')
        .set({ ...set, line_status: 'CHANGE_REQUESTED', proposed_date: newDate, proposed_quantity: newQty })
        .where('order_line_id', '=', a.lineId)
        .execute();
    }
    const status = changed ? 'CHANGE_PENDING' : 'CONFIRMED';
    await po(db)
      .updateTable('srm_po_order')
      .set({ status, confirmed_date: dbNow(), ...auditUpdate(userId) })
      .where('order_id', '=', id)
      .execute();
    ctx.events.add('order.confirmed', { orderId: id, orderNumber: o.order_number ?? '', supplierId: o.supplier_id, status, buyerId: o.created_by ?? userId });
    return ok(await loadRecord(ctx, db, id));
  });
};

/** The buyer accepts every change the supplier asked for: a new revision of the order (the old one kept). */
export const doBuyerConfirm: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  return ctx.app.db.transaction().execute(async (db) => {
    const o = await lockedOrder(ctx, db, id);
    if (o.status !== 'CHANGE_PENDING') throw refuse('order.noChangeToReview');
    const userId = ctx.session.userId;
    await keepVersion(db, id, userId, 'SUPPLIER_CHANGE');
    for (const l of await lockOrderLines(db, { orderId: id })) {
      if (l.line_status === 'CHANGE_REQUESTED') {
        const quantity = l.proposed_quantity ?? l.quantity;
        const open = Math.max(0, units(quantity) - units(l.received_quantity)) / 10_000;
        await po(db)
          .updateTable('srm_po_order_line')
          .set({
            quantity,
            open_quantity: open,
            promised_date: l.proposed_date ?? l.promised_date ?? l.required_date,
            proposed_date: null,
            proposed_quantity: null,
            line_status: 'CONFIRMED',
            ...auditUpdate(userId),
          })
          .where('order_line_id', '=', l.order_line_id)
          .execute();
      } else if (l.line_status === 'REJECTED') {
        // The supplier will not deliver this line: accepting that cancels it.
        await po(db)
          .updateTable('srm_po_order_line')
          .set({ line_status: 'CANCELLED', open_quantity: 0, ...auditUpdate(userId) })
          .where('order_line_id', '=', l.order_line_id)
          .execute();
      }
    }
    await refreshOrderTotal(db, id);
    const live = await po(db)
      .selectFrom('srm_po_order_line')
      .select('order_line_id')
      .where('order_id', '=', id)
      .where('line_status', 'not in', [...ENDED_LINE])
      .execute();
    await po(db)
      .updateTable('srm_po_order')
      .set({ status: live.length ? 'CONFIRMED' : 'CANCELLED', revision: (o.revision ?? 0) + 1, ...auditUpdate(userId) })
      .where('order_id', '=', id)
      .execute();
    ctx.events.add('order.changed', { orderId: id, orderNumber: o.order_number ?? '', supplierId: o.supplier_id, what: 'ACCEPTED' });
    return ok(await loadRecord(ctx, db, id));
  });
};

/** The buyer refuses the supplier's changes: the changed and refused lines go back to the supplier as ordered. */
export const doBuyerRejectChange: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  const reason = reasonOf(ctx.body.reason);
  return ctx.app.db.transaction().execute(async (db) => {
    const o = await lockedOrder(ctx, db, id);
    if (o.status !== 'CHANGE_PENDING') throw refuse('order.noChangeToReview');
    const userId = ctx.session.userId;
    await po(db)
      .updateTable('srm_po_order_line')
      .set({ line_status: 'OPEN', proposed_date: null, proposed_quantity: null, ...auditUpdate(userId) })
      .where('order_id', '=', id)
      .where('line_status', 'in', ['CHANGE_REQUESTED', 'REJECTED'])
      .execute();
    await po(db)
      .updateTable('srm_po_order')
      .set({ status: 'RELEASED', change_reason: reason, ...auditUpdate(userId) })
      .where('order_id', '=', id)
      .execute();
    ctx.events.add('order.changed', { orderId: id, orderNumber: o.order_number ?? '', supplierId: o.supplier_id, what: 'REFUSED' });
    return ok(await loadRecord(ctx, db, id));
  });
};
