// Purchase-group leaders as a way to reach people (the workflow's assignee rule "groupLeader"): a document's
// purchase group → its leader's user. Only base data's own tables, through its typed tables.
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import type { AssigneeResolver } from '../../../server/modules/types.js';
import type { BaseTables } from '../generated/tables.js';

/** The leader of an enabled purchase group; null for an unknown or disabled group or one without a leader. */
export async function purchaseGroupLeaderOf(db: Db, groupId: number): Promise<number | null> {
  const row = await typed<BaseTables>(db)
    .selectFrom('srm_base_purchase_group')
    .select('leader_user_id')
    .where('group_id', '=', groupId)
    .where('enabled_flag', '=', 'Y')
    .executeTakeFirst();
  return row?.leader_user_id == null ? null : Number(row.leader_user_id);
}

/**
 * "groupLeader": the task's value names the document's field that holds the purchase group (e.g.
 * `purchaseGroupId`), read from the record the process runs for; nobody when the field is empty or not a
 * group id (the workflow's fallback then takes the step).
 */
export const groupLeaderResolver: AssigneeResolver = async (db, { record, value }) => {
  const groupId = Number(value ? record[value] : undefined);
  if (!Number.isSafeInteger(groupId) || groupId <= 0) return [];
  const leader = await purchaseGroupLeaderOf(db, groupId);
  return leader === null ? [] : [leader];
};
