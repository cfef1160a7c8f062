// Workflow: BPMN process models with versions, their bindings to entities' transitions (data), and the
// engine that runs instances, tasks and history in the same transaction as the document's state change
// (docs/decisions.md "Workflow"). The task centre calls are /api/bpmServer/v1/bpmTaskRestful/*.
import { defineModule } from '../../server/modules/types.js';
import { bindingHooks } from './server/binding.js';
import { doPublish } from './server/publish.js';
import { bindingRules, delegateRules, modelRules } from './server/rules.js';
import { registerTaskRoutes } from './server/routes.js';
import { doStop } from './server/stop.js';
import { doReassign } from './server/reassign.js';
import { workflowDemo } from './seed/demo.js';
import type { PushApi } from '../push/api.js';
import type { WorkflowApi } from './api.js';
import { withdrawProcess } from './server/withdraw.js';

export default defineModule({
  name: 'workflow',
  dependsOn: ['admin', 'push'],
  rules: { bpmModel: modelRules, bpmBinding: bindingRules, bpmDelegate: delegateRules },
  operations: { bpmModel: { doPublish }, bpmInstance: { doStop, doReassign } },
  transitionHooks: bindingHooks,
  api: ({ app }): WorkflowApi => ({
    withdrawProcess: (db, actor, entityName, businessId, comment) => withdrawProcess(app, db, actor, entityName, businessId, comment),
  }),
  routes(server, { app }) {
    registerTaskRoutes(server, app);
  },
  // Each assignee's open browsers refresh their to-do badge and list ("task" frames, after the commit).
  subscribers: {
    'workflow.taskAssigned': async (e, app) => app.modules.api<PushApi>('push').publish(e.userIds, 'task', { event: 'assigned', taskId: e.taskId }),
    'workflow.taskClosed': async (e, app) => app.modules.api<PushApi>('push').publish(e.userIds, 'task', { event: 'closed', taskId: e.taskId }),
  },
  seed: { demo: workflowDemo },
});
