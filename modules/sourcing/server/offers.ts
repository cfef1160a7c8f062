// The opened offers of an inquiry: each supplier's latest submitted quotation whose round is closed
// (quotationUnsealed), with its lines. The comparison, the awards and auto-award all read through here,
// so no path reaches a sealed price.
import { sql } from 'kysely';
import type { Db } from '../../../server/db/connect.js';

export interface Ladder {
  fromQuantity: number;
  price: number;
}

export interface OfferLine {
  quotationId: number;
  quotationLineId: number;
  inquiryLineId: number;
  supplierId: number;
  roundNumber: number;
  currencyCode: string;
  price: number;
  deliveryDays: number | null;
  ladders: Ladder[];
  validTo: string | null;
  submittedDate: string | null;
  awardedQuantity: number;
}

export function parseLadders(text: string | null): Ladder[] {
  if (!text) return [];
  try {
    const v = JSON.parse(text) as Ladder[];
    return Array.isArray(v) ? v.map((l) => ({ fromQuantity: Number(l.fromQuantity), price: Number(l.price) })) : [];
  } catch {
    return [];
  }
}

/** The price that applies at `quantity`: the ladder step with the largest fromQuantity not above it, else the base price. */
export function priceAt(line: Pick<OfferLine, 'price' | 'ladders'>, quantity: number): number {
  let best: Ladder | undefined;
  for (const l of line.ladders) if (l.fromQuantity <= quantity && (!best || l.fromQuantity > best.fromQuantity)) best = l;
  return best ? best.price : line.price;
}

export async function openedOffers(db: Db, inquiryId: number): Promise<OfferLine[]> {
  const rows = await sql<Record<string, unknown>>`
    select q.quotation_id, l.quotation_line_id, l.inquiry_line_id, q.supplier_id, q.round_number, q.currency_code,
      l.price, l.delivery_days, l.ladder_prices, to_char(q.valid_to, 'YYYY-MM-DD') as valid_to,
      to_char(q.submitted_date, 'YYYY-MM-DD HH24:MI:SS') as submitted_date, l.awarded_quantity
    from srm_src_quotation q
    join srm_src_quotation_line l on l.quotation_id = q.quotation_id
    where q.inquiry_id = ${inquiryId} and q.status = 'SUBMITTED' and l.price is not null
      and exists (select 1 from srm_src_inquiry i where i.inquiry_id = q.inquiry_id
        and (q.round_number < i.round_number or i.deadline <= localtimestamp(0)))
      and q.round_number = (select max(q2.round_number) from srm_src_quotation q2
        where q2.inquiry_id = q.inquiry_id and q2.supplier_id = q.supplier_id and q2.status = 'SUBMITTED'
          and (q2.round_number < (select i2.round_number from srm_src_inquiry i2 where i2.inquiry_id = q.inquiry_id)
            or (select i3.deadline from srm_src_inquiry i3 where i3.inquiry_id = q.inquiry_id) <= localtimestamp(0)))
    order by l.inquiry_line_id, q.supplier_id`.execute(db);
  return rows.rows.map((r) => ({
    quotationId: Number(r.quotation_id),
    quotationLineId: Number(r.quotation_line_id),
    inquiryLineId: Number(r.inquiry_line_id),
    supplierId: Number(r.supplier_id),
    roundNumber: Number(r.round_number),
    currencyCode: String(r.currency_code),
    price: Number(r.price),
    deliveryDays: r.delivery_days === null ? null : Number(r.delivery_days),
    ladders: parseLadders(r.ladder_prices as string | null),
    validTo: (r.valid_to as string | null) ?? null,
    submittedDate: (r.submitted_date as string | null) ?? null,
    awardedQuantity: Number(r.awarded_quantity ?? 0),
  }));
}
