// Price history of a material from the price library: the lowest and the latest price, per currency.
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import type { SourcingTables } from '../generated/tables.js';

export interface PriceHistory {
  currencyCode: string;
  lowestPrice: number;
  lowestSupplierId: number;
  lowestValidFrom: string;
  lastPrice: number;
  lastSupplierId: number;
  lastValidFrom: string;
  count: number;
}

/** `excludeInquiryId`: leave out the items an inquiry's own award wrote (its comparison compares with the past). */
export async function priceHistory(db: Db, materialId: number, excludeInquiryId?: number): Promise<PriceHistory[]> {
  let q = typed<SourcingTables>(db)
    .selectFrom('srm_price_item')
    .select(['supplier_id', 'price', 'currency_code', 'valid_from', 'price_item_id'])
    .where('material_id', '=', materialId);
  if (excludeInquiryId !== undefined) q = q.where((eb) => eb.or([eb('source_inquiry_id', 'is', null), eb('source_inquiry_id', '<>', excludeInquiryId)]));
  const rows = await q.orderBy('valid_from').orderBy('price_item_id').execute();
  const byCurrency = new Map<string, PriceHistory>();
  for (const r of rows) {
    const price = Number(r.price);
    const h = byCurrency.get(r.currency_code);
    const entry = { price, supplierId: Number(r.supplier_id), validFrom: String(r.valid_from) };
    if (!h) {
      byCurrency.set(r.currency_code, {
        currencyCode: r.currency_code,
        lowestPrice: price,
        lowestSupplierId: entry.supplierId,
        lowestValidFrom: entry.validFrom,
        lastPrice: price,
        lastSupplierId: entry.supplierId,
        lastValidFrom: entry.validFrom,
        count: 1,
      });
      continue;
    }
    h.count++;
    if (price < h.lowestPrice) Object.assign(h, { lowestPrice: price, lowestSupplierId: entry.supplierId, lowestValidFrom: entry.validFrom });
    Object.assign(h, { lastPrice: price, lastSupplierId: entry.supplierId, lastValidFrom: entry.validFrom });
  }
  return [...byCurrency.values()];
}
