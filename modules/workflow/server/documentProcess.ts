// What the task centre's screens show around a document and an instance: the document's latest process
// (state, where it is, the caller's open task of it, its history), an instance's diagram with the steps
// that are open and done, and the users a task may be handed to. Each answers only to a caller who may
// read the document or the instance (its menu grants findById), or who started it or holds a task of it.
import type { AppContext } from '../../../server/context.js';
import type { Session } from '../../../server/auth/session.js';
import { refuse } from '../../../server/errors.js';
import type { AdminApi, DirectoryUser } from '../../admin/api.js';
import { wf, type Trx } from './store.js';
import type { DocumentProcess, HistoryRow, InstanceDiagram } from '../wire.js';

async function involved(t: Trx, userId: number, instanceId: number, initiatorId: number): Promise<boolean> {
  if (initiatorId === userId) return true;
  const task = await t
    .selectFrom('bpm_task')
    .select('task_id')
    .where('instance_id', '=', instanceId)
    .where('assignee_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return task !== undefined;
}

async function mayRead(app: AppContext, session: Session, instance: { instance_id: number; initiator_id: number; entity_name: string }): Promise<boolean> {
  if (await app.acl.allowed(session, instance.entity_name, 'findById')) return true;
  if (await app.acl.allowed(session, 'bpmInstance', 'findById')) return true;
  return involved(wf(app.db), session.userId, instance.instance_id, instance.initiator_id);
}

async function describe(app: AppContext, session: Session, instanceId: number): Promise<DocumentProcess> {
  const t = wf(app.db);
  const i = await t
    .selectFrom('bpm_instance')
    .select([
      'instance_id',
      'model_key',
      'version',
      'state',
      'current_nodes',
      'initiator_name',
      'start_date',
      'end_date',
      'end_reason',
      'approve_action',
      'reject_action',
    ])
    .where('instance_id', '=', instanceId)
    .executeTakeFirstOrThrow();
  const open = await t
    .selectFrom('bpm_task')
    .select(['task_id', 'node_id', 'task_name', 'assignee_id'])
    .where('instance_id', '=', instanceId)
    .where('state', '=', 'OPEN')
    .orderBy('task_id')
    .execute();
  const names = await app.modules.api<AdminApi>('admin').userNames(open.map((o) => o.assignee_id));
  const history = await t
    .selectFrom('bpm_history')
    .select([
      'history_id as historyId',
      'task_id as taskId',
      'node_id as nodeId',
      'node_name as nodeName',
      'action',
      'user_name as userName',
      'comment',
      'action_date as actionDate',
    ])
    .where('instance_id', '=', instanceId)
    .orderBy('history_id')
    .execute();
  const mine = open.find((o) => o.assignee_id === session.userId);
  return {
    processInstanceId: i.instance_id,
    modelKey: i.model_key,
    version: i.version,
    state: i.state,
    currentNodes: i.current_nodes,
    initiatorName: i.initiator_name,
    startTime: i.start_date,
    endTime: i.end_date,
    endReason: i.end_reason,
    approveAction: i.approve_action,
    rejectAction: i.reject_action,
    myTask: mine ? { taskId: mine.task_id, taskName: mine.task_name } : null,
    openTasks: open.map((o) => ({
      taskId: o.task_id,
      nodeId: o.node_id,
      taskName: o.task_name,
      assigneeId: o.assignee_id,
      assigneeName: names.get(o.assignee_id) ?? String(o.assignee_id),
    })),
    history: history as HistoryRow[],
  };
}

/** The latest process of a document (null when it never had one, or the caller may not see it). */
export async function documentProcess(app: AppContext, session: Session, entity: string, businessId: number): Promise<DocumentProcess | null> {
  const instance = await wf(app.db)
    .selectFrom('bpm_instance')
    .select(['instance_id', 'initiator_id', 'entity_name'])
    .where('entity_name', '=', entity)
    .where('business_id', '=', businessId)
    .orderBy('instance_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!instance || !(await mayRead(app, session, instance))) return null;
  return describe(app, session, instance.instance_id);
}

/** One instance, as documentProcess describes it (refused when the caller may not see it). */
export async function instanceProcess(app: AppContext, session: Session, instanceId: number): Promise<DocumentProcess> {
  const instance = await wf(app.db)
    .selectFrom('bpm_instance')
    .select(['instance_id', 'initiator_id', 'entity_name'])
    .where('instance_id', '=', instanceId)
    .executeTakeFirst();
  if (!instance || !(await mayRead(app, session, instance))) throw refuse('bpm.instance.notFound');
  return describe(app, session, instanceId);
}

export async function instanceDiagram(app: AppContext, session: Session, instanceId: number): Promise<InstanceDiagram> {
  const t = wf(app.db);
  const instance = await t
    .selectFrom('bpm_instance as i')
    .innerJoin('bpm_model_version as v', 'v.model_version_id', 'i.model_version_id')
    .select(['i.instance_id', 'i.initiator_id', 'i.entity_name', 'i.state', 'v.bpmn_xml'])
    .where('i.instance_id', '=', instanceId)
    .executeTakeFirst();
  if (!instance || !(await mayRead(app, session, instance))) throw refuse('bpm.instance.notFound');
  const tasks = await t.selectFrom('bpm_task').select(['node_id', 'state']).where('instance_id', '=', instanceId).execute();
  const active = new Set(tasks.filter((x) => x.state === 'OPEN').map((x) => x.node_id));
  const done = new Set(tasks.filter((x) => ['APPROVED', 'REJECTED', 'TRANSFERRED'].includes(x.state)).map((x) => x.node_id));
  return {
    processInstanceId: instance.instance_id,
    state: instance.state,
    bpmnXml: instance.bpmn_xml,
    activeNodes: [...active],
    doneNodes: [...done].filter((n) => !active.has(n)),
    flaggedNodes: [],
  };
}

/** Users a task may be handed to: active, internal, matching the keyword (name or full name); at most 20. */
export async function taskUsers(app: AppContext, keyword: string): Promise<DirectoryUser[]> {
  return app.modules.api<AdminApi>('admin').searchUsers(app.db, keyword, 20);
}
