// The supplier's side: the inquiries it is invited to (listByPageForBid), one of them with its own
// quotation (findInquiryForBid), and quoting (doSupplierOfferPrice: draft, submit, revise until the
// deadline of the round it takes part in). Never another supplier's identity or price.
import { sql, type Transaction } from 'kysely';
import { ok } from '../../../server/http/envelope.js';
import type { ActionContext, FamilyAction } from '../../../server/rest/actionContext.js';
import { parseId } from '../../../server/rest/read.js';
import { rowToRecord } from '../../../server/rest/records.js';
import { addReferenceDisplays } from '../../../server/rest/references.js';
import { auditInsert, auditUpdate, dbNow, lockInTransaction, typed } from '../../../server/db/typed.js';
import { forbidden, refuse } from '../../../server/errors.js';
import type { Db } from '../../../server/db/connect.js';
import type { SourcingTables } from '../generated/tables.js';
import { inquiryState } from './inquiryState.js';
import { enforceRules, parseOffer } from './offerInput.js';
import { inquiryRules } from './offerRules.js';
import type { FilesApi } from '../../files/api.js';

function supplierOf(ctx: ActionContext): number {
  if (ctx.session.userType !== 'EXTERNAL' || !ctx.session.supplierId) throw forbidden('sourcing.suppliersOnly');
  return ctx.session.supplierId;
}

const listByPageForBid: FamilyAction = async (ctx) => {
  const supplierId = supplierOf(ctx);
  const params = (ctx.body.params ?? {}) as Record<string, unknown>;
  const pageIndex = Math.max(1, Number(ctx.body.pageIndex ?? 1) || 1);
  const pageRows = Math.min(200, Math.max(1, Number(ctx.body.pageRows ?? 20) || 20));
  const title = typeof params.title === 'string' && params.title.trim() ? `%${params.title.trim()}%` : null;
  const status = typeof params.status === 'string' && params.status ? params.status : null;
  // The inquiry header joined with this supplier's own invitation row only (never the other invitees).
  const base = typed<SourcingTables>(ctx.app.db)
    .selectFrom('srm_src_inquiry as i')
    .innerJoin('srm_src_inquiry_supplier as s', 's.inquiry_id', 'i.inquiry_id')
    .where('i.status', '<>', 'DRAFT')
    .where('s.supplier_id', '=', supplierId)
    .$if(title !== null, (q) => q.where((eb) => eb.or([eb('i.title', 'ilike', title!), eb('i.inquiry_number', 'ilike', title!)])))
    .$if(status !== null, (q) => q.where('i.status', '=', status!));
  const rows = await base
    .select([
      'i.inquiry_id',
      'i.inquiry_number',
      'i.title',
      'i.status',
      'i.currency_code',
      'i.deadline',
      'i.round_number',
      's.quote_status',
      's.award_result',
      's.quoted_date',
      sql<boolean>`(i.status = 'PUBLISHED' and i.deadline > localtimestamp(0) and s.round_number = i.round_number)`.as('can_quote'),
      sql<string>`to_char(localtimestamp(0), 'YYYY-MM-DD HH24:MI:SS')`.as('server_time'),
    ])
    .orderBy('i.deadline', 'desc')
    .orderBy('i.inquiry_id', 'desc')
    .limit(pageRows)
    .offset((pageIndex - 1) * pageRows)
    .execute();
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const data = rows.map((r) => ({
    inquiryId: Number(r.inquiry_id),
    inquiryNumber: r.inquiry_number,
    title: r.title,
    status: r.status,
    currencyCode: r.currency_code,
    deadline: r.deadline,
    roundNumber: Number(r.round_number),
    quoteStatus: r.quote_status,
    quotedDate: r.quoted_date,
    awardResult: r.award_result,
    canQuote: Boolean(r.can_quote),
    serverTime: r.server_time,
  }));
  return ok(data, '', { count: Number(count.n), curIndex: pageIndex, pageRows });
};

/** The invitation row, or the same refusal whether the inquiry is missing, a draft or not for this supplier. */
async function invitation(ctx: ActionContext, db: Db, inquiryId: number, supplierId: number) {
  const row = await typed<SourcingTables>(db)
    .selectFrom('srm_src_inquiry_supplier as s')
    .innerJoin('srm_src_inquiry as i', 'i.inquiry_id', 's.inquiry_id')
    .select(['s.inquiry_supplier_id', 's.round_number', 'i.status'])
    .where('s.inquiry_id', '=', inquiryId)
    .where('s.supplier_id', '=', supplierId)
    .where('i.status', '<>', 'DRAFT')
    .executeTakeFirst();
  if (!row) throw refuse('sourcing.notInvited');
  return row;
}

