// The supplier's own certificates, read-only, for its portal: `listMyCertificates {}` answers the certificates
// of the signed-in supplier's approved registration (where they are kept, docs/suppliers.md) with the days left
// and their scans. The company page shows them (client/CertificatesPanel.tsx); the change request's certificate
// line offers their types (column optionsFrom on myChangeEdit) so a renewal names one exactly. The supplier comes
// from the session only; an internal user is refused. The scans are the registration's files: the files module
// lets the supplier read them (`shareRegistrationFiles`), never change them.
import type { AppContext } from '../../../../server/context.js';
import type { Db } from '../../../../server/db/connect.js';
import type { Session } from '../../../../server/auth/session.js';
import { typed } from '../../../../server/db/typed.js';
import { ok } from '../../../../server/http/envelope.js';
import type { FamilyAction } from '../../../../server/rest/actionContext.js';
import type { Attachment, FilesApi } from '../../../files/api.js';
import type { SupplierTables } from '../../generated/tables.js';
import { day, ids, registrationOf } from './fileChanges.js';
import { ownSupplier } from './masterFiles.js';

const REGISTRATION = 'srmPosSupplierRegister';
const DAY_MS = 86_400_000;

export interface MyCertificate {
  certId: number;
  certName: string;
  certNumber: string | null;
  expiryDate: string | null;
  /** Whole days from today to the expiry date (0: expires today; negative: expired). */
  daysLeft: number | null;
  expired: boolean;
  files: Pick<Attachment, 'id' | 'fileName' | 'fileSize'>[];
}

/** The certificates of `supplierId`, soonest expiry first, with days left counted from `today` (yyyy-MM-dd). */
export async function certificatesOf(app: AppContext, db: Db, supplierId: number, today: string): Promise<MyCertificate[]> {
  const registration = await registrationOf(db, supplierId);
  if (!registration) return [];
  const registerId = Number(registration.register_id);
  const rows = await typed<SupplierTables>(db)
    .selectFrom('srm_pos_supplier_register_cert')
    .selectAll()
    .where('register_id', '=', registerId)
    .orderBy('expiry_date')
    .orderBy('line_number')
    .execute();
  const files = app.modules.api<FilesApi>('files');
  const base = Date.parse(`${today}T00:00:00Z`);
  return Promise.all(
    rows.map(async (r) => {
      const expiry = day(r.expiry_date);
      const daysLeft = expiry ? Math.round((Date.parse(`${expiry}T00:00:00Z`) - base) / DAY_MS) : null;
      const scans = await files.filesOfRecord(db, REGISTRATION, registerId, ids(r.attachment_ids));
      return {
        certId: Number(r.register_cert_id),
        certName: r.cert_name,
        certNumber: r.cert_number ?? null,
        expiryDate: expiry,
        daysLeft,
        expired: daysLeft !== null && daysLeft < 0,
        files: scans.map((f) => ({ id: f.id, fileName: f.fileName, fileSize: f.fileSize })),
      };
    }),
  );
}

/** `srmPosSupplierInfoRestful/listMyCertificates {}` (also on srmPosSupplierChange): the caller's own certificates. */
export const listMyCertificates: FamilyAction = async (ctx) =>
  ok(await certificatesOf(ctx.app, ctx.app.db, ownSupplier(ctx), new Date().toISOString().slice(0, 10)));

/** May `session` read the files of registration `registerId`? Its supplier's users may, once it is approved. */
export async function mayReadRegistrationFiles(db: Db, session: Session, registerId: number): Promise<boolean> {
  if (session.userType !== 'EXTERNAL' || !session.supplierId) return false;
  const r = await typed<SupplierTables>(db)
    .selectFrom('srm_pos_supplier_register')
    .select('register_id')
    .where('register_id', '=', registerId)
    .where('supplier_id', '=', session.supplierId)
    .where('status', '=', 'APPROVED')
    .executeTakeFirst();
  return r !== undefined;
}
