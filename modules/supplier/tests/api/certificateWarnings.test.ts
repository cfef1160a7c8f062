// Certificate expiry early warning on PGlite and PostgreSQL: the demo holds an expiring and an expired
// certificate warning; the scheduled SUPPLIER_CERT_EXPIRY, submitted on the scheduler, opens a warning for
// a certificate entering the window (once, however often it runs), pushes it to the buyers and to the
// supplier's contacts, and closes the warning when the certificate is renewed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { expectOk, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { typed } from '../../../../server/db/typed.js';
import type { SupplierTables } from '../../generated/tables.js';

const WARNING = 'srmServer/v1/srmPosSupplierWarningRestful';
const REQUESTS = 'schedule/v1/scheduleRequestRestful';
const INBOX = 'messageServer/v1/msgReceiveRestful';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

for (const backend of await backends()) {
  describe(`certificate expiry warnings on ${backend}`, () => {
    let t: TestServer;
    let admin: SignedClient;
    let buyer: SignedClient;

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = await signIn(t.url, 'admin');
      buyer = await signIn(t.url, 'buyer01');
    });
    afterAll(async () => t?.stop());

    const db = () => typed<SupplierTables>(t.app.ctx.db);
    const warnings = async (params: Rec = {}) => expectOk(await buyer.call<Rec[]>(`${WARNING}/listByPage`, { params, pageRows: 100 }));
    const runCheck = async () => {
      const r = expectOk(await admin.call<Rec>(`${REQUESTS}/doSubmit`, { programCode: 'SUPPLIER_CERT_EXPIRY', params: { daysAhead: 30 } }));
      await expect
        .poll(async () => expectOk(await admin.call<Rec>(`${REQUESTS}/findById`, { id: r.requestId })).requestStatus, { timeout: 20_000, interval: 200 })
        .toBe('DONE');
    };

    it('the demo shows an expiring and an expired certificate', async () => {
      const rows = await warnings({ status: 'OPEN' });
      expect(rows.map((w) => [w.warningType, w.subject])).toEqual(
        expect.arrayContaining([
          ['CERT_EXPIRING', 'ISO 14001 环境管理体系认证 (CN-E-2023-0104)'],
          ['CERT_EXPIRED', 'RoHS test report (VN-RoHS-0105)'],
        ]),
      );
    });

    it('a new installation runs the checks daily: the demo schedules SUPPLIER_CERT_EXPIRY and SUPPLIER_RISK_SCAN by cron', async () => {
      const requests = expectOk(await admin.call<Rec[]>(`${REQUESTS}/listByPage`, { params: {}, pageRows: 200 }));
      const daily = (code: string) =>
        requests.filter((r) => r.programCode === code && r.cron && ['SCHEDULED', 'PENDING', 'RUNNING'].includes(String(r.requestStatus)));
      expect(daily('SUPPLIER_CERT_EXPIRY').map((r) => [r.cron, JSON.parse(String(r.params))])).toEqual([['0 6 * * *', { daysAhead: 30 }]]);
      expect(daily('SUPPLIER_RISK_SCAN').map((r) => r.cron)).toEqual(['30 6 * * *']);
      for (const r of [...daily('SUPPLIER_CERT_EXPIRY'), ...daily('SUPPLIER_RISK_SCAN')]) {
        // Due at the next occurrence, within a day; linked to its program once the scheduler started.
        const next = Date.parse(`${String(r.nextRunAt).replace(' ', 'T')}Z`);
        expect(next - Date.now()).toBeLessThanOrEqual(86_400_000 + 60_000);
        expect(Number(r.programId)).toBeGreaterThan(0);
      }
    });

    it('a scheduled check opens a warning once, tells buyers and the supplier, and closes it when renewed', async () => {
      // supplier01's company (S-0001) gets a registration with a certificate expiring in ten days.
      const s = await db().selectFrom('srm_pos_supplier_info').select('supplier_id').where('supplier_number', '=', 'S-0001').executeTakeFirstOrThrow();
      const reg = await db()
        .insertInto('srm_pos_supplier_register')
        .values({
          company_name: 'S-0001 registration',
          credit_code: 'X',
          contact_name: 'x',
          email: 'x@example.com',
          status: 'APPROVED',
          supplier_id: s.supplier_id,
        })
        .returning('register_id')
        .executeTakeFirstOrThrow();
      await db()
        .insertInto('srm_pos_supplier_register_cert')
        .values({ register_id: reg.register_id, line_number: 1, cert_name: 'Quality licence', cert_number: 'QL-1', expiry_date: day(10) })
        .execute();
      await runCheck();
      await runCheck();
      const mine = async () => (await warnings({ supplierId: s.supplier_id })).filter((w) => w.subject === 'Quality licence (QL-1)');
      expect((await mine()).map((w) => [w.warningType, w.status, w.dueDate])).toEqual([['CERT_EXPIRING', 'OPEN', day(10)]]);

      const title = '证书即将到期：S-0001 华东精密钢材有限公司';
      const inboxOf = async (c: SignedClient) =>
        expectOk(await c.call<Rec[]>(`${INBOX}/listByPage`, { params: {}, pageIndex: 1, pageRows: 50 })).map((m) => m.title);
      await expect.poll(() => inboxOf(buyer), { timeout: 10_000 }).toContain(title);
      const supplier01 = await signIn(t.url, 'supplier01');
      await expect.poll(() => inboxOf(supplier01), { timeout: 10_000 }).toContain(title);
      expect((await inboxOf(buyer)).filter((x) => x === title)).toHaveLength(1);
      // Each notice opens what its reader may act on: the buyers' the warning list, the supplier's its company.
      const routeOf = async (c: SignedClient) =>
        String(expectOk(await c.call<Rec[]>(`${INBOX}/listByPage`, { params: {}, pageIndex: 1, pageRows: 50 })).find((m) => m.title === title)?.route);
      expect(await routeOf(buyer)).toMatch(/^\/main\/supplier\/supplierWarningList\?menuCode=SUPPLIER_WARNING$/);
      expect(await routeOf(supplier01)).toMatch(/^\/main\/supplier\/myCompanyList\?menuCode=\w+$/);
      // The warning list itself is the buyers' screen.
      expect((await supplier01.call(`${WARNING}/listByPage`, { params: {}, pageRows: 10 })).http).toBe(403);

      await db()
        .updateTable('srm_pos_supplier_register_cert')
        .set({ expiry_date: day(400) })
        .where('register_id', '=', reg.register_id)
        .execute();
      await runCheck();
      expect((await mine()).map((w) => w.status)).toEqual(['CLOSED']);
    });
  });
}
