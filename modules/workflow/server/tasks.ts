// What an assignee does with a task: approve, reject, transfer; and the initiator's urge. Each runs in one
// transaction that first locks the instance row, so concurrent actions on one instance are serialised and
// a refusal (not yours, already done, stopped) changes nothing.
import type { AppContext } from '../../../server/context.js';
import { auditInsert, auditUpdate, dbNow } from '../../../server/db/typed.js';
import { refuse } from '../../../server/errors.js';
import type { PendingEvents } from '../../../server/events/domainEvents.js';
import { runTransitionIn, type InternalActor } from '../../../server/rest/runTransition.js';
import type { AdminApi } from '../../admin/api.js';
import { userNames } from './assignees.js';
import { assignedEvent, finish, leave, openRun, settle, type Run } from './engine.js';
import { cancelOpenTasks, groupTasks, history, lockInstance, refreshCurrentNodes, taskById, wf, type InstanceRow, type TaskRow, type Trx } from './store.js';

export const MAX_COMMENT = 2000;

/** The task, its instance locked, checked to be the caller's, open, of a running instance. */
async function myOpenTask(t: Trx, taskId: number, userId: number): Promise<{ task: TaskRow; instance: InstanceRow }> {
  const ref = await taskById(t, taskId);
  if (!ref) throw refuse('bpm.task.notFound');
  const instance = (await lockInstance(t, ref.instance_id))!;
  const task = (await taskById(t, taskId))!;
  if (task.assignee_id !== userId) throw refuse('bpm.task.notYours');
  if (instance.state === 'STOPPED') throw refuse('bpm.task.stopped');
  if (task.state !== 'OPEN' || instance.state !== 'RUNNING') throw refuse('bpm.task.done');
  return { task, instance };
}

/** Whether a step's approvals are enough: countersign all / any / ratio; a plain task by any one of its assignees. */
function stepDone(run: Run, task: TaskRow, group: TaskRow[]): boolean {
  const node = run.graph.nodes.get(task.node_id)!;
  const counted = group.filter((g) => g.state !== 'TRANSFERRED' && g.state !== 'CANCELLED');
  const approved = counted.filter((g) => g.state === 'APPROVED').length;
  if (!node.multi || node.multi.countersign === 'any') return approved >= 1;
  if (node.multi.countersign === 'all') return approved === counted.length;
  return approved / counted.length >= (node.multi.ratio ?? 1) - 1e-9;
}

export async function approveTask(app: AppContext, actor: InternalActor, taskId: number, comment: string | null): Promise<{ instanceState: string }> {
  return app.db.transaction().execute(async (db) => {
    const t = wf(db);
    const userId = actor.session.userId;
    const { task, instance } = await myOpenTask(t, taskId, userId);
    await close(t, task, 'APPROVED', comment, userId, actor.events);
    const name = (await userNames(app, db, [userId])).get(userId) ?? actor.session.userName;
    await history(
      t,
      {
        instanceId: instance.instance_id,
        taskId,
        nodeId: task.node_id,
        nodeName: task.task_name ?? task.node_id,
        action: 'APPROVE',
        userId,
        userName: name,
        comment,
      },
      userId,
    );
    const run = await openRun(app, db, actor, instance);
    if (stepDone(run, task, await groupTasks(t, task.group_key))) {
      await cancelOpenTasks(t, { groupKey: task.group_key }, userId, actor.events);
      await leave(run, task.node_id);
    }
    return { instanceState: await settle(run) };
  });
}

/** Any rejection ends the instance as REJECTED and returns the document to its initiator (the binding's
 *  reject transition) with the comment in the history. */
export async function rejectTask(app: AppContext, actor: InternalActor, taskId: number, comment: string | null): Promise<{ instanceState: string }> {
  return app.db.transaction().execute(async (db) => {
    const t = wf(db);
    const userId = actor.session.userId;
    const { task, instance } = await myOpenTask(t, taskId, userId);
    await close(t, task, 'REJECTED', comment, userId, actor.events);
    const name = (await userNames(app, db, [userId])).get(userId) ?? actor.session.userName;
    await history(
      t,
      {
        instanceId: instance.instance_id,
        taskId,
        nodeId: task.node_id,
        nodeName: task.task_name ?? task.node_id,
        action: 'REJECT',
        userId,
        userName: name,
        comment,
      },
      userId,
    );
    await cancelOpenTasks(t, { instanceId: instance.instance_id }, userId, actor.events);
    const run = await openRun(app, db, actor, instance);
    await finish(run, 'REJECTED', comment);
    await runTransitionIn(app, db, actor, instance.entity_name, instance.reject_action, instance.business_id, { comment });
    return { instanceState: 'REJECTED' };
  });
}

/** The task, its instance locked, open, of a running instance, whoever holds it (an administrator's reassign). */
async function anyOpenTask(t: Trx, taskId: number, instanceId: number | undefined): Promise<{ task: TaskRow; instance: InstanceRow }> {
  const ref = await taskById(t, taskId);
  if (!ref || (instanceId !== undefined && ref.instance_id !== instanceId)) throw refuse('bpm.task.notFound');
  const instance = (await lockInstance(t, ref.instance_id))!;
  const task = (await taskById(t, taskId))!;
  if (instance.state === 'STOPPED') throw refuse('bpm.task.stopped');
  if (task.state !== 'OPEN' || instance.state !== 'RUNNING') throw refuse('bpm.task.done');
  return { task, instance };
}

