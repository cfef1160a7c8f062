// The rows an instance is made of, read and written through the module's typed tables inside the caller's
// transaction. Every change to an instance happens under its row lock (lockInstance), so two approvers of
// one step are serialised: each is counted once and the step completes once.
import type { Kysely } from 'kysely';
import type { Db } from '../../../server/db/connect.js';
import type { PendingEvents } from '../../../server/events/domainEvents.js';
import { auditInsert, auditUpdate, dbNow, typed } from '../../../server/db/typed.js';
import type { WorkflowTables } from '../generated/tables.js';

/** The module's tables on the caller's db (in the engine: always its open transaction). */
export type Trx = Kysely<WorkflowTables>;
export const wf = (db: Db): Trx => typed<WorkflowTables>(db);

export interface InstanceRow {
  instance_id: number;
  model_key: string;
  model_version_id: number;
  version: number;
  entity_name: string;
  approve_action: string;
  reject_action: string;
  business_id: number;
  document_number: string | null;
  title: string | null;
  initiator_id: number;
  initiator_name: string | null;
  state: string;
  join_state: string | null;
}

export interface TaskRow {
  task_id: number;
  instance_id: number;
  node_id: string;
  task_name: string | null;
  group_key: string;
  assignee_id: number;
  state: string;
}

const INSTANCE_COLUMNS = [
  'instance_id',
  'model_key',
  'model_version_id',
  'version',
  'entity_name',
  'approve_action',
  'reject_action',
  'business_id',
  'document_number',
  'title',
  'initiator_id',
  'initiator_name',
  'state',
  'join_state',
] as const;

/** The instance, locked for the rest of the transaction; undefined when there is none. */
export async function lockInstance(trx: Trx, instanceId: number): Promise<InstanceRow | undefined> {
  return trx.selectFrom('bpm_instance').select(INSTANCE_COLUMNS).where('instance_id', '=', instanceId).forUpdate().executeTakeFirst();
}

export async function taskById(trx: Trx, taskId: number): Promise<TaskRow | undefined> {
  return trx
    .selectFrom('bpm_task')
    .select(['task_id', 'instance_id', 'node_id', 'task_name', 'group_key', 'assignee_id', 'state'])
    .where('task_id', '=', taskId)
    .executeTakeFirst();
}

export async function groupTasks(trx: Trx, groupKey: string): Promise<TaskRow[]> {
  return trx
    .selectFrom('bpm_task')
    .select(['task_id', 'instance_id', 'node_id', 'task_name', 'group_key', 'assignee_id', 'state'])
    .where('group_key', '=', groupKey)
    .execute();
}

export async function history(
  trx: Trx,
  row: {
    instanceId: number;
    action: string;
    userId: number | null;
    userName: string | null;
    taskId?: number;
    nodeId?: string;
    nodeName?: string;
    comment?: string | null;
  },
  actorId: number,
): Promise<void> {
  await trx
    .insertInto('bpm_history')
    .values({
      instance_id: row.instanceId,
      task_id: row.taskId ?? null,
      node_id: row.nodeId ?? null,
      node_name: row.nodeName ?? null,
      action: row.action,
      user_id: row.userId,
      user_name: row.userName,
      comment: row.comment ?? null,
      action_date: dbNow(),
      ...auditInsert(actorId),
    })
    .execute();
}

/** Closes the open tasks of an instance (or of one step's group) as CANCELLED; each leaves its assignee's
 *  to-do list (`workflow.taskClosed`, delivered after the commit). */
export async function cancelOpenTasks(trx: Trx, where: { instanceId: number } | { groupKey: string }, actorId: number, events: PendingEvents): Promise<void> {
  let q = trx
    .updateTable('bpm_task')
    .set({ state: 'CANCELLED', end_date: dbNow(), ...auditUpdate(actorId) })
    .where('state', '=', 'OPEN');
  q = 'groupKey' in where ? q.where('group_key', '=', where.groupKey) : q.where('instance_id', '=', where.instanceId);
  const closed = await q.returning(['task_id', 'assignee_id']).execute();
  for (const c of closed) events.add('workflow.taskClosed', { taskId: c.task_id, userIds: [c.assignee_id] });
}

/** The names of the steps with open tasks or parked service tasks, kept on the instance for lists ("where
 *  it is"); answers how many wait. */
export async function refreshCurrentNodes(trx: Trx, instanceId: number, actorId: number): Promise<number> {
  const open = await trx
    .selectFrom('bpm_task')
    .select(['node_id', 'task_name'])
    .where('instance_id', '=', instanceId)
    .where('state', '=', 'OPEN')
    .orderBy('task_id')
    .execute();
  // A service task parked for compensation holds its branch like an open task.
  const parked = await trx
    .selectFrom('bpm_compensation')
    .select(['node_id', 'node_name'])
    .where('instance_id', '=', instanceId)
    .where('state', '=', 'FAILED')
    .orderBy('compensation_id')
    .execute();
  const waiting = [...open.map((t) => t.task_name ?? t.node_id), ...parked.map((p) => p.node_name ?? p.node_id)];
  const names = [...new Set(waiting)].join(', ').slice(0, 1000);
  await trx
    .updateTable('bpm_instance')
    .set({ current_nodes: names || null, ...auditUpdate(actorId) })
    .where('instance_id', '=', instanceId)
    .execute();
  return waiting.length;
}
