// Writing and reading a registration with its bank accounts and certificates (the module's own tables),
// and the link token that lets the registrant come back to it without an account.
import { createHash, randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Db } from '../../../../server/db/connect.js';
import { typed } from '../../../../server/db/typed.js';
import type { SupplierTables } from '../../generated/tables.js';
import type { RegisterInput } from './input.js';
import { duplicateKey } from './normalise.js';

/** How long an e-mailed link stays valid after the registrant's last save. */
export const LINK_DAYS = 7;

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(24).toString('base64url');

/** `YYYY-MM-DD HH:MM:SS` in UTC, as timestamp columns are written and read. */
export const stamp = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
export const linkExpiry = (now = new Date()) => stamp(new Date(now.getTime() + LINK_DAYS * 86_400_000));

export interface RegisterRow {
  registerId: number;
  status: string;
  tokenExpires: string | null;
}

export async function byToken(db: Db, token: unknown): Promise<RegisterRow | null> {
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{32}$/.test(token)) return null;
  const row = await typed<SupplierTables>(db)
    .selectFrom('srm_pos_supplier_register')
    .select(['register_id', 'status', 'token_expires'])
    .where('edit_token_hash', '=', tokenHash(token))
    .executeTakeFirst();
  return row ? { registerId: Number(row.register_id), status: row.status ?? 'DRAFT', tokenExpires: row.token_expires } : null;
}

/** Inserts (id null) or rewrites a registration and replaces its lines. Returns its id. */
export async function writeRegistration(
  trx: Transaction<SupplierTables>,
  id: number | null,
  r: RegisterInput,
  fields: { status: string; language: string; categoryNames: string; tokenHash?: string },
): Promise<number> {
  const values = {
    company_name: r.companyName,
    credit_code: r.creditCode,
    contact_name: r.contactName,
    email: r.email,
    phone: r.phone,
    address: r.address,
    legal_representative: r.legalRepresentative,
    category_ids: r.categoryIds.join(','),
    category_names: fields.categoryNames.slice(0, 1000),
    language_code: fields.language,
    status: fields.status,
    name_key: duplicateKey(r.companyName),
    credit_key: r.creditCode ? duplicateKey(r.creditCode) : null,
    token_expires: linkExpiry(),
    reject_reason: null,
    ...(fields.tokenHash ? { edit_token_hash: fields.tokenHash } : {}),
  };
  let registerId: number;
  if (id === null) {
    const row = await trx.insertInto('srm_pos_supplier_register').values(values).returning('register_id').executeTakeFirstOrThrow();
    registerId = Number(row.register_id);
  } else {
    registerId = id;
    await trx
      .updateTable('srm_pos_supplier_register')
      .set((eb) => ({ ...values, version_num: eb('version_num', '+', 1), last_update_date: stamp(new Date()) }))
      .where('register_id', '=', id)
      .execute();
    await trx.deleteFrom('srm_pos_supplier_register_bank').where('register_id', '=', id).execute();
    await trx.deleteFrom('srm_pos_supplier_register_cert').where('register_id', '=', id).execute();
  }
  if (r.bankAccounts.length > 0) {
    await trx
      .insertInto('srm_pos_supplier_register_bank')
      .values(
        r.bankAccounts.map((b, i) => ({
          register_id: registerId,
          line_number: i + 1,
          bank_name: b.bankName,
          account_name: b.accountName,
          account_number: b.accountNumber,
          currency_code: b.currencyCode,
        })),
      )
      .execute();
  }
  if (r.certificates.length > 0) {
    await trx
      .insertInto('srm_pos_supplier_register_cert')
      .values(
        r.certificates.map((c, i) => ({
          register_id: registerId,
          line_number: i + 1,
          cert_name: c.certName,
          cert_number: c.certNumber,
          expiry_date: c.expiryDate,
          attachment_ids: c.attachmentIds,
        })),
      )
      .execute();
  }
  return registerId;
}

/** The registration as the public page shows it back (no keys, no token). */
export async function readRegistration(db: Db, id: number) {
  const t = typed<SupplierTables>(db);
  const h = await t.selectFrom('srm_pos_supplier_register').selectAll().where('register_id', '=', id).executeTakeFirstOrThrow();
  const banks = await t.selectFrom('srm_pos_supplier_register_bank').selectAll().where('register_id', '=', id).orderBy('line_number').execute();
  const certs = await t.selectFrom('srm_pos_supplier_register_cert').selectAll().where('register_id', '=', id).orderBy('line_number').execute();
  return {
    registerId: Number(h.register_id),
    status: h.status,
    companyName: h.company_name,
    creditCode: h.credit_code,
    contactName: h.contact_name,
    email: h.email,
    phone: h.phone,
    address: h.address,
    legalRepresentative: h.legal_representative,
    categoryIds: (h.category_ids ?? '').split(',').filter(Boolean).map(Number),
    rejectReason: h.reject_reason,
    submittedDate: h.submitted_date,
    tokenExpires: h.token_expires,
    bankAccounts: banks.map((b) => ({ bankName: b.bank_name, accountName: b.account_name, accountNumber: b.account_number, currencyCode: b.currency_code })),
    certificates: certs.map((c) => ({ certName: c.cert_name, certNumber: c.cert_number, expiryDate: c.expiry_date, attachmentIds: c.attachment_ids })),
  };
}
