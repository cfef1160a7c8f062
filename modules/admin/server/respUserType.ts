// A responsibility is for internal or for external users (base_responsibility.user_type): a supplier's
// user must never hold a buyer's responsibility, nor the other way round. Checked after a save that can
// pair them — a user with its responsibilities (users screens), a responsibility with its users
// (assignment screen) or a changed user type on either side — inside the save's transaction, so a
// refusal leaves nothing behind. A responsibility without a user type fits both.
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import { refuse } from '../../../server/errors.js';
import type { ActionContext } from '../../../server/rest/actionContext.js';
import type { AdminTables } from '../generated/tables.js';

const RESP_NAME = { CN: 'r.resp_name', EN: 'r.resp_name_en', TH: 'r.resp_name_th', VN: 'r.resp_name_vn' } as const;

export async function assertResponsibilityUserTypes(ctx: ActionContext, db: Db, by: 'user' | 'resp', id: number): Promise<void> {
  const mismatch = await typed<AdminTables>(db)
    .selectFrom('base_user_resp as ur')
    .innerJoin('base_users as u', 'u.user_id', 'ur.user_id')
    .innerJoin('base_responsibility as r', 'r.resp_id', 'ur.resp_id')
    .select((eb) => ['u.user_name', 'u.user_type', eb.fn.coalesce(RESP_NAME[ctx.lang], 'r.resp_name').as('resp_name'), 'r.user_type as resp_type'])
    .where(by === 'user' ? 'ur.user_id' : 'ur.resp_id', '=', id)
    .where('r.user_type', 'is not', null)
    .where('u.user_type', 'is not', null)
    .whereRef('r.user_type', '<>', 'u.user_type')
    .orderBy('u.user_name')
    .orderBy('r.resp_code')
    .limit(1)
    .executeTakeFirst();
  if (!mismatch) return;
  const types = await ctx.app.lookups.findDic('USER_TYPE', ctx.lang, db);
  const label = (code: string | null) => types.find((t) => t.lookupCode === code)?.meaning ?? code ?? '';
  throw refuse('resp.userTypeMismatch', {
    resp: mismatch.resp_name,
    respType: label(mismatch.resp_type),
    user: mismatch.user_name,
    userType: label(mismatch.user_type),
  });
}
