// createFromAward {sourceNumber, supplierId, orderDate?, requiredDate, lines?: [{priceItemId, quantity}]}:
// a draft order of what an award (an inquiry's or auction's number) gave one supplier, at the awarded
// prices, read through SourcingApi.awardedPriceItems (never the sourcing tables). Without `lines` every
// item of the supplier is ordered at its awarded quantity.
import { ok } from '../../../server/http/envelope.js';
import { refuse } from '../../../server/errors.js';
import type { FamilyAction } from '../../../server/rest/actionContext.js';
import { loadRecord, parseId } from '../../../server/rest/read.js';
import { saveOne } from '../../../server/rest/write.js';
import type { SourcingApi } from '../../sourcing/api.js';
import { dateOf, quantityOf } from './store.js';

export const createFromAward: FamilyAction = async (ctx) => {
  const sourceNumber = typeof ctx.body.sourceNumber === 'string' ? ctx.body.sourceNumber.trim() : '';
  if (!sourceNumber) throw refuse('order.fromAward.numberRequired');
  const supplierId = parseId(ctx, ctx.body.supplierId);
  const orderDate = ctx.body.orderDate === undefined ? new Date().toISOString().slice(0, 10) : dateOf(ctx.body.orderDate, 'orderDate');
  const requiredDate = dateOf(ctx.body.requiredDate, 'requiredDate');
  const items = (await ctx.app.modules.api<SourcingApi>('sourcing').awardedPriceItems(ctx.app.db, sourceNumber)).filter((i) => i.supplierId === supplierId);
  if (items.length === 0) throw refuse('order.fromAward.none', { award: sourceNumber });
  const chosen = Array.isArray(ctx.body.lines)
    ? (ctx.body.lines as { priceItemId?: unknown; quantity?: unknown }[]).map((l, i) => {
        const item = items.find((x) => x.priceItemId === Number(l.priceItemId));
        if (!item) throw refuse('order.fromAward.notOnAward', { line: i + 1, award: sourceNumber });
        return { item, quantity: quantityOf(l.quantity, 'quantity') };
      })
    : items.map((item) => {
        if (item.quantity === null || !(item.quantity > 0)) throw refuse('order.fromAward.noQuantity', { item: item.priceItemId });
        return { item, quantity: item.quantity };
      });
  return ctx.app.db.transaction().execute(async (db) => {
    const id = await saveOne({ ...ctx, writeScope: undefined }, db, {
      supplierId,
      orderDate,
      currencyCode: items[0].currencyCode,
      title: sourceNumber,
      lines: chosen.map(({ item, quantity }) => ({ materialId: item.materialId, quantity, price: item.price, requiredDate })),
    });
    return ok(await loadRecord(ctx, db, id));
  });
};
