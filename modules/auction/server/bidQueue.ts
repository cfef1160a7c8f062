// The bids of one auction wait in one queue per server process: while a group is being decided
// (server/bidGroup.ts, one transaction under the auction's row lock) the next bids gather, and the next
// group takes them all at once. Under load a group holds many bids for the cost of one transaction;
// alone, a bid is a group of one. Live frames are coalesced the same way: after a commit one frame per
// watcher shows the latest state; a frame still being sent when the next group commits is followed by
// one frame for the newest state, not one per group.
import type { AppContext } from '../../../server/context.js';
import { decideGroup, type BidResult, type GroupOutcome, type QueuedBid } from './bidGroup.js';
import { publishState } from './live.js';

/** A group larger than this is split: one transaction stays short even with thousands waiting. */
const MAX_GROUP = 400;

interface Waiting extends QueuedBid {
  done: (r: BidResult) => void;
  fail: (e: unknown) => void;
}

interface AuctionQueue {
  waiting: Waiting[];
  running: boolean;
  publishing: boolean;
  /** The newest committed state not sent yet (sent once the frame in flight is out). */
  pending: { outcome: GroupOutcome; extended: boolean } | null;
}

const queues = new WeakMap<AppContext, Map<number, AuctionQueue>>();

function queueOf(app: AppContext, auctionId: number): AuctionQueue {
  let byApp = queues.get(app);
  if (!byApp) queues.set(app, (byApp = new Map()));
  let q = byApp.get(auctionId);
  if (!q) byApp.set(auctionId, (q = { waiting: [], running: false, publishing: false, pending: null }));
  return q;
}

/** Decides the bid with the others waiting for the same auction; answers its result or throws its refusal. */
export function submitBid(app: AppContext, auctionId: number, bid: QueuedBid): Promise<BidResult> {
  const q = queueOf(app, auctionId);
  const answer = new Promise<BidResult>((done, fail) => q.waiting.push({ ...bid, done, fail }));
  if (!q.running) void drain(app, auctionId, q);
  return answer;
}

async function drain(app: AppContext, auctionId: number, q: AuctionQueue): Promise<void> {
  q.running = true;
  try {
    while (q.waiting.length) {
      const group = q.waiting.splice(0, MAX_GROUP);
      let outcome: GroupOutcome;
      try {
        outcome = await decideGroup(app, auctionId, group);
      } catch (err) {
        for (const w of group) w.fail(err);
        continue;
      }
      if (outcome.accepted) schedulePublish(app, q, outcome);
      outcome.results.forEach((r, i) => (r instanceof Error ? group[i].fail(r) : group[i].done(r)));
    }
  } finally {
    // The queue stays (one small record per auction bid on): a publisher may still hold its pending state.
    q.running = false;
  }
}

function schedulePublish(app: AppContext, q: AuctionQueue, outcome: GroupOutcome): void {
  // An extension stays visible in the coalesced frame (the halls show its banner).
  const extended = outcome.extended || (q.pending?.extended ?? false);
  q.pending = { outcome, extended };
  if (q.publishing) return;
  q.publishing = true;
  void (async () => {
    while (q.pending) {
      const next = q.pending;
      q.pending = null;
      // A frame that could not be sent is not retried: the next one shows a newer state, a reconnect the rest.
      await publishState(app, next.outcome.auction, next.outcome.suppliers, next.outcome.logSeq, next.extended ? 'extend' : 'bid').catch((err: unknown) =>
        console.warn('auction live frame not sent', err),
      );
    }
    q.publishing = false;
  })();
}
