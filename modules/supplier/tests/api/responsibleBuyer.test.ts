// The supplier's responsible buyer on PGlite and PostgreSQL: demo suppliers have buyer01, buyers set it on the
// supplier's screen (a supplier cannot), and a new warning goes to the responsible buyer when one is set, else
// to every holder of the BUYER responsibility (buyer01 in the demo).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { SUPPLIER, expectOk, expectRefusal, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { typed } from '../../../../server/db/typed.js';
import type { SupplierTables } from '../../generated/tables.js';

const REQUESTS = 'schedule/v1/scheduleRequestRestful';
const INBOX = 'messageServer/v1/msgReceiveRestful';
const USERS = 'baseServer/v1/baseUsersRestful';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

for (const backend of await backends()) {
  describe(`responsible buyer on ${backend}`, () => {
    let t: TestServer;
    let admin: SignedClient;
    let buyer: SignedClient;
    let approver: SignedClient;
    let supplier01: SignedClient;

    beforeAll(async () => {
      t = await startTestServer(backend);
      [admin, buyer, approver, supplier01] = await Promise.all(['admin', 'buyer01', 'approver01', 'supplier01'].map((u) => signIn(t.url, u)));
    });
    afterAll(async () => t?.stop());

    const db = () => typed<SupplierTables>(t.app.ctx.db);
    const supplierOf = async (number: string) => expectOk(await buyer.call<Rec[]>(`${SUPPLIER}/listByPage`, { params: { supplierNumber: number } }))[0];
    const userId = async (name: string) => Number(expectOk(await admin.call<Rec[]>(`${USERS}/listByPage`, { params: { userName: name } }))[0].userId);
    const inboxOf = async (c: SignedClient) =>
      expectOk(await c.call<Rec[]>(`${INBOX}/listByPage`, { params: {}, pageIndex: 1, pageRows: 100 })).map((m) => String(m.title));
    const runCheck = async () => {
      const r = expectOk(await admin.call<Rec>(`${REQUESTS}/doSubmit`, { programCode: 'SUPPLIER_CERT_EXPIRY', params: { daysAhead: 30 } }));
      await expect
        .poll(async () => expectOk(await admin.call<Rec>(`${REQUESTS}/findById`, { id: r.requestId })).requestStatus, { timeout: 30_000, interval: 200 })
        .toBe('DONE');
    };
    /** An approved registration of the supplier with one certificate expiring in ten days. */
    const expiringCertificate = async (supplierId: number, name: string) => {
      const reg = await db()
        .insertInto('srm_pos_supplier_register')
        .values({
          company_name: `${name} registration`,
          credit_code: 'X',
          contact_name: 'x',
          email: 'x@example.com',
          status: 'APPROVED',
          supplier_id: supplierId,
        })
        .returning('register_id')
        .executeTakeFirstOrThrow();
      await db()
        .insertInto('srm_pos_supplier_register_cert')
        .values({ register_id: reg.register_id, line_number: 1, cert_name: name, cert_number: 'RB-1', expiry_date: day(10) })
        .execute();
    };

    it('demo suppliers have buyer01; a buyer changes it, a supplier cannot', async () => {
      const buyer01 = await userId('buyer01');
      const s1 = await supplierOf('S-0001');
      expect(s1).toMatchObject({ buyerUserId: buyer01, buyerUserIdDisplay: expect.stringContaining('buyer01') });
      // The portal's company screen writes nothing (refused, the stored value stays).
      const own = expectOk(await supplier01.call<Rec>(`${SUPPLIER}/findById`, { id: s1.supplierId }));
      expectRefusal(
        await supplier01.call<Rec>(`${SUPPLIER}/saveOrUpdate`, { ...own, buyerUserId: await userId('approver01') }, { lang: 'EN' }),
        403,
        'You are not permitted to do this',
      );
      expect((await supplierOf('S-0001')).buyerUserId).toBe(buyer01);
      // A reference to no user is refused with the field named.
      const bad = await buyer.call(`${SUPPLIER}/saveOrUpdate`, { ...(await supplierOf('S-0001')), buyerUserId: 987654321 }, { lang: 'EN' });
      expectRefusal(bad, 200, /Responsible buyer/);
    });

    it("a warning goes to the supplier's responsible buyer, else to the buyers", async () => {
      // S-0001 → approver01 (who is no buyer); S-0002 → nobody, so the BUYER responsibility (buyer01).
      const s1 = await supplierOf('S-0001');
      expectOk(await buyer.call(`${SUPPLIER}/saveOrUpdate`, { ...s1, buyerUserId: await userId('approver01') }));
      const s2 = await supplierOf('S-0002');
      const cleared = expectOk(await buyer.call<Rec>(`${SUPPLIER}/saveOrUpdate`, { ...s2, buyerUserId: null }));
      expect(cleared.buyerUserId).toBeNull();
      await expiringCertificate(Number(s1.supplierId), 'RB licence one');
      await expiringCertificate(Number(s2.supplierId), 'RB licence two');
      await runCheck();

      const one = `证书即将到期：S-0001 ${String(s1.supplierName)}`;
      const two = `证书即将到期：S-0002 ${String(s2.supplierName)}`;
      await expect.poll(() => inboxOf(approver), { timeout: 15_000 }).toContain(one);
      await expect.poll(() => inboxOf(buyer), { timeout: 15_000 }).toContain(two);
      expect(await inboxOf(buyer)).not.toContain(one);
      expect(await inboxOf(approver)).not.toContain(two);
    });
  });
}
