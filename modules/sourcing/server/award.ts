// Awards: per line, to one or more suppliers by quantity (the sum may not exceed the line's quantity),
// only on opened offers. Checked when proposed (kept on the inquiry while it is approved, awardFlow.ts)
// and again when it takes effect, which writes the awarded quantities, each invited supplier's result,
// the price items (price at the awarded quantity, valid from today to the quotation's validity or one
// year) and raises `inquiry.awarded` for the result messages.
import type { ActionContext } from '../../../server/rest/actionContext.js';
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import { refuse } from '../../../server/errors.js';
import type { SourcingTables } from '../generated/tables.js';
import type { InquiryState } from './inquiryState.js';
import { openedOffers, priceAt } from './offers.js';
import { defaultValidity, recordPriceItems, type NewPriceItem } from './priceItems.js';

export interface Award {
  lineId: number;
  supplierId: number;
  quantity: number;
}

export function parseAwards(raw: unknown): Award[] {
  if (!Array.isArray(raw) || raw.length === 0) throw refuse('sourcing.noAwards');
  return raw.map((a) => {
    const r = (a ?? {}) as Record<string, unknown>;
    const lineId = Number(r.lineId);
    const supplierId = Number(r.supplierId);
    const quantity = Number(r.quantity);
    if (!Number.isSafeInteger(lineId) || !Number.isSafeInteger(supplierId)) throw refuse('sourcing.badAward');
    if (!Number.isFinite(quantity) || quantity <= 0) throw refuse('sourcing.badAwardQuantity');
    return { lineId, supplierId, quantity: Math.round(quantity * 10_000) / 10_000 };
  });
}

/** The award as it waits for approval on the inquiry (`awardProposal`): `[[lineId, supplierId, quantity], …]`. */
export function encodeProposal(awards: Award[]): string {
  const text = JSON.stringify(awards.map((a) => [a.lineId, a.supplierId, a.quantity]));
  if (text.length > 4000) throw refuse('sourcing.awardTooLarge');
  return text;
}

export function decodeProposal(text: string | null): Award[] {
  if (!text) throw refuse('sourcing.noProposal');
  return (JSON.parse(text) as [number, number, number][]).map(([lineId, supplierId, quantity]) => ({ lineId, supplierId, quantity }));
}

/** Every check of an award on the inquiry's opened offers; nothing written. Run when it is proposed and
 *  again when it takes effect. */
export async function checkAwards(trx: Db, inquiryId: number, awards: Award[]) {
  const t = typed<SourcingTables>(trx);
  const lines = await t
    .selectFrom('srm_src_inquiry_line')
    .select(['inquiry_line_id', 'quantity', 'material_id', 'line_number'])
    .where('inquiry_id', '=', inquiryId)
    .execute();
  const lineById = new Map(lines.map((l) => [Number(l.inquiry_line_id), l]));
  const offers = await openedOffers(trx, inquiryId);
  const seen = new Set<string>();
  const sums = new Map<number, number>();
  for (const a of awards) {
    const line = lineById.get(a.lineId);
    if (!line) throw refuse('sourcing.awardUnknownLine');
    const key = `${a.lineId}:${a.supplierId}`;
    if (seen.has(key)) throw refuse('sourcing.awardDuplicate', { line: Number(line.line_number ?? 0) });
    seen.add(key);
    if (!offers.some((o) => o.inquiryLineId === a.lineId && o.supplierId === a.supplierId))
      throw refuse('sourcing.awardNoOffer', { line: Number(line.line_number ?? 0) });
    sums.set(a.lineId, (sums.get(a.lineId) ?? 0) + a.quantity);
  }
  for (const [lineId, sum] of sums) {
    const line = lineById.get(lineId)!;
    if (sum > Number(line.quantity) + 1e-9)
      throw refuse('sourcing.awardTooMuch', { line: Number(line.line_number ?? 0), quantity: Number(line.quantity), awarded: sum });
  }
  return { lineById, offers, sums };
}

/** Writes an award that takes effect (the inquiry is already AWARDED by its approval transition): awarded
 *  quantities, results, price items, `inquiry.awarded`. `awardedBy`: who proposed it. */
export async function writeAward(ctx: ActionContext, trx: Db, state: InquiryState, awards: Award[], awardedBy: number) {
  const t = typed<SourcingTables>(trx);
  const { lineById, offers, sums } = await checkAwards(trx, state.inquiryId, awards);
  await t
    .updateTable('srm_src_inquiry')
    .set({ awarded_by: awardedBy, award_proposal: null, award_reject_reason: null })
    .where('inquiry_id', '=', state.inquiryId)
    .execute();
  const { validFrom: today, validTo: yearOn } = await defaultValidity(trx);
  for (const lineId of lineById.keys()) {
    await t
      .updateTable('srm_src_inquiry_line')
      .set({ awarded_quantity: sums.get(lineId) ?? 0 })
      .where('inquiry_line_id', '=', lineId)
      .execute();
  }
  const items: NewPriceItem[] = [];
  for (const o of offers) {
    const a = awards.find((x) => x.lineId === o.inquiryLineId && x.supplierId === o.supplierId);
    await t
      .updateTable('srm_src_quotation_line')
      .set({ awarded_quantity: a?.quantity ?? 0 })
      .where('quotation_line_id', '=', o.quotationLineId)
      .execute();
    if (!a) continue;
    const line = lineById.get(a.lineId)!;
    items.push({
      supplierId: a.supplierId,
      materialId: Number(line.material_id),
      price: priceAt(o, a.quantity),
      currencyCode: o.currencyCode,
      quantity: a.quantity,
      validFrom: today,
      validTo: o.validTo && o.validTo >= today ? o.validTo : yearOn,
      sourceType: 'INQUIRY',
      sourceId: state.inquiryId,
      sourceNumber: state.inquiryNumber,
      sourceLineId: a.lineId,
    });
  }
  await recordPriceItems(trx, items, awardedBy);
  const winners = [...new Set(awards.map((a) => a.supplierId))];
  const invited = await t.selectFrom('srm_src_inquiry_supplier').select(['supplier_id']).where('inquiry_id', '=', state.inquiryId).execute();
  const losers = invited.map((s) => Number(s.supplier_id)).filter((s) => !winners.includes(s));
  if (winners.length)
    await t
      .updateTable('srm_src_inquiry_supplier')
      .set({ award_result: 'WON' })
      .where('inquiry_id', '=', state.inquiryId)
      .where('supplier_id', 'in', winners)
      .execute();
  if (losers.length)
    await t
      .updateTable('srm_src_inquiry_supplier')
      .set({ award_result: 'LOST' })
      .where('inquiry_id', '=', state.inquiryId)
      .where('supplier_id', 'in', losers)
      .execute();
  ctx.events.add('inquiry.awarded', {
    inquiryId: state.inquiryId,
    inquiryNumber: state.inquiryNumber,
    title: state.title,
    winnerIds: winners,
    loserIds: losers,
    senderId: awardedBy,
  });
}
