// Demo company, requisitions: eight by buyer01 in every state, two lines each; then their organisation
// and purchase group, so that the ByPermission list differs from the plain one.
import { auditInsert, typed } from '../../../server/db/typed.js';
import type { DemoStep } from '../../../server/modules/types.js';
import type { RequisitionTables } from '../generated/tables.js';
import { setDocumentCounter } from '../../../server/rest/numbering.js';
import { REQUISITIONS, REQUISITION_PERMITS, REQUISITION_PRICES } from './demoData.js';
import { requisitionProcesses } from './processes.js';

const numberOf = (i: number) => `PR-2026-${String(i + 1).padStart(6, '0')}`;

const requisitions: DemoStep = {
  name: 'requisitions',
  after: ['base:data', 'admin:users'],
  async run(db, demo) {
    const buyer = demo.ids.get('user', 'buyer01');
    const materialIds = demo.ids.all('material');
    const units = demo.shared<string[]>('base.materialUnits');
    const documents: { id: number; number: string; title: string; status: string; date: string }[] = [];
    for (const [i, [title, status, date]] of REQUISITIONS.entries()) {
      const approved = status === 'APPROVED' ? demo.ids.get('user', 'approver01') : null;
      const { requisition_id: requisitionId } = await typed<RequisitionTables>(db)
        .insertInto('srm_po_requisition')
        .values({
          requisition_number: numberOf(i),
          title,
          status,
          request_date: date,
          currency_code: 'CNY',
          submitted_date: status === 'DRAFT' ? null : `${date} 10:00:00`,
          approved_by: approved,
          approved_date: approved ? `${date} 16:30:00` : null,
          ...auditInsert(buyer),
        })
        .returning('requisition_id')
        .executeTakeFirstOrThrow();
      documents.push({ id: requisitionId, number: numberOf(i), title, status, date });
      for (let l = 0; l < 2; l++) {
        const uom = units[(i * 3 + l) % units.length];
        await typed<RequisitionTables>(db)
          .insertInto('srm_po_requisition_line')
          .values({
            requisition_id: requisitionId,
            line_number: (l + 1) * 10,
            material_id: materialIds[(i * 3 + l) % materialIds.length],
            quantity: (l + 1) * 50 + i * 10,
            unit_price: REQUISITION_PRICES[i][l],
            uom_code: uom,
            need_by_date: '2026-12-15',
            ...auditInsert(buyer),
          })
          .execute();
      }
    }
    await setDocumentCounter(db, 'PR', '2026', REQUISITIONS.length);
    // For the workflow's demo instances of the submitted, approved and rejected ones.
    demo.share('requisition.documents', documents);
  },
};

const permits: DemoStep = {
  name: 'permits',
  after: ['requisition:requisitions', 'org:structure'],
  async run(db, demo) {
    for (const [i, [org, group]] of REQUISITION_PERMITS.entries()) {
      await typed<RequisitionTables>(db)
        .updateTable('srm_po_requisition')
        .set({ institution_id: org ? demo.ids.get('institution', org) : null, purchase_group_id: group ? demo.ids.get('purchaseGroup', group) : null })
        .where('requisition_number', '=', numberOf(i))
        .execute();
    }
  },
};

export const requisitionDemo: readonly DemoStep[] = [requisitions, requisitionProcesses, permits];
