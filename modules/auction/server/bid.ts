// doSupplierOfferPrice {auctionId, price}: a supplier's bid. The checks that need no state (fields, price,
// the per-supplier rate) run here; the decision is made by the server clock under the auction's row lock,
// one bid after another, in a group with the other bids waiting for the same auction (server/bidQueue.ts,
// server/bidGroup.ts; CONTRACT.md "Sourcing"). English: below the ceiling and below the supplier's own
// best by at least the minimum decrement; a bid inside the last extendWindowSeconds moves the end by
// extendSeconds, at most maxExtends times. Dutch: accepting the round's price wins at once. Japanese:
// confirming the round's price keeps the supplier in. Every accepted bid (and extension) goes into the
// hash-chained log.
import { forbidden, refuse } from '../../../server/errors.js';
import { ok } from '../../../server/http/envelope.js';
import type { ActionContext, FamilyAction } from '../../../server/rest/actionContext.js';
import { submitBid } from './bidQueue.js';
import { auctionNow } from './clock.js';
import { priceOf } from './price.js';

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

/**
 * Paced, not counted per calendar second (CacheStore.paced): a supplier bidding at the limit whose bids
 * arrive unevenly is not refused (the bench's bidders at exactly 5 a second lost 4–6 % of their bids to
 * per-second counting), a burst beyond 5 is.
 */
async function checkRate(ctx: ActionContext, auctionId: number, supplierId: number, now: number): Promise<void> {
  if (!(await ctx.app.cache.paced(`auction:pace:${auctionId}:${supplierId}`, now, BIDS_PER_SECOND, BIDS_PER_SECOND)))
    throw refuse('auction.tooFast', { limit: BIDS_PER_SECOND });
}

export const doSupplierOfferPrice: FamilyAction = async (ctx) => {
  const supplierId = ctx.session.userType === 'EXTERNAL' ? ctx.session.supplierId : null;
  if (!supplierId) throw forbidden('auction.supplierOnly');
  checkBody(ctx);
  const price = priceOf(ctx.body.price);
  const auctionId = Number(ctx.body.auctionId);
  const valid = Number.isSafeInteger(auctionId) && auctionId > 0;
  await checkRate(ctx, valid ? auctionId : 0, supplierId, auctionNow(ctx.app));
  if (!valid) throw refuse('auction.notFound');
  return ok(await submitBid(ctx.app, auctionId, { supplierId, userId: ctx.session.userId, price }));
};
