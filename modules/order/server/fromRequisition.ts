// createFromRequisition {requisitionId, supplierId, orderDate?, lineIds?}: a draft order of an approved
// requisition's lines (all, or those named), quantities and need-by dates taken over, the estimated unit
// price library's valid price (else the estimated unit price, flagged). Through the requisition and sourcing APIs.
import { ok } from '../../../server/http/envelope.js';
import { refuse } from '../../../server/errors.js';
import type { FamilyAction } from '../../../server/rest/actionContext.js';
import { loadRecord, parseId } from '../../../server/rest/read.js';
import { saveOne } from '../../../server/rest/write.js';
import type { RequisitionApi } from '../../requisition/api.js';
import { dateOf } from './store.js';
import { libraryPrices } from './prices.js';

export const createFromRequisition: FamilyAction = async (ctx) => {
  const requisitionId = parseId(ctx, ctx.body.requisitionId);
  const supplierId = parseId(ctx, ctx.body.supplierId);
  const orderDate = ctx.body.orderDate === undefined ? new Date().toISOString().slice(0, 10) : dateOf(ctx.body.orderDate, 'orderDate');
  const only = Array.isArray(ctx.body.lineIds) ? new Set(ctx.body.lineIds.map(Number)) : null;
  const lines = (await ctx.app.modules.api<RequisitionApi>('requisition').approvedLines(requisitionId)).filter((l) => !only || only.has(l.requisitionLineId));
  if (lines.length === 0) throw refuse('order.fromRequisition.none');
  const total = await ctx.app.modules.api<RequisitionApi>('requisition').total(requisitionId);
  const currencyCode = total?.currencyCode ?? 'CNY';
  return ctx.app.db.transaction().execute(async (db) => {
    // The library's valid price first; the requisition's estimate where it has none (flagged NO_PRICE).
    const library = await libraryPrices(ctx.app, db, { supplierId, currencyCode, onDate: orderDate, materialIds: lines.map((l) => l.materialId) });
    const id = await saveOne({ ...ctx, writeScope: undefined }, db, {
      supplierId,
      requisitionId,
      orderDate,
      currencyCode,
      lines: lines.map((l) => ({
        materialId: l.materialId,
        uomCode: l.uomCode,
        quantity: l.quantity,
        price: library.get(l.materialId)?.price ?? l.unitPrice ?? 0,
        requiredDate: l.needByDate,
        requisitionLineId: l.requisitionLineId,
      })),
    });
    return ok(await loadRecord(ctx, db, id));
  });
};
