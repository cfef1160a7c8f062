// What the auction bench needs besides the server: bidder companies and their portal users written
// straight into the bench's throwaway PostgreSQL database (copies of the demo's S-0001 and supplier01,
// so they pass every check an invited supplier must pass and sign in with the demo password), and the
// figures it computes from what the sockets received.
import type pg from 'pg';

async function columnsOf(db: pg.Client, table: string, skip: string): Promise<string[]> {
  const r = await db.query<{ column_name: string }>(
    `select column_name from information_schema.columns where table_name = $1 and column_name <> $2 order by ordinal_position`,
    [table, skip],
  );
  return r.rows.map((x) => x.column_name);
}

/** `n` suppliers BENCH-0001… with one portal user bench0001… each; answers the user names. */
export async function addBidders(db: pg.Client, n: number): Promise<string[]> {
  const sup = await columnsOf(db, 'srm_pos_supplier_info', 'supplier_id');
  const supValues = sup.map((c) => (c === 'supplier_number' ? `'BENCH-' || lpad(g::text, 4, '0')` : c === 'supplier_name' ? `'Bench supplier ' || g` : c));
  await db.query(
    `insert into srm_pos_supplier_info (${sup.join(', ')}) select ${supValues.join(', ')} from srm_pos_supplier_info, generate_series(1, $1) g where supplier_number = 'S-0001'`,
    [n],
  );
  const users = await columnsOf(db, 'base_users', 'user_id');
  const userValues = users.map((c) =>
    c === 'user_name'
      ? `'bench' || lpad(g::text, 4, '0')`
      : c === 'email'
        ? `'bench' || g || '@bench.example.com'`
        : c === 'supplier_id'
          ? `(select s.supplier_id from srm_pos_supplier_info s where s.supplier_number = 'BENCH-' || lpad(g::text, 4, '0'))`
          : c,
  );
  await db.query(
    `insert into base_users (${users.join(', ')}) select ${userValues.join(', ')} from base_users, generate_series(1, $1) g where user_name = 'supplier01'`,
    [n],
  );
  await db.query(
    `insert into base_user_resp (user_id, resp_id, created_by, last_updated_by)
     select u.user_id, r.resp_id, 0, 0 from base_users u, base_user_resp r join base_users s on s.user_id = r.user_id and s.user_name = 'supplier01'
     where u.user_name like 'bench%'`,
  );
  return Array.from({ length: n }, (_, i) => `bench${String(i + 1).padStart(4, '0')}`);
}

/** Latencies in 0.1 ms buckets up to 30 s: quantiles over millions of (bid, watcher) pairs without keeping them. */
export class Histogram {
  private readonly buckets = new Uint32Array(300_001);
  count = 0;
  max = 0;
  add(ms: number): void {
    const v = Math.max(0, ms);
    this.buckets[Math.min(this.buckets.length - 1, Math.round(v * 10))] += 1;
    this.count += 1;
    if (v > this.max) this.max = v;
  }
  quantile(q: number): number {
    const target = Math.max(1, Math.ceil(q * this.count));
    let seen = 0;
    for (let i = 0; i < this.buckets.length; i++) {
      seen += this.buckets[i];
      if (seen >= target) return i / 10;
    }
    return this.max;
  }
  summary() {
    return { p50: this.quantile(0.5), p90: this.quantile(0.9), p99: this.quantile(0.99), max: Math.round(this.max * 10) / 10, samples: this.count };
  }
}

/**
 * Per second of the bidding schedule (by when a bid was sent): refused bids and the slowest answer, so a
 * bad start or a stall shows where it happened instead of vanishing into the run's totals.
 */
export class Timeline {
  private readonly refused: number[];
  private readonly slowest: number[];
  constructor(seconds: number) {
    this.refused = new Array<number>(seconds).fill(0);
    this.slowest = new Array<number>(seconds).fill(0);
  }
  add(second: number, accepted: boolean, ms: number): void {
    if (second < 0 || second >= this.refused.length) return;
    if (!accepted) this.refused[second] += 1;
    this.slowest[second] = Math.max(this.slowest[second], Math.round(ms));
  }
  summary() {
    return { refused: this.refused.join(' '), slowestMs: this.slowest.join(' ') };
  }
}

/** One watcher's auction frames in arrival order: arrival (epoch ms, sub-ms) and the frame's logSeq. */
export interface Received {
  at: number[];
  logSeq: number[];
}

/**
 * Accept → frame: for every accepted bid (log entry `seq`, decided at `acceptMs` by the server clock) and
 * every watcher, the first frame that watcher received carrying that entry or a later one (a frame shows
 * the state after its logSeq). A bid no frame ever showed counts as missing.
 */
export function acceptToFrame(bids: { seq: number; acceptMs: number }[], watchers: Received[], h: Histogram): number {
  const sorted = [...bids].sort((a, b) => a.seq - b.seq);
  let missing = 0;
  for (const w of watchers) {
    let i = 0;
    let highest = 0;
    for (let f = 0; f < w.at.length && i < sorted.length; f++) {
      highest = Math.max(highest, w.logSeq[f]);
      while (i < sorted.length && sorted[i].seq <= highest) h.add(w.at[f] - sorted[i++].acceptMs);
    }
    missing += sorted.length - i;
  }
  return missing;
}
