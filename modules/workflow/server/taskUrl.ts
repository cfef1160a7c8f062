// getTaskUrl {taskId} → {route, query}: the edit page of the task's document, opened in view mode. Only for
// the task's assignee or the instance's initiator.
import type { AppContext } from '../../../server/context.js';
import { refuse } from '../../../server/errors.js';
import { wf } from './store.js';

export async function taskUrl(app: AppContext, userId: number, taskId: number): Promise<{ route: string; query: Record<string, string> }> {
  const row = await wf(app.db)
    .selectFrom('bpm_task as t')
    .innerJoin('bpm_instance as i', 'i.instance_id', 't.instance_id')
    .select(['t.assignee_id', 'i.initiator_id', 'i.entity_name', 'i.business_id', 'i.instance_id'])
    .where('t.task_id', '=', taskId)
    .executeTakeFirst();
  if (!row || (row.assignee_id !== userId && row.initiator_id !== userId)) throw refuse('bpm.task.notFound');
  const url = taskLocation(app, row.entity_name, row.business_id, taskId, row.instance_id);
  if (!url) throw refuse('bpm.task.noPage');
  return url;
}

/** The edit page of an entity's documents (where a task opens them), if it has one. */
export function documentPageName(app: AppContext, entityName: string): string | undefined {
  return [...app.defs.pages.values()].find((p) => p.kind === 'edit' && 'entity' in p && p.entity === entityName)?.name;
}

export function taskLocation(
  app: AppContext,
  entityName: string,
  businessId: number,
  taskId: number,
  instanceId: number,
): { route: string; query: Record<string, string> } | undefined {
  const page = documentPageName(app, entityName);
  if (!page) return undefined;
  return { route: `/main/${page}`, query: { id: String(businessId), mode: 'view', taskId: String(taskId), processInstanceId: String(instanceId) } };
}

/** taskLocation as one URL (route and query), for messages and pushed frames. */
export function taskHref(app: AppContext, entityName: string, businessId: number, taskId: number, instanceId: number): string {
  const url = taskLocation(app, entityName, businessId, taskId, instanceId);
  return url ? `${url.route}?${new URLSearchParams(url.query).toString()}` : '';
}
