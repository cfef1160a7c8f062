// Department heads as a way to reach people (the workflow's assignee rule "deptHead"): the user's employee →
// their department → its head's user. Only the organisation's own tables, through its typed tables.
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import type { OrgTables } from '../generated/tables.js';

/** Departments deeper than this are a broken tree (a cycle), not an organisation. */
const MAX_DEPTH = 32;

/**
 * The head of the user's department: the enabled employee linked to the user (the first by id when there
 * are several) → their department → its head. A department without a head of its own, or headed by the user
 * themselves (nobody approves their own document), hands over to its parent department, up to the root.
 * Null when the user is no employee, has no department, or no department up the tree has another head.
 */
export async function departmentHeadOf(db: Db, userId: number): Promise<number | null> {
  const org = typed<OrgTables>(db);
  const employee = await org
    .selectFrom('base_employee')
    .select('department_id')
    .where('user_id', '=', userId)
    .where('enabled_flag', '=', 'Y')
    .where('department_id', 'is not', null)
    .orderBy('employee_id')
    .limit(1)
    .executeTakeFirst();
  let departmentId = employee?.department_id == null ? null : Number(employee.department_id);
  for (let depth = 0; departmentId !== null && depth < MAX_DEPTH; depth++) {
    const dept = await org
      .selectFrom('base_department')
      .select(['head_user_id', 'parent_department_id', 'enabled_flag'])
      .where('department_id', '=', departmentId)
      .executeTakeFirst();
    if (!dept) return null;
    const head = dept.head_user_id == null ? null : Number(dept.head_user_id);
    if (dept.enabled_flag === 'Y' && head !== null && head !== userId) return head;
    departmentId = dept.parent_department_id == null ? null : Number(dept.parent_department_id);
  }
  return null;
}
