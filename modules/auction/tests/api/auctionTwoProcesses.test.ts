// Two server instances (each its own pool and its own bid queue) on one PostgreSQL database and one
// Redis take bids for the same auction at the same moments: every bid is decided exactly once, the log
// holds exactly the accepted bids in one valid chain, and each supplier's accepted bids beat its own
// previous best in log order (no instance decided on a state the other had already changed).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../../../server/app.js';
import { backends } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import { setAuctionClock } from '../../server/clock.js';
import { AU, bid, openHall, runningAuction, type Hall } from './helpers.js';

describe.runIf((await backends()).includes('postgres'))('auction bids from two server processes on PostgreSQL', () => {
  let h: Hall;
  let second: BuiltApp;
  let s1b: SignedClient;
  let s2b: SignedClient;

  beforeAll(async () => {
    h = await openHall('postgres');
    // The first server migrated and seeded this database moments ago: the second's start skips checking again.
    second = await buildApp({ ...h.t.app.ctx.config }, { fromTemplate: true, cacheNamespace: `srmtest:${randomBytes(4).toString('hex')}:` });
    setAuctionClock(second.ctx, () => h.clock.now);
    await second.server.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(second.server.server.address() as { port: number }).port}`;
    [s1b, s2b] = await Promise.all([signIn(url, 'supplier01'), signIn(url, 'supplier02')]);
  });
  afterAll(async () => {
    await second?.close();
    await h?.t.stop();
  });

  it('decides concurrent bids of both processes once each, in one chain', async () => {
    const a = await runningAuction(h, { minDecrement: 0.01, ceilingPrice: 1000 });
    const senders = [
      { c: h.s1, supplierId: h.sup1 },
      { c: s1b, supplierId: h.sup1 },
      { c: h.s2, supplierId: h.sup2 },
      { c: s2b, supplierId: h.sup2 },
    ];
    const sent: { supplierId: number; price: number; ok: boolean; bidId?: number; msg: string }[] = [];
    for (let step = 0; step < 6; step++) {
      // Five a second per supplier and process (each instance counts in its own cache namespace here).
      const answers = await Promise.all(
        senders.flatMap((s, i) =>
          Array.from({ length: 5 }, async (_, k) => {
            const price = Math.round((900 - step * 50 - (k * 4 + i) * 1.37) * 100) / 100;
            const r = await bid(s.c, a.auctionId, price);
            return { supplierId: s.supplierId, price, ok: r.status === 'S', bidId: r.status === 'S' ? Number(r.data.bidId) : undefined, msg: r.msg };
          }),
        ),
      );
      sent.push(...answers);
      h.clock.now += 1000;
    }
    const accepted = sent.filter((x) => x.ok);
    expect(accepted.length).toBeGreaterThanOrEqual(12);
    for (const r of sent.filter((x) => !x.ok)) expect(r.msg).toMatch(/best|decrement/i);
    expect(new Set(accepted.map((x) => x.bidId)).size).toBe(accepted.length);

    const log = expectOk(
      await h.buyer.call<{ entrySeq: number; entryType: string; bidId: number | null; payload: Rec }[]>(`${AU}/listAuctionLog`, { id: a.auctionId }),
    );
    const bids = log.filter((e) => e.entryType === 'BID');
    expect(bids.map((e) => e.bidId).sort((x, y) => x! - y!)).toEqual(accepted.map((x) => x.bidId).sort((x, y) => x! - y!));
    // Log order is decision order: bid ids rise with it, and each supplier's prices fall by ≥ 0.01 along it.
    expect(bids.map((e) => e.bidId)).toEqual([...bids.map((e) => e.bidId)].sort((x, y) => x! - y!));
    for (const supplierId of [h.sup1, h.sup2]) {
      const prices = bids.filter((e) => e.payload.supplierId === supplierId).map((e) => Number(e.payload.price));
      prices.forEach((p, i) => i && expect(Math.round((prices[i - 1] - p) * 100)).toBeGreaterThanOrEqual(1));
    }
    expect(expectOk(await h.buyer.call<Rec>(`${AU}/doVerifyLog`, { id: a.auctionId }))).toMatchObject({ valid: true, entries: log.length });
    const rec = expectOk(await h.buyer.call<Rec>(`${AU}/findById`, { id: a.auctionId }));
    expect(rec).toMatchObject({ bidCount: accepted.length, bestPrice: Math.min(...accepted.map((x) => x.price)) });
    const hall = expectOk(
      await h.buyer.call<{ board: { supplierId: number; bestPrice: number; bidCount: number }[] }>(`${AU}/getCompeteHallInfo`, { auctionId: a.auctionId }),
    );
    for (const supplierId of [h.sup1, h.sup2]) {
      const mine = accepted.filter((x) => x.supplierId === supplierId);
      expect(hall.board.find((b) => b.supplierId === supplierId)).toMatchObject({ bidCount: mine.length, bestPrice: Math.min(...mine.map((x) => x.price)) });
    }
  });
});
