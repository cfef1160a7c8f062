// After the end: autoAwardByMinPrice {id} awards the best bid (lowest price; at the same price the
// earlier bid), doAward {id, supplierId, reason} a chosen bidder (a reason is required when it is not the
// lowest). The winner's price items go to the sourcing price library (server/awardPrices.ts). The award is logged in the chain, published live, and its result goes to every invited supplier.
import { auditUpdate, dbNow } from '../../../server/db/typed.js';
import { forbidden, refuse } from '../../../server/errors.js';
import { ok } from '../../../server/http/envelope.js';
import type { ActionContext, FamilyAction } from '../../../server/rest/actionContext.js';
import { loadRecord } from '../../../server/rest/read.js';
import { writeAwardPrices } from './awardPrices.js';
import { appendLog } from './chain.js';
import { auctionNow } from './clock.js';
import { publishAuction } from './live.js';
import { auctionOrRefuse, invitedSuppliers, ranking, settle, tables } from './repo.js';

async function award(
  ctx: ActionContext,
  choose: (ranked: { supplierId: number; price: number }[]) => { supplierId: number; price: number; reason: string | null },
) {
  if (ctx.session.userType !== 'INTERNAL') throw forbidden('auth.forbidden');
  const done = await ctx.app.db.transaction().execute(async (trx) => {
    const now = auctionNow(ctx.app);
    const a = await settle(trx, await auctionOrRefuse(trx, ctx.body.id ?? ctx.body.auctionId, true), now, ctx.session.userId);
    if (a.status !== 'ENDED') throw refuse(a.status === 'AWARDED' ? 'auction.alreadyAwarded' : 'auction.notEnded', { status: a.status });
    const suppliers = await invitedSuppliers(trx, a.auctionId);
    const ranks = ranking(suppliers);
    const ranked = suppliers
      .filter((s) => ranks.has(s.supplierId))
      .sort((x, y) => ranks.get(x.supplierId)! - ranks.get(y.supplierId)!)
      .map((s) => ({ supplierId: s.supplierId, price: s.bestPrice! }));
    if (!ranked.length) throw refuse('auction.noBids');
    const pick = choose(ranked);
    await tables(trx)
      .updateTable('srm_src_auction')
      .set({ status: 'AWARDED', awarded_supplier_id: pick.supplierId, awarded_price: pick.price, awarded_date: dbNow(), ...auditUpdate(ctx.session.userId) })
      .where('auction_id', '=', a.auctionId)
      .execute();
    await appendLog(trx, a.auctionId, ctx.session.userId, 'AWARD', {
      supplierId: pick.supplierId,
      price: pick.price,
      rank: ranks.get(pick.supplierId),
      reason: pick.reason,
    });
    await writeAwardPrices(ctx.app, trx, a, pick.supplierId, pick.price, ctx.session.userId);
    ctx.events.add('auction.awarded', { auctionId: a.auctionId, supplierId: pick.supplierId, price: pick.price });
    return a.auctionId;
  });
  await publishAuction(ctx.app, done, 'award');
  return ok(await loadRecord(ctx, ctx.app.db, done));
}

export const autoAwardByMinPrice: FamilyAction = (ctx) => award(ctx, (ranked) => ({ ...ranked[0], reason: null }));

export const doAward: FamilyAction = (ctx) =>
  award(ctx, (ranked) => {
    const supplierId = Number(ctx.body.supplierId);
    const pick = ranked.find((r) => r.supplierId === supplierId);
    if (!pick) throw refuse('auction.awardNoBid');
    const reason = typeof ctx.body.reason === 'string' ? ctx.body.reason.trim().slice(0, 500) : '';
    if (pick !== ranked[0] && !reason) throw refuse('auction.awardReasonRequired');
    return { ...pick, reason: reason || null };
  });
