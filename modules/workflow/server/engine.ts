// The process engine: walks an instance's graph from a node, creating tasks at user tasks, choosing at
// exclusive gateways, forking and joining at parallel ones; finishes the instance when no task is open.
// Everything runs in the caller's transaction with the instance row locked (store.ts), and the document's
// approve / reject transition runs in that same transaction (runTransitionIn): there is no moment where the
// task is completed and the document is not.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../../server/context.js';
import type { Db } from '../../../server/db/connect.js';
import { auditInsert, auditUpdate, dbNow } from '../../../server/db/typed.js';
import { refuse } from '../../../server/errors.js';
import { internalContext, runTransitionIn, type InternalActor } from '../../../server/rest/runTransition.js';
import { loadRecord } from '../../../server/rest/read.js';
import { delegatesOf, resolveAssignees, userNames } from './assignees.js';
import { fallbackAssignee } from './fallback.js';
import { startTimers } from './timers.js';
import { evaluateCondition, parseCondition } from './conditions.js';
import type { FlowNode, ProcessGraph } from './graph.js';
import { graphOfVersion } from './models.js';
import { history, refreshCurrentNodes, wf, type InstanceRow } from './store.js';
import { taskHref } from './taskUrl.js';
import { enterService } from './serviceTask.js';
import type { DomainEvents } from '../../../server/events/domainEvents.js';
import '../api.js';

export interface Run {
  app: AppContext;
  db: Db;
  actor: InternalActor;
  instance: InstanceRow;
  graph: ProcessGraph;
  joins: Record<string, string[]>;
}

/** The document's fields and the facts its module declares, as conditions see them. */
export async function documentValues(app: AppContext, db: Db, actor: InternalActor, entity: string, id: number): Promise<Record<string, unknown>> {
  const record = await loadRecord(internalContext(app, entity, actor), db, id);
  const facts = (await app.modules.documentFacts(entity)?.(db, id, app)) ?? {};
  return { ...record, ...facts };
}

export async function openRun(app: AppContext, db: Db, actor: InternalActor, instance: InstanceRow): Promise<Run> {
  const graph = await graphOfVersion(wf(db), instance.model_version_id);
  const joins = instance.join_state ? (JSON.parse(instance.join_state) as Record<string, string[]>) : {};
  return { app, db, actor, instance, graph, joins };
}

/** Takes the flow into a node: runs what needs no person until every branch waits on a task or ended. */
async function enter(run: Run, flowId: string): Promise<void> {
  const flow = run.graph.flows.get(flowId)!;
  const node = run.graph.nodes.get(flow.target)!;
  switch (node.kind) {
    case 'end':
      return;
    case 'userTask':
      return createTasks(run, node);
    case 'serviceTask':
      return enterService(run, node, leave);
    case 'exclusive':
      return enter(run, await choose(run, node));
    case 'parallel': {
      if (node.incoming.length > 1) {
        const arrived = new Set([...(run.joins[node.id] ?? []), flowId]);
        if (arrived.size < node.incoming.length) {
          run.joins[node.id] = [...arrived];
          return;
        }
        delete run.joins[node.id];
      }
      for (const out of node.outgoing) await enter(run, out);
      return;
    }
    default:
      // Validation refuses models with other elements; a hand-edited version stops here, nothing changed.
      throw refuse('bpm.model.unsupported', { type: node.bpmnType });
  }
}

/** The first outgoing flow (in the model's order) whose condition holds on the document, else the default. */
async function choose(run: Run, node: FlowNode): Promise<string> {
  const values = await documentValues(run.app, run.db, run.actor, run.instance.entity_name, run.instance.business_id);
  for (const fid of node.outgoing) {
    if (fid === node.defaultFlow) continue;
    const text = run.graph.flows.get(fid)!.conditionText;
    const parsed = text === undefined ? undefined : parseCondition(text);
    if (parsed === undefined || ('condition' in parsed && evaluateCondition(parsed.condition, values))) return fid;
  }
  if (node.defaultFlow) return node.defaultFlow;
  throw refuse('bpm.noPath', { node: node.name });
}

