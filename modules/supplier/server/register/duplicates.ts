// validationRepeatByName and the submission's check: is the company already known, by name or credit
// code (normalised), as a live registration or a supplier of the master? A blacklisted supplier's credit
// code is refused under any name, with its own message.
import type { Kysely } from 'kysely';
import type { SupplierTables } from '../../generated/tables.js';
import { duplicateKey } from './normalise.js';

export type Duplicate = { field: 'companyName' | 'creditCode'; blacklisted: boolean };

/** Registrations in these states hold their name and code; a draft, a withdrawn or a rejected one does not. */
const HOLDING = ['SUBMITTED', 'APPROVED'];
/** The master's blacklist code (SUPPLIER_STATUS lookup) and CONTRACT.md's spelling. */
const BLACKLISTED = new Set(['BLACKLIST', 'BLACKLISTED']);

/** `t`: the module's typed app.db, or the submission's transaction. */
export async function findDuplicate(
  t: Kysely<SupplierTables>,
  companyName: string,
  creditCode: string,
  exceptRegisterId: number | null,
): Promise<Duplicate | null> {
  const nameKey = companyName ? duplicateKey(companyName) : null;
  const creditKey = creditCode ? duplicateKey(creditCode) : null;
  if (!nameKey && !creditKey) return null;
  // The master has no key columns: it is read whole (id, name, code, status), a few thousand rows at most
  // in a supplier base; key columns with their rule and backfill are the step when it grows.
  const master = await t.selectFrom('srm_pos_supplier_info').select(['supplier_name', 'tax_number', 'supplier_status']).execute();
  const sameCode = creditKey ? master.filter((s) => s.tax_number && duplicateKey(s.tax_number) === creditKey) : [];
  if (sameCode.some((s) => BLACKLISTED.has(s.supplier_status ?? ''))) return { field: 'creditCode', blacklisted: true };
  if (sameCode.length > 0) return { field: 'creditCode', blacklisted: false };
  if (nameKey && master.some((s) => duplicateKey(s.supplier_name) === nameKey)) return { field: 'companyName', blacklisted: false };

  let q = t
    .selectFrom('srm_pos_supplier_register')
    .select(['name_key', 'credit_key'])
    .where('status', 'in', HOLDING)
    .where((eb) => eb.or([...(nameKey ? [eb('name_key', '=', nameKey)] : []), ...(creditKey ? [eb('credit_key', '=', creditKey)] : [])]));
  if (exceptRegisterId !== null) q = q.where('register_id', '<>', exceptRegisterId);
  const held = await q.execute();
  if (creditKey && held.some((r) => r.credit_key === creditKey)) return { field: 'creditCode', blacklisted: false };
  if (held.length > 0) return { field: 'companyName', blacklisted: false };
  return null;
}
