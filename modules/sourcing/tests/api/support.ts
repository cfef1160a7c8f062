// Shared by the sourcing API tests: paths, record shapes, a published inquiry with two invited
// suppliers, and moving an inquiry's deadline into the past through the database (a controllable clock
// without sleeping).
import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';
import { unbindProcesses } from '../../../../tests/support/processes.js';

export const INQ = 'srmServer/v1/srmSrcInquiryRestful';
export const QUO = 'srmServer/v1/srmSrcQuotationRestful';
export const PRICE = 'srmServer/v1/srmPriceItemRestful';

export interface InquiryLine {
  inquiryLineId: number;
  materialId: number;
  quantity: number;
  awardedQuantity: number | null;
}
export interface Inquiry {
  inquiryId: number;
  inquiryNumber: string;
  status: string;
  versionNum: number;
  deadline: string;
  roundNumber: number;
  lines: InquiryLine[];
  suppliers: { supplierId: number; quoteStatus: string | null; awardResult: string | null }[];
}

export interface Fixture {
  categoryId: number;
  materialIds: number[];
  supplier1: number;
  supplier2: number;
}

export async function fixture(buyer: SignedClient, s1: SignedClient, s2: SignedClient): Promise<Fixture> {
  const cats = expectOk(await buyer.call<{ categoryId: number }[]>('srmServer/v1/srmBasePurchaseCategoryRestful/listByPage', { params: {}, pageRows: 5 }));
  const mats = expectOk(await buyer.call<{ materialId: number }[]>('srmServer/v1/srmBaseMaterialRestful/listByPage', { params: {}, pageRows: 5 }));
  return { categoryId: cats[0].categoryId, materialIds: mats.map((m) => m.materialId), supplier1: s1.session!.supplierId!, supplier2: s2.session!.supplierId! };
}

/** A test file's sourcing world: its own server, buyer01 and the two demo suppliers signed in, the fixture. */
export interface World {
  t: TestServer;
  buyer: SignedClient;
  s1: SignedClient;
  s2: SignedClient;
  f: Fixture;
}

/**
 * The world of the calling `describe`, built before its first test and stopped after its last; read its
 * fields inside tests and hooks. `directAward`: inquiries are not bound to their approval process (the
 * award takes effect at once; the workflow has its own tests).
 */
export function sourcingWorld(backend: Parameters<typeof startTestServer>[0], opts: { directAward?: boolean } = {}): World {
  const w = {} as World;
  beforeAll(async () => {
    w.t = await startTestServer(backend);
    [w.buyer, w.s1, w.s2] = await Promise.all([signIn(w.t.url, 'buyer01'), signIn(w.t.url, 'supplier01'), signIn(w.t.url, 'supplier02')]);
    w.f = await fixture(w.buyer, w.s1, w.s2);
    if (opts.directAward) await unbindProcesses(w.t.url, 'srmSrcInquiry');
  });
  afterAll(async () => w.t?.stop());
  return w;
}

/** A deadline one day ahead (ISO, UTC). */
export const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 19);

export async function draftInquiry(buyer: SignedClient, f: Fixture, extra: Rec = {}): Promise<Inquiry> {
  return expectOk(
    await buyer.call<Inquiry>(`${INQ}/saveOrUpdate`, {
      title: uniq('RFQ'),
      categoryId: f.categoryId,
      currencyCode: 'CNY',
      deadline: tomorrow().replace('T', ' '),
      lines: [
        { materialId: f.materialIds[0], quantity: 100, requiredDate: '2026-12-31' },
        { materialId: f.materialIds[1], quantity: 40, requiredDate: '2026-12-31' },
      ],
      suppliers: [{ supplierId: f.supplier1 }, { supplierId: f.supplier2 }],
      ...extra,
    }),
  );
}

export async function publishedInquiry(buyer: SignedClient, f: Fixture): Promise<Inquiry> {
  const d = await draftInquiry(buyer, f);
  return expectOk(await buyer.call<Inquiry>(`${INQ}/doPublish`, { id: d.inquiryId, versionNum: d.versionNum }));
}

/** The round closes now: the deadline moves one second into the past (database clock). */
export async function passDeadline(t: TestServer, inquiryId: number): Promise<void> {
  await sql`update srm_src_inquiry set deadline = localtimestamp(0) - interval '1 second' where inquiry_id = ${inquiryId}`.execute(t.app.ctx.db);
}

export function quote(c: SignedClient, inq: Inquiry, prices: number[], extra: Rec = {}, lang?: string) {
  return c.call<Rec>(
    `${QUO}/doSupplierOfferPrice`,
    { inquiryId: inq.inquiryId, lines: inq.lines.map((l, i) => ({ lineId: l.inquiryLineId, price: prices[i], deliveryDays: 10 + i })), ...extra },
    lang ? { lang } : {},
  );
}
