// Users as other modules need them (a workflow's assignees and the names it shows), answered from the
// security tables; every call takes the caller's db (its transaction: PGlite has one connection).
import { sql } from 'kysely';
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import type { DirectoryUser, UserContact } from '../api.js';
import type { AdminTables } from '../generated/tables.js';
import { userUsable } from './grants.js';

type Row = { user_id: number | string; user_name: string; user_full_name: string | null; supplier_id: number | string | null; usable: boolean | number | null };
const map = (rows: Row[]): DirectoryUser[] =>
  rows.map((r) => ({
    userId: Number(r.user_id),
    userName: r.user_name,
    fullName: r.user_full_name ?? r.user_name,
    active: r.usable === true,
    supplierId: r.supplier_id === null ? null : Number(r.supplier_id),
  }));

const users = (db: Db) =>
  typed<AdminTables>(db)
    .selectFrom('base_users as u')
    .select(['u.user_id', 'u.user_name', 'u.user_full_name', 'u.supplier_id'])
    .select(() => userUsable().as('usable'));

export async function usersByName(db: Db, names: readonly string[]): Promise<DirectoryUser[]> {
  if (names.length === 0) return [];
  return map(
    await users(db)
      .where('u.user_name', 'in', [...names])
      .orderBy('u.user_id')
      .execute(),
  );
}

export async function usersById(db: Db, ids: readonly number[]): Promise<DirectoryUser[]> {
  if (ids.length === 0) return [];
  return map(
    await users(db)
      .where('u.user_id', 'in', [...ids])
      .orderBy('u.user_id')
      .execute(),
  );
}

export async function contacts(db: Db, ids: readonly number[]): Promise<UserContact[]> {
  if (ids.length === 0) return [];
  const out: UserContact[] = [];
  // Bounded IN lists: a message may go to thousands of users.
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await users(db)
      .select(['u.email', 'u.phone', 'u.language_code'])
      .where('u.user_id', 'in', ids.slice(i, i + 1000))
      .orderBy('u.user_id')
      .execute();
    for (const [j, u] of map(rows).entries()) out.push({ ...u, email: rows[j].email, phone: rows[j].phone, language: rows[j].language_code ?? null });
  }
  return out;
}

/** Internal users that may sign in today whose name or full name contains `keyword` (all when empty), by name. */
export async function searchUsers(db: Db, keyword: string, limit: number): Promise<DirectoryUser[]> {
  const like = `%${keyword.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return map(
    await users(db)
      .where('u.user_type', '=', 'INTERNAL')
      .where(userUsable())
      .$if(keyword.trim() !== '', (q) => q.where((eb) => eb.or([eb('u.user_name', 'ilike', like), eb('u.user_full_name', 'ilike', like)])))
      .orderBy('u.user_name')
      .limit(Math.max(1, Math.min(limit, 100)))
      .execute(),
  );
}

/** Users that may sign in today and hold (today, enabled) any of the responsibilities. */
export async function usersWithResponsibility(db: Db, respCodes: readonly string[]): Promise<DirectoryUser[]> {
  if (respCodes.length === 0) return [];
  const today = sql<string>`current_date`;
  const rows = await typed<AdminTables>(db)
    .selectFrom('base_users as u')
    .innerJoin('base_user_resp as ur', 'ur.user_id', 'u.user_id')
    .innerJoin('base_responsibility as r', 'r.resp_id', 'ur.resp_id')
    .select(['u.user_id', 'u.user_name', 'u.user_full_name', 'u.supplier_id'])
    .select(sql<boolean>`true`.as('usable'))
    .distinct()
    .where('r.resp_code', 'in', [...respCodes])
    .where('r.enabled_flag', '=', 'Y')
    .where(userUsable())
    .where((eb) => eb.or([eb('ur.start_date', 'is', null), eb('ur.start_date', '<=', today)]))
    .where((eb) => eb.or([eb('ur.end_date', 'is', null), eb('ur.end_date', '>=', today)]))
    .orderBy('u.user_id')
    .execute();
  return map(rows);
}

/** Users of a type that may sign in today; external ones of these suppliers only when `supplierIds` is given. */
export async function activeUsersOfType(db: Db, userType: 'INTERNAL' | 'EXTERNAL', supplierIds?: readonly number[]): Promise<DirectoryUser[]> {
  if (supplierIds && supplierIds.length === 0) return [];
  let q = users(db).where('u.user_type', '=', userType).where(userUsable());
  if (supplierIds) q = q.where('u.supplier_id', 'in', [...supplierIds]);
  return map(await q.orderBy('u.user_id').execute());
}

/** Which of these responsibility codes exist. */
export async function knownResponsibilities(db: Db, respCodes: readonly string[]): Promise<string[]> {
  if (respCodes.length === 0) return [];
  const rows = await typed<AdminTables>(db)
    .selectFrom('base_responsibility')
    .select('resp_code')
    .where('resp_code', 'in', [...respCodes])
    .execute();
  return rows.map((r) => r.resp_code);
}
