// Recent documents over the real API on PGlite and PostgreSQL: the caller's latest changed documents,
// each once, newest first, labelled from the answer that changed them, with the edit pages that open
// them; another user's work never shows; a refused change does not count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { PR, expectOk, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';

const RECENT = 'baseServer/v1/baseUserOperateLogRestful/findRecentDocuments';

interface Recent {
  entityName: string;
  entityLabel: string;
  recordId: number;
  label: string | null;
  actionName: string;
  pages: { page: string; listPage: string | null }[];
}

for (const backend of await backends()) {
  describe(`recent documents on ${backend}`, () => {
    let t: TestServer;
    let buyer: SignedClient;
    let approver: SignedClient;

    beforeAll(async () => {
      t = await startTestServer(backend);
      buyer = await signIn(t.url, 'buyer01', 'TH');
      approver = await signIn(t.url, 'approver01');
    });
    afterAll(async () => t?.stop());

    it('lists the caller’s last documents once each, newest first, labelled and with their pages', async () => {
      const materialId = (await sql<{ id: number }>`select min(material_id) as id from srm_base_material`.execute(t.app.ctx.db)).rows[0].id;
      const lines = [{ materialId, quantity: 5, uomCode: 'PCS', needByDate: '2026-12-15' }];
      const title = uniq('Recent doc');
      const made = expectOk(await buyer.call<Rec>(`${PR}/saveOrUpdate`, { title, requestDate: '2026-11-20', currencyCode: 'CNY', lines }));
      const id = Number(made.requisitionId);
      // Saved twice: still one row; a refused save (no title) does not count.
      expectOk(await buyer.call<Rec>(`${PR}/saveOrUpdate`, { ...made, description: 'second save' }));
      await buyer.call(`${PR}/saveOrUpdate`, { requisitionId: id, title: '', versionNum: 999 });
      const second = expectOk(await buyer.call<Rec>(`${PR}/saveOrUpdate`, { title: uniq('Later doc'), requestDate: '2026-11-21', currencyCode: 'CNY', lines }));

      // The operation log is written once the answer has gone out: the latest save shows a moment later.
      const load = async () => expectOk(await buyer.call<Recent[]>(RECENT, {}));
      await expect.poll(async () => (await load())[0]?.recordId).toBe(Number(second.requisitionId));
      const recent = await load();
      expect(recent[1]).toMatchObject({ entityName: 'srmPoRequisition', recordId: id, actionName: 'saveOrUpdate' });
      expect(recent[1].label).toBe(`${String(made.requisitionNumber)} ${title}`);
      // The entity's name in the caller's language (buyer01 signed in in Thai).
      expect(recent[1].entityLabel).toBe('ใบขอซื้อ');
      expect(recent[1].pages).toContainEqual({ page: 'order/requisitionEdit', listPage: 'order/requisitionList' });
      expect(recent.filter((r) => r.entityName === 'srmPoRequisition' && r.recordId === id)).toHaveLength(1);
      expect(recent.length).toBeLessThanOrEqual(8);

      const others = expectOk(await approver.call<Recent[]>(RECENT, {}));
      expect(others.some((r) => r.recordId === id && r.entityName === 'srmPoRequisition')).toBe(false);
    });

    it('answers only a signed-in caller', async () => {
      const res = await fetch(`${t.url}/api/${RECENT}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      const body = (await res.json()) as { status: string };
      expect(body.status).toBe('E');
    });
  });
}
