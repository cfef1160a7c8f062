// Who a user task goes to: users by name, holders of a responsibility (role), members of a process role,
// holders of a position today (the organisation's allotments), the initiator, the initiator's department
// head and the document's purchase-group leader (resolvers org and base declare), or a resolver a module
// declares (ServerModule.assigneeResolvers). Only users who may sign in today get tasks.
import type { AppContext } from '../../../server/context.js';
import type { Db } from '../../../server/db/connect.js';
import type { AdminApi } from '../../admin/api.js';
import type { OrgApi } from '../../org/api.js';
import type { FlowNode } from './graph.js';
import { assigneeNames } from './validate.js';
import { sql } from 'kysely';
import { wf } from './store.js';
import { processRoleUsers } from './processRoles.js';

export interface AssigneeInput {
  entity: string;
  businessId: number;
  initiatorId: number;
  record: Readonly<Record<string, unknown>>;
}

export async function resolveAssignees(app: AppContext, db: Db, node: FlowNode, input: AssigneeInput): Promise<number[]> {
  const admin = app.modules.api<AdminApi>('admin');
  const names = assigneeNames(node.assignee);
  let ids: number[] = [];
  switch (node.assigneeType) {
    case 'user':
      ids = (await admin.usersByName(db, names)).filter((u) => u.active).map((u) => u.userId);
      break;
    case 'role':
      ids = (await admin.usersWithResponsibility(db, names)).map((u) => u.userId);
      break;
    case 'initiator':
      ids = [input.initiatorId];
      break;
    case 'processRole':
      ids = await processRoleUsers(app, db, names);
      break;
    case 'position': {
      const held = await app.modules.api<OrgApi>('org').usersInPositions(db, names);
      ids = (await admin.usersById(db, held)).filter((u) => u.active).map((u) => u.userId);
      break;
    }
    // The rules other modules answer (RESOLVED_RULES: the resolver of the rule's name, told the task's
    // value) and the resolvers a model names itself.
    case 'deptHead':
    case 'groupLeader':
    case 'resolver': {
      const named = node.assigneeType === 'resolver';
      const resolve = app.modules.assigneeResolver(named ? (node.assignee ?? '') : node.assigneeType);
      ids = resolve ? await resolve(db, { ...input, value: named ? undefined : node.assignee?.trim() || undefined }) : [];
      const active = new Set((await admin.usersById(db, ids)).filter((u) => u.active).map((u) => u.userId));
      ids = ids.filter((id) => active.has(id));
      break;
    }
  }
  return [...new Set(ids)];
}

/** Display names of users by id (for history rows and lists). */
export async function userNames(app: AppContext, db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const users = await app.modules.api<AdminApi>('admin').usersById(db, [...new Set(ids)]);
  return new Map(users.map((u) => [u.userId, u.fullName]));
}

/**
 * Out-of-office delegation (bpm_delegate, managed by an administrator): a user away today has their new
 * tasks go to the delegate of the enabled delegation whose date range holds today, when that delegate may
 * sign in. One hop: a delegate who is away too still gets the task. Answers user id → delegate id.
 */
export async function delegatesOf(app: AppContext, db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (userIds.length === 0) return out;
  const admin = app.modules.api<AdminApi>('admin');
  const users = await admin.usersById(db, userIds);
  const rows = await wf(db)
    .selectFrom('bpm_delegate')
    .select(['user_name', 'delegate_user_name'])
    .where(
      'user_name',
      'in',
      users.map((u) => u.userName),
    )
    .where('enabled_flag', '=', 'Y')
    .where('start_date', '<=', sql<string>`current_date`)
    .where('end_date', '>=', sql<string>`current_date`)
    .orderBy('delegate_id', 'desc')
    .execute();
  if (rows.length === 0) return out;
  const delegates = new Map(
    (
      await admin.usersByName(
        db,
        rows.map((r) => r.delegate_user_name),
      )
    )
      .filter((u) => u.active)
      .map((u) => [u.userName, u.userId]),
  );
  for (const u of users) {
    const row = rows.find((r) => r.user_name === u.userName && delegates.has(r.delegate_user_name));
    if (row) out.set(u.userId, delegates.get(row.delegate_user_name)!);
  }
  return out;
}
