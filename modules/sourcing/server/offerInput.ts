// A supplier's offer as sent to doSupplierOfferPrice, checked field by field (CONTRACT.md "Sourcing":
// {inquiryId, lines: [{lineId, price, deliveryDays, ladders?: [{fromQuantity, price}]}]}, plus submit,
// currencyCode, validTo, freight, taxRate, remark, attachmentIds; and per line validTo, freight, taxRate,
// remark), then held to the inquiry's offer template (enforceRules).
import { refuse } from '../../../server/errors.js';
import { message, type Language } from '../../../server/i18n/messages.js';
import type { Ladder } from './offers.js';
import type { OfferField, OfferRules } from './offerRules.js';

export interface OfferInput {
  submit: boolean;
  currencyCode: string;
  validTo: string | null;
  freight: number | null;
  taxRate: number | null;
  remark: string | null;
  /** Files the supplier uploaded for this quotation (null: not sent, keep what it has). */
  attachmentIds: number[] | null;
  lines: OfferLineInput[];
}

export interface OfferLineInput {
  lineId: number;
  /** The inquiry line's number, for messages. */
  lineNumber: number;
  price: number;
  deliveryDays: number | null;
  ladders: Ladder[];
  remark: string | null;
  validTo: string | null;
  freight: number | null;
  taxRate: number | null;
}

const money = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v > 0 && v < 1e14;
const optionalNumber = (v: unknown, key: string, max: number): number | null => {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > max) throw refuse(key);
  return v;
};
const text = (v: unknown, max: number) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null);
const date = (v: unknown): string | null => {
  if (v === undefined || v === null || v === '') return null;
  const d = String(v);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) throw refuse('sourcing.offerBadValidTo');
  return d;
};
function ids(v: unknown): number[] | null {
  if (v === undefined || v === null) return null;
  const parts = Array.isArray(v) ? v : String(v).split(',');
  const out = parts.map((x) => Number(String(x).trim())).filter((n) => Number.isSafeInteger(n) && n > 0);
  if (out.length !== parts.filter((x) => String(x).trim() !== '').length) throw refuse('sourcing.offerBadAttachments');
  return [...new Set(out)];
}

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
    out.push({
      lineId,
      lineNumber,
      price: Math.round((r.price as number) * 10_000) / 10_000,
      deliveryDays,
      ladders,
      remark: text(r.remark, 500),
      validTo: date(r.validTo),
      freight: optionalNumber(r.freight, 'sourcing.offerBadFreight', 1e12),
      taxRate: optionalNumber(r.taxRate, 'sourcing.offerBadTaxRate', 100),
    });
  }
  const validTo = date(body.validTo);
  const currency = typeof body.currencyCode === 'string' && /^[A-Z]{3}$/.test(body.currencyCode) ? body.currencyCode : inquiryCurrency;
  return {
    submit: body.submit !== false,
    currencyCode: currency,
    validTo,
    freight: optionalNumber(body.freight, 'sourcing.offerBadFreight', 1e12),
    taxRate: optionalNumber(body.taxRate, 'sourcing.offerBadTaxRate', 100),
    remark: text(body.remark, 1000),
    attachmentIds: ids(body.attachmentIds),
    lines: out,
  };
}

/** Line fields a quotation-wide value may stand for (the header's validTo, freight, taxRate, remark). */
const HEADER_FALLBACK = ['validTo', 'freight', 'taxRate', 'remark'] as const;

function lineValue(offer: OfferInput, line: OfferLineInput, field: Exclude<OfferField, 'attachments'>): unknown {
  if (field === 'ladders') return line.ladders.length ? line.ladders : null;
  if (field === 'deliveryDays') return line.deliveryDays;
  return line[field] ?? offer[field];
}

/**
 * The inquiry's template: a field it hides is refused wherever it is sent (the supplier is told which);
 * on submit a field it requires must be given on every quoted line (a quotation-wide validTo, freight, tax
 * rate or remark counts for each line), and files when it requires attachments. A draft may be incomplete.
 * `attachmentCount`: the files the quotation will hold after this call.
 */
export function enforceRules(offer: OfferInput, rules: OfferRules, lang: Language, attachmentCount: number): void {
  const name = (f: OfferField) => message(lang, `sourcing.offerField.${f}`);
  for (const f of HEADER_FALLBACK) if (rules[f] === 'HIDDEN' && offer[f] !== null) throw refuse('sourcing.offerFieldHiddenQuote', { field: name(f) });
  if (rules.attachments === 'HIDDEN' && offer.attachmentIds?.length) throw refuse('sourcing.offerFieldHiddenQuote', { field: name('attachments') });
  for (const line of offer.lines) {
    for (const f of ['ladders', 'deliveryDays', ...HEADER_FALLBACK] as const) {
      const own = f === 'ladders' ? (line.ladders.length ? line.ladders : null) : line[f];
      if (rules[f] === 'HIDDEN' && own !== null) throw refuse('sourcing.offerFieldHidden', { line: line.lineNumber, field: name(f) });
      if (offer.submit && rules[f] === 'REQUIRED' && (lineValue(offer, line, f) ?? null) === null)
        throw refuse('sourcing.offerFieldRequired', { line: line.lineNumber, field: name(f) });
    }
  }
  if (offer.submit && rules.attachments === 'REQUIRED' && attachmentCount === 0) throw refuse('sourcing.offerAttachmentsRequired');
}
