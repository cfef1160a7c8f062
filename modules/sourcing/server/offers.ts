// The opened offers of an inquiry: each supplier's latest submitted quotation whose round is closed
// (the same rule as quotationUnsealed), with its lines. The comparison, the awards and auto-award all read through here,
// so no path reaches a sealed price.
import { sql } from 'kysely';
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import type { SourcingTables } from '../generated/tables.js';

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
  /** The line's validity, else the quotation's. */
  validTo: string | null;
  /** The line's freight, tax rate and remark, else the quotation's (what the offer template asked for). */
  freight: number | null;
  taxRate: number | null;
  remark: string | null;
  attachmentCount: number;
  /** The quotation's files (ids); their names come with the comparison (quotationFiles.ts). */
  attachmentIds: number[];
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

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export async function openedOffers(db: Db, inquiryId: number): Promise<OfferLine[]> {
  const t = typed<SourcingTables>(db);
  const inquiry = await t
    .selectFrom('srm_src_inquiry')
    .select(['round_number', sql<boolean>`deadline <= localtimestamp(0)`.as('opened')])
    .where('inquiry_id', '=', inquiryId)
    .executeTakeFirst();
  if (!inquiry) return [];
  // The last closed round: the current one once its deadline passed, else the one before it.
  const closedRound = Number(inquiry.round_number ?? 1) - (inquiry.opened ? 0 : 1);
  const rows = await t
    .selectFrom('srm_src_quotation as q')
    .innerJoin('srm_src_quotation_line as l', 'l.quotation_id', 'q.quotation_id')
    .select([
      'q.quotation_id',
      'l.quotation_line_id',
      'l.inquiry_line_id',
      'q.supplier_id',
      'q.round_number',
      'q.currency_code',
      'l.price',
      'l.delivery_days',
      'l.ladder_prices',
      'q.valid_to',
      'l.valid_to as line_valid_to',
      'q.freight',
      'l.freight as line_freight',
      'q.tax_rate',
      'l.tax_rate as line_tax_rate',
      'q.remark',
      'l.remark as line_remark',
      'q.attachment_ids',
      'q.submitted_date',
      'l.awarded_quantity',
    ])
    .where('q.inquiry_id', '=', inquiryId)
    .where('q.status', '=', 'SUBMITTED')
    .where('q.round_number', '<=', closedRound)
    .where('l.price', 'is not', null)
    .orderBy('l.inquiry_line_id')
    .orderBy('q.supplier_id')
    .execute();
  // Each supplier's latest closed round only.
  const latest = new Map<number, number>();
  for (const r of rows) latest.set(Number(r.supplier_id), Math.max(latest.get(Number(r.supplier_id)) ?? 0, Number(r.round_number)));
  return rows
    .filter((r) => Number(r.round_number) === latest.get(Number(r.supplier_id)))
    .map((r) => ({
      quotationId: Number(r.quotation_id),
      quotationLineId: Number(r.quotation_line_id),
      inquiryLineId: Number(r.inquiry_line_id),
      supplierId: Number(r.supplier_id),
      roundNumber: Number(r.round_number),
      currencyCode: String(r.currency_code),
      price: Number(r.price),
      deliveryDays: r.delivery_days === null ? null : Number(r.delivery_days),
      ladders: parseLadders(r.ladder_prices),
      validTo: (r.line_valid_to ?? r.valid_to) === null ? null : String(r.line_valid_to ?? r.valid_to),
      freight: num(r.line_freight ?? r.freight),
      taxRate: num(r.line_tax_rate ?? r.tax_rate),
      remark: r.line_remark ?? r.remark ?? null,
      attachmentCount: (r.attachment_ids ?? '').split(',').filter(Boolean).length,
      attachmentIds: (r.attachment_ids ?? '').split(',').filter(Boolean).map(Number),
      submittedDate: r.submitted_date === null ? null : String(r.submitted_date),
      awardedQuantity: Number(r.awarded_quantity ?? 0),
    }));
}
