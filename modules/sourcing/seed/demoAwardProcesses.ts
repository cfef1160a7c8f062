// The SRC_AWARD processes (processes/SRC_AWARD.bpmn) of the demo inquiries whose award went through
// approval, as the engine would have left them: the awarded one approved by approver01, the one in
// approval with approver01's open task, the rejected one with approver01's comment.
import type { DemoProcess, DemoStep } from '../../../server/modules/types.js';
import { DEMO_AWARD_REJECTION, type DemoAwardDocument } from './demoInquiries.js';

const BUYER = { user: 'buyer01', name: '张采购' };
const STEP = { node: 'approveAward', name: '定标审批', assignee: { user: 'approver01', name: '李审批' } };

/** `yyyy-MM-dd HH:mm:ss`, `days` from now (UTC), at `hour`. */
function day(days: number, hour: string): string {
  return `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)} ${hour}`;
}

function processOf(d: DemoAwardDocument): DemoProcess {
  const start = day(d.days + 1, '09:00:00');
  const decided = day(d.days + 1, '15:00:00');
  const base = { modelKey: 'SRC_AWARD', entity: 'srmSrcInquiry', businessId: d.id, documentNumber: d.number, title: d.title, initiator: BUYER, start };
  if (d.state === 'APPROVING') return { ...base, steps: [STEP] };
  if (d.state === 'AWARD_REJECTED')
    return {
      ...base,
      steps: [{ ...STEP, outcome: 'REJECTED', comment: DEMO_AWARD_REJECTION, at: decided }],
      end: { state: 'REJECTED', at: decided, reason: DEMO_AWARD_REJECTION },
    };
  return { ...base, steps: [{ ...STEP, outcome: 'APPROVED', comment: '同意定标', at: decided }], end: { state: 'COMPLETED', at: decided } };
}

export const demoAwardProcesses: DemoStep = {
  name: 'awardProcesses',
  after: ['sourcing:inquiries', 'admin:users'],
  async run(_db, demo) {
    for (const d of demo.shared<DemoAwardDocument[]>('sourcing.awardDocuments')) await demo.process(processOf(d));
  },
};
