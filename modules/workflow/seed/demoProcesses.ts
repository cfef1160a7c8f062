// The workflow's side of the modules' demo processes (platform service `processModels`): every module's
// processes/{KEY}.bpmn is published as version 1 and bound to its entity, and a module's demo step tells
// what each of its demo documents went through (DemoContext.process), written here as the engine would
// have left it: the instance, one task per step (open, approved or rejected) and the history.
import type { Db } from '../../../server/db/connect.js';
import { auditInsert } from '../../../server/db/typed.js';
import type { ProcessModelData } from '../../../server/modules/services.js';
import type { DemoProcess } from '../../../server/modules/types.js';
import { wf } from '../server/store.js';
import { publishDemoModel } from './publishedModel.js';

const SYSTEM = 0;

async function demoInstance(db: Db, p: DemoProcess, users: (userName: string) => number): Promise<void> {
  const t = wf(db);
  const model = await t
    .selectFrom('bpm_model_version')
    .select(['model_version_id', 'version'])
    .where('model_key', '=', p.modelKey)
    .orderBy('version', 'desc')
    .executeTakeFirst();
  if (!model) throw new Error(`demo data: process model ${p.modelKey} is not shipped in any module's processes/`);
  const initiator = users(p.initiator.user);
  const open = p.steps.find((s) => !s.outcome);
  const binding = await t.selectFrom('bpm_binding').select(['approve_action', 'reject_action']).where('model_key', '=', p.modelKey).executeTakeFirst();
  const { instance_id: id } = await t
    .insertInto('bpm_instance')
    .values({
      model_key: p.modelKey,
      model_version_id: model.model_version_id,
      version: model.version,
      entity_name: p.entity,
      approve_action: binding?.approve_action ?? 'doApproval',
      reject_action: binding?.reject_action ?? 'doReject',
      business_id: p.businessId,
      document_number: p.documentNumber,
      title: p.title,
      initiator_id: initiator,
      initiator_name: p.initiator.name,
      state: p.end?.state ?? 'RUNNING',
      current_nodes: p.end ? null : (open?.name ?? null),
      start_date: p.start,
      end_date: p.end?.at ?? null,
      end_reason: p.end?.reason ?? null,
      ...auditInsert(initiator),
    })
    .returning('instance_id')
    .executeTakeFirstOrThrow();
  const history = (
    action: string,
    who: number,
    name: string,
    node: { id: string; name: string } | null,
    comment: string | null,
    at: string,
    taskId: number | null,
  ) =>
    t
      .insertInto('bpm_history')
      .values({
        instance_id: id,
        task_id: taskId,
        node_id: node?.id ?? null,
        node_name: node?.name ?? null,
        action,
        user_id: who,
        user_name: name,
        comment,
        action_date: at,
        ...auditInsert(who),
      })
      .execute();
  await history('START', initiator, p.initiator.name, null, null, p.start, null);
  let previous = p.start;
  for (const s of p.steps) {
    const assignee = users(s.assignee.user);
    // A stopped instance's open task was cancelled with it.
    const state = s.outcome ?? (p.end ? 'CANCELLED' : 'OPEN');
    const ended = s.outcome ? (s.at ?? previous) : (p.end?.at ?? null);
    const { task_id } = await t
      .insertInto('bpm_task')
      .values({
        instance_id: id,
        node_id: s.node,
        task_name: s.name,
        group_key: `${id}:${s.node}:demo`,
        assignee_id: assignee,
        state,
        comment: s.outcome ? (s.comment ?? null) : null,
        create_date: previous,
        end_date: ended,
        ...auditInsert(initiator),
      })
      .returning('task_id')
      .executeTakeFirstOrThrow();
    if (s.outcome) {
      await history(
        s.outcome === 'APPROVED' ? 'APPROVE' : 'REJECT',
        assignee,
        s.assignee.name,
        { id: s.node, name: s.name },
        s.comment ?? null,
        ended ?? previous,
        task_id,
      );
      previous = ended ?? previous;
    }
  }
  if (p.end?.state === 'COMPLETED') {
    const last = p.steps[p.steps.length - 1];
    await history('END', last ? users(last.assignee.user) : initiator, last?.assignee.name ?? p.initiator.name, null, null, p.end.at, null);
  } else if (p.end?.state === 'STOPPED') {
    const by = p.end.by ?? p.initiator;
    await history('STOP', users(by.user), by.name, null, p.end.reason ?? null, p.end.at, null);
  }
}

export const processModels: ProcessModelData = {
  async seedDemo(db, _module, models) {
    for (const m of models) await publishDemoModel(wf(db), SYSTEM, m);
  },
  demoInstance,
};
