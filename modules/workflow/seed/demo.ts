// Demo company, workflow's part: the PR_APPROVAL model (published as version 1), its binding to requisitions'
// doSubmit (on: approvers act from their to-do list), and the process of every submitted or decided demo
// requisition, written as the engine would have written it: a running instance per submitted one (approver01
// has a task of the small one, approver02 of the one above 100,000 CNY), a completed one per approved one, a
// rejected one per rejected one. Tests that call a requisition's own approve/reject switch the binding off on
// their own server (tests/support/processes.ts) and use requisitions without a process.
import type { DemoStep } from '../../../server/modules/types.js';
import { auditInsert } from '../../../server/db/typed.js';
import { publishDemoModel } from './publishedModel.js';
import { wf, type Trx } from '../server/store.js';
import { PR_APPROVAL_XML } from './prApproval.js';
import { processRoleDemo } from './processRoles.js';
import { supplierRegisterModel } from './supplierRegisterApproval.js';
import { poApprovalModel } from './poApproval.js';
import { BUDGET_DEMO_TITLE, budgetCheckDemo } from './budgetCheck.js';
import { urgeDemo } from './urgeRules.js';

const ENTITY = 'srmPoRequisition';
type Document = { id: number; number: string; title: string; status: string; date: string };

const model: DemoStep = {
  name: 'models',
  after: ['admin:users', 'requisition:requisitions'],
  async run(db, demo) {
    const t = wf(db);
    const admin = demo.ids.get('user', 'admin');
    const versionId = await publishDemoModel(t, admin, {
      key: 'PR_APPROVAL',
      name: '采购申请审批 / Requisition approval',
      category: 'PURCHASE',
      xml: PR_APPROVAL_XML,
      description: '≤ 100,000 CNY: approver01; > 100,000 CNY: approver01, then approver02',
      entity: ENTITY,
    });
    const users = { buyer: demo.ids.get('user', 'buyer01'), a1: demo.ids.get('user', 'approver01'), a2: demo.ids.get('user', 'approver02') };
    for (const d of demo.shared<Document[]>('requisition.documents')) {
      if (d.status !== 'DRAFT' && d.title !== BUDGET_DEMO_TITLE) await instanceOf(t, versionId, d, users);
    }
  },
};

async function instanceOf(t: Trx, versionId: number, d: Document, u: { buyer: number; a1: number; a2: number }): Promise<void> {
  const large = d.title === 'Packaging for Thailand plant';
  const state = d.status === 'SUBMITTED' ? 'RUNNING' : d.status === 'APPROVED' ? 'COMPLETED' : 'REJECTED';
  const at = (time: string) => `${d.date} ${time}`;
  const ended = state === 'RUNNING' ? null : at(d.status === 'APPROVED' ? '16:30:00' : '15:00:00');
  const i = await t
    .insertInto('bpm_instance')
    .values({
      model_key: 'PR_APPROVAL',
      model_version_id: versionId,
      version: 1,
      entity_name: ENTITY,
      approve_action: 'doApproval',
      reject_action: 'doReject',
      business_id: d.id,
      document_number: d.number,
      title: d.title,
      initiator_id: u.buyer,
      initiator_name: '张采购',
      state,
      current_nodes: state !== 'RUNNING' ? null : large ? '财务总监审批' : '采购经理审批',
      start_date: at('10:00:00'),
      end_date: ended,
      end_reason: d.status === 'REJECTED' ? '备件型号需与设备部确认后重新提交' : null,
      ...auditInsert(u.buyer),
    })
    .returning('instance_id')
    .executeTakeFirstOrThrow();
  const id = i.instance_id;
  const task = async (node: string, name: string, who: number, taskState: string, comment: string | null, end: string | null) => {
    const r = await t
      .insertInto('bpm_task')
      .values({
        instance_id: id,
        node_id: node,
        task_name: name,
        group_key: `${id}:${node}:demo`,
        assignee_id: who,
        state: taskState,
        comment,
        create_date: at('10:00:00'),
        end_date: end,
        ...auditInsert(u.buyer),
      })
      .returning('task_id')
      .executeTakeFirstOrThrow();
    return r.task_id;
  };
  const history = (action: string, who: number, name: string, node: string | null, comment: string | null, time: string, taskId: number | null) =>
    t
      .insertInto('bpm_history')
      .values({
        instance_id: id,
        task_id: taskId,
        node_id: node,
        node_name: node === 'approve01' ? '采购经理审批' : node === 'approve02' ? '财务总监审批' : null,
        action,
        user_id: who,
        user_name: name,
        comment,
        action_date: at(time),
        ...auditInsert(who),
      })
      .execute();
  await history('START', u.buyer, '张采购', null, null, '10:00:00', null);
  if (state === 'RUNNING' && !large) {
    await task('approve01', '采购经理审批', u.a1, 'OPEN', null, null);
  } else if (state === 'RUNNING') {
    const done = await task('approve01', '采购经理审批', u.a1, 'APPROVED', '同意，金额较大请财务总监复核', at('11:00:00'));
    await history('APPROVE', u.a1, '李审批', 'approve01', '同意，金额较大请财务总监复核', '11:00:00', done);
    await task('approve02', '财务总监审批', u.a2, 'OPEN', null, null);
  } else if (state === 'COMPLETED') {
    const done = await task('approve01', '采购经理审批', u.a1, 'APPROVED', '同意', ended);
    await history('APPROVE', u.a1, '李审批', 'approve01', '同意', '16:30:00', done);
    await history('END', u.a1, '李审批', null, null, '16:30:00', null);
  } else {
    const done = await task('approve01', '采购经理审批', u.a1, 'REJECTED', '备件型号需与设备部确认后重新提交', ended);
    await history('REJECT', u.a1, '李审批', 'approve01', '备件型号需与设备部确认后重新提交', '15:00:00', done);
  }
}

export const workflowDemo: readonly DemoStep[] = [model, processRoleDemo, supplierRegisterModel, poApprovalModel, budgetCheckDemo, urgeDemo];
