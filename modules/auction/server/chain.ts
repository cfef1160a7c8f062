// The auction's log: every bid, extension and state change appended with the SHA-256 of the previous
// entry, so that the sequence can be verified after the fact (a changed, removed or reordered entry
// breaks every hash after it). Appended inside the bid's transaction, under the auction's row lock.
import { createHash } from 'node:crypto';
import type { Db } from '../../../server/db/connect.js';
import { auditInsert, typed } from '../../../server/db/typed.js';
import type { AuctionTables } from '../generated/tables.js';

export type LogType = 'BID' | 'EXTEND' | 'PUBLISH' | 'START' | 'PAUSE' | 'RESUME' | 'MANUAL_EXTEND' | 'CLOSE' | 'END' | 'ROUND' | 'AWARD' | 'CANCEL';

/** The genesis entry's "previous hash": 64 zeros. */
export const GENESIS = '0'.repeat(64);

export function entryHash(prevHash: string, auctionId: number, entrySeq: number, entryType: string, bidId: number | null, payload: string): string {
  return createHash('sha256')
    .update([prevHash, auctionId, entrySeq, entryType, bidId ?? '', payload].join('\n'))
    .digest('hex');
}

/** Appends one entry after the auction's last; the caller holds the auction's row lock. Answers its seq. */
export async function appendLog(
  db: Db,
  auctionId: number,
  userId: number,
  entryType: LogType,
  payload: Record<string, unknown>,
  bidId: number | null = null,
): Promise<number> {
  const t = typed<AuctionTables>(db);
  const last = await t
    .selectFrom('srm_src_auction_log')
    .select(['entry_seq', 'entry_hash'])
    .where('auction_id', '=', auctionId)
    .orderBy('entry_seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  const seq = (last?.entry_seq ?? 0) + 1;
  const prev = last?.entry_hash ?? GENESIS;
  const text = JSON.stringify(payload);
  await t
    .insertInto('srm_src_auction_log')
    .values({
      auction_id: auctionId,
      entry_seq: seq,
      entry_type: entryType,
      bid_id: bidId,
      payload: text,
      prev_hash: prev,
      entry_hash: entryHash(prev, auctionId, seq, entryType, bidId, text),
      ...auditInsert(userId),
    })
    .execute();
  return seq;
}

export interface ChainCheck {
  valid: boolean;
  entries: number;
  /** The first entry whose hash or link does not match (null when valid). */
  brokenAt: number | null;
  lastHash: string;
}

/** Recomputes the chain from the first entry. */
export async function verifyChain(db: Db, auctionId: number): Promise<ChainCheck> {
  const rows = await typed<AuctionTables>(db)
    .selectFrom('srm_src_auction_log')
    .select(['entry_seq', 'entry_type', 'bid_id', 'payload', 'prev_hash', 'entry_hash'])
    .where('auction_id', '=', auctionId)
    .orderBy('entry_seq')
    .execute();
  let prev = GENESIS;
  for (const [i, r] of rows.entries()) {
    const expected = entryHash(prev, auctionId, r.entry_seq ?? 0, r.entry_type ?? '', r.bid_id ?? null, r.payload ?? '');
    if (r.entry_seq !== i + 1 || r.prev_hash !== prev || r.entry_hash !== expected)
      return { valid: false, entries: rows.length, brokenAt: r.entry_seq ?? i + 1, lastHash: prev };
    prev = expected;
  }
  return { valid: true, entries: rows.length, brokenAt: null, lastHash: prev };
}

/**
 * Entries of one bid group, chained in memory after the last written entry (read once per group) and
 * written by the group's own statement (`take`). The caller holds the auction's row lock throughout.
 */
export class LogBatch {
  private rows: Record<string, unknown>[] = [];
  private constructor(
    private readonly auctionId: number,
    private seq: number,
    private prev: string,
  ) {}

  /** A batch after a last entry the caller read itself (a bid group reads it with the rest of its state). */
  static after(auctionId: number, lastSeq: number, lastHash: string): LogBatch {
    return new LogBatch(auctionId, lastSeq, lastHash);
  }

  /** The seq of the last entry (written or still queued). */
  get lastSeq(): number {
    return this.seq;
  }

  add(userId: number, entryType: LogType, payload: Record<string, unknown>, bidId: number | null = null): number {
    this.seq += 1;
    const text = JSON.stringify(payload);
    const hash = entryHash(this.prev, this.auctionId, this.seq, entryType, bidId, text);
    this.rows.push({
      auction_id: this.auctionId,
      entry_seq: this.seq,
      entry_type: entryType,
      bid_id: bidId,
      payload: text,
      prev_hash: this.prev,
      entry_hash: hash,
      ...auditInsert(userId),
    });
    this.prev = hash;
    return this.seq;
  }

  /** The queued rows, handed to the caller's own statement (and no longer queued). */
  take(): Record<string, unknown>[] {
    const rows = this.rows;
    this.rows = [];
    return rows;
  }
}
