// Workflow: BPMN process models with versions, their bindings to entities' transitions (data), and the
// engine that runs instances, tasks and history in the same transaction as the document's state change
// (docs/decisions.md "Workflow"). The task centre calls are /api/bpmServer/v1/bpmTaskRestful/*.
import { defineModule } from '../../server/modules/types.js';
import { bindingHooks } from './server/binding.js';
import { doPublish } from './server/publish.js';
import { bindingRules, delegateRules, modelRules } from './server/rules.js';
import { registerTaskRoutes } from './server/routes.js';
import { processRoleRules } from './server/processRoles.js';
import { doStop } from './server/stop.js';
import { doReassign } from './server/reassign.js';
import { workflowDemo } from './seed/demo.js';
import { processModels } from './seed/demoProcesses.js';
import type { PushApi } from '../push/api.js';
import type { SchedulerApi } from '../scheduler/api.js';
import { ESCALATE_PROGRAM } from './server/timers.js';
import { escalateProgram } from './server/escalateProgram.js';
import './api.js';
import type { WorkflowApi } from './api.js';
import { withdrawProcess } from './server/withdraw.js';
import { hasRunningProcess } from './server/running.js';
import { registerServiceOperation } from './server/serviceOps.js';
import { doRetry, doSkip } from './server/compensation.js';
import { URGE_PROGRAM, urgeProgram, urgeRuleRules } from './server/urgeProgram.js';
import { firstUrgeFor, updateStatus } from './server/urge.js';

export default defineModule({
  name: 'workflow',
  dependsOn: ['admin', 'org', 'push', 'scheduler'],
  programs: [escalateProgram, urgeProgram],
  rules: { bpmModel: modelRules, bpmBinding: bindingRules, bpmDelegate: delegateRules, bpmProcessRole: processRoleRules, bpmUrgeRule: urgeRuleRules },
  operations: {
    bpmModel: { doPublish },
    bpmInstance: { doStop, doReassign },
    bpmCompensation: { doRetry, doSkip },
    bpmUrgeRule: { updateStatus },
  },
  transitionHooks: bindingHooks,
  // The modules' demo process models (processes/) and their documents' demo processes.
  provides: { processModels },
  api: ({ app }): WorkflowApi => ({
    withdrawProcess: (db, actor, entityName, businessId, comment) => withdrawProcess(app, db, actor, entityName, businessId, comment),
    hasRunningProcess,
    registerServiceOperation: (operation) => registerServiceOperation(app, operation),
  }),
  routes(server, { app }) {
    registerTaskRoutes(server, app);
  },
  // Each assignee's open browsers refresh their to-do badge and list ("task" frames, after the commit).
  subscribers: {
    'workflow.taskAssigned': async (e, app) => {
      await app.modules.api<PushApi>('push').publish(e.userIds, 'task', { event: 'assigned', taskId: e.taskId });
      // An enabled urge rule of the model: BPM_URGE runs by the first reminder (docs/workflow.md "Urge rules").
      const at = await firstUrgeFor(app, e.processKey);
      if (at) await app.modules.api<SchedulerApi>('scheduler').runBy(URGE_PROGRAM, at);
    },
    'workflow.taskClosed': async (e, app) => app.modules.api<PushApi>('push').publish(e.userIds, 'task', { event: 'closed', taskId: e.taskId }),
    // A boundary timer's escalation is a scheduler run by its due time (a few seconds after, so that the
    // database's clock has passed it too).
    'workflow.timerSet': async (e, app) =>
      app.modules.api<SchedulerApi>('scheduler').runBy(ESCALATE_PROGRAM, new Date(Date.parse(`${e.due.replace(' ', 'T')}Z`) + 5000)),
  },
  seed: { demo: workflowDemo },
});
