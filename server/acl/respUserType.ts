// A responsibility is for internal or for external users (base_responsibility.user_type): a supplier's
// user must never hold a buyer's responsibility, nor the other way round. Checked after a save that can
// pair them — a user with its responsibilities (users screens), a responsibility with its users
// (assignment screen) or a changed user type on either side — inside the save's transaction, so a
// refusal leaves nothing behind. A responsibility without a user type fits both.
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { refuse } from '../errors.js';
import type { ActionContext } from '../rest/actionContext.js';
import { localizedColumn } from './responsibilities.js';

interface Mismatch {
  user_name: string;
  user_type: string;
  resp_name: string;
  resp_type: string;
}

export async function assertResponsibilityUserTypes(ctx: ActionContext, db: Db, by: 'user' | 'resp', id: number): Promise<void> {
  const name = sql.ref(`r.${localizedColumn('resp_name', ctx.lang)}`);
  const rows = (
    await sql<Mismatch>`select u.user_name, u.user_type, coalesce(${name}, r.resp_name) as resp_name, r.user_type as resp_type
      from base_user_resp ur join base_users u on u.user_id = ur.user_id join base_responsibility r on r.resp_id = ur.resp_id
      where ${by === 'user' ? sql`ur.user_id = ${id}` : sql`ur.resp_id = ${id}`}
        and r.user_type is not null and u.user_type is not null and r.user_type <> u.user_type
      order by u.user_name, r.resp_code limit 1`.execute(db)
  ).rows[0];
  if (!rows) return;
  const types = await ctx.app.lookups.findDic('USER_TYPE', ctx.lang, db);
  const label = (code: string) => types.find((t) => t.lookupCode === code)?.meaning ?? code;
  throw refuse('resp.userTypeMismatch', { resp: rows.resp_name, respType: label(rows.resp_type), user: rows.user_name, userType: label(rows.user_type) });
}
