// Prices from the price library (modules/sourcing, through SourcingApi): each line of a draft order is
// compared with the item valid on the order date for its supplier, material and currency. A line saved
// without a price (0) takes the library's; the line keeps which item it is (`priceItemId`, shown as
// `priceSource` "#id source-number") and a flag: LIBRARY (the library's price), DIFFERS (typed otherwise)
// or NO_PRICE (no valid item). Nothing is refused: the flag marks the lines a buyer should look at.
import type { AppContext } from '../../../server/context.js';
import type { Db } from '../../../server/db/connect.js';
import type { SourcingApi, ValidPriceItem } from '../../sourcing/api.js';
import { po, units } from './store.js';

export const priceSourceOf = (i: ValidPriceItem) => `#${i.priceItemId}${i.sourceNumber ? ` ${i.sourceNumber}` : ''}`.slice(0, 80);

export async function libraryPrices(
  app: AppContext,
  db: Db,
  q: { supplierId: number; currencyCode: string; onDate: string; materialIds: readonly number[] },
): Promise<Map<number, ValidPriceItem>> {
  if (!app.modules.hasApi('sourcing')) return new Map();
  return app.modules.api<SourcingApi>('sourcing').validPriceItems(db, q);
}

/** Fills and flags the prices of an order's lines (a draft's save). */
export async function applyLibraryPrices(app: AppContext, db: Db, orderId: number): Promise<void> {
  const h = await po(db)
    .selectFrom('srm_po_order')
    .select(['supplier_id', 'currency_code', 'order_date'])
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  const lines = await po(db).selectFrom('srm_po_order_line').select(['order_line_id', 'material_id', 'price']).where('order_id', '=', orderId).execute();
  const items = await libraryPrices(app, db, {
    supplierId: h.supplier_id,
    currencyCode: h.currency_code ?? 'CNY',
    onDate: h.order_date ?? new Date().toISOString().slice(0, 10),
    materialIds: lines.map((l) => l.material_id),
  });
  for (const l of lines) {
    const item = items.get(l.material_id);
    const price = item && units(l.price) === 0 ? item.price : Number(l.price);
    const flag = !item ? 'NO_PRICE' : units(price) === units(item.price) ? 'LIBRARY' : 'DIFFERS';
    await po(db)
      .updateTable('srm_po_order_line')
      .set({ price, price_item_id: item?.priceItemId ?? null, price_source: item ? priceSourceOf(item) : null, price_flag: flag })
      .where('order_line_id', '=', l.order_line_id)
      .execute();
  }
}
