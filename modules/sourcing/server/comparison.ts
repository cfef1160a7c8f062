// The comparison by line and supplier (sourceSummary): every opened offer with its price converted to
// the inquiry's currency (base data's rates to CNY on the deadline's date), the ladder price at the
// line's quantity, the material's history lowest and last price, the deviation from that last price, and
// its rank on the line.
import type { ActionContext } from '../../../server/rest/actionContext.js';
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import { rowToRecord } from '../../../server/rest/records.js';
import { addReferenceDisplays } from '../../../server/rest/references.js';
import type { BaseApi } from '../../base/api.js';
import type { SupplierApi } from '../../supplier/api.js';
import type { SourcingTables } from '../generated/tables.js';
import { inquiryState, type InquiryState } from './inquiryState.js';
import { openedOffers, priceAt, type OfferLine } from './offers.js';
import { priceHistory } from './history.js';
import { decodeProposal } from './award.js';
import { inquiryRules } from './offerRules.js';
import { filesOfOffers, requireComparable, type OfferFile } from './quotationFiles.js';

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** Rate from `from` to `to` through CNY; null when a rate is missing. */
export async function converter(ctx: ActionContext, db: Db, to: string, onDate: string) {
  const base = ctx.app.modules.api<BaseApi>('base');
  const cache = new Map<string, number | null>();
  const toCny = await base.rateToCny(db, to, onDate);
  return async (amount: number, from: string): Promise<number | null> => {
    if (from === to) return amount;
    if (!cache.has(from)) cache.set(from, await base.rateToCny(db, from, onDate));
    const r = cache.get(from);
    return r === null || r === undefined || !toCny ? null : round4((amount * r) / toCny);
  };
}

export interface ComparedOffer extends OfferLine {
  supplierName: string;
  unitPrice: number;
  convertedPrice: number | null;
  deviationPercent: number | null;
  rank: number | null;
  /** While the award is in approval: the quantity proposed for this supplier on this line. */
  proposedQuantity: number | null;
  /** The quotation's files (names; the bytes through downloadQuotationFile), opened like its prices. */
  attachments: OfferFile[];
}

export async function buildComparison(ctx: ActionContext, db: Db, id: number) {
  const state: InquiryState = await inquiryState(db, id);
  // Decided or in approval: the offers stay open to read (the approver compares what was proposed).
  await requireComparable(db, id);
  const t = typed<SourcingTables>(db);
  const header = await t.selectFrom('srm_src_inquiry').select(['award_proposal', 'award_reject_reason']).where('inquiry_id', '=', id).executeTakeFirstOrThrow();
  const proposal = state.status === 'APPROVING' && header.award_proposal ? decodeProposal(header.award_proposal) : [];
  const lineEntity = ctx.app.defs.entities.get('srmSrcInquiryLine')!;
  const rawLines = await t
    .selectFrom('srm_src_inquiry_line')
    .selectAll()
    .where('inquiry_id', '=', id)
    .orderBy('line_number')
    .orderBy('inquiry_line_id')
    .execute();
  const lines = rawLines.map((r) => rowToRecord(lineEntity, r as Record<string, unknown>));
  await addReferenceDisplays(db, ctx.app.defs, lineEntity, lines);
  const offers = await openedOffers(db, id);
  const files = await filesOfOffers(ctx, db, offers);
  const suppliersApi = ctx.app.modules.api<SupplierApi>('supplier');
  const invited = await t.selectFrom('srm_src_inquiry_supplier').selectAll().where('inquiry_id', '=', id).orderBy('inquiry_supplier_id').execute();
  const names = new Map<number, string>();
  for (const s of invited) names.set(Number(s.supplier_id), (await suppliersApi.supplierName(Number(s.supplier_id), db)) ?? String(s.supplier_id));
  const convert = await converter(ctx, db, state.currencyCode, state.deadline.slice(0, 10));
  const out: (Record<string, unknown> & { inquiryLineId: number; quantity: number; offers: ComparedOffer[] })[] = [];
  let missingRate = false;
  for (const line of lines) {
    const lineId = Number(line.inquiryLineId);
    const quantity = Number(line.quantity);
    const history = (await priceHistory(db, Number(line.materialId), id)).find((h) => h.currencyCode === state.currencyCode) ?? null;
    const compared: ComparedOffer[] = [];
    for (const o of offers.filter((x) => x.inquiryLineId === lineId)) {
      const unitPrice = priceAt(o, quantity);
      const convertedPrice = await convert(unitPrice, o.currencyCode);
      if (convertedPrice === null) missingRate = true;
      const deviationPercent =
        history && convertedPrice !== null ? Math.round(((convertedPrice - history.lastPrice) / history.lastPrice) * 10_000) / 100 : null;
      const proposedQuantity = proposal.find((a) => a.lineId === lineId && a.supplierId === o.supplierId)?.quantity ?? null;
      compared.push({
        ...o,
        supplierName: names.get(o.supplierId) ?? String(o.supplierId),
        unitPrice,
        convertedPrice,
        deviationPercent,
        rank: null,
        proposedQuantity,
        attachments: files.get(o.quotationId) ?? [],
      });
    }
    const ranked = compared.filter((c) => c.convertedPrice !== null).sort((a, b) => a.convertedPrice! - b.convertedPrice!);
    ranked.forEach((c, i) => (c.rank = i + 1));
    out.push({ ...line, inquiryLineId: lineId, quantity, history, offers: compared, lowestSupplierId: ranked[0]?.supplierId ?? null });
  }
  return {
    inquiryId: id,
    inquiryNumber: state.inquiryNumber,
    title: state.title,
    status: state.status,
    currencyCode: state.currencyCode,
    deadline: state.deadline,
    roundNumber: state.roundNumber,
    serverTime: state.serverTime,
    missingRate,
    /** The offer template's rules: the screen shows the fields they ask for (freight, tax rate, validity, remarks, files). */
    offerRules: await inquiryRules(db, id),
    /** The approver's comment when the last proposed award was rejected (until the next award). */
    awardRejectReason: header.award_reject_reason,
    suppliers: invited.map((s) => ({
      supplierId: Number(s.supplier_id),
      supplierName: names.get(Number(s.supplier_id)),
      quoteStatus: s.quote_status,
      /** Why the supplier declined this round (its own words), when it did. */
      declineReason: s.quote_status === 'DECLINED' ? s.decline_reason : null,
      quotedDate: s.quoted_date,
      roundNumber: s.round_number === null ? null : Number(s.round_number),
      awardResult: s.award_result,
    })),
    lines: out,
  };
}
