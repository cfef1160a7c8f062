// The one writer of the price library: the inquiry award and other modules' awards (an auction's, through
// SourcingApi.recordPriceItems) write their items here, inside the caller's transaction.
import { sql } from 'kysely';
import type { Db } from '../../../server/db/connect.js';
import { auditInsert, typed } from '../../../server/db/typed.js';
import type { SourcingTables } from '../generated/tables.js';

export type PriceSourceType = 'INQUIRY' | 'AUCTION';

export interface NewPriceItem {
  supplierId: number;
  materialId: number;
  /** Unit price in `currencyCode`, at most four decimals. */
  price: number;
  currencyCode: string;
  quantity?: number | null;
  /** yyyy-MM-dd */
  validFrom: string;
  validTo: string;
  sourceType: PriceSourceType;
  /** The source document's id (inquiry, auction) and number, shown on the price library. */
  sourceId: number;
  sourceNumber: string;
  /** Inquiries only: the inquiry line the item was awarded on. */
  sourceLineId?: number | null;
}

export async function recordPriceItems(db: Db, items: readonly NewPriceItem[], userId: number): Promise<number[]> {
  const ids: number[] = [];
  for (const i of items) {
    const row = await typed<SourcingTables>(db)
      .insertInto('srm_price_item')
      .values({
        supplier_id: i.supplierId,
        material_id: i.materialId,
        price: Math.round(i.price * 10_000) / 10_000,
        currency_code: i.currencyCode,
        quantity: i.quantity ?? null,
        valid_from: i.validFrom,
        valid_to: i.validTo,
        source_type: i.sourceType,
        source_id: i.sourceId,
        source_number: i.sourceNumber,
        // The older inquiry columns stay filled for inquiries (the comparison's history leaves its own out).
        source_inquiry_id: i.sourceType === 'INQUIRY' ? i.sourceId : null,
        source_inquiry_line_id: i.sourceType === 'INQUIRY' ? (i.sourceLineId ?? null) : null,
        ...auditInsert(userId),
      })
      .returning('price_item_id')
      .executeTakeFirstOrThrow();
    ids.push(Number(row.price_item_id));
  }
  return ids;
}

/** The latest unit price of each material in a currency (null when the library has none). */
export async function latestUnitPrices(db: Db, materialIds: readonly number[], currencyCode: string): Promise<Map<number, number | null>> {
  const out = new Map<number, number | null>(materialIds.map((m) => [m, null]));
  if (!materialIds.length) return out;
  const rows = await typed<SourcingTables>(db)
    .selectFrom('srm_price_item')
    .select(['material_id', 'price'])
    .where('material_id', 'in', [...materialIds])
    .where('currency_code', '=', currencyCode)
    .orderBy('valid_from')
    .orderBy('price_item_id')
    .execute();
  for (const r of rows) out.set(Number(r.material_id), Number(r.price));
  return out;
}

/** The default validity of an awarded price: from today (the database's date) for one year. */
export async function defaultValidity(db: Db): Promise<{ validFrom: string; validTo: string }> {
  const r = await sql<{ f: string; t: string }>`select to_char(current_date, 'YYYY-MM-DD') as f,
    to_char(current_date + interval '1 year' - interval '1 day', 'YYYY-MM-DD') as t`.execute(db);
  return { validFrom: r.rows[0].f, validTo: r.rows[0].t };
}
