// awardedSources {supplierId?}: the awards an order may be made from (createFromAward), read through the
// sourcing module's public API (never its tables): per awarded inquiry and winner, its number, title,
// currency, item count and awarded amount, newest first. The buyer picks one on a new order.
import { ok } from '../../../server/http/envelope.js';
import type { FamilyAction } from '../../../server/rest/actionContext.js';
import { internalSourceFilter, supplierNamesOf } from './orderSources.js';
import type { SourcingApi } from '../../sourcing/api.js';

export const awardedSources: FamilyAction = async (ctx) => {
  // Awards name every winner and price: the buyer's business, never a supplier's (MY_ORDERS reads this family).
  const list = await ctx.app.modules.api<SourcingApi>('sourcing').awards(ctx.app.db, internalSourceFilter(ctx));
  const names = await supplierNamesOf(
    ctx,
    list.map((a) => a.supplierId),
  );
  return ok(
    list.map((a) => ({
      sourceNumber: a.inquiryNumber,
      title: a.title,
      awardedDate: a.awardedDate,
      supplierId: a.supplierId,
      supplierName: names.get(a.supplierId) ?? null,
      currencyCode: a.currencyCode,
      items: a.lines.length,
      amount: Math.round(a.lines.reduce((s, l) => s + l.quantity * l.price, 0) * 100) / 100,
    })),
  );
};
