// Reads of the price library for other modules (SourcingApi): the valid item per material for one
// supplier and currency on a date (orders take their prices from it), and the items an award wrote (an
// order made from an award). Other modules never read srm_price_item themselves.
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import type { SourcingTables } from '../generated/tables.js';

export interface ValidPriceItem {
  priceItemId: number;
  materialId: number;
  price: number;
  /** The award's document number (inquiry, auction) the item came from. */
  sourceNumber: string | null;
  validFrom: string;
  validTo: string;
}

export interface AwardedPriceItem extends ValidPriceItem {
  supplierId: number;
  currencyCode: string;
  quantity: number | null;
  sourceType: string;
}

const COLUMNS = ['price_item_id', 'material_id', 'price', 'source_number', 'valid_from', 'valid_to'] as const;

/** For each material, the item valid on `onDate` (yyyy-MM-dd) for this supplier and currency; the latest
 *  valid-from wins (then the newest item). Materials without one are missing from the map. */
export async function validPriceItems(
  db: Db,
  q: { supplierId: number; currencyCode: string; onDate: string; materialIds: readonly number[] },
): Promise<Map<number, ValidPriceItem>> {
  const out = new Map<number, ValidPriceItem>();
  if (!q.materialIds.length) return out;
  const rows = await typed<SourcingTables>(db)
    .selectFrom('srm_price_item as p')
    .leftJoin('srm_src_inquiry as i', 'i.inquiry_id', 'p.source_inquiry_id')
    .select(['p.price_item_id', 'p.material_id', 'p.price', 'p.valid_from', 'p.valid_to'])
    .select((eb) => eb.fn.coalesce('p.source_number', 'i.inquiry_number').as('source_number'))
    .where('p.supplier_id', '=', q.supplierId)
    .where('p.currency_code', '=', q.currencyCode)
    .where('p.material_id', 'in', [...new Set(q.materialIds)])
    .where('p.valid_from', '<=', q.onDate)
    .where('p.valid_to', '>=', q.onDate)
    .orderBy('p.valid_from')
    .orderBy('p.price_item_id')
    .execute();
  for (const r of rows)
    out.set(Number(r.material_id), {
      priceItemId: Number(r.price_item_id),
      materialId: Number(r.material_id),
      price: Number(r.price),
      sourceNumber: r.source_number,
      validFrom: r.valid_from,
      validTo: r.valid_to,
    });
  return out;
}

/** The items an award wrote, by the awarded document's number (an inquiry's or an auction's). */
export async function awardedPriceItems(db: Db, sourceNumber: string): Promise<AwardedPriceItem[]> {
  const rows = await typed<SourcingTables>(db)
    .selectFrom('srm_price_item')
    .select([...COLUMNS, 'supplier_id', 'currency_code', 'quantity', 'source_type'])
    // Items written before source numbers were kept name their inquiry by id only.
    .where((eb) =>
      eb.or([
        eb('source_number', '=', sourceNumber),
        eb.and([
          eb('source_number', 'is', null),
          eb('source_inquiry_id', 'in', eb.selectFrom('srm_src_inquiry').select('inquiry_id').where('inquiry_number', '=', sourceNumber)),
        ]),
      ]),
    )
    .orderBy('price_item_id')
    .execute();
  return rows.map((r) => ({
    priceItemId: Number(r.price_item_id),
    materialId: Number(r.material_id),
    price: Number(r.price),
    sourceNumber: r.source_number ?? sourceNumber,
    validFrom: r.valid_from,
    validTo: r.valid_to,
    supplierId: Number(r.supplier_id),
    currencyCode: r.currency_code,
    quantity: r.quantity === null ? null : Number(r.quantity),
    sourceType: r.source_type,
  }));
}
