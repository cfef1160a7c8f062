// Fixtures for the adversarial suites: users and responsibilities made straight in the database (as a
// service call would), and table fingerprints that prove a refused call changed nothing.
import { sql } from 'kysely';
import type { Db } from '../../server/db/connect.js';
import { hashPassword } from '../../server/auth/password.js';
import { uniq } from './apiHelpers.js';

export const PASSWORD = 'Srm#Demo2026';

/** count + hash of every row's text: equal before and after means not one row changed. */
export async function fingerprint(db: Db, table: string): Promise<string> {
  const r = await sql<{ n: number; h: string | null }>`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h
    from ${sql.table(table)} t`.execute(db);
  return `${r.rows[0].n}:${r.rows[0].h}`;
}

export async function fingerprints(db: Db, tables: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of tables) out[t] = await fingerprint(db, t);
  return out;
}

/** A responsibility (for internal users unless told) holding the given menus (all when '*') and exactly the given `MENU:resource` pairs. */
export async function makeResponsibility(
  db: Db,
  menus: string[] | '*',
  resources: string[] = [],
  userType: 'INTERNAL' | 'EXTERNAL' = 'INTERNAL',
): Promise<number> {
  const code = uniq('R');
  const { resp_id } = (
    await sql<{
      resp_id: number;
    }>`insert into base_responsibility (resp_code, resp_name, user_type) values (${code}, ${code}, ${userType}) returning resp_id`.execute(db)
  ).rows[0];
  const filter = menus === '*' ? sql`true` : sql`menu_code in (${sql.join(menus)})`;
  await sql`insert into base_resp_menu (resp_id, menu_id) select ${resp_id}, menu_id from base_menu where ${filter}`.execute(db);
  for (const pair of resources) {
    const [menu, res] = pair.split(':');
    await sql`insert into base_resp_resource (resp_id, resource_id) select ${resp_id}, r.resource_id from base_resource r join base_menu m on m.menu_id = r.menu_id
      where m.menu_code = ${menu} and r.resource_code = ${res}`.execute(db);
  }
  return resp_id;
}

export async function makeUser(
  db: Db,
  opts: { resps?: number[]; type?: 'INTERNAL' | 'EXTERNAL'; supplierId?: number | null; email?: string; phone?: string; password?: string } = {},
): Promise<{ userId: number; userName: string }> {
  const userName = uniq('u').toLowerCase();
  const { user_id } = (
    await sql<{ user_id: number }>`insert into base_users (user_name, user_full_name, user_type, supplier_id, email, phone, password_hash)
      values (${userName}, ${userName}, ${opts.type ?? 'INTERNAL'}, ${opts.supplierId ?? null}, ${opts.email ?? null}, ${opts.phone ?? null}, ${await hashPassword(opts.password ?? PASSWORD)}) returning user_id`.execute(
      db,
    )
  ).rows[0];
  for (const r of opts.resps ?? []) await sql`insert into base_user_resp (user_id, resp_id) values (${user_id}, ${r})`.execute(db);
  return { userId: user_id, userName };
}

/** One row as stored (snake_case), for before/after comparisons of a single record. */
export async function rowOf(db: Db, table: string, keyColumn: string, id: number): Promise<Record<string, unknown> | undefined> {
  return (await sql<Record<string, unknown>>`select * from ${sql.table(table)} where ${sql.ref(keyColumn)} = ${id}`.execute(db)).rows[0];
}
