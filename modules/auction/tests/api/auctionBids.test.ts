// English reverse auctions over the wire on both backends, with the server's auction clock moved by the
// test (no sleeps): every bid refusal with its reason, extensions up to maxExtends each logged with the
// bid that caused it, rank and lead-price visibility, what a supplier can and cannot read, the award.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../../../tests/support/testServer.js';
import { expectOk, expectRefusal, type Rec } from '../../../../tests/support/apiHelpers.js';
import { AU, bid, draftAuction, find, info, msOf, openHall, runningAuction, type Hall } from './helpers.js';
import { LANGUAGES, message } from '../../../../server/i18n/messages.js';

for (const backend of await backends()) {
  describe(`auction bids on ${backend}`, () => {
    let h: Hall;
    beforeAll(async () => {
      h = await openHall(backend);
    });
    afterAll(async () => h?.t.stop());

    it('refuses a bid before the start, then takes bids below the ceiling and the own best by the decrement', async () => {
      const d = await draftAuction(h);
      expectRefusal(await bid(h.s1, d.auctionId, 90), 200, 'You are not invited to this auction');
      const p = expectOk(await h.buyer.call<Rec>(`${AU}/doPublish`, { id: d.auctionId, versionNum: d.versionNum }));
      expectRefusal(await bid(h.s1, d.auctionId, 90), 200, `The auction has not started yet (starts ${String(p.startTime)} UTC)`);
      h.clock.now += 61_000;
      expectRefusal(await bid(h.s1, d.auctionId, 100.5), 200, 'The price is above the ceiling price 100');
      const first = expectOk(await bid(h.s1, d.auctionId, 90));
      expect(first.serverTime).toBe(h.clock.now);
      expectRefusal(await bid(h.s1, d.auctionId, 90), 200, 'The price must be below your own best bid 90');
      expectRefusal(await bid(h.s1, d.auctionId, 95), 200, 'The price must be below your own best bid 90');
      h.clock.now += 1000; // every try counts against the 5 a second, refused ones too
      expectRefusal(await bid(h.s1, d.auctionId, 89.5), 200, 'The bid must beat your best bid 90 by at least 1');
      expectOk(await bid(h.s1, d.auctionId, 89));
      // Another supplier's own best is its own: it may bid above supplier01's best.
      expectOk(await bid(h.s2, d.auctionId, 95));
      h.clock.now += 1000;
      expectRefusal(await bid(h.s1, d.auctionId, 'abc'), 200, 'The price abc is not valid: a positive number with at most four decimals');
      expectRefusal(await bid(h.s1, d.auctionId, 88.12345), 200, /not valid/);
      expectRefusal(await bid(h.s1, d.auctionId, -1), 200, /not valid/);
      const a = await find(h, d.auctionId);
      expect(a).toMatchObject({ status: 'RUNNING', bestPrice: 89 });
    });

    it('refuses a bid carrying a client time or an unknown field, in the caller language', async () => {
      const a = await runningAuction(h);
      expectRefusal(
        await bid(h.s1, a.auctionId, 80, { clientTime: h.clock.now }),
        200,
        'A bid may not carry a client time (clientTime): the server clock decides',
      );
      expectRefusal(await bid(h.s1, a.auctionId, 80, { timestamp: '2026-01-01' }), 200, /client time \(timestamp\)/);
      expectRefusal(await bid(h.s1, a.auctionId, 80, { bidAt: 1 }), 200, 'The bid carries an unknown field bidAt');
      const th = await h.s1.call(`${AU}/doSupplierOfferPrice`, { auctionId: a.auctionId, price: 80, bidTime: 1 }, { lang: 'TH' });
      expectRefusal(th, 200, 'การเสนอราคาต้องไม่มีเวลาของเครื่องลูกข่าย (bidTime) เวลาของเซิร์ฟเวอร์เป็นตัวตัดสิน');
      const cn = await h.s1.call(`${AU}/doSupplierOfferPrice`, { auctionId: a.auctionId, price: 101 }, { lang: 'CN' });
      expectRefusal(cn, 200, '报价高于最高限价 100');
      // Nothing was accepted.
      expect((await find(h, a.auctionId)).bestPrice).toBeNull();
    });

    it('refuses a supplier not invited, a buyer bidding, and more than 5 bids a second', async () => {
      const a = await runningAuction(h, {}, [h.sup1]);
      expectRefusal(await bid(h.s2, a.auctionId, 50), 200, 'You are not invited to this auction');
      expectRefusal(await bid(h.s2, 999_999_999, 50), 200, 'The auction does not exist or is not open to you');
      const byBuyer = await h.buyer.call(`${AU}/doSupplierOfferPrice`, { auctionId: a.auctionId, price: 50 });
      expect({ http: byBuyer.http, status: byBuyer.status }).toEqual({ http: 403, status: 'E' });
      h.clock.now += 1000;
      for (const price of [99, 98, 97, 96, 95]) expectOk(await bid(h.s1, a.auctionId, price));
      expectRefusal(await bid(h.s1, a.auctionId, 94), 200, 'Too many bids: at most 5 a second');
      h.clock.now += 1000;
      expectOk(await bid(h.s1, a.auctionId, 94));
      expect((await find(h, a.auctionId)).bestPrice).toBe(94);
    });

    it('accepts a supplier bidding at 5 a second whose bids arrive unevenly (a late one crossing a second)', async () => {
      const a = await runningAuction(h, {}, [h.sup1]);
      const base = Math.ceil(h.clock.now / 1000) * 1000 + 1000;
      // Due every 200 ms at .150, .350 …; the fifth of the first second is 60 ms late, in the next second,
      // which then holds six (refused when bids were counted per calendar second).
      const at = [150, 350, 550, 750, 1010, 1150, 1350, 1550, 1750, 1950];
      for (const [i, ms] of at.entries()) {
        h.clock.now = base + ms;
        expectOk(await bid(h.s1, a.auctionId, 90 - i));
      }
      expect((await find(h, a.auctionId)).bestPrice).toBe(81);
    });

    it('extends the end for a bid inside the window, at most maxExtends times, each logged with its bid', async () => {
      const a = await runningAuction(h);
      const end0 = msOf(a.endTime);
      h.clock.now = end0 - 61_000; // outside the 60 s window: no extension
      expect(expectOk(await bid(h.s1, a.auctionId, 90)).extended).toBe(false);
      h.clock.now = end0 - 30_000;
      const b1 = expectOk(await bid(h.s2, a.auctionId, 88));
      expect(b1).toMatchObject({ extended: true, endTimeMs: end0 + 120_000 });
      h.clock.now = end0 + 120_000 - 1; // one millisecond before the moved end: inside the window again
      const b2 = expectOk(await bid(h.s1, a.auctionId, 87));
      expect(b2).toMatchObject({ extended: true, endTimeMs: end0 + 240_000 });
      h.clock.now = end0 + 240_000 - 10_000; // maxExtends (2) reached: accepted, not extended
      expect(expectOk(await bid(h.s2, a.auctionId, 86))).toMatchObject({ extended: false, endTimeMs: end0 + 240_000 });
      h.clock.now = end0 + 240_000; // the end itself: too late
      expectRefusal(await bid(h.s1, a.auctionId, 80), 200, /^The auction has ended/);
      const rec = await find(h, a.auctionId);
      expect(rec).toMatchObject({ status: 'RUNNING', extendCount: 2, bestPrice: 86 });
      expect(msOf(rec.endTime)).toBe(end0 + 240_000);
      const log = expectOk(await h.buyer.call<{ entryType: string; bidId: number | null; payload: Rec }[]>(`${AU}/listAuctionLog`, { id: a.auctionId }));
      const extensions = log.filter((e) => e.entryType === 'EXTEND');
      expect(extensions).toHaveLength(2);
      expect(extensions.map((e) => e.bidId)).toEqual([b1.bidId, b2.bidId]);
      expect(extensions[0].payload).toMatchObject({ count: 1, bidId: b1.bidId });
      expect(log.filter((e) => e.entryType === 'BID')).toHaveLength(4);
    });

    it('shows each supplier its own rank; the lead price only when the auction shows it; never others', async () => {
      const rankOnly = await runningAuction(h);
      expectOk(await bid(h.s1, rankOnly.auctionId, 90));
      expectOk(await bid(h.s2, rankOnly.auctionId, 85));
      const i1 = expectOk(await info(h.s1, rankOnly.auctionId));
      expect(i1).toMatchObject({ ownBest: 90, rank: 2, serverTime: h.clock.now });
      expect(i1).not.toHaveProperty('leadPrice');
      // The other's price 85 as a value anywhere (not digits inside a random title or a time in ms).
      expect(JSON.stringify(i1)).not.toMatch(/[:,[]85(\.0+)?[,}\]]/);
      expect(i1).not.toHaveProperty('board');
      expect(i1).not.toHaveProperty('suppliers');
      expect(expectOk(await info(h.s2, rankOnly.auctionId))).toMatchObject({ ownBest: 85, rank: 1 });
      const lead = await runningAuction(h, { visibility: 'LEAD_PRICE' });
      expectOk(await bid(h.s1, lead.auctionId, 70));
      expectOk(await bid(h.s2, lead.auctionId, 75));
      expect(expectOk(await info(h.s2, lead.auctionId))).toMatchObject({ ownBest: 75, rank: 2, leadPrice: 70 });
      // The generic reads are closed to suppliers; their list holds only what they are invited to.
      for (const action of ['findById', 'listByPage', 'getCompeteHallInfo', 'listAuctionLog']) {
        const r = await h.s1.call(`${AU}/${action}`, { id: lead.auctionId, params: {} });
        expect({ action, http: r.http, status: r.status }).toEqual({ action, http: 403, status: 'E' });
      }
      const mine = expectOk(await h.s1.call<Rec[]>(`${AU}/listByPageForCompete`, { params: {}, pageRows: 100 }));
      expect(mine.map((r) => r.auctionId)).toContain(lead.auctionId);
      for (const r of mine) {
        expect(r).not.toHaveProperty('awardedSupplierId');
        expect(r).not.toHaveProperty('bestPrice');
        expect(r.status).not.toBe('DRAFT');
      }
      const board = expectOk(
        await h.buyer.call<{ board: { supplierId: number; rank: number; bestPrice: number }[] }>(`${AU}/getCompeteHallInfo`, { id: lead.auctionId }),
      );
      expect(board.board.map((b) => [b.supplierId, b.rank, b.bestPrice])).toEqual([
        [h.sup1, 1, 70],
        [h.sup2, 2, 75],
      ]);
    });

    it('awards only after the end: by lowest price, or a chosen bidder with a reason', async () => {
      const a = await runningAuction(h);
      expectOk(await bid(h.s1, a.auctionId, 90));
      expectOk(await bid(h.s2, a.auctionId, 80));
      expectRefusal(await h.buyer.call(`${AU}/autoAwardByMinPrice`, { id: a.auctionId }), 200, 'The auction has not ended (RUNNING); it cannot be awarded yet');
      h.clock.now = msOf(a.endTime);
      expectRefusal(
        await h.buyer.call(`${AU}/doAward`, { id: a.auctionId, supplierId: h.sup1 }),
        200,
        'Give a reason when the award does not go to the lowest bid',
      );
      const won = expectOk(await h.buyer.call<Rec>(`${AU}/autoAwardByMinPrice`, { id: a.auctionId }));
      expect(won).toMatchObject({ status: 'AWARDED', awardedSupplierId: h.sup2, awardedPrice: 80 });
      expectRefusal(await h.buyer.call(`${AU}/autoAwardByMinPrice`, { id: a.auctionId }), 200, 'The auction is already awarded');
      expect(expectOk(await info(h.s2, a.auctionId))).toMatchObject({ won: true, status: 'AWARDED' });
      expect(expectOk(await info(h.s1, a.auctionId))).toMatchObject({ won: false });
      // The result notice says won or not in words, in each supplier's language (a per-language value).
      const resultOf = async (c: typeof h.s1) =>
        expectOk(await c.call<{ sourceType: string; content: string }[]>('messageServer/v1/msgReceiveRestful/listByPage', { params: {}, pageRows: 200 })).find(
          (m) => m.sourceType === 'AUCTION_RESULT' && m.content.includes(String(won.auctionNumber)),
        )?.content ?? '';
      const said = (text: string, key: string) => LANGUAGES.some((l) => text.includes(message(l, key)));
      await expect.poll(() => resultOf(h.s2)).toContain(String(won.auctionNumber));
      expect(said(await resultOf(h.s2), 'auction.result.won')).toBe(true);
      await expect.poll(() => resultOf(h.s1)).toContain(String(won.auctionNumber));
      expect(said(await resultOf(h.s1), 'auction.result.lost')).toBe(true);
      expect(said(await resultOf(h.s1), 'auction.result.won')).toBe(false);
      const b = await runningAuction(h);
      expectOk(await bid(h.s1, b.auctionId, 90));
      expectOk(await bid(h.s2, b.auctionId, 80));
      h.clock.now = msOf(b.endTime) + 5;
      expect(expectOk(await h.buyer.call<Rec>(`${AU}/doAward`, { id: b.auctionId, supplierId: h.sup1, reason: 'Better delivery terms' }))).toMatchObject({
        awardedSupplierId: h.sup1,
        awardedPrice: 90,
      });
    });

    it('lets the buyer pause, extend with a reason and close early; bids wait while paused', async () => {
      const a = await runningAuction(h);
      const end0 = msOf(a.endTime);
      expectRefusal(await h.buyer.call(`${AU}/doPause`, { id: a.auctionId }), 200, 'Give a reason');
      expectOk(await h.buyer.call(`${AU}/doPause`, { id: a.auctionId, reason: 'Specification question' }));
      expectRefusal(await bid(h.s1, a.auctionId, 90), 200, 'The auction is paused; wait for the buyer to resume it');
      h.clock.now += 300_000; // five minutes paused: the end moves by them on resume
      const resumed = expectOk(await h.buyer.call<{ endTimeMs: number }>(`${AU}/doResume`, { id: a.auctionId }));
      expect(resumed.endTimeMs).toBe(end0 + 300_000);
      const ext = expectOk(await h.buyer.call<{ endTimeMs: number }>(`${AU}/doExtend`, { id: a.auctionId, seconds: 600, reason: 'Supplier asked' }));
      expect(ext.endTimeMs).toBe(end0 + 900_000);
      expectOk(await bid(h.s1, a.auctionId, 90));
      expectOk(await h.buyer.call(`${AU}/doClose`, { id: a.auctionId, reason: 'Target reached' }));
      expectRefusal(await bid(h.s2, a.auctionId, 80), 200, /^The auction has ended/);
      expect((await find(h, a.auctionId)).status).toBe('ENDED');
    });

    it('refuses publishing an auction whose end has passed or that invites a barred supplier', async () => {
      const d = await draftAuction(h);
      h.clock.now += 3_600_000;
      expectRefusal(await h.buyer.call(`${AU}/doPublish`, { id: d.auctionId, versionNum: d.versionNum }), 200, /^The end time .* has passed/);
      expect((await find(h, d.auctionId)).status).toBe('DRAFT');
      const bad = await h.buyer.call(`${AU}/saveOrUpdate`, { ...(await find(h, d.auctionId)), startTime: d.endTime, endTime: d.startTime });
      expectRefusal(bad, 200, 'The end time must be after the start time');
    });
  });
}
