// Demo company, early warnings: two approved suppliers hold a certificate near or past its expiry,
// dated from the day the demo is made, so that the warning screen has an expiring and an expired one
// (the same scan the scheduled SUPPLIER_CERT_EXPIRY runs; nothing is pushed for the demo).
import { typed } from '../../../server/db/typed.js';
import type { DemoStep } from '../../../server/modules/types.js';
import type { SupplierTables } from '../generated/tables.js';
import { scanCertificates } from '../server/warnings/certificateScan.js';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const CERTS: [company: string, name: string, number: string, daysFromNow: number][] = [
  ['东莞立信五金制品有限公司', 'ISO 14001 环境管理体系认证', 'CN-E-2023-0104', 20],
  ['Hanoi Cable Manufacturing JSC', 'RoHS test report', 'VN-RoHS-0105', -5],
];

export const warnings: DemoStep = {
  name: 'warnings',
  after: ['supplier:registrations'],
  async run(db) {
    const t = typed<SupplierTables>(db);
    for (const [company, name, number, offset] of CERTS) {
      const r = await t.selectFrom('srm_pos_supplier_register').select('register_id').where('company_name', '=', company).executeTakeFirstOrThrow();
      const lines = await t.selectFrom('srm_pos_supplier_register_cert').select('line_number').where('register_id', '=', r.register_id).execute();
      await t
        .insertInto('srm_pos_supplier_register_cert')
        .values({ register_id: r.register_id, line_number: lines.length + 1, cert_name: name, cert_number: number, expiry_date: day(offset) })
        .execute();
    }
    await scanCertificates(db, day(0), 30, new Date().toISOString().slice(0, 19).replace('T', ' '));
  },
};
