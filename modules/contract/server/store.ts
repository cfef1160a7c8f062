// Typed access to the contract module's tables and the checks every contract operation shares: the
// contract locked for the caller (a supplier only reaches its own), a required reason, the supplier side.
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import { refuse } from '../../../server/errors.js';
import type { ActionContext } from '../../../server/rest/actionContext.js';
import { findRow } from '../../../server/rest/read.js';
import type { ContractTables } from '../generated/tables.js';

export const con = (db: Db) => typed<ContractTables>(db);

/** States in which the buyer may still edit a contract (saveOrUpdate, delete of a draft). */
export const EDITABLE = ['DRAFT', 'REJECTED', 'REFUSED'] as const;

/** The contract visible to the caller (row rule), locked for the rest of the transaction; or a refusal. */
export async function lockedContract(ctx: ActionContext, db: Db, id: number) {
  await findRow(ctx, db, id);
  const c = await con(db).selectFrom('srm_con_contract').selectAll().where('contract_id', '=', id).forUpdate().executeTakeFirst();
  if (!c) throw refuse('rest.notFound', { entity: id });
  return c;
}
export type ContractRow = NonNullable<Awaited<ReturnType<typeof lockedContract>>>;

/** A reason of the body: required, at most 500 characters. */
export function reasonOf(raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '') throw refuse('contract.reasonRequired');
  if (raw.trim().length > 500) throw refuse('contract.reasonTooLong', { max: 500 });
  return raw.trim();
}

/** Which side the caller signs for: a supplier's portal user signs for its supplier, staff for the buyer. */
export const sideOf = (ctx: ActionContext): 'BUYER' | 'SUPPLIER' => (ctx.session.userType === 'EXTERNAL' ? 'SUPPLIER' : 'BUYER');

/** The status check of an operation: refused in the caller's language, naming the current state. */
export function expectState(c: { status: string | null }, allowed: readonly string[], key: string) {
  if (!allowed.includes(c.status ?? '')) throw refuse(key, { status: c.status ?? '' });
}
