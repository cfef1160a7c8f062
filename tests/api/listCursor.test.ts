// Keyset paging (docs/decisions.md "Keyset paging"): walking a list with `after` = the previous page's
// `page.after` gives exactly the rows of the pageIndex walk, in the same order, for ascending and
// descending sorts over empty values and ties, with filters; a changed, foreign or forged cursor is
// refused with a 400 in the caller's language; a supplier's cursor never shows another supplier's rows.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../support/testServer.js';
import type { Answer, SignedClient } from '../support/signedClient.js';
import { MATERIAL, SUPPLIER, expectOk, expectRefusal, signIn, uniq, type Rec } from '../support/apiHelpers.js';

interface Material {
  materialId: number;
  materialCode: string;
  unitPrice: number | null;
}

const BAD_CURSOR_EN = 'The paging position (after) is invalid or belongs to another list: load the list again from the first page';
const BAD_CURSOR_CN = '翻页位置（after）无效或属于另一个列表，请从第一页重新查询';

/** The cursor's parts as a client could read them (it is opaque, but not secret). */
function opened(cursor: string): { f: string; p: unknown[] } {
  return JSON.parse(Buffer.from(cursor.split('.')[0], 'base64url').toString('utf8')) as { f: string; p: unknown[] };
}

/** A cursor made by a client that knows its own sign key: well signed, any content. */
function forged(signKey: string, body: unknown): string {
  const payload = Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
  return `${payload}.${createHmac('sha256', signKey).update(payload).digest('base64url').slice(0, 22)}`;
}

