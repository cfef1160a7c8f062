// The buyer's controls in the hall: pause (the remaining time is kept), resume (the end moves by the
// pause), extend with a reason, close early, and the next round of a Dutch or Japanese auction
// (doCompeteHallTurnProcess). Each runs under the auction's row lock, is logged in the chain and
// published live.
import { auditUpdate } from '../../../server/db/typed.js';
import { forbidden, refuse } from '../../../server/errors.js';
import { ok } from '../../../server/http/envelope.js';
import type { ActionContext, FamilyAction } from '../../../server/rest/actionContext.js';
import { appendLog } from './chain.js';
import { auctionNow, textOf } from './clock.js';
import { publishAuction, type LiveEvent } from './live.js';
import { cents } from './price.js';
import { auctionOrRefuse, invitedSuppliers, settle, tables, type AuctionRow } from './repo.js';
import type { Db } from '../../../server/db/connect.js';

const idOf = (ctx: ActionContext) => ctx.body.auctionId ?? ctx.body.id;

function reasonOf(ctx: ActionContext): string {
  const r = typeof ctx.body.reason === 'string' ? ctx.body.reason.trim() : '';
  if (!r) throw refuse('auction.reasonRequired');
  return r.slice(0, 500);
}

/** Runs one control under the lock after the clock settled the status; publishes after the commit. */
async function control(ctx: ActionContext, event: LiveEvent, run: (db: Db, a: AuctionRow, now: number) => Promise<void>) {
  if (ctx.session.userType !== 'INTERNAL') throw forbidden('auth.forbidden');
  const auctionId = await ctx.app.db.transaction().execute(async (trx) => {
    const now = auctionNow(ctx.app);
    const a = await settle(trx, await auctionOrRefuse(trx, idOf(ctx), true), now, ctx.session.userId);
    await run(trx, a, now);
    return a.auctionId;
  });
  await publishAuction(ctx.app, auctionId, event);
  return ok(await hallSnapshot(ctx, auctionId));
}

async function hallSnapshot(ctx: ActionContext, auctionId: number) {
  const { buyerHall } = await import('./info.js');
  return buyerHall(ctx.app, auctionId);
}

const update = (db: Db, a: AuctionRow, userId: number, set: Record<string, unknown>) =>
  tables(db)
    .updateTable('srm_src_auction')
    .set({ ...set, ...auditUpdate(userId) })
    .where('auction_id', '=', a.auctionId)
    .execute();

function mustBe(a: AuctionRow, ...states: string[]): void {
  if (!states.includes(a.status)) throw refuse('auction.wrongState', { status: a.status });
}

export const doPause: FamilyAction = (ctx) =>
  control(ctx, 'pause', async (db, a, now) => {
    mustBe(a, 'RUNNING');
    const reason = reasonOf(ctx);
    await update(db, a, ctx.session.userId, { status: 'PAUSED', paused_remaining_ms: a.endMs - now });
    await appendLog(db, a.auctionId, ctx.session.userId, 'PAUSE', { at: now, remainingMs: a.endMs - now, reason });
  });

export const doResume: FamilyAction = (ctx) =>
  control(ctx, 'resume', async (db, a, now) => {
    mustBe(a, 'PAUSED');
    const endMs = now + (a.pausedRemainingMs ?? 0);
    await update(db, a, ctx.session.userId, { status: 'RUNNING', paused_remaining_ms: null, end_time: textOf(endMs) });
    await appendLog(db, a.auctionId, ctx.session.userId, 'RESUME', { at: now, endTime: textOf(endMs) });
  });

export const doExtend: FamilyAction = (ctx) =>
  control(ctx, 'manualExtend', async (db, a, now) => {
    mustBe(a, 'PUBLISHED', 'RUNNING', 'PAUSED');
    const seconds = Number(ctx.body.seconds);
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > 86_400) throw refuse('auction.badSeconds');
    const reason = reasonOf(ctx);
    const endMs = a.endMs + seconds * 1000;
    await update(db, a, ctx.session.userId, { end_time: textOf(endMs) });
    await appendLog(db, a.auctionId, ctx.session.userId, 'MANUAL_EXTEND', { from: textOf(a.endMs), to: textOf(endMs), seconds, reason, serverTimeMs: now });
  });

export const doClose: FamilyAction = (ctx) =>
  control(ctx, 'close', async (db, a, now) => {
    mustBe(a, 'RUNNING', 'PAUSED');
    const reason = reasonOf(ctx);
    await update(db, a, ctx.session.userId, { status: 'ENDED', end_time: textOf(now), paused_remaining_ms: null, close_reason: reason });
    await appendLog(db, a.auctionId, ctx.session.userId, 'CLOSE', { at: now, reason });
  });

/** Next round: Dutch raises the price by the step (up to the ceiling); Japanese drops those who did not
 *  confirm the round, ends when at most one is left, else lowers the price by the step. */
export const doCompeteHallTurnProcess: FamilyAction = (ctx) =>
  control(ctx, 'round', async (db, a, now) => {
    mustBe(a, 'RUNNING');
    if (a.auctionType === 'ENGLISH') throw refuse('auction.noRounds');
    const step = a.roundStep ?? 0;
    const price = a.roundPrice ?? 0;
    if (a.auctionType === 'DUTCH') {
      if (cents(price) >= cents(a.ceilingPrice)) throw refuse('auction.atCeiling', { ceiling: a.ceilingPrice });
      const next = Math.min(a.ceilingPrice, cents(price + step) / 10_000);
      await update(db, a, ctx.session.userId, { round_number: a.roundNumber + 1, round_price: next });
      await appendLog(db, a.auctionId, ctx.session.userId, 'ROUND', { round: a.roundNumber + 1, price: next, serverTimeMs: now });
      return;
    }
    const confirmed = await tables(db)
      .selectFrom('srm_src_auction_bid')
      .select('supplier_id')
      .where('auction_id', '=', a.auctionId)
      .where('round_number', '=', a.roundNumber)
      .execute();
    const stay = new Set(confirmed.map((r) => Number(r.supplier_id)));
    const dropped = (await invitedSuppliers(db, a.auctionId)).filter((s) => s.active && !stay.has(s.supplierId)).map((s) => s.supplierId);
    if (dropped.length)
      await tables(db)
        .updateTable('srm_src_auction_supplier')
        .set({ active_flag: 'N' })
        .where('auction_id', '=', a.auctionId)
        .where('supplier_id', 'in', dropped)
        .execute();
    const next = cents(price - step) / 10_000;
    if (stay.size <= 1 || next <= 0) {
      await update(db, a, ctx.session.userId, { status: 'ENDED', end_time: textOf(now) });
      await appendLog(db, a.auctionId, ctx.session.userId, 'END', { at: textOf(now), round: a.roundNumber, remaining: [...stay], dropped });
      return;
    }
    await update(db, a, ctx.session.userId, { round_number: a.roundNumber + 1, round_price: next });
    await appendLog(db, a.auctionId, ctx.session.userId, 'ROUND', { round: a.roundNumber + 1, price: next, dropped, serverTimeMs: now });
  });
