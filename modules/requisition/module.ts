// Purchase requisitions: header and lines, submit / approve / reject, permits by organisation and group.
import { defineModule } from '../../server/modules/types.js';
import { requisitionDemo } from './seed/demo.js';
import { requisitionApi, requisitionRules } from './server/approval.js';
import { requisitionTotal } from './server/totals.js';
import { requisitionServiceOperations } from './server/serviceOps.js';
import type { WorkflowApi } from '../workflow/api.js';

export default defineModule({
  name: 'requisition',
  // workflow: its service tasks may call requisition.checkBudget (registered while this API is built).
  dependsOn: ['base', 'org', 'workflow'],
  rules: { srmPoRequisition: requisitionRules },
  api: ({ app }) => {
    for (const op of requisitionServiceOperations(app)) app.modules.api<WorkflowApi>('workflow').registerServiceOperation(op);
    return requisitionApi(app);
  },
  // Conditions on a requisition (workflow gateways, bindings) may also test its total and its total in CNY.
  documentFacts: {
    srmPoRequisition: async (db, id, app) => {
      const total = await requisitionTotal(app, db, id);
      return total ? { totalAmount: total.totalAmount, totalAmountCny: total.totalAmountCny } : {};
    },
  },
  seed: { demo: requisitionDemo },
});
