// The supplier's own certificates in its portal, on PGlite and PostgreSQL: supplier02 lists its demo certificates
// (type, number, expiry, days left, expired, scans) and opens their scans, which are its approved registration's
// files — readable, never deletable, the registration itself still closed to it; supplier01 gets its own and none
// of supplier02's scans; an internal user is refused. A renewal through a change request (the type as listed)
// shows the new expiry and scan once the buyer approves, and nothing before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { expectOk, expectRefusal, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import { PDF, download, upload } from '../../../../tests/support/fileUpload.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { typed } from '../../../../server/db/typed.js';
import type { SupplierTables } from '../../generated/tables.js';

const SUPPLIER = 'srmServer/v1/srmPosSupplierInfoRestful';
const CHANGE = 'srmServer/v1/srmPosSupplierChangeRestful';
const REGISTER = 'srmServer/v1/srmPosSupplierRegisterRestful';
const dayPlus = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);

interface Cert {
  certId: number;
  certName: string;
  certNumber: string | null;
  expiryDate: string | null;
  daysLeft: number | null;
  expired: boolean;
  files: { id: number; fileName: string; fileSize: number }[];
}

for (const backend of await backends()) {
  describe(`the supplier's certificates in its portal on ${backend}`, () => {
    let t: TestServer;
    let s1: SignedClient;
    let s2: SignedClient;
    let buyer: SignedClient;
    const db = () => typed<SupplierTables>(t.app.ctx.db);
    const mine = async (c: SignedClient, path = SUPPLIER) => expectOk(await c.call<Cert[]>(`${path}/listMyCertificates`, {}));
    const opens = async (c: SignedClient, id: number) => {
      const d = await download(c, id);
      return d.http === 200 && d.body.subarray(0, 5).toString() === '%PDF-';
    };

    beforeAll(async () => {
      t = await startTestServer(backend);
      [s1, s2, buyer] = await Promise.all([signIn(t.url, 'supplier01'), signIn(t.url, 'supplier02'), signIn(t.url, 'buyer01')]);
    });
    afterAll(async () => t?.stop());

    it('lists its own certificates with days left and scans; the scans open, the registration does not', async () => {
      const certs = await mine(s2);
      expect(certs.map((c) => [c.certName, c.certNumber, c.expiryDate, c.expired])).toEqual([
        ['RoHS test report', 'TH-RoHS-2025-0002', '2027-09-30', false],
        ['ISO 9001 quality management', 'TH-Q-2025-0002', '2028-03-31', false],
        ['Company registration certificate', '0105560000002', '2035-12-31', false],
      ]);
      const today = Date.parse(`${dayPlus(0)}T00:00:00Z`);
      expect(certs[0].daysLeft).toBe(Math.round((Date.parse('2027-09-30T00:00:00Z') - today) / 86_400_000));
      // The same answer on the change request's family (its certificate line's choices).
      expect((await mine(s2, CHANGE)).map((c) => c.certName)).toEqual(certs.map((c) => c.certName));
      for (const c of certs) {
        expect(c.files).toEqual([expect.objectContaining({ fileName: `${c.certNumber}.pdf` })]);
        expect(await opens(s2, c.files[0].id)).toBe(true);
        // Read, never changed: its scan cannot be deleted, nothing attached to the registration, which stays closed.
        expectRefusal(await s2.call('fileServer/v2/file/delete', { id: c.files[0].id }, { lang: 'TH' }), 403, 'คุณไม่มีสิทธิ์ดำเนินการนี้');
      }
      const registerId = Number(
        (
          await db()
            .selectFrom('srm_pos_supplier_register_cert')
            .select('register_id')
            .where('register_cert_id', '=', certs[0].certId)
            .executeTakeFirstOrThrow()
        ).register_id,
      );
      expect((await upload(s2, [{ name: 'x.pdf', data: PDF }], { functionId: 'srmPosSupplierRegister', businessId: registerId })).status).toBe('E');
      expect((await s2.call(`${REGISTER}/findById`, { id: registerId })).status).toBe('E');
      // supplier01 has its own two, and opens none of supplier02's scans.
      expect((await mine(s1)).map((c) => c.certName)).toEqual(['ISO 9001 质量管理体系认证', '营业执照']);
      for (const c of certs) expect(await opens(s1, c.files[0].id)).toBe(false);
      // An internal user has no certificates of its own: refused in its language.
      expectRefusal(await buyer.call(`${SUPPLIER}/listMyCertificates`, {}, { lang: 'EN' }), 200, /supplier/i);
    });

    it('an expired certificate says so', async () => {
      const [first] = await mine(s2);
      await db()
        .updateTable('srm_pos_supplier_register_cert')
        .set({ expiry_date: dayPlus(-3) })
        .where('register_cert_id', '=', first.certId)
        .execute();
      const [now] = await mine(s2);
      expect([now.certId, now.daysLeft, now.expired]).toEqual([first.certId, -3, true]);
      await db().updateTable('srm_pos_supplier_register_cert').set({ expiry_date: first.expiryDate! }).where('register_cert_id', '=', first.certId).execute();
    });

    it('a renewal through a change request, the type as listed, shows once the buyer approves', async () => {
      const before = await mine(s2);
      const rohs = before.find((c) => c.certName === 'RoHS test report')!;
      const scan = expectOk(await upload(s2, [{ name: 'rohs-2029.pdf', data: Buffer.concat([PDF, Buffer.from('rohs 2029')]) }]))[0].id;
      const ch = expectOk(
        await s2.call<Rec>(`${CHANGE}/saveOrUpdate`, {
          fileChanges: [{ changeKind: 'REPLACED', certName: rohs.certName, certNumber: 'TH-RoHS-2029', newExpiryDate: '2029-09-30', newFileIds: String(scan) }],
        }),
      );
      expectOk(await s2.call(`${CHANGE}/doSubmit`, { id: ch.changeId }));
      expect(await mine(s2)).toEqual(before);
      expectOk(await buyer.call(`${CHANGE}/doApproval`, { id: ch.changeId }));
      const after = (await mine(s2)).find((c) => c.certId === rohs.certId)!;
      expect([after.certName, after.certNumber, after.expiryDate, after.files.map((f) => f.id)]).toEqual([
        'RoHS test report',
        'TH-RoHS-2029',
        '2029-09-30',
        [scan],
      ]);
      expect(await opens(s2, scan)).toBe(true);
      // The new scan is the certificate's now: supplier02 uploaded it, but cannot delete it.
      expectRefusal(await s2.call('fileServer/v2/file/delete', { id: scan }, { lang: 'EN' }), 403, 'You are not permitted to do this');
    });
  });
}
