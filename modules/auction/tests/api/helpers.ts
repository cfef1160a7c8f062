// Shared setup of the auction API tests: a test server whose auction clock the test moves, buyer01,
// supplier01 and supplier02 signed in, and a builder of published auctions.
import { expect } from 'vitest';
import { startTestServer, type Backend, type TestServer } from '../../../../tests/support/testServer.js';
import type { Answer, SignedClient } from '../../../../tests/support/signedClient.js';
import { MATERIAL, expectOk, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';
import { setAuctionClock, textOf } from '../../server/clock.js';

export const AU = 'srmServer/v1/srmSrcAuctionRestful';

export interface Hall {
  t: TestServer;
  buyer: SignedClient;
  s1: SignedClient;
  s2: SignedClient;
  sup1: number;
  sup2: number;
  materialId: number;
  /** The server's auction clock (ms); tests set it, the server reads it. */
  clock: { now: number };
}

export async function openHall(backend: Backend): Promise<Hall> {
  const t = await startTestServer(backend);
  // Whole seconds an hour ahead of the wall clock: the stored times are whole seconds, the clock is the test's.
  const clock = { now: Math.ceil(Date.now() / 1000) * 1000 + 3_600_000 };
  setAuctionClock(t.app.ctx, () => clock.now);
  const [buyer, s1, s2] = await Promise.all([signIn(t.url, 'buyer01'), signIn(t.url, 'supplier01'), signIn(t.url, 'supplier02')]);
  const materials = expectOk(await buyer.call<{ materialId: number }[]>(`${MATERIAL}/listByPage`, { params: {}, pageRows: 2 }));
  return { t, buyer, s1, s2, sup1: s1.session!.supplierId!, sup2: s2.session!.supplierId!, materialId: materials[0].materialId, clock };
}

export interface AuctionRec {
  auctionId: number;
  status: string;
  versionNum: number;
  endTime: string;
  startTime: string;
  extendCount: number;
  bestPrice: number | null;
  awardedSupplierId: number | null;
  awardedPrice: number | null;
}

/** A DRAFT auction starting 60 s after the clock and lasting `minutes`. */
export async function draftAuction(h: Hall, extra: Rec = {}, suppliers = [h.sup1, h.sup2], minutes = 10): Promise<AuctionRec> {
  const start = h.clock.now + 60_000;
  return expectOk(
    await h.buyer.call<AuctionRec>(`${AU}/saveOrUpdate`, {
      title: uniq('AU'),
      currencyCode: 'CNY',
      auctionType: 'ENGLISH',
      startTime: textOf(start),
      endTime: textOf(start + minutes * 60_000),
      extendWindowSeconds: 60,
      extendSeconds: 120,
      maxExtends: 2,
      minDecrement: 1,
      ceilingPrice: 100,
      visibility: 'RANK',
      lines: [{ materialId: h.materialId, quantity: 10 }],
      suppliers: suppliers.map((supplierId) => ({ supplierId })),
      ...extra,
    }),
  );
}

/** Published, and the clock moved one second past its start. */
export async function runningAuction(h: Hall, extra: Rec = {}, suppliers?: number[]): Promise<AuctionRec> {
  const d = await draftAuction(h, extra, suppliers);
  const p = expectOk(await h.buyer.call<AuctionRec>(`${AU}/doPublish`, { id: d.auctionId, versionNum: d.versionNum }));
  expect(p.status).toBe('PUBLISHED');
  h.clock.now += 61_000;
  return p;
}

export const bid = (c: SignedClient, auctionId: number, price: number | string, extra: Rec = {}) =>
  c.call<Rec>(`${AU}/doSupplierOfferPrice`, { auctionId, price, ...extra });

export const info = (c: SignedClient, auctionId: number) => c.call<Rec>(`${AU}/getCompeteSupplierInfo`, { auctionId });

export const find = async (h: Hall, id: number) => expectOk(await h.buyer.call<AuctionRec>(`${AU}/findById`, { id }));

export function accepted(a: Answer<Rec>): Rec {
  return expectOk(a);
}

export const msOf = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`);
