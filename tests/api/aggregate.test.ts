// POST .../aggregate: an entity's declared aggregates over the rows listByPage would give the caller —
// the same params, the same ACL (the menu bound to the entity's pages) and the same row rules (a supplier
// counts its own rows only). Unknown names are refused in the caller's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../support/testServer.js';
import type { SignedClient } from '../support/signedClient.js';
import { PR, SUPPLIER, expectOk, expectRefusal, signIn, type Rec } from '../support/apiHelpers.js';

const demo = (...n: number[]) => n.map((i) => `PR-2026-${String(i).padStart(6, '0')}`);
const sum = (rows: Rec[], key = 'count') => rows.reduce((s, r) => s + (r[key] as number), 0);

for (const backend of await backends()) {
  describe(`aggregates on ${backend}`, () => {
    let t: TestServer;
    let buyer: SignedClient;
    let supplier: SignedClient;
    let approver: SignedClient;

    beforeAll(async () => {
      t = await startTestServer(backend);
      [buyer, supplier, approver] = await Promise.all([signIn(t.url, 'buyer01'), signIn(t.url, 'supplier01'), signIn(t.url, 'approver01', 'TH')]);
    });
    afterAll(async () => t?.stop());

    it('counts requisitions by status as listByPage counts them, with the status shown in the caller language', async () => {
      const params = { requisitionNumber: demo(1, 2, 3, 4, 5, 6, 7, 8) };
      const list = expectOk(await buyer.call<Rec[]>(`${PR}/listByPage`, { params, pageRows: 100 }));
      const groups = expectOk(await buyer.call<Rec[]>(`${PR}/aggregate`, { name: 'byStatus', params }));
      expect(sum(groups)).toBe(list.length);
      for (const g of groups) {
        expect(g.count).toBe(list.filter((r) => r.status === g.status).length);
        expect(typeof g.statusDisplay).toBe('string');
        expect(g.statusDisplay).not.toBe(g.status);
      }
      // Filters narrow the aggregate exactly like the list.
      const one = expectOk(await buyer.call<Rec[]>(`${PR}/aggregate`, { name: 'byStatus', params: { requisitionNumber: demo(1) } }));
      expect(sum(one)).toBe(1);
    });

    it('buckets by month and measures min/max dates', async () => {
      const months = expectOk(await buyer.call<Rec[]>(`${PR}/aggregate`, { name: 'byMonth' }));
      expect(months.length).toBeGreaterThan(0);
      for (const m of months) expect(m.month === null || /^\d{4}-\d{2}$/.test(m.month as string)).toBe(true);
      const [total] = expectOk(await buyer.call<Rec[]>(`${PR}/aggregate`, { name: 'total' }));
      expect(total.count).toBe(sum(months));
      expect(total.minRequestDate).toMatch(/^\d{4}-\d{2}-\d{2}/);
      expect(String(total.maxRequestDate) >= String(total.minRequestDate)).toBe(true);
      // A reference group is shown by its display text.
      const groups = expectOk(await buyer.call<Rec[]>(`${PR}/aggregate`, { name: 'byPurchaseGroup' }));
      expect(groups.some((g) => typeof g.purchaseGroupIdDisplay === 'string')).toBe(true);
    });

    it('lets a supplier aggregate its own rows only', async () => {
      const all = expectOk(await buyer.call<Rec[]>(`${SUPPLIER}/aggregate`, { name: 'byStatus' }));
      expect(sum(all)).toBeGreaterThan(1);
      const own = expectOk(await supplier.call<Rec[]>(`${SUPPLIER}/aggregate`, { name: 'byStatus' }));
      expect(sum(own)).toBe(1);
      const ownList = expectOk(await supplier.call<Rec[]>(`${SUPPLIER}/listByPage`, {}));
      expect(own[0].supplierStatus).toBe(ownList[0].supplierStatus);
      // The supplier holds no requisition menu: the aggregate is refused like the list.
      expectRefusal(await supplier.call(`${PR}/aggregate`, { name: 'byStatus' }), 403, /not permitted/);
    });

    it('refuses unknown aggregates, fields, measures and filters with a clear message', async () => {
      expectRefusal(await buyer.call(`${PR}/aggregate`, { name: 'nope' }), 200, /no aggregate named "nope".*byStatus/);
      expectRefusal(await buyer.call(`${PR}/aggregate`, { name: 'byStatus', groupBy: ['title'] }), 200, /cannot be grouped by "title".*status/);
      expectRefusal(await buyer.call(`${PR}/aggregate`, { name: 'byStatus', measures: ['sumX'] }), 200, /no measure named "sumX"/);
      expectRefusal(await buyer.call(`${PR}/aggregate`, { name: 'byStatus', groupBy: 'status' }), 200, /lists of names/);
      expectRefusal(await buyer.call(`${PR}/aggregate`, { name: 'byStatus', params: { 'x; drop table': 1 } }), 200, /Unsupported search condition/);
      // In the caller's language (Thai).
      expectRefusal(await approver.call(`${PR}/aggregate`, { name: 'nope' }), 200, /ไม่มีการสรุปชื่อ/);
      // Narrowing to a declared subset works.
      const rows = expectOk(await buyer.call<Rec[]>(`${PR}/aggregate`, { name: 'total', measures: ['count'] }));
      expect(Object.keys(rows[0])).toEqual(['count']);
    });
  });
}
