// What the hall shows. getCompeteSupplierInfo (supplier): the server time (the browser's countdown runs
// on its offset), the end, its own best and rank, the lead price only when the auction shows it, its own
// bids; never another supplier's identity. getCompeteHallInfo (buyer): the board with every supplier and
// every bid. listByPageForCompete: the auctions a supplier is invited to. listAuctionLog / doVerifyLog:
// the hash-chained log and its check.
import { sql } from 'kysely';
import type { AppContext } from '../../../server/context.js';
import { forbidden, refuse } from '../../../server/errors.js';
import { ok } from '../../../server/http/envelope.js';
import type { ActionContext, FamilyAction } from '../../../server/rest/actionContext.js';
import { listWith } from '../../../server/rest/actions/listByPage.js';
import { loadRecord } from '../../../server/rest/read.js';
import type { SupplierApi } from '../../supplier/api.js';
import { verifyChain } from './chain.js';
import { auctionNow } from './clock.js';
import { commonData, lastLogSeq } from './live.js';
import { auctionOrRefuse, invitedSuppliers, ranking, tables, type AuctionRow } from './repo.js';

/** The status as the clock says now, without writing (reads never write; the next write settles it). */
export function effectiveStatus(a: AuctionRow, now: number): string {
  if (a.status === 'PUBLISHED' && now >= a.startMs) return now >= a.endMs ? 'ENDED' : 'RUNNING';
  if (a.status === 'RUNNING' && now >= a.endMs) return 'ENDED';
  return a.status;
}

const supplierOf = (ctx: ActionContext): number => {
  if (ctx.session.userType !== 'EXTERNAL' || !ctx.session.supplierId) throw forbidden('auction.supplierOnly');
  return ctx.session.supplierId;
};

/** The record's items and terms as a supplier may see them (no invited list, no board). */
async function publicPart(ctx: ActionContext, auctionId: number) {
  const r = await loadRecord(ctx, ctx.app.db, auctionId);
  return {
    auctionNumber: r.auctionNumber,
    title: r.title,
    auctionType: r.auctionType,
    visibility: r.visibility,
    currencyCode: r.currencyCode,
    startTime: r.startTime,
    ceilingPrice: r.ceilingPrice,
    minDecrement: r.minDecrement,
    extendWindowSeconds: r.extendWindowSeconds,
    extendSeconds: r.extendSeconds,
    description: r.description,
    lines: r.lines,
  };
}

export const getCompeteSupplierInfo: FamilyAction = async (ctx) => {
  const supplierId = supplierOf(ctx);
  const a = await auctionOrRefuse(ctx.app.db, ctx.body.auctionId ?? ctx.body.id, false);
  const suppliers = await invitedSuppliers(ctx.app.db, a.auctionId);
  const me = suppliers.find((s) => s.supplierId === supplierId);
  if (!me || a.status === 'DRAFT') throw refuse('auction.notInvited');
  const now = auctionNow(ctx.app);
  const status = effectiveStatus(a, now);
  const bids = await tables(ctx.app.db)
    .selectFrom('srm_src_auction_bid')
    .select(['bid_id', 'price', 'round_number', 'bid_kind', 'server_time_ms'])
    .where('auction_id', '=', a.auctionId)
    .where('supplier_id', '=', supplierId)
    .orderBy('bid_id', 'desc')
    .limit(200)
    .execute();
  const awarded = a.awardedSupplierId === supplierId;
  return ok({
    ...commonData({ ...a, status }, now, await lastLogSeq(ctx.app, a.auctionId), 'info'),
    ...(await publicPart(ctx, a.auctionId)),
    ownBest: me.bestPrice,
    rank: ranking(suppliers).get(supplierId) ?? null,
    ...(a.visibility === 'LEAD_PRICE' ? { leadPrice: a.bestPrice } : {}),
    active: me.active,
    won: a.status === 'AWARDED' ? awarded : null,
    bids: bids.map((b) => ({
      bidId: Number(b.bid_id),
      price: Number(b.price),
      roundNumber: b.round_number,
      kind: b.bid_kind,
      serverTimeMs: Number(b.server_time_ms),
    })),
  });
};

