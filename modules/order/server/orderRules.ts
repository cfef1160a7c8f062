// Save and transition rules of purchase orders: a draft's lines are all open for their whole quantity
// and its total follows them; a release opens every live line for the supplier's confirmation and raises
// `order.released` (messages, an external ERP).
import type { EntityRules } from '../../../server/modules/types.js';
import { auditUpdate } from '../../../server/db/typed.js';
import { refuse } from '../../../server/errors.js';
import { ENDED_LINE, po, refreshOrderTotal } from './store.js';
import { queueReleasedOrder } from './erp/documents.js';
import { applyLibraryPrices } from './prices.js';

export const orderRules: EntityRules = {
  async afterLines(ctx, db, id) {
    // Only drafts (and rejected ones) are saved through saveOrUpdate: nothing received yet, all open.
    const lines = await po(db).selectFrom('srm_po_order_line').select(['order_line_id', 'quantity', 'tolerance_percent']).where('order_id', '=', id).execute();
    for (const l of lines) {
      await po(db)
        .updateTable('srm_po_order_line')
        .set({ open_quantity: l.quantity, received_quantity: 0, returned_quantity: 0, line_status: 'OPEN', tolerance_percent: l.tolerance_percent ?? 0 })
        .where('order_line_id', '=', l.order_line_id)
        .execute();
    }
    await applyLibraryPrices(ctx.app, db, id);
    await refreshOrderTotal(db, id);
  },
  async beforeTransition(ctx, db, step) {
    if (step.action !== 'doSubmit') return;
    const total = await refreshOrderTotal(db, step.id);
    if (!(total > 0)) throw refuse('order.zeroTotal');
  },
  async afterTransition(ctx, db, step) {
    if (step.action !== 'doRelease') return;
    const userId = ctx.session.userId;
    await po(db)
      .updateTable('srm_po_order_line')
      .set({ line_status: 'OPEN', ...auditUpdate(userId) })
      .where('order_id', '=', step.id)
      .where('line_status', 'not in', [...ENDED_LINE])
      .execute();
    const o = await po(db)
      .selectFrom('srm_po_order')
      .select(['order_number', 'supplier_id', 'revision'])
      .where('order_id', '=', step.id)
      .executeTakeFirstOrThrow();
    await queueReleasedOrder(db, step.id, userId);
    ctx.events.add('order.released', {
      orderId: step.id,
      orderNumber: o.order_number ?? '',
      supplierId: o.supplier_id,
      revision: o.revision ?? 0,
      releasedBy: userId,
    });
  },
  async beforeDelete(ctx, db, id) {
    const o = await po(db).selectFrom('srm_po_order').select('status').where('order_id', '=', id).executeTakeFirst();
    if (o && o.status !== 'DRAFT') throw refuse('order.deleteDraftOnly');
  },
};
