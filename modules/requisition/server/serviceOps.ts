// The requisition's operations for process service tasks (registered with the workflow's public API):
// requisition.checkBudget {maxAmountCny} compares the requisition's total in CNY with the budget and marks
// the requisition budget_checked = 'Y'; over budget (or with no rate to CNY) it is refused with a readable
// reason, the workflow rolls back and parks the step for compensation (transactionCompen).
import { sql } from 'kysely';
import type { AppContext } from '../../../server/context.js';
import { refuse } from '../../../server/errors.js';
import type { ServiceOperation } from '../../workflow/api.js';
import { requisitionTotal } from './totals.js';
import { typed } from '../../../server/db/typed.js';
import type { RequisitionTables } from '../generated/tables.js';

export function requisitionServiceOperations(app: AppContext): ServiceOperation[] {
  return [
    {
      name: 'requisition.checkBudget',
      label: { CN: '采购申请：校验预算', EN: 'Requisition: check the budget', TH: 'ใบขอซื้อ: ตรวจงบประมาณ', VN: 'Yêu cầu mua: kiểm tra ngân sách' },
      params: {
        maxAmountCny: { type: 'number', required: true, label: { CN: '预算上限（CNY）', EN: 'Budget (CNY)', TH: 'งบประมาณ (CNY)', VN: 'Ngân sách (CNY)' } },
      },
      entities: ['srmPoRequisition'],
      async run(db, call) {
        const max = Number(call.params.maxAmountCny);
        const total = await requisitionTotal(app, db, call.businessId);
        if (!total) throw refuse('prq.budget.notFound');
        if (total.totalAmountCny === null) throw refuse('prq.budget.noRate');
        if (total.totalAmountCny > max) throw refuse('prq.budget.exceeded', { total: total.totalAmountCny.toFixed(2), max: max.toFixed(2) });
        await typed<RequisitionTables>(db)
          .updateTable('srm_po_requisition')
          .set((eb) => ({ budget_checked: 'Y', last_update_date: sql<string>`localtimestamp(0)`, version_num: eb('version_num', '+', 1) }))
          .where('requisition_id', '=', call.businessId)
          .execute();
      },
    },
  ];
}
