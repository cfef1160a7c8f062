// The demo company's auctions: one in every state, each log chain intact, and the awarded one with its
// price items in the price library (summing to the winning bid over the lines' quantities).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import { AU } from './helpers.js';

const PRICE = 'srmServer/v1/srmPriceItemRestful';

interface Auction {
  auctionId: number;
  auctionNumber: string;
  status: string;
  awardedSupplierId: number | null;
  awardedPrice: number | null;
}

for (const backend of await backends()) {
  describe(`auction demo on ${backend}`, () => {
    let t: TestServer;
    let buyer: SignedClient;
    beforeAll(async () => {
      t = await startTestServer(backend);
      buyer = await signIn(t.url, 'buyer01');
    });
    afterAll(async () => t?.stop());

    it('holds auctions in every state with intact logs; the awarded one wrote its price items', async () => {
      const all = expectOk(await buyer.call<Auction[]>(`${AU}/listByPage`, { params: { auctionNumber: 'AU-2026-0000' }, pageRows: 50 }));
      expect(new Set(all.map((a) => a.status))).toEqual(new Set(['DRAFT', 'PUBLISHED', 'RUNNING', 'PAUSED', 'ENDED', 'CANCELLED', 'AWARDED']));
      for (const a of all.filter((x) => x.status !== 'DRAFT'))
        expect(expectOk(await buyer.call<Rec>(`${AU}/doVerifyLog`, { id: a.auctionId })), a.auctionNumber).toMatchObject({ valid: true, brokenAt: null });

      const won = all.find((a) => a.status === 'AWARDED')!;
      const items = expectOk(
        await buyer.call<{ supplierId: number; price: number; quantity: number; sourceType: string; sourceId: number; sourceNumber: string }[]>(
          `${PRICE}/listByPage`,
          {
            params: { sourceType: 'AUCTION' },
            pageRows: 200,
          },
        ),
      ).filter((i) => i.sourceId === won.auctionId);
      expect(items).toHaveLength(2);
      for (const i of items) expect(i).toMatchObject({ supplierId: won.awardedSupplierId, sourceType: 'AUCTION', sourceNumber: won.auctionNumber });
      const total = items.reduce((s, i) => s + Number(i.price) * Number(i.quantity), 0);
      expect(Math.abs(total - Number(won.awardedPrice))).toBeLessThan(1);
      // Only the awarded auction wrote prices.
      const others = expectOk(await buyer.call<{ sourceId: number }[]>(`${PRICE}/listByPage`, { params: { sourceType: 'AUCTION' }, pageRows: 200 }));
      expect(new Set(others.map((i) => i.sourceId))).toEqual(new Set([won.auctionId]));
    });
  });
}