async function createTasks(run: Run, node: FlowNode): Promise<void> {
  const { app, db, instance } = run;
  const record = await documentValues(app, db, run.actor, instance.entity_name, instance.business_id);
  const resolved = await resolveAssignees(app, db, node, {
    entity: instance.entity_name,
    businessId: instance.business_id,
    initiatorId: instance.initiator_id,
    record,
  });
  // Never silently approved: a step with nobody to do it goes to the model's fallback assignee and the
  // instance is flagged for monitoring; without a usable fallback the whole action is refused.
  if (resolved.length === 0) resolved.push(await fallbackAssignee(run, node));
  // Out of office today: the delegate gets the task (once per step, even when delegate of several).
  const away = await delegatesOf(app, db, resolved);
  const assignees = [...new Set(resolved.map((id) => away.get(id) ?? id))];
  const groupKey = `${instance.instance_id}:${node.id}:${randomUUID()}`;
  const created = await wf(db)
    .insertInto('bpm_task')
    .values(
      assignees.map((assignee) => ({
        instance_id: instance.instance_id,
        node_id: node.id,
        task_name: node.name,
        group_key: groupKey,
        assignee_id: assignee,
        state: 'OPEN',
        create_date: dbNow(),
        ...auditInsert(run.actor.session.userId),
      })),
    )
    .returning(['task_id', 'assignee_id'])
    .execute();
  for (const c of created) run.actor.events.add('workflow.taskAssigned', assignedEvent(app, instance, c.task_id, node.name, c.assignee_id));
  await startTimers(run, node, groupKey);
}

/** The payload of `workflow.taskAssigned` for one new task. */
export function assignedEvent(
  app: AppContext,
  instance: InstanceRow,
  taskId: number,
  taskName: string,
  assigneeId: number,
): DomainEvents['workflow.taskAssigned'] {
  return {
    taskId,
    instanceId: instance.instance_id,
    userIds: [assigneeId],
    processKey: instance.model_key,
    taskName,
    entity: instance.entity_name,
    documentId: instance.business_id,
    documentNumber: instance.document_number,
    route: taskHref(app, instance.entity_name, instance.business_id, taskId, instance.instance_id),
    initiatorId: instance.initiator_id,
  };
}

/** Leaves a user or service task's node along its (single) outgoing flow. */
export async function leave(run: Run, nodeId: string): Promise<void> {
  for (const out of run.graph.nodes.get(nodeId)!.outgoing) await enter(run, out);
}

/** Starts at the start event. */
export async function walkFromStart(run: Run): Promise<void> {
  const start = [...run.graph.nodes.values()].find((n) => n.kind === 'start')!;
  for (const out of start.outgoing) await enter(run, out);
}

/** After the engine moved: saves the join state and current steps; completes the instance when nothing is
 *  open any more, running the document's approve transition in this transaction. */
export async function settle(run: Run): Promise<'RUNNING' | 'COMPLETED'> {
  const { db, instance, actor } = run;
  const userId = actor.session.userId;
  const joinState = Object.keys(run.joins).length ? JSON.stringify(run.joins) : null;
  await wf(db)
    .updateTable('bpm_instance')
    .set({ join_state: joinState, ...auditUpdate(userId) })
    .where('instance_id', '=', instance.instance_id)
    .execute();
  const open = await refreshCurrentNodes(wf(db), instance.instance_id, userId);
  if (open > 0) return 'RUNNING';
  await finish(run, 'COMPLETED', null);
  await runTransitionIn(run.app, db, actor, instance.entity_name, instance.approve_action, instance.business_id);
  return 'COMPLETED';
}

/** Ends the instance in a final state with a history row (the caller moves the document). */
export async function finish(run: Run, state: 'COMPLETED' | 'REJECTED' | 'STOPPED', reason: string | null): Promise<void> {
  const { db, instance, actor } = run;
  const userId = actor.session.userId;
  await wf(db)
    .updateTable('bpm_instance')
    .set({ state, end_date: dbNow(), end_reason: reason, current_nodes: null, join_state: null, ...auditUpdate(userId) })
    .where('instance_id', '=', instance.instance_id)
    .execute();
  // A parked service task of an instance that ended otherwise has nothing left to compensate.
  await wf(db)
    .updateTable('bpm_compensation')
    .set({ state: 'CLOSED', resolved_date: dbNow(), ...auditUpdate(userId) })
    .where('instance_id', '=', instance.instance_id)
    .where('state', '=', 'FAILED')
    .execute();
  if (state === 'COMPLETED') {
    const name = (await userNames(run.app, db, [userId])).get(userId) ?? null;
    await history(wf(db), { instanceId: instance.instance_id, action: 'END', userId, userName: name }, userId);
  }
  instance.state = state;
}
