// doSyncInspection {id, lines: [{receiptLineId, acceptedQuantity, rejectedQuantity}]}: the incoming
// inspection's result for a receipt (from the quality screen or a lab system). Accepted + rejected must
// make each line's received quantity, and a line cannot reject less than it already returns.
import { ok } from '../../../server/http/envelope.js';
import { refuse } from '../../../server/errors.js';
import { auditUpdate } from '../../../server/db/typed.js';
import type { FamilyAction } from '../../../server/rest/actionContext.js';
import { findRow, loadRecord, parseId } from '../../../server/rest/read.js';
import { listOf, po, units } from './store.js';
import { inspection } from './receiptRules.js';
import { pendingReturns } from './returnRules.js';

export const doSyncInspection: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  const results = listOf(ctx.body.lines, 'lines');
  return ctx.app.db.transaction().execute(async (db) => {
    await findRow(ctx, db, id);
    const r = await po(db).selectFrom('srm_po_receipt').select(['status']).where('receipt_id', '=', id).forUpdate().executeTakeFirstOrThrow();
    if (r.status !== 'POSTED') throw refuse('receipt.inspected');
    const lines = await po(db)
      .selectFrom('srm_po_receipt_line')
      .select(['receipt_line_id', 'line_number', 'quantity', 'returned_quantity'])
      .where('receipt_id', '=', id)
      .forUpdate()
      .execute();
    const pending = await pendingReturns(
      db,
      lines.map((l) => l.receipt_line_id),
      null,
    );
    for (const x of results) {
      const line = lines.find((l) => l.receipt_line_id === Number(x.receiptLineId));
      if (!line) throw refuse('receipt.lineNotOnReceipt', { lineId: String(x.receiptLineId) });
      const label = line.line_number ?? line.receipt_line_id;
      const num = (v: unknown) => (v === undefined || v === null || v === '' ? null : Number(v));
      const { accepted, rejected } = inspection(line.quantity, num(x.acceptedQuantity), num(x.rejectedQuantity), label);
      if (units(rejected) < units(line.returned_quantity) + (pending.get(line.receipt_line_id) ?? 0))
        throw refuse('receipt.rejectedBelowReturned', { line: label });
      await po(db)
        .updateTable('srm_po_receipt_line')
        .set({ accepted_quantity: accepted, rejected_quantity: rejected, ...auditUpdate(ctx.session.userId) })
        .where('receipt_line_id', '=', line.receipt_line_id)
        .execute();
    }
    await po(db)
      .updateTable('srm_po_receipt')
      .set({ status: 'INSPECTED', ...auditUpdate(ctx.session.userId) })
      .where('receipt_id', '=', id)
      .execute();
    return ok(await loadRecord(ctx, db, id));
  });
};
