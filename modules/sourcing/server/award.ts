// Awards: per line, to one or more suppliers by quantity (the sum may not exceed the line's quantity),
// only on opened offers. Writes the awarded quantities, each invited supplier's result, the price items
// (price at the awarded quantity, valid from today to the quotation's validity or one year), sets the
// inquiry AWARDED and raises `inquiry.awarded` for the result messages.
import { sql } from 'kysely';
import type { ActionContext } from '../../../server/rest/actionContext.js';
import type { Db } from '../../../server/db/connect.js';
import { auditUpdate, dbNow, typed } from '../../../server/db/typed.js';
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

export async function applyAward(ctx: ActionContext, trx: Db, state: InquiryState, awards: Award[]) {
  const t = typed<SourcingTables>(trx);
  const lines = await t
    .selectFrom('srm_src_inquiry_line')
    .select(['inquiry_line_id', 'quantity', 'material_id', 'line_number'])
    .where('inquiry_id', '=', state.inquiryId)
    .execute();
  const lineById = new Map(lines.map((l) => [Number(l.inquiry_line_id), l]));
  const offers = await openedOffers(trx, state.inquiryId);
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
  // Guarded: a second concurrent award (or one racing a cancel) loses cleanly.
  const updated = await t
    .updateTable('srm_src_inquiry')
    .set({ status: 'AWARDED', awarded_date: dbNow(), awarded_by: ctx.session.userId, ...auditUpdate(ctx.session.userId) })
    .where('inquiry_id', '=', state.inquiryId)
    .where('status', '=', 'PUBLISHED')
    .where('version_num', '=', state.versionNum)
    .where(sql<boolean>`deadline <= localtimestamp(0)`)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw refuse('sourcing.changedMeanwhile');
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
  await recordPriceItems(trx, items, ctx.session.userId);
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
    senderId: ctx.session.userId,
  });
}
