// The grid showcase's data (menu 组件示例 / Component samples, SYS_ADMIN only): admin lists the 45 demo
// rows of srmBaseGridSample with every field type as the grid reads them; buyer01, who does not hold the
// menu, is refused; the showcase page's fixed searchParams and sort reach listByPage as the grid sends them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';

const SAMPLE = 'srmServer/v1/srmBaseGridSampleRestful';

for (const backend of await backends()) {
  describe(`grid showcase data on ${backend}`, () => {
    let t: TestServer;
    let admin: SignedClient;
    let buyer: SignedClient;

    beforeAll(async () => {
      t = await startTestServer(backend);
      [admin, buyer] = await Promise.all([signIn(t.url, 'admin', 'EN'), signIn(t.url, 'buyer01', 'EN')]);
    });
    afterAll(async () => t?.stop());

    it('admin pages through the demo rows, sorted by code, with the values the cells format', async () => {
      const a = await admin.call<Rec[]>(`${SAMPLE}/listByPage`, { params: {}, pageIndex: 2, pageRows: 20, sort: [{ field: 'sampleCode', order: 'asc' }] });
      const rows = expectOk(a);
      expect(a.page?.count).toBe(45);
      expect(rows).toHaveLength(20);
      expect(rows[0]).toMatchObject({
        sampleCode: 'GS-0021',
        groupName: 'G07',
        uomCode: 'KG',
        startDate: '2026-11-21',
        endDate: '2026-12-21',
        fiscalYear: '2026',
        priority: 'L',
      });
      expect(Number(rows[0].quantity)).toBe(210);
      expect(String(rows[0].planStart)).toMatch(/^2026-11-21 08:30:00/);
      expect(rows[0].materialIdDisplay).toMatch(/^M-\d{4} /);
      // The wrong checkbox value of the §8 demo is stored as it is (the grid reports it, the server keeps it).
      const third = expectOk(await admin.call<Rec[]>(`${SAMPLE}/listByPage`, { params: { sampleCode: 'GS-0003' }, pageIndex: 1, pageRows: 5 }));
      expect(third.map((r) => r.urgentFlag)).toEqual(['X']);
    });

    it('filters by the group of the merged rows', async () => {
      const rows = expectOk(
        await admin.call<Rec[]>(`${SAMPLE}/listByPage`, {
          params: { groupName: 'G02' },
          pageIndex: 1,
          pageRows: 20,
          sort: [{ field: 'sampleCode', order: 'asc' }],
        }),
      );
      expect(rows.map((r) => r.sampleCode)).toEqual(['GS-0004', 'GS-0005', 'GS-0006']);
    });

    it('buyer01 does not hold the showcase menu and is refused', async () => {
      expectRefusal(await buyer.call(`${SAMPLE}/listByPage`, { params: {}, pageIndex: 1, pageRows: 20 }), 403, 'You are not permitted to do this');
    });
  });
}
