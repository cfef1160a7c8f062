// Returns of rejected goods (docs/order.md "Returns"): a line returns at most what the inspection rejected
// on its receipt line, less what other returns already take back (approved, or drafted and submitted).
// On approval the goods leave: the order line's received quantity falls by the returned quantity; when the
// return asks for replacement (replaceFlag Y, the default) that quantity is open again and the supplier
// ships it anew, otherwise the order line simply ends short (a credit, not a re-delivery).
import type { EntityRules } from '../../../server/modules/types.js';
import type { ActionContext } from '../../../server/rest/actionContext.js';
import type { Db } from '../../../server/db/connect.js';
import { refuse } from '../../../server/errors.js';
import { auditUpdate } from '../../../server/db/typed.js';
import { lockOrderLines, po, qty, units } from './store.js';
import { settleOrder } from './settle.js';

/** Σ quantity of returns still in DRAFT/SUBMITTED per receipt line, except one return. */
export async function pendingReturns(db: Db, receiptLineIds: readonly number[], exceptReturnId: number | null): Promise<Map<number, number>> {
  if (receiptLineIds.length === 0) return new Map();
  let q = po(db)
    .selectFrom('srm_po_return_line as l')
    .innerJoin('srm_po_return as r', 'r.return_id', 'l.return_id')
    .select(['l.receipt_line_id', 'l.quantity'])
    .where('l.receipt_line_id', 'in', [...receiptLineIds])
    .where('r.status', 'in', ['DRAFT', 'SUBMITTED']);
  if (exceptReturnId !== null) q = q.where('r.return_id', '<>', exceptReturnId);
  const out = new Map<number, number>();
  for (const r of await q.execute()) out.set(r.receipt_line_id, (out.get(r.receipt_line_id) ?? 0) + units(r.quantity));
  return out;
}

async function checkReturnLines(ctx: ActionContext, db: Db, returnId: number, approving: boolean) {
  const ret = await po(db).selectFrom('srm_po_return').select(['receipt_id']).where('return_id', '=', returnId).executeTakeFirstOrThrow();
  const lines = await po(db)
    .selectFrom('srm_po_return_line')
    .select(['return_line_id', 'line_number', 'receipt_line_id', 'quantity'])
    .where('return_id', '=', returnId)
    .execute();
  const receiptLines = await po(db)
    .selectFrom('srm_po_receipt_line')
    .select(['receipt_line_id', 'order_line_id', 'material_id', 'rejected_quantity', 'returned_quantity'])
    .where('receipt_id', '=', ret.receipt_id)
    .orderBy('receipt_line_id')
    .forUpdate()
    .execute();
  // While approving, other drafts do not hold quantity back: only what was returned already does.
  const pending = approving
    ? new Map<number, number>()
    : await pendingReturns(
        db,
        receiptLines.map((l) => l.receipt_line_id),
        returnId,
      );
  const wanted = new Map<number, number>();
  for (const l of lines) {
    const rl = receiptLines.find((x) => x.receipt_line_id === l.receipt_line_id);
    if (!rl) throw refuse('return.lineNotOnReceipt', { line: l.line_number ?? l.return_line_id });
    wanted.set(rl.receipt_line_id, (wanted.get(rl.receipt_line_id) ?? 0) + units(l.quantity));
    await po(db)
      .updateTable('srm_po_return_line')
      .set({ order_line_id: rl.order_line_id, material_id: rl.material_id })
      .where('return_line_id', '=', l.return_line_id)
      .execute();
  }
  for (const [id, u] of wanted) {
    const rl = receiptLines.find((x) => x.receipt_line_id === id)!;
    const max = Math.max(0, units(rl.rejected_quantity) - units(rl.returned_quantity) - (pending.get(id) ?? 0));
    if (u > max) throw refuse('return.overRejected', { quantity: qty(u), max: qty(max) });
  }
  return { lines, receiptLines, wanted };
}

async function applyReturn(ctx: ActionContext, db: Db, returnId: number) {
  const ret = await po(db)
    .selectFrom('srm_po_return')
    .select(['return_number', 'order_id', 'supplier_id', 'replace_flag'])
    .where('return_id', '=', returnId)
    .executeTakeFirstOrThrow();
  const { receiptLines, wanted } = await checkReturnLines(ctx, db, returnId, true);
  const userId = ctx.session.userId;
  const orderLines = new Map((await lockOrderLines(db, { lineIds: receiptLines.map((l) => l.order_line_id ?? 0) })).map((l) => [l.order_line_id, l]));
  for (const [receiptLineId, u] of wanted) {
    const rl = receiptLines.find((x) => x.receipt_line_id === receiptLineId)!;
    await po(db)
      .updateTable('srm_po_receipt_line')
      .set({ returned_quantity: qty(units(rl.returned_quantity) + u), ...auditUpdate(userId) })
      .where('receipt_line_id', '=', receiptLineId)
      .execute();
    const ol = orderLines.get(rl.order_line_id ?? 0)!;
    const reopen = ret.replace_flag !== 'N' && !['CLOSED', 'CANCELLED'].includes(ol.line_status ?? '');
    const received = units(ol.received_quantity) - u;
    const returned = units(ol.returned_quantity) + u;
    const open = units(ol.open_quantity) + (reopen ? u : 0);
    Object.assign(ol, { received_quantity: qty(received), returned_quantity: qty(returned), open_quantity: qty(open) });
    await po(db)
      .updateTable('srm_po_order_line')
      .set({ received_quantity: qty(received), returned_quantity: qty(returned), open_quantity: qty(open), ...auditUpdate(userId) })
      .where('order_line_id', '=', ol.order_line_id)
      .execute();
  }
  await settleOrder(db, ret.order_id ?? 0, userId);
  ctx.events.add('return.approved', { returnId, returnNumber: ret.return_number ?? '', orderId: ret.order_id ?? 0, supplierId: ret.supplier_id ?? 0 });
}

export const returnRules: EntityRules = {
  async beforeSave(ctx, db, values, id) {
    const stored = id === null ? null : await po(db).selectFrom('srm_po_return').select('receipt_id').where('return_id', '=', id).executeTakeFirst();
    const receiptId = Number(values.receipt_id ?? stored?.receipt_id);
    const r = await po(db).selectFrom('srm_po_receipt').select(['order_id', 'supplier_id']).where('receipt_id', '=', receiptId).forUpdate().executeTakeFirst();
    if (!r) throw refuse('return.receiptUnknown');
    values.order_id = r.order_id;
    values.supplier_id = r.supplier_id;
  },
  async afterLines(ctx, db, id) {
    await checkReturnLines(ctx, db, id, false);
  },
  async beforeTransition(ctx, db, step) {
    if (step.action === 'doSubmit') await checkReturnLines(ctx, db, step.id, false);
  },
  async afterTransition(ctx, db, step) {
    if (step.action === 'doApproval') await applyReturn(ctx, db, step.id);
  },
};
