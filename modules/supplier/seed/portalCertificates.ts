// Demo company: supplier01's and supplier02's companies (S-0001, S-0002, typed in by the buyer rather than
// registered) get an approved registration holding their certificates, so the portal's 企业信息 shows each its
// certificates with days left and scans, and a change request can renew one (docs/suppliers.md). The expiry dates
// lie beyond the warning window (30 days), so no warning or risk points follow from them. The scans are small PDFs
// stored by the late step through the files module, as files of the registration.
import { auditInsert, typed } from '../../../server/db/typed.js';
import type { DemoStep } from '../../../server/modules/types.js';
import type { FilesApi } from '../../files/api.js';
import type { SupplierTables } from '../generated/tables.js';
import { duplicateKey } from '../server/register/normalise.js';

/** Certificates by supplier number: type, number, expiry date. */
export const PORTAL_CERTIFICATES: Record<string, [name: string, number: string, expiry: string][]> = {
  'S-0001': [
    ['营业执照', '91310000MA1FL0001X', '2036-12-31'],
    ['ISO 9001 质量管理体系认证', 'CN-Q-2025-0001', '2028-06-30'],
  ],
  'S-0002': [
    ['Company registration certificate', '0105560000002', '2035-12-31'],
    ['ISO 9001 quality management', 'TH-Q-2025-0002', '2028-03-31'],
    ['RoHS test report', 'TH-RoHS-2025-0002', '2027-09-30'],
  ],
};

export const portalCertificates: DemoStep = {
  name: 'portalCertificates',
  after: ['supplier:suppliers', 'admin:users'],
  async run(db, demo) {
    const t = typed<SupplierTables>(db);
    const buyer = demo.ids.get('user', 'buyer01');
    for (const [number, certificates] of Object.entries(PORTAL_CERTIFICATES)) {
      const supplierId = demo.ids.get('supplier', number);
      const s = await t.selectFrom('srm_pos_supplier_info').selectAll().where('supplier_id', '=', supplierId).executeTakeFirstOrThrow();
      const tax = s.tax_number ?? '';
      const r = await t
        .insertInto('srm_pos_supplier_register')
        .values({
          company_name: s.supplier_name,
          credit_code: tax,
          contact_name: s.contact_name ?? '',
          email: s.email ?? '',
          phone: s.contact_phone,
          // The language its notices go out in (warningPush): CN, as before these companies had a registration.
          language_code: 'CN',
          status: 'APPROVED',
          submitted_date: '2025-06-02 10:00:00',
          supplier_id: supplierId,
          name_key: duplicateKey(s.supplier_name),
          credit_key: duplicateKey(tax),
          token_expires: null,
          ...auditInsert(buyer),
        })
        .returning('register_id')
        .executeTakeFirstOrThrow();
      demo.ids.set('portalRegistration', number, Number(r.register_id));
      await t
        .insertInto('srm_pos_supplier_register_cert')
        .values(
          certificates.map(([cert, certNumber, expiry], i) => ({
            register_id: r.register_id,
            line_number: i + 1,
            cert_name: cert,
            cert_number: certNumber,
            expiry_date: expiry,
          })),
        )
        .execute();
    }
  },
};

/** A one-page PDF naming the certificate: the scan the demo's certificate line holds. */
function scanPdf(title: string): Buffer {
  const text = title.replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 60 760 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export const portalCertificateScans: DemoStep = {
  name: 'portalCertificateScans',
  after: ['supplier:portalCertificates', 'admin:users'],
  late: true,
  async run(db, demo) {
    const t = typed<SupplierTables>(db);
    const files = demo.api<FilesApi>('files');
    const buyer = demo.ids.get('user', 'buyer01');
    for (const number of Object.keys(PORTAL_CERTIFICATES)) {
      const registerId = demo.ids.get('portalRegistration', number);
      const certs = await t.selectFrom('srm_pos_supplier_register_cert').selectAll().where('register_id', '=', registerId).orderBy('line_number').execute();
      for (const c of certs) {
        const file = await files.storeBytes(
          db,
          {
            bytes: scanPdf(`${c.cert_number ?? ''} ${c.cert_name}`),
            fileName: `${c.cert_number ?? c.register_cert_id}.pdf`,
            contentType: 'application/pdf',
            functionId: 'srmPosSupplierRegister',
            businessId: registerId,
          },
          buyer,
        );
        await t
          .updateTable('srm_pos_supplier_register_cert')
          .set({ attachment_ids: String(file.id) })
          .where('register_cert_id', '=', c.register_cert_id)
          .execute();
      }
    }
  },
};
