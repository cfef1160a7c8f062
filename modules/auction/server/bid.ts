// doSupplierOfferPrice {auctionId, price}: a supplier's bid, decided by the server clock under the
// auction's row lock, so that concurrent bids near the end are decided one after another exactly
// (CONTRACT.md "Sourcing"). English: below the ceiling and below the supplier's own best by at least the
// minimum decrement; a bid inside the last extendWindowSeconds moves the end by extendSeconds, at most
// maxExtends times. Dutch: accepting the round's price wins at once. Japanese: confirming the round's
// price keeps the supplier in. Every accepted bid (and extension) goes into the hash-chained log.
import { auditInsert, auditUpdate } from '../../../server/db/typed.js';
import type { Db } from '../../../server/db/connect.js';
import { forbidden, refuse } from '../../../server/errors.js';
import { ok } from '../../../server/http/envelope.js';
import type { ActionContext, FamilyAction } from '../../../server/rest/actionContext.js';
import { appendLog } from './chain.js';
import { auctionNow, textOf } from './clock.js';
import { publishAuction } from './live.js';
import { auctionOrRefuse, settle, tables, type AuctionRow, type InvitedSupplier } from './repo.js';
import { cents, priceOf } from './price.js';

/** At most this many bids a second per supplier and auction (counted whether accepted or not). */
export const BIDS_PER_SECOND = 5;
const ALLOWED = new Set(['auctionId', 'price']);
/** A field that looks like a time: the client's clock never decides (refused, not ignored). */
const TIME_FIELD = /time|date|stamp|clock|^ts$|^at$/i;

function checkBody(ctx: ActionContext): void {
  for (const key of Object.keys(ctx.body)) {
    if (TIME_FIELD.test(key)) throw refuse('auction.clientTime', { field: key.slice(0, 40) });
    if (!ALLOWED.has(key)) throw refuse('auction.unknownField', { field: key.slice(0, 40) });
  }
}

async function checkRate(ctx: ActionContext, auctionId: number, supplierId: number, now: number): Promise<void> {
  const n = await ctx.app.cache.incr(`auction:rate:${auctionId}:${supplierId}:${Math.floor(now / 1000)}`, 3);
  if (n > BIDS_PER_SECOND) throw refuse('auction.tooFast', { limit: BIDS_PER_SECOND });
}

/** Refuses a bid when the auction does not take bids now (the clock has already settled the status). */
function checkOpen(a: AuctionRow, now: number): void {
  if (a.status === 'PUBLISHED' || now < a.startMs) throw refuse('auction.notStarted', { startTime: textOf(a.startMs) });
  if (a.status === 'PAUSED') throw refuse('auction.paused');
  if (a.status !== 'RUNNING' || now >= a.endMs) throw refuse('auction.ended', { endTime: textOf(a.endMs) });
}

function checkEnglish(a: AuctionRow, me: InvitedSupplier, price: number): void {
  if (cents(price) > cents(a.ceilingPrice)) throw refuse('auction.aboveCeiling', { ceiling: a.ceilingPrice });
  if (me.bestPrice === null) return;
  if (cents(price) >= cents(me.bestPrice)) throw refuse('auction.notBelowOwnBest', { best: me.bestPrice });
  if (cents(me.bestPrice) - cents(price) < cents(a.minDecrement))
    throw refuse('auction.decrementTooSmall', { best: me.bestPrice, minDecrement: a.minDecrement });
}

async function checkRound(db: Db, a: AuctionRow, me: InvitedSupplier, price: number): Promise<void> {
  if (a.roundPrice === null || cents(price) !== cents(a.roundPrice)) throw refuse('auction.notRoundPrice', { roundPrice: a.roundPrice ?? '' });
  if (a.auctionType !== 'JAPANESE') return;
  if (!me.active) throw refuse('auction.outOfRounds');
  const done = await tables(db)
    .selectFrom('srm_src_auction_bid')
    .select('bid_id')
    .where('auction_id', '=', a.auctionId)
    .where('supplier_id', '=', me.supplierId)
    .where('round_number', '=', a.roundNumber)
    .executeTakeFirst();
  if (done) throw refuse('auction.roundConfirmed', { round: a.roundNumber });
}

