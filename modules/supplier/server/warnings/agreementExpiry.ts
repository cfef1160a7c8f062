// Agreements past their validity: one still to sign (SENT) or signed (SIGNED) whose validTo is before today
// becomes EXPIRED (a signed one keeps its PDF, signer and hash). Run by the same daily program as the
// certificate scan (SUPPLIER_CERT_EXPIRY); drafts stay with the buyer, refused ones stay refused.
import type { Db } from '../../../../server/db/connect.js';
import { typed } from '../../../../server/db/typed.js';
import type { SupplierTables } from '../../generated/tables.js';

export async function expireAgreements(db: Db, today: string, now: string): Promise<number> {
  const rows = await typed<SupplierTables>(db)
    .updateTable('srm_pos_agreement')
    .set((eb) => ({ status: 'EXPIRED', last_update_date: now, version_num: eb('version_num', '+', 1) }))
    .where('status', 'in', ['SENT', 'SIGNED'])
    .where('valid_to', '<', today)
    .returning('agreement_id')
    .execute();
  return rows.length;
}
