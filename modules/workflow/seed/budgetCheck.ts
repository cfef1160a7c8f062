// Demo of service tasks and compensation: the model PR_BUDGET_CHECK (published, not bound — requisitions'
// submit keeps PR_APPROVAL) checks a requisition's budget with requisition.checkBudget before approver01
// approves it (escalated to approver02 after 48 hours). Its instances cover every compensation state: 实验室仪器采购 (53,000 CNY over a 50,000 CNY
// budget) waits FAILED on the transactionCompen screen; one approved requisition was RETRIED after its
// budget was raised, another SKIPPED with a reason.
import type { DemoStep } from '../../../server/modules/types.js';
import { auditInsert } from '../../../server/db/typed.js';
import { publishDemoModel } from './publishedModel.js';
import { wf, type Trx } from '../server/store.js';
import { LANGUAGES, message } from '../../../server/i18n/messages.js';

export const BUDGET_DEMO_TITLE = '实验室仪器采购';
const ENTITY = 'srmPoRequisition';
type Document = { id: number; number: string; title: string; status: string; date: string };

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:srm="http://srm.example.com/schema/bpmn" id="PR_BUDGET_CHECK_defs" targetNamespace="http://srm.example.com/bpmn">
  <bpmn:process id="PR_BUDGET_CHECK" name="采购申请预算校验" isExecutable="true">
    <bpmn:startEvent id="start" name="提交" />
    <bpmn:sequenceFlow id="toBudget" sourceRef="start" targetRef="budget" />
    <bpmn:serviceTask id="budget" name="预算校验" srm:operation="requisition.checkBudget" srm:params="{&quot;maxAmountCny&quot;:50000}" />
    <bpmn:sequenceFlow id="toApprove" sourceRef="budget" targetRef="approve01" />
    <bpmn:userTask id="approve01" name="采购经理审批" srm:assigneeType="user" srm:assignee="approver01" />
    <bpmn:sequenceFlow id="toEnd" sourceRef="approve01" targetRef="end" />
    <bpmn:endEvent id="end" name="批准" />
    <bpmn:boundaryEvent id="late" name="超过 48 小时" attachedToRef="approve01" srm:escalateTo="approver02">
      <bpmn:timerEventDefinition id="lateTimer"><bpmn:timeDuration>PT48H</bpmn:timeDuration></bpmn:timerEventDefinition>
    </bpmn:boundaryEvent>
  </bpmn:process>
  <bpmndi:BPMNDiagram id="PR_BUDGET_CHECK_di">
    <bpmndi:BPMNPlane id="PR_BUDGET_CHECK_plane" bpmnElement="PR_BUDGET_CHECK">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="152" y="182" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="budget_di" bpmnElement="budget"><dc:Bounds x="240" y="160" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="approve01_di" bpmnElement="approve01"><dc:Bounds x="400" y="160" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="562" y="182" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="late_di" bpmnElement="late"><dc:Bounds x="432" y="222" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="toBudget_di" bpmnElement="toBudget"><di:waypoint x="188" y="200" /><di:waypoint x="240" y="200" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="toApprove_di" bpmnElement="toApprove"><di:waypoint x="340" y="200" /><di:waypoint x="400" y="200" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="toEnd_di" bpmnElement="toEnd"><di:waypoint x="500" y="200" /><di:waypoint x="562" y="200" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;

type Outcome = 'FAILED' | 'RETRIED' | 'SKIPPED';
const TOTALS: Record<Outcome, [string, string]> = { FAILED: ['53000.00', '50000.00'], RETRIED: ['3430.00', '3000.00'], SKIPPED: ['1516.00', '1000.00'] };
/** The reason as the engine keeps it: the requisition's message in the four languages. */
const stored = (o: Outcome) =>
  JSON.stringify(Object.fromEntries(LANGUAGES.map((l) => [l, message(l, 'prq.budget.exceeded', { total: TOTALS[o][0], max: TOTALS[o][1] })])));

