// The initial password an administrator gives must be changed at the first sign-in (issue 18): a user the
// administrator creates, or whose password the administrator sets or resets, is flagged; the login answers
// `passwordChangeRequired: true` and the shell shows the change-password screen before anything else; the
// user's own change (or a reset by e-mail code) clears the flag. Demo users are seeded without it.
import type { Db } from '../../../../server/db/connect.js';
import type { ActionContext } from '../../../../server/rest/actionContext.js';
import { typed } from '../../../../server/db/typed.js';
import type { AdminTables } from '../../generated/tables.js';

export async function setPasswordChangeRequired(db: Db, userId: number, required: boolean): Promise<void> {
  await typed<AdminTables>(db)
    .updateTable('base_users')
    .set({ password_change_required: required ? 'Y' : 'N' })
    .where('user_id', '=', userId)
    .execute();
}

/**
 * beforeSave of baseUsers (values are columns): a new user, or a password the administrator typed in on
 * an update, must be changed at the next sign-in.
 */
export async function flagAdministratorPassword(_ctx: ActionContext, _db: Db, values: Record<string, unknown>, id: number | null): Promise<void> {
  const typedPassword = values.password_hash !== undefined && values.password_hash !== null && values.password_hash !== '';
  if (id === null || typedPassword) values.password_change_required = 'Y';
}
