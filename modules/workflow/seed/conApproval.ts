// The demo model CON_APPROVAL, bound to purchase contracts' doSubmit (like PO_APPROVAL): a contract whose
// amount is at most 100,000 is approved on submit (the gateway goes straight to the end); a larger one goes
// to approver01 first. The contract module's demo contract "pending approval" waits on that task.
import type { DemoStep } from '../../../server/modules/types.js';
import { auditInsert } from '../../../server/db/typed.js';
import { publishDemoModel } from './publishedModel.js';
import { wf } from '../server/store.js';

export const CON_APPROVAL_XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:srm="http://srm.example.com/schema/bpmn" id="CON_APPROVAL_defs" targetNamespace="http://srm.example.com/bpmn">
  <bpmn:process id="CON_APPROVAL" name="采购合同审批" isExecutable="true">
    <bpmn:startEvent id="start" name="提交" />
    <bpmn:sequenceFlow id="toAmount" sourceRef="start" targetRef="amount" />
    <bpmn:exclusiveGateway id="amount" name="金额超过 10 万？" default="small" />
    <bpmn:sequenceFlow id="large" name="&gt; 100,000" sourceRef="amount" targetRef="approve01">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">{"field":"totalAmount","operator":"gt","value":100000}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="small" name="≤ 100,000" sourceRef="amount" targetRef="end" />
    <bpmn:userTask id="approve01" name="采购合同审批" srm:assigneeType="user" srm:assignee="approver01" />
    <bpmn:sequenceFlow id="toEnd" sourceRef="approve01" targetRef="end" />
    <bpmn:endEvent id="end" name="批准" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="CON_APPROVAL_di">
    <bpmndi:BPMNPlane id="CON_APPROVAL_plane" bpmnElement="CON_APPROVAL">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="152" y="182" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="amount_di" bpmnElement="amount" isMarkerVisible="true"><dc:Bounds x="245" y="175" width="50" height="50" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="approve01_di" bpmnElement="approve01"><dc:Bounds x="350" y="60" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="512" y="182" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="toAmount_di" bpmnElement="toAmount"><di:waypoint x="188" y="200" /><di:waypoint x="245" y="200" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="large_di" bpmnElement="large"><di:waypoint x="270" y="175" /><di:waypoint x="270" y="100" /><di:waypoint x="350" y="100" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="small_di" bpmnElement="small"><di:waypoint x="295" y="200" /><di:waypoint x="512" y="200" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="toEnd_di" bpmnElement="toEnd"><di:waypoint x="450" y="100" /><di:waypoint x="530" y="100" /><di:waypoint x="530" y="182" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;

export const conApprovalModel: DemoStep = {
  name: 'conApprovalModel',
  after: ['admin:users', 'contract:contracts'],
  async run(db, demo) {
    const t = wf(db);
    const admin = demo.ids.get('user', 'admin');
    const versionId = await publishDemoModel(t, admin, {
      key: 'CON_APPROVAL',
      name: '采购合同审批 / Contract approval',
      category: 'PURCHASE',
      xml: CON_APPROVAL_XML,
      description: '≤ 100,000 (contract amount): approved on submit; above: approver01',
      entity: 'srmConContract',
    });
    // The demo contract above 100,000 waits for approver01 (as the engine would have left it).
    const pending = demo.shared<{ id: number; number: string; title: string }>('contract.pending');
    const buyer = demo.ids.get('user', 'buyer01');
    const i = await t
      .insertInto('bpm_instance')
      .values({
        model_key: 'CON_APPROVAL',
        model_version_id: versionId,
        version: 1,
        entity_name: 'srmConContract',
        approve_action: 'doApproval',
        reject_action: 'doReject',
        business_id: pending.id,
        document_number: pending.number,
        title: pending.title,
        initiator_id: buyer,
        initiator_name: '张采购',
        state: 'RUNNING',
        current_nodes: '采购合同审批',
        start_date: '2026-11-18 10:00:00',
        ...auditInsert(buyer),
      })
      .returning('instance_id')
      .executeTakeFirstOrThrow();
    await t
      .insertInto('bpm_task')
      .values({
        instance_id: i.instance_id,
        node_id: 'approve01',
        task_name: '采购合同审批',
        group_key: `${i.instance_id}:approve01:demo`,
        assignee_id: demo.ids.get('user', 'approver01'),
        state: 'OPEN',
        create_date: '2026-11-18 10:00:00',
        ...auditInsert(buyer),
      })
      .execute();
    await t
      .insertInto('bpm_history')
      .values({ instance_id: i.instance_id, action: 'START', user_id: buyer, user_name: '张采购', action_date: '2026-11-18 10:00:00', ...auditInsert(buyer) })
      .execute();
  },
};