/** Hands an open task to another user: the assignee's transfer, or (`reassign`) an administrator's from
 *  monitoring, whoever holds it. */
export async function transferTask(
  app: AppContext,
  actor: InternalActor,
  taskId: number,
  toUserId: number,
  comment: string | null,
  reassign?: { instanceId: number },
): Promise<{ taskId: number }> {
  return app.db.transaction().execute(async (db) => {
    const t = wf(db);
    const userId = actor.session.userId;
    const { task, instance } = reassign ? await anyOpenTask(t, taskId, reassign.instanceId) : await myOpenTask(t, taskId, userId);
    const [target] = await app.modules.api<AdminApi>('admin').usersById(db, [toUserId]);
    if (!target || !target.active) throw refuse('bpm.transfer.unknownUser');
    if (toUserId === task.assignee_id) throw refuse(reassign ? 'bpm.transfer.same' : 'bpm.transfer.self');
    const group = await groupTasks(t, task.group_key);
    if (group.some((g) => g.assignee_id === toUserId && g.state === 'OPEN')) throw refuse('bpm.transfer.alreadyAssigned', { user: target.fullName });
    await close(t, task, 'TRANSFERRED', comment, userId, actor.events);
    const created = await t
      .insertInto('bpm_task')
      .values({
        instance_id: task.instance_id,
        node_id: task.node_id,
        task_name: task.task_name,
        group_key: task.group_key,
        assignee_id: toUserId,
        state: 'OPEN',
        transferred_from: task.assignee_id,
        create_date: dbNow(),
        ...auditInsert(userId),
      })
      .returning('task_id')
      .executeTakeFirstOrThrow();
    actor.events.add('workflow.taskAssigned', assignedEvent(app, instance, created.task_id, task.task_name ?? task.node_id, toUserId));
    const name = (await userNames(app, db, [userId])).get(userId) ?? actor.session.userName;
    await history(
      t,
      {
        instanceId: instance.instance_id,
        taskId,
        nodeId: task.node_id,
        nodeName: task.task_name ?? task.node_id,
        action: reassign ? 'REASSIGN' : 'TRANSFER',
        userId,
        userName: name,
        comment: `→ ${target.fullName}${comment ? `: ${comment}` : ''}`,
      },
      userId,
    );
    await refreshCurrentNodes(t, instance.instance_id, userId);
    return { taskId: created.task_id };
  });
}

/** A comment on the caller's open task without deciding it (recorded in the history; the task stays open). */
export async function commentTask(app: AppContext, actor: InternalActor, taskId: number, comment: string): Promise<{ taskId: number }> {
  return app.db.transaction().execute(async (db) => {
    const t = wf(db);
    const userId = actor.session.userId;
    const { task, instance } = await myOpenTask(t, taskId, userId);
    const name = (await userNames(app, db, [userId])).get(userId) ?? actor.session.userName;
    await history(
      t,
      {
        instanceId: instance.instance_id,
        taskId,
        nodeId: task.node_id,
        nodeName: task.task_name ?? task.node_id,
        action: 'COMMENT',
        userId,
        userName: name,
        comment,
      },
      userId,
    );
    return { taskId };
  });
}

/** The initiator reminds the assignees of the open tasks (recorded in the history; notifications come with
 *  the messaging service). */
export async function urgeInstance(app: AppContext, actor: InternalActor, instanceId: number): Promise<{ openTasks: number }> {
  return app.db.transaction().execute(async (db) => {
    const t = wf(db);
    const userId = actor.session.userId;
    const instance = await lockInstance(t, instanceId);
    if (!instance || instance.initiator_id !== userId) throw refuse('bpm.instance.notFound');
    if (instance.state !== 'RUNNING') throw refuse('bpm.instance.notRunning');
    const open = await t.selectFrom('bpm_task').select('task_id').where('instance_id', '=', instanceId).where('state', '=', 'OPEN').execute();
    const name = (await userNames(app, db, [userId])).get(userId) ?? actor.session.userName;
    await history(t, { instanceId, action: 'URGE', userId, userName: name }, userId);
    return { openTasks: open.length };
  });
}

async function close(t: Trx, task: TaskRow, state: string, comment: string | null, userId: number, events: PendingEvents): Promise<void> {
  const updated = await t
    .updateTable('bpm_task')
    .set({ state, comment, end_date: dbNow(), ...auditUpdate(userId) })
    .where('task_id', '=', task.task_id)
    .where('state', '=', 'OPEN')
    .executeTakeFirst();
  // Under the instance lock this always holds; kept as the last guard against a double completion.
  if (Number(updated.numUpdatedRows) !== 1) throw refuse('bpm.task.done');
  events.add('workflow.taskClosed', { taskId: task.task_id, userIds: [task.assignee_id] });
}
