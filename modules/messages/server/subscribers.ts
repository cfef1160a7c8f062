// Messages raised by other modules' domain events, each through its source (msgSourceCfg): the source
// names the template, and a disabled source sends nothing.
import type { AppContext } from '../../../server/context.js';
import type { DomainEvents } from '../../../server/events/domainEvents.js';
import type { AdminApi } from '../../admin/api.js';
import type {} from '../../workflow/api.js';
import { ROUTE, sendMessage } from './send.js';

/** workflow.taskAssigned: the assignees get the task in the inbox (and by e-mail when the source's configuration says so). */
export async function taskAssigned(p: DomainEvents['workflow.taskAssigned'], app: AppContext): Promise<void> {
  const names = await app.modules.api<AdminApi>('admin').userNames([p.initiatorId]);
  await sendMessage(app, {
    sourceType: 'WF_TASK_ASSIGNED',
    variables: {
      taskName: p.taskName,
      documentNumber: p.documentNumber ?? String(p.documentId),
      processKey: p.processKey,
      initiatorName: names.get(p.initiatorId) ?? '',
    },
    recipients: p.userIds.map((userId) => ({ userId })),
    context: { initiatorId: p.initiatorId },
    // A route the inbox could not open is left out rather than losing the message.
    route: ROUTE.test(p.route) ? p.route : null,
    senderId: p.initiatorId,
  });
}

/** workflow.taskUrged: an urge rule reminds the assignee of a task still open. */
export async function taskUrged(p: DomainEvents['workflow.taskUrged'], app: AppContext): Promise<void> {
  await sendMessage(app, {
    sourceType: 'WF_TASK_URGED',
    variables: { taskName: p.taskName, documentNumber: p.documentNumber, hoursOpen: p.hoursOpen, times: p.times },
    recipients: [{ userId: p.userId }],
    route: ROUTE.test(p.route) ? p.route : null,
  });
}
