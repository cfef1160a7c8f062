// The inquiry's operations besides its declared transitions (CONTRACT.md "Sourcing"): the comparison,
// price history, bargaining rounds, awards with splits and auto-award by minimum price.
import { ok } from '../../../server/http/envelope.js';
import type { FamilyAction } from '../../../server/rest/actionContext.js';
import { findRow, loadRecord, parseId } from '../../../server/rest/read.js';
import { auditUpdate, lockInTransaction, typed } from '../../../server/db/typed.js';
import { refuse } from '../../../server/errors.js';
import type { SourcingTables } from '../generated/tables.js';
import { inquiryState, requireOpened } from './inquiryState.js';
import { buildComparison } from './comparison.js';
import { priceHistory } from './history.js';
import { parseAwards, type Award } from './award.js';
import { proposeAward } from './awardFlow.js';
import { parseDeadline } from './deadline.js';

const sourceSummary: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  await findRow(ctx, ctx.app.db, id);
  return ok(await buildComparison(ctx, ctx.app.db, id));
};

const getHistoryLowerPrice: FamilyAction = async (ctx) => {
  const materialId = Number(ctx.body.materialId);
  if (!Number.isSafeInteger(materialId) || materialId <= 0) throw refuse('sourcing.materialRequired');
  return ok(await priceHistory(ctx.app.db, materialId));
};

const doInitiateBargaining: FamilyAction = async (ctx) =>
  ctx.app.db.transaction().execute(async (trx) => {
    const id = parseId(ctx, ctx.body.id);
    await lockInTransaction(trx, `inquiry:${id}`);
    await findRow(ctx, trx, id);
    const state = await inquiryState(trx, id);
    requireOpened(state);
    const deadline = await parseDeadline(trx, ctx.body.deadline);
    const raw = ctx.body.supplierIds;
    if (!Array.isArray(raw) || raw.length === 0) throw refuse('sourcing.bargainingNoSuppliers');
    const supplierIds = [...new Set(raw.map(Number))];
    const t = typed<SourcingTables>(trx);
    const quoted = await t
      .selectFrom('srm_src_quotation')
      .select('supplier_id')
      .distinct()
      .where('inquiry_id', '=', id)
      .where('status', '=', 'SUBMITTED')
      .execute();
    const quotedIds = new Set(quoted.map((q) => Number(q.supplier_id)));
    if (supplierIds.some((s) => !quotedIds.has(s))) throw refuse('sourcing.bargainingNotQuoted');
    const round = state.roundNumber + 1;
    await t
      .updateTable('srm_src_inquiry')
      // A new sealed round: quotes are taken again (an opened inquiry goes back to PUBLISHED until its opening).
      .set({ round_number: round, deadline, status: 'PUBLISHED', ...auditUpdate(ctx.session.userId) })
      .where('inquiry_id', '=', id)
      .execute();
    await t
      .updateTable('srm_src_inquiry_supplier')
      .set({ round_number: round, quote_status: 'NOT_QUOTED', quoted_date: null, decline_reason: null })
      .where('inquiry_id', '=', id)
      .where('supplier_id', 'in', supplierIds)
      .execute();
    ctx.events.add('inquiry.bargaining', {
      inquiryId: id,
      inquiryNumber: state.inquiryNumber,
      title: state.title,
      deadline,
      supplierIds,
      senderId: ctx.session.userId,
    });
    return ok(await loadRecord(ctx, trx, id));
  });

function awardWith(choose: (ctx: Parameters<FamilyAction>[0], trx: Parameters<typeof buildComparison>[1], id: number) => Promise<Award[]>): FamilyAction {
  return async (ctx) =>
    ctx.app.db.transaction().execute(async (trx) => {
      const id = parseId(ctx, ctx.body.id);
      await lockInTransaction(trx, `inquiry:${id}`);
      await findRow(ctx, trx, id);
      const state = await inquiryState(trx, id);
      requireOpened(state);
      if (ctx.body.versionNum !== undefined && Number(ctx.body.versionNum) !== state.versionNum) throw refuse('sourcing.changedMeanwhile');
      await proposeAward(ctx, trx, id, await choose(ctx, trx, id));
      return ok(await loadRecord(ctx, trx, id));
    });
}

const doAward = awardWith(async (ctx) => parseAwards(ctx.body.awards));

/** Each line to the supplier with the lowest converted price at the line's quantity (earliest quote on a tie). */
const autoAwardByMinPrice = awardWith(async (ctx, trx, id) => {
  const cmp = await buildComparison(ctx, trx, id);
  const awards: Award[] = [];
  for (const line of cmp.lines) {
    const best = line.offers
      .filter((o) => o.convertedPrice !== null)
      .sort((a, b) => a.convertedPrice! - b.convertedPrice! || String(a.submittedDate).localeCompare(String(b.submittedDate)))[0];
    if (best) awards.push({ lineId: Number(line.inquiryLineId), supplierId: best.supplierId, quantity: Number(line.quantity) });
  }
  if (awards.length === 0) throw refuse('sourcing.nothingToAward');
  return awards;
});

export const inquiryOperations: Record<string, FamilyAction> = {
  sourceSummary,
  getHistoryLowerPrice,
  doInitiateBargaining,
  doAward,
  autoAwardByMinPrice,
};
