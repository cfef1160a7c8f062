// Group commit of the bids queued for one auction (server/bidQueue.ts): ONE transaction under the
// auction's row lock decides every bid of the group one after another in memory, with the server clock
// read for each bid as it is decided, exactly as if each had taken the lock alone (same checks, same
// refusals, same extension rule, same chain), then writes the accepted bids, their log entries, the
// suppliers' bests and the auction row with one statement each. The lock is what keeps two server
// processes from deciding bids of one auction at the same time; the state is read under it per group,
// so no process decides on a stale copy.
import { sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { auditInsert, auditUpdate } from '../../../server/db/typed.js';
import type { AppContext } from '../../../server/context.js';
import type { Db } from '../../../server/db/connect.js';
import { refuse } from '../../../server/errors.js';
import type { AuctionTables } from '../generated/tables.js';
import { GENESIS, LogBatch } from './chain.js';
import { auctionNow, textOf } from './clock.js';
import { cents } from './price.js';
import { auctionOrRefuse, settle, supplierOf, tables, type AuctionRow, type InvitedSupplier } from './repo.js';

export interface QueuedBid {
  supplierId: number;
  userId: number;
  price: number;
}

export interface BidResult {
  auctionId: number;
  bidId: number;
  price: number;
  serverTime: number;
  endTime: string;
  endTimeMs: number;
  extended: boolean;
}

/** What the group leaves behind: each bid's answer or refusal, and the state the live frames show. */
export interface GroupOutcome {
  results: (BidResult | Error)[];
  auction: AuctionRow;
  suppliers: InvitedSupplier[];
  logSeq: number;
  extended: boolean;
  accepted: number;
}

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

function checkRound(a: AuctionRow, me: InvitedSupplier, price: number, confirmed: Set<number>): void {
  if (a.roundPrice === null || cents(price) !== cents(a.roundPrice)) throw refuse('auction.notRoundPrice', { roundPrice: a.roundPrice ?? '' });
  if (a.auctionType !== 'JAPANESE') return;
  if (!me.active) throw refuse('auction.outOfRounds');
  if (confirmed.has(me.supplierId)) throw refuse('auction.roundConfirmed', { round: a.roundNumber });
}

/** The bid table and its identity column, typed (a rename fails the type check), for drawing ids ahead. */
const BID_TABLE: keyof AuctionTables = 'srm_src_auction_bid';
const BID_KEY: keyof AuctionTables['srm_src_auction_bid'] = 'bid_id';

interface GroupState {
  suppliers: InvitedSupplier[];
  log: LogBatch;
  /** Suppliers that already confirmed the current Japanese round. */
  confirmed: Set<number>;
  /** Bid ids drawn ahead, one per queued bid: the log entries' hashes name their bid before it is written. */
  bidIds: number[];
}

/**
 * Everything a group decides on besides the locked row, in ONE statement read after the lock is held (a
 * statement of its own, so its snapshot is taken after the lock and sees the previous group's commit).
 */
async function groupState(db: Db, a: AuctionRow, bids: number): Promise<GroupState> {
  const japanese = a.auctionType === 'JAPANESE';
  const r = await tables(db)
    .selectNoFrom((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('srm_src_auction_supplier')
          .select(['supplier_id', 'best_price', 'bid_count', 'last_bid_ms', 'active_flag'])
          .where('auction_id', '=', a.auctionId)
          .orderBy('auction_supplier_id'),
      ).as('suppliers'),
      jsonObjectFrom(
        eb.selectFrom('srm_src_auction_log').select(['entry_seq', 'entry_hash']).where('auction_id', '=', a.auctionId).orderBy('entry_seq', 'desc').limit(1),
      ).as('last'),
      jsonArrayFrom(
        eb
          .selectFrom('srm_src_auction_bid')
          .select('supplier_id')
          .where('auction_id', '=', a.auctionId)
          .where('round_number', '=', a.roundNumber)
          .where(sql<boolean>`${japanese}`),
      ).as('confirmed'),
      sql<unknown[]>`array(select nextval(pg_get_serial_sequence(${BID_TABLE}, ${BID_KEY})) from generate_series(1, ${bids}))`.as('bidIds'),
    ])
    .executeTakeFirstOrThrow();
  const json = <T>(v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
  const last = json<{ entry_seq: number; entry_hash: string } | null>(r.last);
  return {
    suppliers: json<Parameters<typeof supplierOf>[0][]>(r.suppliers).map(supplierOf),
    log: LogBatch.after(a.auctionId, Number(last?.entry_seq ?? 0), last?.entry_hash ?? GENESIS),
    confirmed: new Set(json<{ supplier_id: number }[]>(r.confirmed).map((x) => Number(x.supplier_id))),
    bidIds: r.bidIds.map(Number),
  };
}

interface Accepted {
  bid: QueuedBid;
  index: number;
  now: number;
  kind: string;
  round: number;
  endMs: number;
  extended: boolean;
  extendCount: number;
  endedByDutch: boolean;
}

/** Thrown to roll back a group that accepted nothing: a refused bid leaves no trace, as when it was alone. */
class NothingAccepted extends Error {
  constructor(readonly outcome: GroupOutcome) {
    super('nothing accepted');
  }
}

export async function decideGroup(app: AppContext, auctionId: number, bids: readonly QueuedBid[]): Promise<GroupOutcome> {
  try {
    return await decideInTransaction(app, auctionId, bids);
  } catch (err) {
    if (err instanceof NothingAccepted) return err.outcome;
    throw err;
  }
}

async function decideInTransaction(app: AppContext, auctionId: number, bids: readonly QueuedBid[]): Promise<GroupOutcome> {
  return app.db.transaction().execute(async (trx) => {
    const locked = await auctionOrRefuse(trx, auctionId, true);
    let a = await settle(trx, locked, auctionNow(app), bids[0]?.userId ?? locked.createdBy);
    const { suppliers, log, confirmed, bidIds } = await groupState(trx, a, bids.length);
    const bySupplier = new Map(suppliers.map((s) => [s.supplierId, s]));
    const results: (BidResult | Error)[] = [];
    const accepted: Accepted[] = [];
    for (const [index, bid] of bids.entries()) {
      const me = bySupplier.get(bid.supplierId);
      // The clock is read as each bid is decided: the queue's order is the order of their times.
      const now = auctionNow(app);
      try {
        if (!me || a.status === 'DRAFT') throw refuse('auction.notInvited');
        checkOpen(a, now);
        if (a.auctionType === 'ENGLISH') checkEnglish(a, me, bid.price);
        else checkRound(a, me, bid.price, confirmed);
      } catch (err) {
        results.push(err as Error);
        continue;
      }
      const extended = a.auctionType === 'ENGLISH' && a.endMs - now <= a.extendWindowSeconds * 1000 && a.extendCount < a.maxExtends && a.extendSeconds > 0;
      const endedByDutch = a.auctionType === 'DUTCH';
      const endMs = endedByDutch ? now : extended ? a.endMs + a.extendSeconds * 1000 : a.endMs;
      const kind = a.auctionType === 'ENGLISH' ? 'BID' : endedByDutch ? 'ACCEPT' : 'CONFIRM';
      accepted.push({ bid, index, now, kind, round: a.roundNumber, endMs, extended, extendCount: a.extendCount + (extended ? 1 : 0), endedByDutch });
      me.bestPrice = bid.price;
      me.bidCount += 1;
      me.lastBidMs = now;
      confirmed.add(bid.supplierId);
      a = {
        ...a,
        endMs,
        extendCount: a.extendCount + (extended ? 1 : 0),
        status: endedByDutch ? 'ENDED' : a.status,
        bidCount: a.bidCount + 1,
        bestPrice: a.bestPrice === null ? bid.price : Math.min(a.bestPrice, bid.price),
      };
      results.push(new Error('pending'));
    }
    // The end passing inside the group needs no entry here: checkOpen refuses by the clock, and the next
    // write on the auction settles it (as a refused bid alone never wrote it).
    if (!accepted.length) throw new NothingAccepted({ results, auction: a, suppliers, logSeq: log.lastSeq, extended: false, accepted: 0 });
    await writeGroup(trx, a, accepted, bidIds, log, results, locked.endMs, bySupplier, bids[0]?.userId ?? locked.createdBy);
    return { results, auction: a, suppliers, logSeq: log.lastSeq, extended: accepted.some((x) => x.extended), accepted: accepted.length };
  });
}

/**
 * The group's writes in ONE statement (data-modifying CTEs: PostgreSQL runs each of them whether the outer
 * query reads it or not): the accepted bids under their drawn ids, their log entries, the bidding suppliers'
 * rows (a CASE per column keyed by supplier) and the auction row.
 */
async function writeGroup(
  trx: Db,
  a: AuctionRow,
  accepted: Accepted[],
  drawnIds: number[],
  log: LogBatch,
  results: (BidResult | Error)[],
  firstEndMs: number,
  bySupplier: Map<number, InvitedSupplier>,
  userId: number,
): Promise<void> {
  const bidIds = [...drawnIds].sort((x, y) => x - y);
  let previousEnd = firstEndMs;
  for (const [i, x] of accepted.entries()) {
    const bidId = bidIds[i];
    log.add(x.bid.userId, 'BID', { supplierId: x.bid.supplierId, price: x.bid.price, kind: x.kind, round: x.round, serverTimeMs: x.now }, bidId);
    if (x.extended)
      log.add(x.bid.userId, 'EXTEND', { from: textOf(previousEnd), to: textOf(x.endMs), count: x.extendCount, bidId, serverTimeMs: x.now }, bidId);
    if (x.endedByDutch) log.add(x.bid.userId, 'END', { at: textOf(x.now), acceptedBy: x.bid.supplierId, price: x.bid.price });
    previousEnd = x.endMs;
    results[x.index] = {
      auctionId: a.auctionId,
      bidId,
      price: x.bid.price,
      serverTime: x.now,
      endTime: textOf(x.endMs),
      endTimeMs: Math.ceil(x.endMs / 1000) * 1000,
      extended: x.extended,
    };
  }
  const touched = [...new Set(accepted.map((x) => x.bid.supplierId))].map((id) => bySupplier.get(id)!);
  const byRow = <T>(value: (s: InvitedSupplier) => unknown, type: 'numeric' | 'int' | 'bigint') =>
    sql<T>`case supplier_id ${sql.join(
      touched.map((s) => sql`when ${s.supplierId}::bigint then ${value(s)}::${sql.raw(type)}`),
      sql` `,
    )} end`;
  await tables(trx)
    .with('bids', (db) =>
      db.insertInto('srm_src_auction_bid').values(
        accepted.map((x, i) => ({
          bid_id: bidIds[i],
          auction_id: a.auctionId,
          supplier_id: x.bid.supplierId,
          user_id: x.bid.userId,
          price: x.bid.price,
          round_number: x.round,
          bid_kind: x.kind,
          server_time_ms: x.now,
          ...auditInsert(x.bid.userId),
        })),
      ),
    )
    .with('entries', (db) => db.insertInto('srm_src_auction_log').values(log.take() as never))
    .with('bidders', (db) =>
      db
        .updateTable('srm_src_auction_supplier')
        .set({
          best_price: byRow<number>((s) => s.bestPrice, 'numeric'),
          bid_count: byRow<number>((s) => s.bidCount, 'int'),
          last_bid_ms: byRow<number>((s) => s.lastBidMs, 'bigint'),
          ...auditUpdate(userId),
        })
        .where('auction_id', '=', a.auctionId)
        .where(
          'supplier_id',
          'in',
          touched.map((s) => s.supplierId),
        ),
    )
    .updateTable('srm_src_auction')
    .set({ status: a.status, end_time: textOf(a.endMs), extend_count: a.extendCount, bid_count: a.bidCount, best_price: a.bestPrice, ...auditUpdate(userId) })
    .where('auction_id', '=', a.auctionId)
    .execute();
}
