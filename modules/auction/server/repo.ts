// Reading and settling an auction inside a transaction: the row is locked (SELECT … FOR UPDATE) so that
// bids, extensions and the buyer's pause/close on one auction are decided one after another, and its
// status follows the server clock (PUBLISHED → RUNNING at the start, RUNNING → ENDED at the end) before
// anything else looks at it.
import type { Transaction } from 'kysely';
import { refuse } from '../../../server/errors.js';
import { auditUpdate, typed } from '../../../server/db/typed.js';
import type { Db } from '../../../server/db/connect.js';
import type { AuctionTables } from '../generated/tables.js';
import { appendLog } from './chain.js';
import { msOf, textOf } from './clock.js';

export type Trx = Transaction<AuctionTables>;
export const tables = (db: Db) => typed<AuctionTables>(db);

export interface AuctionRow {
  auctionId: number;
  auctionNumber: string;
  title: string;
  status: string;
  auctionType: 'ENGLISH' | 'DUTCH' | 'JAPANESE';
  visibility: 'RANK' | 'LEAD_PRICE';
  currencyCode: string;
  startMs: number;
  endMs: number;
  extendWindowSeconds: number;
  extendSeconds: number;
  maxExtends: number;
  extendCount: number;
  minDecrement: number;
  ceilingPrice: number;
  roundStep: number | null;
  startPrice: number | null;
  roundNumber: number;
  roundPrice: number | null;
  pausedRemainingMs: number | null;
  bidCount: number;
  bestPrice: number | null;
  awardedSupplierId: number | null;
  awardedPrice: number | null;
  createdBy: number;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export async function loadAuction(db: Db, auctionId: number, lock: boolean): Promise<AuctionRow | null> {
  let q = tables(db).selectFrom('srm_src_auction').selectAll().where('auction_id', '=', auctionId);
  if (lock) q = q.forUpdate();
  const r = await q.executeTakeFirst();
  if (!r) return null;
  return {
    auctionId: Number(r.auction_id),
    auctionNumber: r.auction_number ?? '',
    title: r.title,
    status: r.status ?? 'DRAFT',
    auctionType: r.auction_type as AuctionRow['auctionType'],
    visibility: r.visibility as AuctionRow['visibility'],
    currencyCode: r.currency_code ?? 'CNY',
    startMs: msOf(r.start_time),
    endMs: msOf(r.end_time),
    extendWindowSeconds: Number(r.extend_window_seconds ?? 0),
    extendSeconds: Number(r.extend_seconds ?? 0),
    maxExtends: Number(r.max_extends ?? 0),
    extendCount: Number(r.extend_count ?? 0),
    minDecrement: Number(r.min_decrement ?? 0),
    ceilingPrice: Number(r.ceiling_price),
    roundStep: num(r.round_step),
    startPrice: num(r.start_price),
    roundNumber: Number(r.round_number ?? 0),
    roundPrice: num(r.round_price),
    pausedRemainingMs: num(r.paused_remaining_ms),
    bidCount: Number(r.bid_count ?? 0),
    bestPrice: num(r.best_price),
    awardedSupplierId: num(r.awarded_supplier_id),
    awardedPrice: num(r.awarded_price),
    createdBy: Number(r.created_by),
  };
}

/** The auction or a refusal naming it (never another message for a missing and a foreign one). */
export async function auctionOrRefuse(db: Db, auctionId: unknown, lock: boolean): Promise<AuctionRow> {
  const id = Number(auctionId);
  const row = Number.isSafeInteger(id) && id > 0 ? await loadAuction(db, id, lock) : null;
  if (!row) throw refuse('auction.notFound');
  return row;
}

/**
 * Moves the status as the clock says (inside the caller's locked transaction) and logs the move; answers
 * the row as it now is. A paused auction waits for the buyer.
 */
export async function settle(db: Db, a: AuctionRow, now: number, userId: number): Promise<AuctionRow> {
  let status = a.status;
  if (status === 'PUBLISHED' && now >= a.startMs) status = now >= a.endMs ? 'ENDED' : 'RUNNING';
  else if (status === 'RUNNING' && now >= a.endMs) status = 'ENDED';
  if (status === a.status) return a;
  await tables(db)
    .updateTable('srm_src_auction')
    .set({ status, ...auditUpdate(userId) })
    .where('auction_id', '=', a.auctionId)
    .execute();
  if (a.status === 'PUBLISHED') await appendLog(db, a.auctionId, userId, 'START', { at: textOf(a.startMs) });
  if (status === 'ENDED') await appendLog(db, a.auctionId, userId, 'END', { at: textOf(a.endMs), bestPrice: a.bestPrice, bids: a.bidCount });
  return { ...a, status };
}

export interface InvitedSupplier {
  supplierId: number;
  bestPrice: number | null;
  bidCount: number;
  lastBidMs: number | null;
  active: boolean;
}

export async function invitedSuppliers(db: Db, auctionId: number): Promise<InvitedSupplier[]> {
  const rows = await tables(db)
    .selectFrom('srm_src_auction_supplier')
    .select(['supplier_id', 'best_price', 'bid_count', 'last_bid_ms', 'active_flag'])
    .where('auction_id', '=', auctionId)
    .orderBy('auction_supplier_id')
    .execute();
  return rows.map(supplierOf);
}

/** An invited supplier's row (also as read through JSON by a bid group, where numbers may come as text). */
export function supplierOf(r: { supplier_id: unknown; best_price: unknown; bid_count: unknown; last_bid_ms: unknown; active_flag: unknown }): InvitedSupplier {
  return {
    supplierId: Number(r.supplier_id),
    bestPrice: num(r.best_price),
    bidCount: Number(r.bid_count ?? 0),
    lastBidMs: num(r.last_bid_ms),
    active: r.active_flag !== 'N',
  };
}

/**
 * Ranks by best price, lower first; at the same price the earlier bid ranks higher. Suppliers without a
 * bid have no rank.
 */
export function ranking(suppliers: readonly InvitedSupplier[]): Map<number, number> {
  const bidders = suppliers
    .filter((s) => s.bestPrice !== null)
    .sort((x, y) => x.bestPrice! - y.bestPrice! || (x.lastBidMs ?? 0) - (y.lastBidMs ?? 0) || x.supplierId - y.supplierId);
  return new Map(bidders.map((s, i) => [s.supplierId, i + 1]));
}
