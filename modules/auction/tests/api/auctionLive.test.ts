// The live side and the log on both backends: frames on /srm-ws for every accepted bid (each supplier its
// own rank, the buyer the board), a reconnecting socket catching up from its last seq over a real
// websocket, the hash chain verified and a tampered entry detected; Dutch and Japanese rounds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { backends } from '../../../../tests/support/testServer.js';
import { expectOk, expectRefusal, type Rec } from '../../../../tests/support/apiHelpers.js';
import { openSocket, socketUrl, ticketOf, type Frame } from '../../../../tests/support/socketClient.js';
import { AU, bid, find, info, openHall, runningAuction, type Hall } from './helpers.js';

const auctionFrames = (frames: Frame[], auctionId: number) => frames.filter((f) => f.type === 'auction' && (f.data as Rec).auctionId === auctionId);

for (const backend of await backends()) {
  describe(`auction live and log on ${backend}`, () => {
    let h: Hall;
    beforeAll(async () => {
      h = await openHall(backend);
    });
    afterAll(async () => h?.t.stop());

    it('sends each supplier its own rank and the buyer every bid; a reconnect catches up from its seq', async () => {
      const a = await runningAuction(h, { visibility: 'LEAD_PRICE' });
      const s1 = await openSocket(socketUrl(h.t.url, await ticketOf(h.s1)));
      const buyer = await openSocket(socketUrl(h.t.url, await ticketOf(h.buyer)));
      const hello = await s1.waitFor((f) => f.type === 'hello');
      await buyer.waitFor((f) => f.type === 'hello');
      expectOk(await bid(h.s1, a.auctionId, 90));
      const mine = await s1.waitFor((f) => f.type === 'auction' && (f.data as Rec).auctionId === a.auctionId);
      expect(mine.data).toMatchObject({ auctionId: a.auctionId, rank: 1, ownBest: 90, leadPrice: 90, endTime: a.endTime, event: 'bid' });
      expect(mine.data).not.toHaveProperty('board');
      const lastSeen = mine.seq;
      expect(lastSeen).toBeGreaterThan(hello.seq);
      s1.close();
      await s1.closed;
      // While supplier01 is away: supplier02 beats it twice.
      expectOk(await bid(h.s2, a.auctionId, 85));
      h.clock.now += 1000;
      expectOk(await bid(h.s2, a.auctionId, 80));
      const board = await buyer.waitFor((f) => f.type === 'auction' && (f.data as Rec).auctionId === a.auctionId && (f.data as Rec).bidCount === 3);
      expect((board.data as { board: Rec[] }).board.map((b) => [b.supplierId, b.rank, b.bestPrice])).toEqual([
        [h.sup1, 2, 90],
        [h.sup2, 1, 80],
      ]);
      const back = await openSocket(socketUrl(h.t.url, await ticketOf(h.s1), lastSeen));
      await back.waitFor((f) => f.type === 'auction' && (f.data as Rec).leadPrice === 80);
      const missed = auctionFrames(back.frames, a.auctionId);
      expect(missed.map((f) => f.seq)).toEqual([lastSeen + 1, lastSeen + 2]);
      expect(missed.map((f) => [(f.data as Rec).rank, (f.data as Rec).leadPrice])).toEqual([
        [2, 85],
        [2, 80],
      ]);
      // Never another supplier's identity in a supplier's frame.
      for (const f of missed) expect(JSON.stringify(f.data)).not.toContain(`"supplierId":${h.sup2}`);
      back.close();
      buyer.close();
    });

    it('verifies the hash chain and detects a tampered entry', async () => {
      const a = await runningAuction(h);
      expectOk(await bid(h.s1, a.auctionId, 90));
      expectOk(await bid(h.s2, a.auctionId, 88));
      const ok = expectOk(await h.buyer.call<Rec>(`${AU}/doVerifyLog`, { id: a.auctionId }));
      expect(ok).toMatchObject({ valid: true, brokenAt: null, entries: 4 }); // PUBLISH, START, 2 × BID
      // Someone with database access lowers supplier02's logged price.
      await sql`update srm_src_auction_log set payload = replace(payload, '"price":88', '"price":70') where auction_id = ${a.auctionId} and entry_seq = 4`.execute(
        h.t.app.ctx.db,
      );
      expect(expectOk(await h.buyer.call<Rec>(`${AU}/doVerifyLog`, { id: a.auctionId }))).toMatchObject({ valid: false, brokenAt: 4 });
      // A removed entry breaks the link of the next one.
      const b = await runningAuction(h);
      for (const p of [90, 89, 88]) expectOk(await bid(h.s1, b.auctionId, p));
      await sql`delete from srm_src_auction_log where auction_id = ${b.auctionId} and entry_seq = 4`.execute(h.t.app.ctx.db);
      expect(expectOk(await h.buyer.call<Rec>(`${AU}/doVerifyLog`, { id: b.auctionId }))).toMatchObject({ valid: false, brokenAt: 5 });
    });

    it('Dutch: the price rises by rounds until a supplier accepts it, which ends the auction', async () => {
      const a = await runningAuction(h, { auctionType: 'DUTCH', startPrice: 60, roundStep: 10 });
      expect(expectOk(await info(h.s1, a.auctionId))).toMatchObject({ roundNumber: 1, roundPrice: 60 });
      expectRefusal(await bid(h.s1, a.auctionId, 65), 200, "This round's price is 60; you can only confirm that price");
      expectOk(await h.buyer.call(`${AU}/doCompeteHallTurnProcess`, { auctionId: a.auctionId }));
      expectOk(await bid(h.s2, a.auctionId, 70));
      expect(await find(h, a.auctionId)).toMatchObject({ status: 'ENDED', bestPrice: 70 });
      expectRefusal(await bid(h.s1, a.auctionId, 70), 200, /^The auction has ended/);
      expect(expectOk(await h.buyer.call<Rec>(`${AU}/autoAwardByMinPrice`, { id: a.auctionId }))).toMatchObject({
        awardedSupplierId: h.sup2,
        awardedPrice: 70,
      });
    });

    it('Japanese: the price falls by rounds; who does not confirm drops out; the last one wins', async () => {
      const a = await runningAuction(h, { auctionType: 'JAPANESE', roundStep: 5 });
      expectOk(await bid(h.s1, a.auctionId, 100));
      expectOk(await bid(h.s2, a.auctionId, 100));
      expectRefusal(await bid(h.s2, a.auctionId, 100), 200, 'You have already confirmed round 1');
      expectOk(await h.buyer.call(`${AU}/doCompeteHallTurnProcess`, { auctionId: a.auctionId }));
      h.clock.now += 1000;
      expectOk(await bid(h.s1, a.auctionId, 95)); // supplier02 does not confirm round 2
      expectOk(await h.buyer.call(`${AU}/doCompeteHallTurnProcess`, { auctionId: a.auctionId }));
      expect((await find(h, a.auctionId)).status).toBe('ENDED');
      expect(expectOk(await info(h.s2, a.auctionId))).toMatchObject({ active: false, ownBest: 100 });
      expect(expectOk(await h.buyer.call<Rec>(`${AU}/autoAwardByMinPrice`, { id: a.auctionId }))).toMatchObject({
        awardedSupplierId: h.sup1,
        awardedPrice: 95,
      });
    });
  });
}
