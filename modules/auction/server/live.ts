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

/** Suppliers' portal users, kept briefly: one auction's bids would otherwise ask for them on every bid. */
interface ContactsCache {
  known: Map<number, { at: number; userIds: number[] }>;
  /** Look-ups under way, by supplier: a frame that needs one waits for it instead of asking again. */
  pending: Map<number, Promise<void>>;
}
const contactsCache = new WeakMap<AppContext, ContactsCache>();
const CONTACTS_TTL_MS = 30_000;

/** One statement for all these suppliers (SupplierApi.portalUsers), registered as pending for each. */
function fetchContacts(app: AppContext, cache: ContactsCache, supplierIds: number[]): Promise<void> {
  const done = app.modules
    .api<SupplierApi>('supplier')
    .portalUsers(app.db, supplierIds)
    .then((users) => {
      const at = Date.now();
      for (const [id, userIds] of users) cache.known.set(id, { at, userIds });
    })
    .finally(() => supplierIds.forEach((id) => cache.pending.delete(id)));
  supplierIds.forEach((id) => cache.pending.set(id, done));
  return done;
}

/**
 * The portal users of each supplier. Known ones answer at once; past the TTL they are refreshed behind the
 * frame, all in one look-up (a frame must not wait for 200 suppliers' look-ups every 30 s, and 200 look-ups
 * at once filled the database queue ahead of the bids: "database busy" in the bench). Unknown ones are
 * looked up together, once however many frames need them meanwhile.
 */
async function contactsOf(app: AppContext, supplierIds: readonly number[]): Promise<Map<number, number[]>> {
  const c = contactsCache.get(app) ?? { known: new Map(), pending: new Map() };
  contactsCache.set(app, c);
  const now = Date.now();
  const stale = supplierIds.filter((id) => !c.pending.has(id) && now - (c.known.get(id)?.at ?? now) >= CONTACTS_TTL_MS);
  if (stale.length) void fetchContacts(app, c, stale).catch(() => undefined);
  const unknown = supplierIds.filter((id) => !c.known.has(id));
  const asked = unknown.filter((id) => !c.pending.has(id));
  if (asked.length) void fetchContacts(app, c, asked).catch(() => undefined);
  await Promise.all([...new Set(unknown.map((id) => c.pending.get(id)))]);
  return new Map(supplierIds.map((id) => [id, c.known.get(id)?.userIds ?? []]));
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
  const contacts = await contactsOf(
    app,
    suppliers.map((s) => s.supplierId),
  );
  suppliers.forEach((s) => {
    const data = { ...common, rank: ranks.get(s.supplierId) ?? null, ownBest: s.bestPrice, active: s.active, ...lead };
    for (const userId of contacts.get(s.supplierId) ?? []) frames.push({ userId, type: 'auction', data });
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