for (const backend of await backends()) {
  describe(`listByPage cursor on ${backend}`, () => {
    let t: TestServer;
    let buyer: SignedClient;
    const prefix = uniq('KS');
    const ids: number[] = [];

    beforeAll(async () => {
      t = await startTestServer(backend);
      buyer = await signIn(t.url, 'buyer01', 'EN');
      // 23 materials: a third without a price, prices repeating (ties broken by the key), two units.
      const data = Array.from({ length: 23 }, (_, i) => ({
        materialCode: `${prefix}-${String(i).padStart(2, '0')}`,
        materialName: `Keyset ${String.fromCharCode(90 - (i % 7))} ${i}`,
        uomCode: i % 2 ? 'KG' : 'PCS',
        unitPrice: i % 3 === 0 ? null : (i % 5) * 1.5,
      }));
      const saved = expectOk(await buyer.call<Material[]>(`${MATERIAL}/doBatchSaveOrUpdate`, { data }));
      ids.push(...saved.map((m) => m.materialId));
    });
    afterAll(async () => t?.stop());

    const list = (c: SignedClient, body: Rec) => c.call<Material[]>(`${MATERIAL}/listByPage`, body);

    async function offsetWalk(body: Rec): Promise<number[]> {
      const out: number[] = [];
      for (let pageIndex = 1; ; pageIndex++) {
        const rows = expectOk(await list(buyer, { ...body, pageIndex, pageRows: 4 }));
        out.push(...rows.map((r) => r.materialId));
        if (rows.length < 4) return out;
      }
    }

    async function cursorWalk(body: Rec): Promise<number[]> {
      const out: number[] = [];
      let after: string | undefined;
      for (let calls = 0; calls < 50; calls++) {
        const a: Answer<Material[]> = await list(buyer, { ...body, pageRows: 4, ...(after ? { after } : {}) });
        out.push(...expectOk(a).map((r) => r.materialId));
        after = a.page?.after;
        if (!after) return out;
      }
      throw new Error('the cursor walk does not end');
    }

    const sorts: [string, Rec[] | undefined][] = [
      ['default sort (code asc)', undefined],
      ['nullable price asc', [{ field: 'unitPrice', order: 'asc' }]],
      ['nullable price desc', [{ field: 'unitPrice', order: 'desc' }]],
      ['name desc', [{ field: 'materialName', order: 'desc' }]],
      [
        'mixed: unit asc, price desc',
        [
          { field: 'uomCode', order: 'asc' },
          { field: 'unitPrice', order: 'desc' },
        ],
      ],
      ['audit date desc', [{ field: 'lastUpdateDate', order: 'desc' }]],
    ];
    for (const [name, sort] of sorts) {
      it(`the cursor walk equals the page walk: ${name}`, async () => {
        const body = { params: { materialCode: prefix }, ...(sort ? { sort } : {}) };
        const byOffset = await offsetWalk(body);
        expect([...byOffset].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
        expect(await cursorWalk(body)).toEqual(byOffset);
      });
    }

    it('with an equality filter too, and empty prices last in both directions', async () => {
      const body = { params: { materialCode: prefix, uomCode: 'KG' }, sort: [{ field: 'unitPrice', order: 'desc' }] };
      const walked = await cursorWalk(body);
      expect(walked).toEqual(await offsetWalk(body));
      expect(walked).toHaveLength(11);
      const rows = expectOk(await list(buyer, { ...body, pageRows: 100 }));
      const prices = rows.map((r) => r.unitPrice);
      const firstEmpty = prices.indexOf(null);
      expect(prices.slice(firstEmpty).every((p) => p === null)).toBe(true);
      expect(prices.slice(0, firstEmpty)).toEqual([...prices.slice(0, firstEmpty)].sort((a, b) => b! - a!));
    });

    it('pageIndex paging is unchanged: curIndex, count and a cursor for the next page; the last page has none', async () => {
      const a = await list(buyer, { params: { materialCode: prefix }, pageIndex: 2, pageRows: 10 });
      expect(expectOk(a)).toHaveLength(10);
      expect(a.page).toMatchObject({ count: 23, curIndex: 2, pageRows: 10 });
      expect(a.page?.after).toMatch(/^[\w-]+\.[\w-]{22}$/);
      const last = await list(buyer, { params: { materialCode: prefix }, pageIndex: 3, pageRows: 10 });
      expect(expectOk(last)).toHaveLength(3);
      expect(last.page?.after).toBeUndefined();
      // With a cursor the page index only numbers the page.
      const next = await list(buyer, { params: { materialCode: prefix }, pageIndex: 3, pageRows: 10, after: a.page!.after });
      expect(next.page?.curIndex).toBe(3);
      expect(expectOk(next).map((r) => r.materialId)).toEqual(expectOk(last).map((r) => r.materialId));
    });

    it('a changed, foreign or malformed cursor is refused with a 400 in the caller’s language, never SQL', async () => {
      const body = { params: { materialCode: prefix }, sort: [{ field: 'unitPrice', order: 'desc' }], pageRows: 4 };
      const cursor = (await list(buyer, body)).page!.after!;
      const [payload, signature] = cursor.split('.');
      const flipped = payload.slice(0, -2) + (payload.at(-2) === 'A' ? 'B' : 'A') + payload.at(-1);
      for (const bad of [
        `${flipped}.${signature}`,
        `${payload}.${signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
        'x',
        42,
        { p: [1] },
        `${cursor}.x`,
        'a'.repeat(5000),
      ]) {
        expectRefusal(await list(buyer, { ...body, after: bad }), 400, BAD_CURSOR_EN);
      }
      // Another list (other params, other sort) does not take this list's cursor.
      expectRefusal(await list(buyer, { ...body, params: { materialCode: prefix, uomCode: 'KG' }, after: cursor }), 400, BAD_CURSOR_EN);
      expectRefusal(await list(buyer, { ...body, sort: [{ field: 'unitPrice', order: 'asc' }], after: cursor }), 400, BAD_CURSOR_EN);
      // Another session of the same user (another sign key) does not either; in Chinese for a CN caller.
      const again = await signIn(t.url, 'buyer01', 'CN');
      expectRefusal(await list(again, { ...body, after: cursor }), 400, BAD_CURSOR_CN);
      // Well signed by the client itself but not a position of this order: values of the wrong type or count.
      const { f } = opened(cursor);
      for (const p of [['1.5'], ["1.5'; drop table srm_base_material; --", 1], [{ x: 1 }, 1], [1.5, 'one'], [null, null]]) {
        expectRefusal(await list(buyer, { ...body, after: forged(buyer.session!.signKey, { f, p }) }), 400, BAD_CURSOR_EN);
      }
    });

    it("a supplier's cursor shows only its own rows, whatever position it names; another supplier cannot use it", async () => {
      const sup1 = await signIn(t.url, 'supplier01', 'EN');
      const sup2 = await signIn(t.url, 'supplier02', 'EN');
      const own = await sup1.call<Rec[]>(`${SUPPLIER}/listByPage`, { params: {}, pageRows: 1 });
      const mine = expectOk(own);
      expect(mine.map((r) => r.supplierId)).toEqual([sup1.session!.supplierId]);
      const cursor = own.page!.after!;
      const next = await sup1.call<Rec[]>(`${SUPPLIER}/listByPage`, { params: {}, pageRows: 1, after: cursor });
      expect(expectOk(next)).toEqual([]);
      // A position before every supplier, signed by supplier01 itself: still only its own row.
      const { f, p } = opened(cursor);
      const before = p.map((v) => (typeof v === 'number' ? 0 : ''));
      const all = await sup1.call<Rec[]>(`${SUPPLIER}/listByPage`, { params: {}, pageRows: 100, after: forged(sup1.session!.signKey, { f, p: before }) });
      expect(expectOk(all).map((r) => r.supplierId)).toEqual([sup1.session!.supplierId]);
      // supplier02 cannot page with supplier01's cursor, nor with a buyer's.
      expectRefusal(await sup2.call(`${SUPPLIER}/listByPage`, { params: {}, pageRows: 1, after: cursor }), 400, BAD_CURSOR_EN);
      const buyers = (await buyer.call(`${SUPPLIER}/listByPage`, { params: {}, pageRows: 1 })).page!.after!;
      expectRefusal(await sup2.call(`${SUPPLIER}/listByPage`, { params: {}, pageRows: 1, after: buyers }), 400, BAD_CURSOR_EN);
    });
  });
}
