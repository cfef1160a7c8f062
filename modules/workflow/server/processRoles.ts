// Process roles (bpmProcessRole, screen processRoleList): named groups of users kept by the workflow
// administrator for approval steps, apart from responsibilities (which grant menus). A user task with
// srm:assigneeType="processRole" goes to the members of the named enabled roles who may sign in today.
import type { AppContext } from '../../../server/context.js';
import type { Db } from '../../../server/db/connect.js';
import { refuse } from '../../../server/errors.js';
import type { EntityRules } from '../../../server/modules/types.js';
import type { AdminApi } from '../../admin/api.js';
import { wf } from './store.js';

/** Active users who are members of the enabled roles with these codes. */
export async function processRoleUsers(app: AppContext, db: Db, codes: readonly string[]): Promise<number[]> {
  if (codes.length === 0) return [];
  const rows = await wf(db)
    .selectFrom('bpm_process_role_member as m')
    .innerJoin('bpm_process_role as r', 'r.role_id', 'm.role_id')
    .select('m.user_name')
    .where('r.role_code', 'in', [...codes])
    .where('r.enabled_flag', '=', 'Y')
    .execute();
  const users = await app.modules.api<AdminApi>('admin').usersByName(db, [...new Set(rows.map((r) => r.user_name))]);
  return users.filter((u) => u.active).map((u) => u.userId);
}

/** The codes among these that name an existing process role (publish refuses the others). */
export async function knownProcessRoles(db: Db, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await wf(db)
    .selectFrom('bpm_process_role')
    .select('role_code')
    .where('role_code', 'in', [...codes])
    .execute();
  return new Set(rows.map((r) => r.role_code));
}

/** Every member names an existing user (checked after the lines are written, in the same transaction). */
export const processRoleRules: EntityRules = {
  async afterLines(ctx, db, id) {
    const names = (await wf(db).selectFrom('bpm_process_role_member').select('user_name').where('role_id', '=', id).execute()).map((r) => r.user_name);
    const found = new Set((await ctx.app.modules.api<AdminApi>('admin').usersByName(db, names)).map((u) => u.userName));
    const missing = names.find((n) => !found.has(n));
    if (missing !== undefined) throw refuse('bpm.processRole.unknownUser', { name: missing });
  },
};