async function ownQuotation(ctx: ActionContext, db: Db, inquiryId: number, supplierId: number) {
  const t = typed<SourcingTables>(db);
  const q = await t
    .selectFrom('srm_src_quotation')
    .selectAll()
    .where('inquiry_id', '=', inquiryId)
    .where('supplier_id', '=', supplierId)
    .orderBy('round_number', 'desc')
    .executeTakeFirst();
  if (!q) return null;
  const qe = ctx.app.defs.entities.get('srmSrcQuotation')!;
  const le = ctx.app.defs.entities.get('srmSrcQuotationLine')!;
  const record = rowToRecord(qe, q as Record<string, unknown>);
  const lines = await t.selectFrom('srm_src_quotation_line').selectAll().where('quotation_id', '=', q.quotation_id).orderBy('quotation_line_id').execute();
  record.lines = lines.map((l) => rowToRecord(le, l as Record<string, unknown>));
  return record;
}

const findInquiryForBid: FamilyAction = async (ctx) => {
  const supplierId = supplierOf(ctx);
  const id = parseId(ctx, ctx.body.id);
  const inv = await invitation(ctx, ctx.app.db, id, supplierId);
  const state = await inquiryState(ctx.app.db, id);
  const t = typed<SourcingTables>(ctx.app.db);
  const header = await t.selectFrom('srm_src_inquiry').select(['terms', 'category_id']).where('inquiry_id', '=', id).executeTakeFirstOrThrow();
  const le = ctx.app.defs.entities.get('srmSrcInquiryLine')!;
  const rawLines = await t
    .selectFrom('srm_src_inquiry_line')
    .selectAll()
    .where('inquiry_id', '=', id)
    .orderBy('line_number')
    .orderBy('inquiry_line_id')
    .execute();
  const lines = rawLines.map((r) => rowToRecord(le, r as Record<string, unknown>));
  await addReferenceDisplays(ctx.app.db, ctx.app.defs, le, lines);
  // A supplier learns the quantities it is asked for and what it was awarded, nothing of the others.
  for (const l of lines) delete l.awardedQuantity;
  return ok({
    inquiryId: id,
    inquiryNumber: state.inquiryNumber,
    title: state.title,
    status: state.status,
    currencyCode: state.currencyCode,
    deadline: state.deadline,
    serverTime: state.serverTime,
    roundNumber: state.roundNumber,
    terms: header.terms,
    canQuote: state.status === 'PUBLISHED' && !state.opened && Number(inv.round_number) === state.roundNumber,
    /** The offer template's rules this inquiry's quotes follow (copied when it was published). */
    offerRules: await inquiryRules(ctx.app.db, id),
    lines,
    quotation: await ownQuotation(ctx, ctx.app.db, id, supplierId),
  });
};

/**
 * The inquiry locked for this supplier's quote or decline: refused unless it is published, before its
 * deadline, and the supplier is invited to the current round.
 */
async function openRoundFor(ctx: ActionContext, trx: Transaction<Record<string, Record<string, unknown>>>, inquiryId: number, supplierId: number) {
  await lockInTransaction(trx, `inquiry:${inquiryId}`);
  const inv = await invitation(ctx, trx, inquiryId, supplierId);
  const state = await inquiryState(trx, inquiryId);
  if (state.status !== 'PUBLISHED') throw refuse('sourcing.notOpenForQuotes');
  if (state.opened) throw refuse('sourcing.quoteAfterDeadline', { deadline: state.deadline });
  if (Number(inv.round_number) !== state.roundNumber) throw refuse('sourcing.notInRound');
  return { inv, state };
}

const doSupplierOfferPrice: FamilyAction = async (ctx) => {
  const supplierId = supplierOf(ctx);
  const inquiryId = parseId(ctx, ctx.body.inquiryId);
  return ctx.app.db.transaction().execute(async (trx) => {
    const { inv, state } = await openRoundFor(ctx, trx, inquiryId, supplierId);
    const t = typed<SourcingTables>(trx);
    const lineRows = await t.selectFrom('srm_src_inquiry_line').select(['inquiry_line_id', 'line_number']).where('inquiry_id', '=', inquiryId).execute();
    const offer = parseOffer(ctx.body, new Map(lineRows.map((l) => [Number(l.inquiry_line_id), Number(l.line_number ?? 0)])), state.currencyCode);
    const rules = await inquiryRules(trx, inquiryId);
    // Hidden and required fields first (nothing written on a refusal); the files are counted once claimed below.
    enforceRules(offer, rules, ctx.lang, Number.MAX_SAFE_INTEGER);
    const status = offer.submit ? 'SUBMITTED' : 'DRAFT';
    const existing = await t
      .selectFrom('srm_src_quotation')
      .select('quotation_id')
      .where('inquiry_id', '=', inquiryId)
      .where('supplier_id', '=', supplierId)
      .where('round_number', '=', state.roundNumber)
      .executeTakeFirst();
    const header = {
      status,
      currency_code: offer.currencyCode,
      valid_to: offer.validTo,
      freight: offer.freight,
      tax_rate: offer.taxRate,
      remark: offer.remark,
      submitted_date: offer.submit ? dbNow() : null,
    };
    let quotationId: number;
    if (existing) {
      quotationId = Number(existing.quotation_id);
      await t
        .updateTable('srm_src_quotation')
        .set({ ...header, ...auditUpdate(ctx.session.userId) })
        .where('quotation_id', '=', quotationId)
        .execute();
      await t.deleteFrom('srm_src_quotation_line').where('quotation_id', '=', quotationId).execute();
    } else {
      const row = await t
        .insertInto('srm_src_quotation')
        .values({ inquiry_id: inquiryId, supplier_id: supplierId, round_number: state.roundNumber, ...header, ...auditInsert(ctx.session.userId) })
        .returning('quotation_id')
        .executeTakeFirstOrThrow();
      quotationId = Number(row.quotation_id);
    }
    await t
      .insertInto('srm_src_quotation_line')
      .values(
        offer.lines.map((l) => ({
          quotation_id: quotationId,
          inquiry_line_id: l.lineId,
          price: l.price,
          delivery_days: l.deliveryDays,
          ladder_prices: l.ladders.length ? JSON.stringify(l.ladders) : null,
          remark: l.remark,
          valid_to: l.validTo,
          freight: l.freight,
          tax_rate: l.taxRate,
          ...auditInsert(ctx.session.userId),
        })),
      )
      .execute();
    const files = await quotationFiles(ctx, trx, quotationId, offer.attachmentIds);
    enforceRules(offer, rules, ctx.lang, files);
    await t
      .updateTable('srm_src_inquiry_supplier')
      // Quoting takes a decline back, and its reason with it.
      .set({ quote_status: offer.submit ? 'QUOTED' : 'DRAFT', quoted_date: offer.submit ? dbNow() : null, decline_reason: null })
      .where('inquiry_supplier_id', '=', inv.inquiry_supplier_id)
      .execute();
    return ok(await ownQuotation(ctx, trx, inquiryId, supplierId));
  });
};

