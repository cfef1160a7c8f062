// A supplier's offer as sent to doSupplierOfferPrice, checked field by field (CONTRACT.md "Sourcing":
// {inquiryId, lines: [{lineId, price, deliveryDays, ladders?: [{fromQuantity, price}]}]}, plus submit,
// currencyCode, validTo, freight, taxRate, remark).
import { refuse } from '../../../server/errors.js';
import type { Ladder } from './offers.js';

export interface OfferInput {
  submit: boolean;
  currencyCode: string;
  validTo: string | null;
  freight: number | null;
  taxRate: number | null;
  remark: string | null;
  lines: { lineId: number; price: number; deliveryDays: number | null; ladders: Ladder[]; remark: string | null }[];
}

const money = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v > 0 && v < 1e14;
const optionalNumber = (v: unknown, key: string, max: number): number | null => {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > max) throw refuse(key);
  return v;
};
const text = (v: unknown, max: number) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null);

/** `lines`: the inquiry's line ids → line numbers (for messages). */
export function parseOffer(body: Record<string, unknown>, lines: Map<number, number>, inquiryCurrency: string): OfferInput {
  const raw = body.lines;
  if (!Array.isArray(raw) || raw.length === 0) throw refuse('sourcing.offerNoLines');
  const seen = new Set<number>();
  const out: OfferInput['lines'] = [];
  for (const item of raw) {
    const r = (item ?? {}) as Record<string, unknown>;
    const lineId = Number(r.lineId);
    const lineNumber = lines.get(lineId);
    if (lineNumber === undefined) throw refuse('sourcing.offerUnknownLine');
    if (seen.has(lineId)) throw refuse('sourcing.offerDuplicateLine', { line: lineNumber });
    seen.add(lineId);
    if (!money(r.price)) throw refuse('sourcing.offerBadPrice', { line: lineNumber });
    const deliveryDays = r.deliveryDays === undefined || r.deliveryDays === null ? null : Number(r.deliveryDays);
    if (deliveryDays !== null && (!Number.isInteger(deliveryDays) || deliveryDays < 0 || deliveryDays > 3650))
      throw refuse('sourcing.offerBadDays', { line: lineNumber });
    const ladders: Ladder[] = [];
    if (r.ladders !== undefined && r.ladders !== null) {
      if (!Array.isArray(r.ladders)) throw refuse('sourcing.offerBadLadder', { line: lineNumber });
      for (const l of r.ladders as Record<string, unknown>[]) {
        const from = Number(l?.fromQuantity);
        if (!Number.isFinite(from) || from <= 0 || !money(l?.price)) throw refuse('sourcing.offerBadLadder', { line: lineNumber });
        if (ladders.some((x) => x.fromQuantity === from)) throw refuse('sourcing.offerBadLadder', { line: lineNumber });
        ladders.push({ fromQuantity: from, price: Math.round(Number(l.price) * 10_000) / 10_000 });
      }
      ladders.sort((a, b) => a.fromQuantity - b.fromQuantity);
    }
    out.push({ lineId, price: Math.round((r.price as number) * 10_000) / 10_000, deliveryDays, ladders, remark: text(r.remark, 500) });
  }
  const validTo = body.validTo === undefined || body.validTo === null || body.validTo === '' ? null : String(body.validTo);
  if (validTo !== null && !/^\d{4}-\d{2}-\d{2}$/.test(validTo)) throw refuse('sourcing.offerBadValidTo');
  const currency = typeof body.currencyCode === 'string' && /^[A-Z]{3}$/.test(body.currencyCode) ? body.currencyCode : inquiryCurrency;
  return {
    submit: body.submit !== false,
    currencyCode: currency,
    validTo,
    freight: optionalNumber(body.freight, 'sourcing.offerBadFreight', 1e12),
    taxRate: optionalNumber(body.taxRate, 'sourcing.offerBadTaxRate', 100),
    remark: text(body.remark, 1000),
    lines: out,
  };
}
