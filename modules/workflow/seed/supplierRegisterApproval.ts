// The demo model SUPPLIER_REGISTER_APPROVAL, bound to supplier registrations' doSubmit (the public
// registration's submit): approver01 reviews; approval creates the supplier (POTENTIAL) and its first user.
// The supplier module's demo registrations that were submitted get their process as the engine would
// have written it: running with approver01's open task, completed, or rejected with the comment (a
// withdrawn one's process ended when it was withdrawn).
import type { DemoStep } from '../../../server/modules/types.js';
import { auditInsert } from '../../../server/db/typed.js';
import { publishDemoModel } from './publishedModel.js';
import { wf, type Trx } from '../server/store.js';

/** The shape the supplier module shares as 'supplier.registrations' (its seed/registrations.ts). */
interface Registration {
  id: number;
  company: string;
  status: string;
  submitted: string;
  rejectReason: string | null;
}

export const SUPPLIER_REGISTER_APPROVAL_XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  xmlns:srm="http://srm.example.com/schema/bpmn" id="SUPPLIER_REGISTER_APPROVAL_defs" targetNamespace="http://srm.example.com/bpmn">
  <bpmn:process id="SUPPLIER_REGISTER_APPROVAL" name="供应商注册审批" isExecutable="true">
    <bpmn:startEvent id="start" name="提交" />
    <bpmn:sequenceFlow id="toReview" sourceRef="start" targetRef="review" />
    <bpmn:userTask id="review" name="供应商准入审核" srm:assigneeType="user" srm:assignee="approver01" />
    <bpmn:sequenceFlow id="toEnd" sourceRef="review" targetRef="end" />
    <bpmn:endEvent id="end" name="批准" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="SUPPLIER_REGISTER_APPROVAL_di">
    <bpmndi:BPMNPlane id="SUPPLIER_REGISTER_APPROVAL_plane" bpmnElement="SUPPLIER_REGISTER_APPROVAL">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="152" y="182" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="review_di" bpmnElement="review"><dc:Bounds x="240" y="160" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="392" y="182" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="toReview_di" bpmnElement="toReview"><di:waypoint x="188" y="200" /><di:waypoint x="240" y="200" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="toEnd_di" bpmnElement="toEnd"><di:waypoint x="340" y="200" /><di:waypoint x="392" y="200" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;

export const supplierRegisterModel: DemoStep = {
  name: 'supplierRegisterModel',
  after: ['admin:users', 'supplier:registrations'],
  async run(db, demo) {
    const t = wf(db);
    const admin = demo.ids.get('user', 'admin');
    const versionId = await publishDemoModel(t, admin, {
      key: 'SUPPLIER_REGISTER_APPROVAL',
      name: '供应商注册审批 / Supplier registration review',
      category: 'SUPPLIER',
      xml: SUPPLIER_REGISTER_APPROVAL_XML,
      description: 'approver01 reviews every submitted registration',
      entity: 'srmPosSupplierRegister',
    });
    const users = { admin, approver: demo.ids.get('user', 'approver01') };
    for (const r of demo.shared<Registration[]>('supplier.registrations')) await reviewOf(t, versionId, r, users);
  },
};

async function reviewOf(t: Trx, versionId: number, r: Registration, u: { admin: number; approver: number }): Promise<void> {
  const states: Record<string, [instance: string, task: string]> = {
    SUBMITTED: ['RUNNING', 'OPEN'],
    APPROVED: ['COMPLETED', 'APPROVED'],
    REJECTED: ['REJECTED', 'REJECTED'],
    WITHDRAWN: ['STOPPED', 'CANCELLED'],
  };
  if (!states[r.status]) return;
  const [state, taskState] = states[r.status];
  const day = r.submitted.slice(0, 10);
  const ended = state === 'RUNNING' ? null : `${day} 17:00:00`;
  const comment = r.status === 'APPROVED' ? '资料齐全，同意准入' : r.rejectReason;
  const i = await t
    .insertInto('bpm_instance')
    .values({
      model_key: 'SUPPLIER_REGISTER_APPROVAL',
      model_version_id: versionId,
      version: 1,
      entity_name: 'srmPosSupplierRegister',
      approve_action: 'doApproval',
      reject_action: 'doReject',
      business_id: r.id,
      document_number: `REG-${r.id}`,
      title: r.company,
      initiator_id: u.admin,
      initiator_name: '系统管理员',
      state,
      current_nodes: state === 'RUNNING' ? '供应商准入审核' : null,
      start_date: r.submitted,
      end_date: ended,
      end_reason: r.status === 'REJECTED' ? r.rejectReason : r.status === 'WITHDRAWN' ? '注册人撤回' : null,
      ...auditInsert(u.admin),
    })
    .returning('instance_id')
    .executeTakeFirstOrThrow();
  const id = i.instance_id;
  const task = await t
    .insertInto('bpm_task')
    .values({
      instance_id: id,
      node_id: 'review',
      task_name: '供应商准入审核',
      group_key: `${id}:review:demo`,
      assignee_id: u.approver,
      state: taskState,
      comment: state === 'RUNNING' || state === 'STOPPED' ? null : comment,
      create_date: r.submitted,
      end_date: ended,
      ...auditInsert(u.admin),
    })
    .returning('task_id')
    .executeTakeFirstOrThrow();
  const history = (action: string, who: number, name: string, node: string | null, text: string | null, time: string, taskId: number | null) =>
    t
      .insertInto('bpm_history')
      .values({
        instance_id: id,
        task_id: taskId,
        node_id: node,
        node_name: node ? '供应商准入审核' : null,
        action,
        user_id: who,
        user_name: name,
        comment: text,
        action_date: time,
        ...auditInsert(who),
      })
      .execute();
  await history('START', u.admin, '系统管理员', null, null, r.submitted, null);
  if (state === 'COMPLETED') {
    await history('APPROVE', u.approver, '李审批', 'review', comment, ended!, task.task_id);
    await history('END', u.approver, '李审批', null, null, ended!, null);
  } else if (state === 'REJECTED') {
    await history('REJECT', u.approver, '李审批', 'review', comment, ended!, task.task_id);
  } else if (state === 'STOPPED') {
    await history('STOP', u.admin, '系统管理员', null, '注册人撤回', ended!, null);
  }
}
