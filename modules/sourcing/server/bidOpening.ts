// doBidOpening {id} (spec §4 "bid opening", §7): the formal opening of the current round's sealed quotes
// once its deadline has passed (the database clock decides), once per round. It keeps an opening record
// on the inquiry (who, when, and per invited supplier: quoted / declined / no answer, lines quoted and the
// total at the quantities asked), moves PUBLISHED → OPENED and tells the invited suppliers. Prices do not
// depend on it: they are readable once the deadline passed, opened or not (CONTRACT.md "Sourcing").
import type { FamilyAction } from '../../../server/rest/actionContext.js';
import { ok } from '../../../server/http/envelope.js';
import { findRow, loadRecord, parseId } from '../../../server/rest/read.js';
import { auditUpdate, lockInTransaction, typed } from '../../../server/db/typed.js';
import type { Db } from '../../../server/db/connect.js';
import { refuse } from '../../../server/errors.js';
import type { SupplierApi } from '../../supplier/api.js';
import type { SourcingTables } from '../generated/tables.js';
import { inquiryState } from './inquiryState.js';
import { parseLadders, priceAt } from './offers.js';

export type OpeningResult = 'QUOTED' | 'DECLINED' | 'NO_ANSWER';

export interface OpeningSupplier {
  supplierId: number;
  supplierName: string;
  result: OpeningResult;
  /** Lines the supplier priced, of `lineCount`. */
  linesQuoted: number;
  lineCount: number;
  /** Σ price at the line's quantity × quantity over its quoted lines, in its quotation's currency (null: no quote). */
  total: number | null;
  currencyCode: string | null;
  submittedDate: string | null;
}

export interface BidOpening {
  roundNumber: number;
  openedAt: string;
  openedBy: number;
  openedByName: string;
  deadline: string;
  suppliers: OpeningSupplier[];
}

export function parseOpenings(text: string | null | undefined): BidOpening[] {
  if (!text) return [];
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? (v as BidOpening[]) : [];
  } catch {
    return [];
  }
}

/** Whether the inquiry's current round has been formally opened. */
export async function openedInCurrentRound(db: Db, inquiryId: number): Promise<boolean> {
  const row = await typed<SourcingTables>(db)
    .selectFrom('srm_src_inquiry')
    .select(['bid_opening_record', 'round_number'])
    .where('inquiry_id', '=', inquiryId)
    .executeTakeFirst();
  return !!row && parseOpenings(row.bid_opening_record).some((o) => o.roundNumber === Number(row.round_number ?? 1));
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Each invited supplier of the round with what it did by the deadline. */
async function openingSuppliers(db: Db, supplierApi: SupplierApi, inquiryId: number, round: number): Promise<OpeningSupplier[]> {
  const t = typed<SourcingTables>(db);
  const lines = await t.selectFrom('srm_src_inquiry_line').select(['inquiry_line_id', 'quantity']).where('inquiry_id', '=', inquiryId).execute();
  const quantity = new Map(lines.map((l) => [Number(l.inquiry_line_id), Number(l.quantity)]));
  const invited = await t
    .selectFrom('srm_src_inquiry_supplier')
    .select(['supplier_id', 'quote_status', 'round_number'])
    .where('inquiry_id', '=', inquiryId)
    .orderBy('inquiry_supplier_id')
    .execute();
  const quotes = await t
    .selectFrom('srm_src_quotation as q')
    .innerJoin('srm_src_quotation_line as l', 'l.quotation_id', 'q.quotation_id')
    .select(['q.supplier_id', 'q.currency_code', 'q.submitted_date', 'l.inquiry_line_id', 'l.price', 'l.ladder_prices'])
    .where('q.inquiry_id', '=', inquiryId)
    .where('q.round_number', '=', round)
    .where('q.status', '=', 'SUBMITTED')
    .where('l.price', 'is not', null)
    .execute();
  const out: OpeningSupplier[] = [];
  // Round 1: every invited supplier; a bargaining round: those chosen for it.
  for (const s of invited.filter((x) => round === 1 || Number(x.round_number) === round)) {
    const supplierId = Number(s.supplier_id);
    const own = quotes.filter((q) => Number(q.supplier_id) === supplierId);
    const total = own.reduce(
      (sum, q) =>
        sum +
        priceAt({ price: Number(q.price), ladders: parseLadders(q.ladder_prices) }, quantity.get(Number(q.inquiry_line_id)) ?? 0) *
          (quantity.get(Number(q.inquiry_line_id)) ?? 0),
      0,
    );
    const result: OpeningResult = own.length ? 'QUOTED' : s.quote_status === 'DECLINED' ? 'DECLINED' : 'NO_ANSWER';
    out.push({
      supplierId,
      supplierName: (await supplierApi.supplierName(supplierId, db)) ?? String(supplierId),
      result,
      linesQuoted: own.length,
      lineCount: lines.length,
      total: own.length ? round2(total) : null,
      currencyCode: own[0]?.currency_code ?? null,
      submittedDate: own[0]?.submitted_date ? String(own[0].submitted_date) : null,
    });
  }
  return out;
}

export const doBidOpening: FamilyAction = async (ctx) =>
  ctx.app.db.transaction().execute(async (trx) => {
    const id = parseId(ctx, ctx.body.id);
    await lockInTransaction(trx, `inquiry:${id}`);
    await findRow(ctx, trx, id);
    const state = await inquiryState(trx, id);
    const t = typed<SourcingTables>(trx);
    const header = await t.selectFrom('srm_src_inquiry').select(['bid_opening_record']).where('inquiry_id', '=', id).executeTakeFirstOrThrow();
    const openings = parseOpenings(header.bid_opening_record);
    const done = openings.find((o) => o.roundNumber === state.roundNumber);
    if (done) throw refuse('sourcing.bidsAlreadyOpened', { at: done.openedAt, by: done.openedByName });
    if (state.status !== 'PUBLISHED') throw refuse('sourcing.notPublished', { status: state.status });
    if (!state.opened) throw refuse('sourcing.openingBeforeDeadline', { deadline: state.deadline, now: state.serverTime });
    const suppliers = await openingSuppliers(trx, ctx.app.modules.api<SupplierApi>('supplier'), id, state.roundNumber);
    const opening: BidOpening = {
      roundNumber: state.roundNumber,
      openedAt: state.serverTime,
      openedBy: ctx.session.userId,
      openedByName: ctx.session.userName,
      deadline: state.deadline,
      suppliers,
    };
    await t
      .updateTable('srm_src_inquiry')
      .set({
        status: 'OPENED',
        bid_opened_date: state.serverTime,
        bid_opened_by: ctx.session.userId,
        bid_opening_record: JSON.stringify([...openings, opening]),
        ...auditUpdate(ctx.session.userId),
      })
      .where('inquiry_id', '=', id)
      .execute();
    ctx.events.add('inquiry.bidsOpened', {
      inquiryId: id,
      inquiryNumber: state.inquiryNumber,
      title: state.title,
      openedAt: state.serverTime,
      supplierIds: suppliers.map((s) => s.supplierId),
      senderId: ctx.session.userId,
    });
    return ok({ ...(await loadRecord(ctx, trx, id)), bidOpening: opening });
  });
