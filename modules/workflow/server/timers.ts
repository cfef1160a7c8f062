// Boundary timers on user tasks (escalation). Entering a step writes one bpm_timer row per timer on it,
// due after its duration, and raises `workflow.timerSet` so that (after the commit) the scheduler is asked
// for a BPM_ESCALATE run by then. The run fires each due timer exactly once: a guarded update
// (WAITING → FIRED) under the instance's lock; a timer whose step is no longer open is CANCELLED instead.
// Firing follows the timer's outgoing flow (the step's open tasks cancelled) or, without one, hands each
// open task of the step to srm:escalateTo. Times are the database's (localtimestamp, UTC like the audit
// columns); `asOf` lets a run act as of a later time (tests, catching up).
import { sql } from 'kysely';
import type { AppContext } from '../../../server/context.js';
import { auditInsert, auditUpdate, dbNow } from '../../../server/db/typed.js';
import { PendingEvents } from '../../../server/events/domainEvents.js';
import type { InternalActor } from '../../../server/rest/runTransition.js';
import type { Session } from '../../../server/auth/session.js';
import type { AdminApi } from '../../admin/api.js';
import { assignedEvent, leave, openRun, settle, type Run } from './engine.js';
import type { FlowNode } from './graph.js';
import { cancelOpenTasks, history, lockInstance, refreshCurrentNodes, wf } from './store.js';

export const ESCALATE_PROGRAM = 'BPM_ESCALATE';

export async function startTimers(run: Run, node: FlowNode, groupKey: string): Promise<void> {
  const timers = [...run.graph.nodes.values()].filter((n) => n.kind === 'boundaryTimer' && n.attachedTo === node.id && n.durationMs);
  for (const timer of timers) {
    const row = await wf(run.db)
      .insertInto('bpm_timer')
      .values({
        instance_id: run.instance.instance_id,
        node_id: timer.id,
        group_key: groupKey,
        due_date: sql<string>`localtimestamp(0) + make_interval(secs => ${timer.durationMs! / 1000})`,
        state: 'WAITING',
        ...auditInsert(run.actor.session.userId),
      })
      .returning('due_date')
      .executeTakeFirstOrThrow();
    run.actor.events.add('workflow.timerSet', { instanceId: run.instance.instance_id, due: row.due_date });
  }
}

/** The actor of scheduled work: the system (user 0), in the default language. */
export function systemActor(): InternalActor {
  const session: Session = { authorizationCode: '', signKey: '', userId: 0, userName: 'system', userType: 'INTERNAL', supplierId: null, createdAt: Date.now() };
  return { session, lang: 'CN', events: new PendingEvents() };
}

/** Fires every timer due by `asOf` (default: now); answers how many escalated. */
export async function escalateDue(app: AppContext, asOf?: string): Promise<number> {
  const due = await wf(app.db)
    .selectFrom('bpm_timer')
    .select('timer_id')
    .where('state', '=', 'WAITING')
    .where('due_date', '<=', asOf ? sql<string>`cast(${asOf} as timestamp)` : sql<string>`localtimestamp(0)`)
    .orderBy('due_date')
    .limit(1000)
    .execute();
  let fired = 0;
  for (const { timer_id } of due) {
    const actor = systemActor();
    if (await fire(app, actor, timer_id)) fired++;
    await app.events.deliver(actor.events);
  }
  return fired;
}

async function fire(app: AppContext, actor: InternalActor, timerId: number): Promise<boolean> {
  return app.db.transaction().execute(async (db) => {
    const t = wf(db);
    const timer = await t.selectFrom('bpm_timer').selectAll().where('timer_id', '=', timerId).executeTakeFirst();
    if (!timer) return false;
    const instance = await lockInstance(t, timer.instance_id);
    const open = await t.selectFrom('bpm_task').selectAll().where('group_key', '=', timer.group_key).where('state', '=', 'OPEN').execute();
    const live = instance?.state === 'RUNNING' && open.length > 0;
    // Exactly once: only the run that moves it out of WAITING acts on it.
    const claimed = await t
      .updateTable('bpm_timer')
      .set({ state: live ? 'FIRED' : 'CANCELLED', fired_date: dbNow(), ...auditUpdate(0) })
      .where('timer_id', '=', timerId)
      .where('state', '=', 'WAITING')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1 || !live || !instance) return false;
    const run = await openRun(app, db, actor, instance);
    const node = run.graph.nodes.get(timer.node_id)!;
    const step = run.graph.nodes.get(node.attachedTo!)!;
    if (node.outgoing.length) {
      await cancelOpenTasks(t, { groupKey: timer.group_key }, 0, actor.events);
      await history(
        t,
        {
          instanceId: instance.instance_id,
          action: 'ESCALATE',
          userId: null,
          userName: null,
          nodeId: step.id,
          nodeName: step.name,
          comment: `${node.duration} → ${node.name}`,
        },
        0,
      );
      await leave(run, node.id);
      await settle(run);
      return true;
    }
    const [target] = await app.modules.api<AdminApi>('admin').usersByName(db, [node.escalateTo ?? '']);
    if (!target || !target.active) return false;
    let held = open.some((x) => x.assignee_id === target.userId);
    for (const task of open.filter((x) => x.assignee_id !== target.userId)) {
      await t
        .updateTable('bpm_task')
        .set({ state: 'TRANSFERRED', comment: node.duration ?? null, end_date: dbNow(), ...auditUpdate(0) })
        .where('task_id', '=', task.task_id)
        .execute();
      actor.events.add('workflow.taskClosed', { taskId: task.task_id, userIds: [task.assignee_id] });
      if (held) continue;
      held = true;
      const created = await t
        .insertInto('bpm_task')
        .values({
          instance_id: task.instance_id,
          node_id: task.node_id,
          task_name: task.task_name,
          group_key: task.group_key,
          assignee_id: target.userId,
          state: 'OPEN',
          transferred_from: task.assignee_id,
          create_date: dbNow(),
          ...auditInsert(0),
        })
        .returning('task_id')
        .executeTakeFirstOrThrow();
      actor.events.add('workflow.taskAssigned', assignedEvent(app, instance, created.task_id, task.task_name ?? task.node_id, target.userId));
    }
    await history(
      t,
      {
        instanceId: instance.instance_id,
        action: 'ESCALATE',
        userId: null,
        userName: null,
        nodeId: step.id,
        nodeName: step.name,
        comment: `${node.duration} → ${target.fullName}`,
      },
      0,
    );
    await refreshCurrentNodes(t, instance.instance_id, 0);
    return true;
  });
}
