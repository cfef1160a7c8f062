// Purchase requisitions: header and lines, submit / approve / reject, permits by organisation and group.
import { defineModule } from '../../server/modules/types.js';
import { requisitionDemo } from './seed/demo.js';
import { requisitionApi, requisitionRules } from './server/approval.js';
import { requisitionTotal } from './server/totals.js';

export default defineModule({
  name: 'requisition',
  dependsOn: ['base', 'org'],
  rules: { srmPoRequisition: requisitionRules },
  api: ({ app }) => requisitionApi(app),
  // Conditions on a requisition (workflow gateways, bindings) may also test its total and its total in CNY.
  documentFacts: {
    srmPoRequisition: async (db, id, app) => {
      const total = await requisitionTotal(app, db, id);
      return total ? { totalAmount: total.totalAmount, totalAmountCny: total.totalAmountCny } : {};
    },
  },
  seed: { demo: requisitionDemo },
});
