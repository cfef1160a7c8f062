// The model's fallback assignee (bpmModel.fallbackAssignee, a setting read when the step is entered, not
// frozen in the version): a step whose rule resolves to nobody goes to that user, the instance is flagged
// FALLBACK with the step and its rule as the reason (monitoring lists it), and a FALLBACK history row says
// so. Without a fallback that may sign in, the action that reached the step is refused (nothing changes):
// never silently approved.
import type { AdminApi } from '../../admin/api.js';
import { auditUpdate } from '../../../server/db/typed.js';
import { refuse } from '../../../server/errors.js';
import type { Run } from './engine.js';
import type { FlowNode } from './graph.js';
import { history, wf } from './store.js';

export async function fallbackAssignee(run: Run, node: FlowNode): Promise<number> {
  const { app, db, instance } = run;
  const t = wf(db);
  const model = await t.selectFrom('bpm_model').select('fallback_assignee').where('model_key', '=', instance.model_key).executeTakeFirst();
  const name = model?.fallback_assignee?.trim();
  const [user] = name ? await app.modules.api<AdminApi>('admin').usersByName(db, [name]) : [];
  if (!user || !user.active) throw refuse('bpm.noAssignee', { node: node.name });
  const rule = `${node.assigneeType ?? '-'}${node.assignee ? `: ${node.assignee}` : ''}`;
  const reason = `${node.name} (${rule}) → ${user.fullName}`.slice(0, 1000);
  const userId = run.actor.session.userId;
  await t
    .updateTable('bpm_instance')
    .set({ flag: 'FALLBACK', flag_reason: reason, ...auditUpdate(userId) })
    .where('instance_id', '=', instance.instance_id)
    .execute();
  await history(
    t,
    { instanceId: instance.instance_id, action: 'FALLBACK', userId: null, userName: null, nodeId: node.id, nodeName: node.name, comment: reason },
    userId,
  );
  return user.userId;
}
