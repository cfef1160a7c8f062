// The database queue (server/db/fairQueue.ts): order, bound, time limit, health's place, and that a
// busy line lets the event loop breathe. Timers are faked where a wait is measured: no test sleeps.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FairQueue, QueueRefusal, type Release } from '../../../server/db/fairQueue.js';

const queue = (maxWaiting = 100, maxWaitMs = 5000, permits = 1) => new FairQueue({ permits, maxWaiting, maxWaitMs });

/** Acquires at each ticket in turn, recording the order of grants; each grantee keeps its permit. */
function line(q: FairQueue, tickets: number[], granted: number[], releases: Release[]) {
  return tickets.map((ticket) =>
    q.acquire({ ticket }).then((r) => {
      granted.push(ticket);
      releases.push(r);
    }),
  );
}

/** Releases the permits one by one as they are granted, until `n` grants happened. */
async function drain(releases: Release[], n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    await vi.waitUntil(() => releases.length > i, { timeout: 10_000, interval: 1 });
    releases[i]();
  }
}

const refusal = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(QueueRefusal);
  return e as QueueRefusal;
};

afterEach(() => {
  vi.useRealTimers();
});

describe('database queue', () => {
  it('grants in the order of asking (FIFO) when every waiter is a new request', async () => {
    const q = queue();
    const first = await q.acquire({ ticket: 1 });
    const granted: number[] = [];
    const releases: Release[] = [first];
    const all = line(q, [2, 3, 4, 5, 6, 7, 8], granted, releases);
    expect(q.waiting).toBe(7);
    await drain(releases, 8);
    await Promise.all(all);
    expect(granted).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(q.holding).toBe(0);
  });

  it("serves a request's next statement before requests that arrived after it (FIFO per request)", async () => {
    const q = queue();
    const held = await q.acquire({ ticket: 3 });
    const granted: number[] = [];
    const releases: Release[] = [held];
    const later = line(q, [5, 6, 7], granted, releases);
    // request 3 (holding now) and request 4 ask again while 5, 6 and 7 wait; the same request twice keeps its own order
    const again = line(q, [3, 4, 3], granted, releases);
    await drain(releases, 7);
    await Promise.all([...later, ...again]);
    expect(granted).toEqual([3, 3, 4, 5, 6, 7]);
  });

  it('refuses the waiter beyond the bound at once, with a Retry-After estimate; the others keep their places', async () => {
    const q = queue(3);
    const held = await q.acquire({ ticket: 1 });
    const granted: number[] = [];
    const releases: Release[] = [held];
    const waiting = line(q, [2, 3, 4], granted, releases);
    const e = await refusal(q.acquire({ ticket: 5 }));
    expect(e.reason).toBe('full');
    expect(e.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(e.retryAfterSeconds).toBeLessThanOrEqual(30);
    expect(q.waiting).toBe(3);
    expect(q.shed).toBe(1);
    await drain(releases, 4);
    await Promise.all(waiting);
    expect(granted).toEqual([2, 3, 4]);
  });

  it("when full, an older request's next statement takes the youngest waiter's place (work already started finishes)", async () => {
    const q = queue(3);
    const held = await q.acquire({ ticket: 1 });
    const granted: number[] = [];
    const releases: Release[] = [held];
    const [p5, p6, p7] = line(q, [5, 6, 7], granted, releases);
    const p2 = line(q, [2], granted, releases)[0];
    expect((await refusal(p7)).reason).toBe('full');
    expect(q.waiting).toBe(3);
    await drain(releases, 4);
    await Promise.all([p5, p6, p2]);
    expect(granted).toEqual([2, 5, 6]);
  });

  it('a waiter that waited too long is refused, leaves the line and never gets the connection afterwards', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const q = queue(10, 1000);
    const held = await q.acquire({ ticket: 1 });
    let late = false;
    const timedOut = q.acquire({ ticket: 2 }).then((r) => {
      late = true;
      r();
    });
    const patient = q.acquire({ ticket: 3, maxWaitMs: 60_000 });
    vi.advanceTimersByTime(999);
    expect(q.waiting).toBe(2);
    vi.advanceTimersByTime(1);
    expect((await refusal(timedOut)).reason).toBe('timeout');
    expect(q.waiting).toBe(1);
    held();
    (await patient)();
    expect(late).toBe(false);
    expect(q.holding).toBe(0);
    // the line is usable as before
    (await q.acquire({ ticket: 4 }))();
    expect(q.shed).toBe(1);
  });

  it('health (ticket 0) goes to the front and is never refused for a full line', async () => {
    const q = queue(2);
    const held = await q.acquire({ ticket: 1 });
    const granted: number[] = [];
    const releases: Release[] = [held];
    const waiting = line(q, [2, 3], granted, releases);
    const place = { ticket: 0 };
    const health = q.acquire(place).then((r) => {
      granted.push(0);
      releases.push(r);
    });
    expect(q.isWaiting(place)).toBe(true);
    expect(q.waiting).toBe(3);
    await refusal(q.acquire({ ticket: 4 }));
    await drain(releases, 4);
    await Promise.all([...waiting, health]);
    expect(granted).toEqual([0, 2, 3]);
    expect(q.isWaiting(place)).toBe(false);
  });

  it('a release counts once; several permits are handed out as several', async () => {
    const q = queue(10, 5000, 2);
    const a = await q.acquire({ ticket: 1 });
    const b = await q.acquire({ ticket: 2 });
    expect(q.holding).toBe(2);
    let third = false;
    let fourth = false;
    void q.acquire({ ticket: 3 }).then(() => (third = true));
    void q.acquire({ ticket: 4 }).then(() => (fourth = true));
    a();
    a();
    await vi.waitUntil(() => third, { timeout: 10_000, interval: 1 });
    expect(fourth).toBe(false);
    expect(q.holding).toBe(2);
    b();
    await vi.waitUntil(() => fourth, { timeout: 10_000, interval: 1 });
  });

  it('a long line of quick statements yields to the event loop (sockets are read while it drains)', async () => {
    const q = queue(1000);
    const held = await q.acquire({ ticket: 1 });
    let grants = 0;
    let grantsWhenLoopTurned = -1;
    const all = Array.from({ length: 200 }, (_, i) =>
      q.acquire({ ticket: i + 2 }).then((release) => {
        grants += 1;
        // each statement "runs" 1 ms synchronously, as PGlite does inside a promise callback
        const until = performance.now() + 1;
        while (performance.now() < until);
        release();
      }),
    );
    setImmediate(() => (grantsWhenLoopTurned = grants));
    held();
    await Promise.all(all);
    expect(grants).toBe(200);
    // without the time slice all 200 would run before the loop's next turn
    expect(grantsWhenLoopTurned).toBeGreaterThanOrEqual(0);
    expect(grantsWhenLoopTurned).toBeLessThan(200);
  });
});
