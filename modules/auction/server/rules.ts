// Checks on an auction's definition (every save, every screen or import) and on its publication: the
// clock settings make sense for the format, every invited supplier may be invited (eligible for the
// purchase category when one is given; never a frozen, blacklisted or quit supplier), and the end is
// still ahead by the server clock.
import { refuse } from '../../../server/errors.js';
import type { EntityRules } from '../../../server/modules/types.js';
import type { Db } from '../../../server/db/connect.js';
import type { SupplierApi } from '../../supplier/api.js';
import type { ActionContext } from '../../../server/rest/actionContext.js';
import { appendLog } from './chain.js';
import { auctionNow, textOf } from './clock.js';
import { cents } from './price.js';
import { loadAuction, tables, type AuctionRow } from './repo.js';

function checkTerms(a: AuctionRow): void {
  if (a.endMs <= a.startMs) throw refuse('auction.endBeforeStart');
  if (a.auctionType === 'ENGLISH') return;
  if (!a.roundStep || a.roundStep <= 0) throw refuse('auction.roundStepRequired');
  if (a.auctionType === 'DUTCH') {
    if (a.startPrice === null) throw refuse('auction.startPriceRequired');
    if (cents(a.startPrice) >= cents(a.ceilingPrice)) throw refuse('auction.startAboveCeiling', { ceiling: a.ceilingPrice });
  }
  if (a.auctionType === 'JAPANESE' && a.startPrice !== null && cents(a.startPrice) > cents(a.ceilingPrice))
    throw refuse('auction.startAboveCeiling', { ceiling: a.ceilingPrice });
}

async function invitedIds(db: Db, auctionId: number): Promise<number[]> {
  const rows = await tables(db).selectFrom('srm_src_auction_supplier').select('supplier_id').where('auction_id', '=', auctionId).execute();
  return rows.map((r) => Number(r.supplier_id));
}

async function checkInvited(ctx: ActionContext, db: Db, auctionId: number): Promise<void> {
  const ids = await invitedIds(db, auctionId);
  if (new Set(ids).size !== ids.length) throw refuse('auction.duplicateSupplier');
  const api = ctx.app.modules.api<SupplierApi>('supplier');
  const row = await tables(db).selectFrom('srm_src_auction').select('category_id').where('auction_id', '=', auctionId).executeTakeFirstOrThrow();
  const eligible = row.category_id ? new Set(await api.eligibleSuppliers(Number(row.category_id), db)) : null;
  const barred = new Set(await api.barredSuppliers(db, ids));
  for (const id of ids) {
    if (barred.has(id) || (eligible && !eligible.has(id))) {
      const name = (await api.supplierName(id, db)) ?? String(id);
      throw refuse(barred.has(id) ? 'auction.supplierBarred' : 'auction.supplierNotEligible', { supplier: name });
    }
  }
}

export const auctionRules: EntityRules = {
  async afterLines(ctx, db, id) {
    const a = await loadAuction(db, id, false);
    if (!a) return;
    checkTerms(a);
    await checkInvited(ctx, db, id);
  },
  async beforeTransition(ctx, db, step) {
    if (step.action !== 'doPublish') return;
    const a = await loadAuction(db, step.id, true);
    if (!a) return;
    checkTerms(a);
    if (a.endMs <= auctionNow(ctx.app)) throw refuse('auction.endPassed', { endTime: textOf(a.endMs) });
    await checkInvited(ctx, db, a.auctionId);
  },
  async afterTransition(ctx, db, step) {
    const a = await loadAuction(db, step.id, true);
    if (!a) return;
    if (step.action === 'doPublish') {
      // Dutch starts low and rises, Japanese starts at its start price (else the ceiling) and falls.
      if (a.auctionType !== 'ENGLISH') {
        const price = a.startPrice ?? a.ceilingPrice;
        await tables(db).updateTable('srm_src_auction').set({ round_number: 1, round_price: price }).where('auction_id', '=', a.auctionId).execute();
      }
      await appendLog(db, a.auctionId, ctx.session.userId, 'PUBLISH', {
        startTime: textOf(a.startMs),
        endTime: textOf(a.endMs),
        type: a.auctionType,
        ceiling: a.ceilingPrice,
      });
      ctx.events.add('auction.published', { auctionId: a.auctionId });
    } else if (step.action === 'doCancel') {
      await appendLog(db, a.auctionId, ctx.session.userId, 'CANCEL', { from: step.previous });
      ctx.events.add('auction.cancelled', { auctionId: a.auctionId });
    }
  },
};