export const doSupplierOfferPrice: FamilyAction = async (ctx) => {
  const supplierId = ctx.session.userType === 'EXTERNAL' ? ctx.session.supplierId : null;
  if (!supplierId) throw forbidden('auction.supplierOnly');
  checkBody(ctx);
  const price = priceOf(ctx.body.price);
  const auctionId = Number(ctx.body.auctionId);
  await checkRate(ctx, Number.isSafeInteger(auctionId) ? auctionId : 0, supplierId, auctionNow(ctx.app));
  const result = await ctx.app.db.transaction().execute(async (trx) => {
    const locked = await auctionOrRefuse(trx, ctx.body.auctionId, true);
    const t = tables(trx);
    const inv = await t
      .selectFrom('srm_src_auction_supplier')
      .select(['best_price', 'bid_count', 'last_bid_ms', 'active_flag'])
      .where('auction_id', '=', locked.auctionId)
      .where('supplier_id', '=', supplierId)
      .executeTakeFirst();
    if (!inv || locked.status === 'DRAFT') throw refuse('auction.notInvited');
    // The clock is read after the lock is held: the order in which bids get the lock is the order of their times.
    const now = auctionNow(ctx.app);
    const a = await settle(trx, locked, now, ctx.session.userId);
    checkOpen(a, now);
    const me: InvitedSupplier = {
      supplierId,
      bestPrice: inv.best_price === null ? null : Number(inv.best_price),
      bidCount: Number(inv.bid_count ?? 0),
      lastBidMs: inv.last_bid_ms === null ? null : Number(inv.last_bid_ms),
      active: inv.active_flag !== 'N',
    };
    if (a.auctionType === 'ENGLISH') checkEnglish(a, me, price);
    else await checkRound(trx, a, me, price);
    const kind = a.auctionType === 'ENGLISH' ? 'BID' : a.auctionType === 'DUTCH' ? 'ACCEPT' : 'CONFIRM';
    const { bid_id: bidId } = await t
      .insertInto('srm_src_auction_bid')
      .values({
        auction_id: a.auctionId,
        supplier_id: supplierId,
        user_id: ctx.session.userId,
        price,
        round_number: a.roundNumber,
        bid_kind: kind,
        server_time_ms: now,
        ...auditInsert(ctx.session.userId),
      })
      .returning('bid_id')
      .executeTakeFirstOrThrow();
    await t
      .updateTable('srm_src_auction_supplier')
      .set({ best_price: price, bid_count: me.bidCount + 1, last_bid_ms: now, ...auditUpdate(ctx.session.userId) })
      .where('auction_id', '=', a.auctionId)
      .where('supplier_id', '=', supplierId)
      .execute();
    await appendLog(trx, a.auctionId, ctx.session.userId, 'BID', { supplierId, price, kind, round: a.roundNumber, serverTimeMs: now }, Number(bidId));
    let endMs = a.endMs;
    let extendCount = a.extendCount;
    let status = a.status;
    const extended = a.auctionType === 'ENGLISH' && a.endMs - now <= a.extendWindowSeconds * 1000 && a.extendCount < a.maxExtends && a.extendSeconds > 0;
    if (extended) {
      endMs = a.endMs + a.extendSeconds * 1000;
      extendCount += 1;
      await appendLog(
        trx,
        a.auctionId,
        ctx.session.userId,
        'EXTEND',
        { from: textOf(a.endMs), to: textOf(endMs), count: extendCount, bidId: Number(bidId), serverTimeMs: now },
        Number(bidId),
      );
    }
    if (a.auctionType === 'DUTCH') {
      // The first acceptance takes the round's price: the auction ends now, the award follows.
      status = 'ENDED';
      endMs = now;
      await appendLog(trx, a.auctionId, ctx.session.userId, 'END', { at: textOf(now), acceptedBy: supplierId, price });
    }
    const best = a.bestPrice === null ? price : Math.min(a.bestPrice, price);
    await t
      .updateTable('srm_src_auction')
      .set({ status, end_time: textOf(endMs), extend_count: extendCount, bid_count: a.bidCount + 1, best_price: best, ...auditUpdate(ctx.session.userId) })
      .where('auction_id', '=', a.auctionId)
      .execute();
    return {
      auctionId: a.auctionId,
      bidId: Number(bidId),
      price,
      serverTime: now,
      endTime: textOf(endMs),
      endTimeMs: Math.ceil(endMs / 1000) * 1000,
      extended,
    };
  });
  await publishAuction(ctx.app, result.auctionId, result.extended ? 'extend' : 'bid');
  return ok(result);
};
