// The PR_APPROVAL process (processes/PR_APPROVAL.bpmn) of every submitted or decided demo requisition, as
// the engine would have left it: running with approver01's task (or, above 100,000 CNY, approved by
// approver01 and waiting for approver02), completed, or rejected with the comment. Tests that call a
// requisition's own approve/reject switch the binding off on their own server (tests/support/processes.ts).
import type { DemoProcess, DemoStep } from '../../../server/modules/types.js';

type Document = { id: number; number: string; title: string; status: string; date: string };

const BUYER = { user: 'buyer01', name: '张采购' };
const MANAGER = { user: 'approver01', name: '李审批' };
const DIRECTOR = { user: 'approver02', name: '赵经理' };
const APPROVE01 = { node: 'approve01', name: '采购经理审批', assignee: MANAGER };
const APPROVE02 = { node: 'approve02', name: '财务总监审批', assignee: DIRECTOR };
/** The demo requisition above 100,000 CNY (REQUISITIONS in demo.ts). */
const LARGE = 'Packaging for Thailand plant';
const REJECTED = '备件型号需与设备部确认后重新提交';
/** The demo requisition the workflow's budget-check showcase (PR_BUDGET_CHECK) holds instead (demoData.ts). */
const BUDGET_CHECKED = '实验室仪器采购';

function processOf(d: Document): DemoProcess | null {
  if (d.title === BUDGET_CHECKED) return null;
  const at = (time: string) => `${d.date} ${time}`;
  const base = {
    modelKey: 'PR_APPROVAL',
    entity: 'srmPoRequisition',
    businessId: d.id,
    documentNumber: d.number,
    title: d.title,
    initiator: BUYER,
    start: at('10:00:00'),
  };
  if (d.status === 'SUBMITTED' && d.title !== LARGE) return { ...base, steps: [APPROVE01] };
  if (d.status === 'SUBMITTED') {
    return { ...base, steps: [{ ...APPROVE01, outcome: 'APPROVED', comment: '同意，金额较大请财务总监复核', at: at('11:00:00') }, APPROVE02] };
  }
  if (d.status === 'APPROVED') {
    return { ...base, steps: [{ ...APPROVE01, outcome: 'APPROVED', comment: '同意', at: at('16:30:00') }], end: { state: 'COMPLETED', at: at('16:30:00') } };
  }
  if (d.status === 'REJECTED') {
    return {
      ...base,
      steps: [{ ...APPROVE01, outcome: 'REJECTED', comment: REJECTED, at: at('15:00:00') }],
      end: { state: 'REJECTED', at: at('15:00:00'), reason: REJECTED },
    };
  }
  return null;
}

export const requisitionProcesses: DemoStep = {
  name: 'processes',
  after: ['requisition:requisitions', 'admin:users'],
  async run(_db, demo) {
    for (const d of demo.shared<Document[]>('requisition.documents')) {
      const p = processOf(d);
      if (p) await demo.process(p);
    }
  },
};