export const budgetCheckDemo: DemoStep = {
  name: 'budgetCheck',
  after: ['requisition:requisitions', 'admin:users'],
  async run(db, demo) {
    const t = wf(db);
    const admin = demo.ids.get('user', 'admin');
    const versionId = await publishDemoModel(t, admin, {
      key: 'PR_BUDGET_CHECK',
      name: '采购申请预算校验 / Requisition budget check',
      category: 'PURCHASE',
      xml: XML,
      description: 'requisition.checkBudget (≤ 50,000 CNY), then approver01',
      entity: ENTITY,
      bind: false,
    });
    const docs = demo.shared<Document[]>('requisition.documents');
    const users = { buyer: demo.ids.get('user', 'buyer01'), a1: demo.ids.get('user', 'approver01'), admin };
    const failed = docs.find((d) => d.title === BUDGET_DEMO_TITLE);
    const approved = docs.filter((d) => d.status === 'APPROVED');
    if (failed) await instance(t, versionId, failed, 'FAILED', users);
    if (approved[0]) await instance(t, versionId, approved[0], 'SKIPPED', users);
    if (approved[1]) await instance(t, versionId, approved[1], 'RETRIED', users);
  },
};

async function instance(t: Trx, versionId: number, d: Document, outcome: Outcome, u: { buyer: number; a1: number; admin: number }): Promise<void> {
  const at = (time: string) => `${d.date} ${time}`;
  const running = outcome === 'FAILED';
  const i = await t
    .insertInto('bpm_instance')
    .values({
      model_key: 'PR_BUDGET_CHECK',
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
      state: running ? 'RUNNING' : 'COMPLETED',
      current_nodes: running ? '预算校验' : null,
      start_date: at('09:00:00'),
      end_date: running ? null : at('09:40:00'),
      ...auditInsert(u.buyer),
    })
    .returning('instance_id')
    .executeTakeFirstOrThrow();
  const id = i.instance_id;
  const history = (action: string, who: number | null, name: string | null, node: string | null, comment: string | null, time: string) =>
    t
      .insertInto('bpm_history')
      .values({
        instance_id: id,
        node_id: node,
        node_name: node === 'budget' ? '预算校验' : node === 'approve01' ? '采购经理审批' : null,
        action,
        user_id: who,
        user_name: name,
        comment,
        action_date: at(time),
        ...auditInsert(who ?? 0),
      })
      .execute();
  await history('START', u.buyer, '张采购', null, null, '09:00:00');
  await history(
    'SERVICE_FAILED',
    null,
    null,
    'budget',
    message('CN', 'prq.budget.exceeded', { total: TOTALS[outcome][0], max: TOTALS[outcome][1] }),
    '09:00:00',
  );
  await t
    .insertInto('bpm_compensation')
    .values({
      instance_id: id,
      model_key: 'PR_BUDGET_CHECK',
      node_id: 'budget',
      node_name: '预算校验',
      operation: 'requisition.checkBudget',
      params: '{"maxAmountCny":50000}',
      entity_name: ENTITY,
      business_id: d.id,
      document_number: d.number,
      state: outcome,
      error_message: stored(outcome),
      attempts: outcome === 'RETRIED' ? 2 : 1,
      failed_date: at('09:00:00'),
      resolved_date: running ? null : at('09:20:00'),
      resolved_by: running ? null : '系统管理员',
      skip_reason: outcome === 'SKIPPED' ? '年度框架协议内采购，预算已由财务另行确认' : null,
      ...auditInsert(u.buyer),
    })
    .execute();
  if (running) return;
  if (outcome === 'RETRIED') await history('SERVICE_RETRY', u.admin, '系统管理员', 'budget', 'requisition.checkBudget', '09:20:00');
  else await history('SERVICE_SKIP', u.admin, '系统管理员', 'budget', '年度框架协议内采购，预算已由财务另行确认', '09:20:00');
  const task = await t
    .insertInto('bpm_task')
    .values({
      instance_id: id,
      node_id: 'approve01',
      task_name: '采购经理审批',
      group_key: `${id}:approve01:demo`,
      assignee_id: u.a1,
      state: 'APPROVED',
      comment: '同意',
      create_date: at('09:20:00'),
      end_date: at('09:40:00'),
      ...auditInsert(u.buyer),
    })
    .returning('task_id')
    .executeTakeFirstOrThrow();
  await t
    .insertInto('bpm_history')
    .values({
      instance_id: id,
      task_id: task.task_id,
      node_id: 'approve01',
      node_name: '采购经理审批',
      action: 'APPROVE',
      user_id: u.a1,
      user_name: '李审批',
      comment: '同意',
      action_date: at('09:40:00'),
      ...auditInsert(u.a1),
    })
    .execute();
  await history('END', u.a1, '李审批', null, null, '09:40:00');
}
