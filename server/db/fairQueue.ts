// The one waiting line in front of the database connections (docs/decisions.md "Database queue").
//
// - Order: waiters are served by their place — the ticket of the request they belong to (its arrival
//   order), then the order they asked in. A request's second and third statements therefore go before
//   requests that arrived after it, instead of queueing again behind all of them: FIFO per request.
// - Bounded: at most `maxWaiting` waiters; when full, the youngest place is refused (the newcomer, or the
//   youngest waiter when an older request's next statement arrives), and a waiter that waited
//   `maxWaitMs` leaves the line with a refusal and never gets a connection afterwards.
// - Ticket 0 is the health check: it goes to the front and is never refused for a full line.
// - A freed connection is handed to the next waiter at once, but once back-to-back hand-offs have run for
//   `sliceMs` without the event loop getting a turn, the next one waits for setImmediate. PGlite
//   answers inside promise callbacks (no I/O), so without this a busy line would run as one endless
//   microtask chain: sockets would not be read and new connections not accepted for seconds, and the
//   clients already inside would keep the database to themselves (measured: half of 200 loops got one
//   answer in 20 s).

/** Where a waiter stands: lower tickets first; 0 = health (front, exempt from the bound). */
export interface Place {
  ticket: number;
  /** This waiter's own limit (health waits no longer than it reports). */
  maxWaitMs?: number;
}

export interface FairQueueOptions {
  /** Connections that can be held at once: 1 for PGlite, the pool size for PostgreSQL. */
  permits: number;
  maxWaiting: number;
  maxWaitMs: number;
  sliceMs?: number;
}

export type Release = () => void;

/** Why the line refused a waiter; `retryAfterSeconds` is the estimated time the line needs to drain. */
export class QueueRefusal extends Error {
  constructor(
    readonly reason: 'full' | 'timeout',
    readonly retryAfterSeconds: number,
  ) {
    super(reason === 'full' ? 'database queue full' : 'database queue wait timed out');
    this.name = 'QueueRefusal';
  }
}

interface Waiter {
  place: Place;
  ticket: number;
  seq: number;
  grant: (release: Release) => void;
  refuse: (e: QueueRefusal) => void;
  timer: NodeJS.Timeout;
}

const before = (a: Pick<Waiter, 'ticket' | 'seq'>, b: Pick<Waiter, 'ticket' | 'seq'>) => a.ticket < b.ticket || (a.ticket === b.ticket && a.seq < b.seq);

export class FairQueue {
  readonly permits: number;
  readonly maxWaiting: number;
  readonly maxWaitMs: number;
  private readonly sliceMs: number;
  private free: number;
  /** Sorted by place. Invariant: non-empty only while every permit is held. */
  private readonly waiters: Waiter[] = [];
  private seq = 0;
  private sliceStart: number | undefined;
  /** Moving average of how long a connection is held, for Retry-After. */
  private avgHoldMs = 5;
  /** Waiters refused since start (full or timed out). */
  shed = 0;

  constructor(opts: FairQueueOptions) {
    if (!(opts.permits >= 1 && opts.maxWaiting >= 0 && opts.maxWaitMs > 0)) throw new Error('FairQueue: permits ≥ 1, maxWaiting ≥ 0, maxWaitMs > 0');
    this.permits = opts.permits;
    this.maxWaiting = opts.maxWaiting;
    this.maxWaitMs = opts.maxWaitMs;
    this.sliceMs = opts.sliceMs ?? 10;
    this.free = opts.permits;
  }

  get waiting(): number {
    return this.waiters.length;
  }

  get holding(): number {
    return this.permits - this.free;
  }

  /** True while a waiter that asked with this very `place` object is still in line. */
  isWaiting(place: Place): boolean {
    return this.waiters.some((w) => w.place === place);
  }

  acquire(place: Place): Promise<Release> {
    if (this.free > 0) {
      this.free -= 1;
      return Promise.resolve(this.releaser());
    }
    const seq = this.seq++;
    if (place.ticket !== 0 && this.counted() >= this.maxWaiting) {
      const youngest = this.waiters[this.waiters.length - 1];
      // The newcomer is the youngest (or nothing may wait): refuse it. Else an older request's next
      // statement takes the youngest waiter's place, so work already started can finish.
      if (!youngest || youngest.ticket === 0 || before(youngest, { ticket: place.ticket, seq })) return Promise.reject(this.refusal('full'));
      this.remove(youngest);
      youngest.refuse(this.refusal('full'));
    }
    return new Promise<Release>((grant, refuse) => {
      const waiter: Waiter = {
        place,
        ticket: place.ticket,
        seq,
        grant,
        refuse,
        timer: setTimeout(() => {
          this.remove(waiter);
          refuse(this.refusal('timeout'));
        }, place.maxWaitMs ?? this.maxWaitMs),
      };
      this.insert(waiter);
    });
  }

  private counted(): number {
    let n = this.waiters.length;
    for (let i = 0; i < this.waiters.length && this.waiters[i].ticket === 0; i++) n -= 1;
    return n;
  }

  private refusal(reason: QueueRefusal['reason']): QueueRefusal {
    this.shed += 1;
    const drainMs = ((this.waiters.length + 1) * this.avgHoldMs) / this.permits;
    return new QueueRefusal(reason, Math.min(30, Math.max(1, Math.ceil(drainMs / 1000))));
  }

  private insert(w: Waiter): void {
    let lo = 0;
    let hi = this.waiters.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(this.waiters[mid], w)) lo = mid + 1;
      else hi = mid;
    }
    this.waiters.splice(lo, 0, w);
  }

  private remove(w: Waiter): void {
    clearTimeout(w.timer);
    const i = this.waiters.indexOf(w);
    if (i >= 0) this.waiters.splice(i, 1);
  }

  /** A release function for one grant: idempotent, hands the permit straight to the first waiter. */
  private releaser(): Release {
    const granted = performance.now();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.avgHoldMs += (performance.now() - granted - this.avgHoldMs) * 0.1;
      const next = this.waiters.shift();
      if (!next) {
        this.free += 1;
        return;
      }
      // Out of the line now: its timer can no longer refuse it, the permit is its own.
      clearTimeout(next.timer);
      this.handOff(() => next.grant(this.releaser()));
    };
  }

  private handOff(grant: () => void): void {
    const now = performance.now();
    if (this.sliceStart === undefined) {
      this.sliceStart = now;
      // Runs once the event loop has had its turn (polled sockets): a new slice may start.
      setImmediate(() => (this.sliceStart = undefined));
    }
    if (now - this.sliceStart < this.sliceMs) grant();
    else setImmediate(grant);
  }
}