/**
 * The quotation's files: `ids` sent → those the supplier uploaded (without a record, or already this
 * quotation's) become the quotation's and are kept on it; not sent → what it holds. Answers their count.
 */
async function quotationFiles(ctx: ActionContext, trx: Db, quotationId: number, ids: number[] | null): Promise<number> {
  const t = typed<SourcingTables>(trx);
  if (ids === null) {
    const row = await t.selectFrom('srm_src_quotation').select('attachment_ids').where('quotation_id', '=', quotationId).executeTakeFirst();
    return (row?.attachment_ids ?? '').split(',').filter(Boolean).length;
  }
  let kept: number[] = [];
  if (ids.length && ctx.app.modules.hasApi('files')) {
    await ctx.app.modules.optionalService('fileRecords')?.claim(ctx, trx, quotationId, { attachmentIds: ids.join(',') });
    kept = (await ctx.app.modules.api<FilesApi>('files').filesOfRecord(trx, 'srmSrcQuotation', quotationId, ids)).map((a) => Number(a.fileId));
  }
  await t
    .updateTable('srm_src_quotation')
    .set({ attachment_ids: kept.length ? kept.join(',') : null })
    .where('quotation_id', '=', quotationId)
    .execute();
  return kept.length;
}

/** A decline's reason as the buyer will read it: trimmed text, at most DECLINE_REASON_MAX characters. */
export const DECLINE_REASON_MAX = 500;

function declineReasonOf(body: Record<string, unknown>): string | null {
  const raw = body.reason;
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string') throw refuse('sourcing.declineReasonInvalid', { max: DECLINE_REASON_MAX });
  const reason = raw.trim();
  if (reason.length > DECLINE_REASON_MAX) throw refuse('sourcing.declineReasonInvalid', { max: DECLINE_REASON_MAX });
  return reason || null;
}

/**
 * doDeclineQuote {inquiryId, reason?}: the supplier says it will not quote this round (until the deadline;
 * quoting again afterwards takes it back) and why; the buyer reads the reason on the comparison and the
 * inquiry's invited suppliers. A quotation it had submitted goes back to a draft, so it is not opened.
 * The reason stays optional on the wire (the call existed without it); the portal asks for it.
 */
const doDeclineQuote: FamilyAction = async (ctx) => {
  const supplierId = supplierOf(ctx);
  const inquiryId = parseId(ctx, ctx.body.inquiryId);
  const reason = declineReasonOf(ctx.body);
  return ctx.app.db.transaction().execute(async (trx) => {
    const { inv, state } = await openRoundFor(ctx, trx, inquiryId, supplierId);
    const t = typed<SourcingTables>(trx);
    await t
      .updateTable('srm_src_quotation')
      .set({ status: 'DRAFT', submitted_date: null, ...auditUpdate(ctx.session.userId) })
      .where('inquiry_id', '=', inquiryId)
      .where('supplier_id', '=', supplierId)
      .where('round_number', '=', state.roundNumber)
      .execute();
    await t
      .updateTable('srm_src_inquiry_supplier')
      .set({ quote_status: 'DECLINED', quoted_date: dbNow(), decline_reason: reason })
      .where('inquiry_supplier_id', '=', inv.inquiry_supplier_id)
      .execute();
    return ok({ inquiryId, quoteStatus: 'DECLINED', declineReason: reason });
  });
};

export const quotationOperations: Record<string, FamilyAction> = { listByPageForBid, findInquiryForBid, doSupplierOfferPrice, doDeclineQuote };
