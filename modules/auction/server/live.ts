// Live frames of an auction on /srm-ws (CONTRACT.md: {type: "auction", seq, data: {auctionId, endTime,
// rank?, leadPrice?}}), sent after the commit through the push module, which numbers them per user and
// replays what a reconnecting socket missed. Each invited supplier's users get their own rank (and the
// lead price only when the auction shows it), never another supplier's identity; the buyer who owns the
// auction gets the whole board. Frames carry the log's entry number (`logSeq`): a client keeps the frame
// with the highest one, whatever order two concurrent bids' frames arrive in.
import type { AppContext } from '../../../server/context.js';
import type { PushApi, UserFrame } from '../../push/api.js';
import type { SupplierApi } from '../../supplier/api.js';
import { auctionNow, textOf } from './clock.js';
import { invitedSuppliers, loadAuction, ranking, tables, type AuctionRow, type InvitedSupplier } from './repo.js';

export type LiveEvent = 'bid' | 'extend' | 'publish' | 'pause' | 'resume' | 'manualExtend' | 'close' | 'round' | 'award' | 'cancel';

/** A supplier's portal users, kept briefly: one auction's bids would otherwise ask for them on every bid. */
const contactsCache = new WeakMap<AppContext, Map<number, { at: number; userIds: number[] }>>();
const CONTACTS_TTL_MS = 30_000;

async function fetchContacts(app: AppContext, byApp: Map<number, { at: number; userIds: number[] }>, supplierId: number): Promise<number[]> {
  const c = await app.modules.api<SupplierApi>('supplier').supplierContacts(app.db, { supplierId });
  const userIds = c?.userIds ?? [];
  byApp.set(supplierId, { at: Date.now(), userIds });
  return userIds;
}

/**
 * A known supplier's users answer at once; past the TTL they are refreshed behind the frame (a frame must
 * not wait for 200 suppliers' look-ups every 30 s: that stalled every watcher for seconds in the bench).
 */
async function contactsOf(app: AppContext, supplierId: number): Promise<number[]> {
  let byApp = contactsCache.get(app);
  if (!byApp) contactsCache.set(app, (byApp = new Map()));
  const hit = byApp.get(supplierId);
  if (!hit) return fetchContacts(app, byApp, supplierId);
  if (Date.now() - hit.at >= CONTACTS_TTL_MS) {
    hit.at = Date.now(); // one refresh at a time
    void fetchContacts(app, byApp, supplierId).catch(() => undefined);
  }
  return hit.userIds;
}

/** What every watcher sees of the auction's clock and round. */
export function commonData(a: AuctionRow, now: number, logSeq: number, event: string) {
  return {
    auctionId: a.auctionId,
    event,
    status: a.status,
    endTime: textOf(a.endMs),
    endTimeMs: a.endMs,
    serverTime: now,
    logSeq,
    extendCount: a.extendCount,
    maxExtends: a.maxExtends,
    roundNumber: a.roundNumber,
    roundPrice: a.roundPrice,
  };
}

export async function lastLogSeq(app: AppContext, auctionId: number): Promise<number> {
  const r = await tables(app.db)
    .selectFrom('srm_src_auction_log')
    .select((eb) => eb.fn.max('entry_seq').as('seq'))
    .where('auction_id', '=', auctionId)
    .executeTakeFirst();
  return Number(r?.seq ?? 0);
}

export async function publishAuction(app: AppContext, auctionId: number, event: LiveEvent): Promise<void> {
  if (!app.modules.hasApi('push')) return;
  const a = await loadAuction(app.db, auctionId, false);
  if (!a) return;
  const [suppliers, logSeq] = await Promise.all([invitedSuppliers(app.db, auctionId), lastLogSeq(app, auctionId)]);
  await publishState(app, a, suppliers, logSeq, event);
}

/** One frame per watcher for a state the caller already holds (a bid group's, read under its lock). */
export async function publishState(app: AppContext, a: AuctionRow, suppliers: readonly InvitedSupplier[], logSeq: number, event: LiveEvent): Promise<void> {
  if (!app.modules.hasApi('push')) return;
  const ranks = ranking(suppliers);
  const now = auctionNow(app);
  const common = commonData(a, now, logSeq, event);
  const lead = a.visibility === 'LEAD_PRICE' ? { leadPrice: a.bestPrice } : {};
  const frames: UserFrame[] = [];
  const contacts = await Promise.all(suppliers.map((s) => contactsOf(app, s.supplierId)));
  suppliers.forEach((s, i) => {
    const data = { ...common, rank: ranks.get(s.supplierId) ?? null, ownBest: s.bestPrice, active: s.active, ...lead };
    for (const userId of contacts[i]) frames.push({ userId, type: 'auction', data });
  });
  const board = suppliers.map((s) => ({
    supplierId: s.supplierId,
    rank: ranks.get(s.supplierId) ?? null,
    bestPrice: s.bestPrice,
    bidCount: s.bidCount,
    active: s.active,
  }));
  frames.push({ userId: a.createdBy, type: 'auction', data: { ...common, leadPrice: a.bestPrice, bidCount: a.bidCount, board } });
  await app.modules.api<PushApi>('push').publishEach(frames);
}
