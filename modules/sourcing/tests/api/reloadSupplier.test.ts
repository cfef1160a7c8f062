// reloadSupplier on PGlite and PostgreSQL: a draft inquiry's invited suppliers are reloaded from the supplier
// module's eligibility for its category — eligible ones not yet invited are added, one frozen since is
// dropped — and a published inquiry or a supplier's user is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import type { SupplierApi } from '../../../supplier/api.js';
import { INQ, draftInquiry, fixture, type Fixture, type Inquiry } from './support.js';

for (const backend of await backends()) {
  describe(`reloadSupplier on ${backend}`, () => {
    let t: TestServer;
    let buyer: SignedClient;
    let supplier1: SignedClient;
    let f: Fixture;

    beforeAll(async () => {
      t = await startTestServer(backend);
      const [b, s1, s2] = await Promise.all([signIn(t.url, 'buyer01'), signIn(t.url, 'supplier01'), signIn(t.url, 'supplier02')]);
      [buyer, supplier1] = [b, s1];
      f = await fixture(buyer, s1, s2);
    });
    afterAll(async () => t?.stop());

    const invited = (r: Rec) => ((r.suppliers as { supplierId: number }[]) ?? []).map((s) => Number(s.supplierId)).sort((a, b) => a - b);
    const eligible = async () => [...(await t.app.ctx.modules.api<SupplierApi>('supplier').eligibleSuppliers(f.categoryId))].sort((a, b) => a - b);

    it('adds the eligible suppliers not yet invited, and drops one that is no longer eligible', async () => {
      const draft = await draftInquiry(buyer, f, { suppliers: [{ supplierId: f.supplier1 }] });
      const all = await eligible();
      expect(all).toEqual(expect.arrayContaining([f.supplier1, f.supplier2]));
      const first = expectOk(await buyer.call<Rec>(`${INQ}/reloadSupplier`, { id: draft.inquiryId }));
      expect(invited(first)).toEqual(all);
      expect((first.reloaded as Rec).removed).toEqual([]);
      expect(((first.reloaded as Rec).added as string[]).length).toBe(all.length - 1);

      // supplier02's company is frozen since: the next reload drops it, by name.
      const was = (
        await sql<{ s: string | null }>`select supplier_status as s from srm_pos_supplier_info where supplier_id = ${f.supplier2}`.execute(t.app.ctx.db)
      ).rows[0].s;
      await sql`update srm_pos_supplier_info set supplier_status = 'FROZEN' where supplier_id = ${f.supplier2}`.execute(t.app.ctx.db);
      try {
        const second = expectOk(await buyer.call<Rec>(`${INQ}/reloadSupplier`, { id: draft.inquiryId }));
        expect(invited(second)).toEqual(all.filter((s) => s !== f.supplier2));
        expect((second.reloaded as Rec).added).toEqual([]);
        expect((second.reloaded as Rec).removed).toEqual([expect.any(String)]);
        // Reloading again changes nothing.
        const third = expectOk(await buyer.call<Rec>(`${INQ}/reloadSupplier`, { id: draft.inquiryId }));
        expect(third.reloaded).toEqual({ added: [], removed: [] });
      } finally {
        await sql`update srm_pos_supplier_info set supplier_status = ${was} where supplier_id = ${f.supplier2}`.execute(t.app.ctx.db);
      }
    });

    it('a published inquiry keeps its invitations; a supplier may not reload', async () => {
      const draft = await draftInquiry(buyer, f);
      const published = expectOk(await buyer.call<Inquiry>(`${INQ}/doPublish`, { id: draft.inquiryId, versionNum: draft.versionNum }));
      expectRefusal(await buyer.call(`${INQ}/reloadSupplier`, { id: published.inquiryId }), 200, 'Only a draft request for quotation can reload its suppliers');
      expectRefusal(
        await buyer.call(`${INQ}/reloadSupplier`, { id: published.inquiryId }, { lang: 'TH' }),
        200,
        'เฉพาะใบขอใบเสนอราคาที่เป็นฉบับร่างเท่านั้นที่โหลดผู้ขายใหม่ได้',
      );
      expect((await supplier1.call(`${INQ}/reloadSupplier`, { id: draft.inquiryId })).http).toBe(403);
    });
  });
}