/** The buyer's view: the board (every supplier, its best, rank, bids), every bid, newest first. */
export async function buyerHall(app: AppContext, auctionId: number) {
  const a = await auctionOrRefuse(app.db, auctionId, false);
  const now = auctionNow(app);
  const suppliers = await invitedSuppliers(app.db, auctionId);
  const ranks = ranking(suppliers);
  const names = new Map<number, string | null>();
  const api = app.modules.api<SupplierApi>('supplier');
  for (const s of suppliers) names.set(s.supplierId, await api.supplierName(s.supplierId));
  const bids = await tables(app.db)
    .selectFrom('srm_src_auction_bid')
    .select(['bid_id', 'supplier_id', 'price', 'round_number', 'bid_kind', 'server_time_ms'])
    .where('auction_id', '=', auctionId)
    .orderBy('bid_id', 'desc')
    .limit(500)
    .execute();
  return {
    ...commonData({ ...a, status: effectiveStatus(a, now) }, now, await lastLogSeq(app, auctionId), 'info'),
    auctionNumber: a.auctionNumber,
    title: a.title,
    auctionType: a.auctionType,
    visibility: a.visibility,
    currencyCode: a.currencyCode,
    ceilingPrice: a.ceilingPrice,
    minDecrement: a.minDecrement,
    leadPrice: a.bestPrice,
    bidCount: a.bidCount,
    awardedSupplierId: a.awardedSupplierId,
    awardedPrice: a.awardedPrice,
    board: suppliers.map((s) => ({
      supplierId: s.supplierId,
      supplierName: names.get(s.supplierId),
      rank: ranks.get(s.supplierId) ?? null,
      bestPrice: s.bestPrice,
      bidCount: s.bidCount,
      active: s.active,
    })),
    bids: bids.map((b) => ({
      bidId: Number(b.bid_id),
      supplierId: Number(b.supplier_id),
      supplierName: names.get(Number(b.supplier_id)) ?? null,
      price: Number(b.price),
      roundNumber: b.round_number,
      kind: b.bid_kind,
      serverTimeMs: Number(b.server_time_ms),
    })),
  };
}

const internalOnly = (ctx: ActionContext) => {
  if (ctx.session.userType !== 'INTERNAL') throw forbidden('auth.forbidden');
};

export const getCompeteHallInfo: FamilyAction = async (ctx) => {
  internalOnly(ctx);
  const a = await auctionOrRefuse(ctx.app.db, ctx.body.auctionId ?? ctx.body.id, false);
  return ok(await buyerHall(ctx.app, a.auctionId));
};

/** The auctions the calling supplier is invited to (published or later), with what a supplier may see of them. */
export const listByPageForCompete: FamilyAction = async (ctx) => {
  const supplierId = supplierOf(ctx);
  const invited = await tables(ctx.app.db).selectFrom('srm_src_auction_supplier').select('auction_id').where('supplier_id', '=', supplierId).execute();
  const ids = invited.map((r) => Number(r.auction_id));
  const only = ids.length ? sql`t.auction_id in (${sql.join(ids)}) and t.status <> 'DRAFT'` : sql`false`;
  const answer = await listWith(ctx, [only], 'listByPageForCompete');
  const rows = (answer.data as Record<string, unknown>[]).map((r) => {
    const own = r.awardedSupplierId === supplierId;
    const { awardedSupplierId: _w, awardedSupplierIdDisplay: _wd, awardedPrice: _p, bestPrice: _b, ...rest } = r;
    return { ...rest, ...(own ? { awardedPrice: r.awardedPrice, won: true } : {}), ...(r.visibility === 'LEAD_PRICE' ? { leadPrice: r.bestPrice } : {}) };
  });
  return { ...answer, data: rows };
};

export const listAuctionLog: FamilyAction = async (ctx) => {
  internalOnly(ctx);
  const a = await auctionOrRefuse(ctx.app.db, ctx.body.auctionId ?? ctx.body.id, false);
  const rows = await tables(ctx.app.db)
    .selectFrom('srm_src_auction_log')
    .select(['entry_seq', 'entry_type', 'bid_id', 'payload', 'prev_hash', 'entry_hash', 'creation_date'])
    .where('auction_id', '=', a.auctionId)
    .orderBy('entry_seq')
    .execute();
  return ok(
    rows.map((r) => ({
      entrySeq: r.entry_seq,
      entryType: r.entry_type,
      bidId: r.bid_id,
      payload: JSON.parse(r.payload ?? '{}') as unknown,
      prevHash: r.prev_hash,
      entryHash: r.entry_hash,
      creationDate: r.creation_date,
    })),
  );
};

export const doVerifyLog: FamilyAction = async (ctx) => {
  internalOnly(ctx);
  const a = await auctionOrRefuse(ctx.app.db, ctx.body.auctionId ?? ctx.body.id, false);
  return ok(await verifyChain(ctx.app.db, a.auctionId));
};
