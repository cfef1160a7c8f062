// The demo model SUPPLIER_REGISTER_APPROVAL, bound to supplier registrations' doSubmit (the public
// registration's submit): approver01 reviews; approval creates the supplier (POTENTIAL) and its first user.
import type { DemoStep } from '../../../server/modules/types.js';
import { auditInsert } from '../../../server/db/typed.js';
import { wf } from '../server/store.js';

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
  after: ['admin:users'],
  async run(db, demo) {
    const t = wf(db);
    const admin = demo.ids.get('user', 'admin');
    const m = await t
      .insertInto('bpm_model')
      .values({
        model_key: 'SUPPLIER_REGISTER_APPROVAL',
        model_name: '供应商注册审批 / Supplier registration review',
        category: 'SUPPLIER',
        bpmn_xml: SUPPLIER_REGISTER_APPROVAL_XML,
        version: 1,
        status: 'PUBLISHED',
        description: 'approver01 reviews every submitted registration',
        ...auditInsert(admin),
      })
      .returning('model_id')
      .executeTakeFirstOrThrow();
    await t
      .insertInto('bpm_model_version')
      .values({ model_id: m.model_id, model_key: 'SUPPLIER_REGISTER_APPROVAL', version: 1, bpmn_xml: SUPPLIER_REGISTER_APPROVAL_XML, ...auditInsert(admin) })
      .execute();
    await t
      .insertInto('bpm_binding')
      .values({
        entity_name: 'srmPosSupplierRegister',
        submit_action: 'doSubmit',
        approve_action: 'doApproval',
        reject_action: 'doReject',
        model_key: 'SUPPLIER_REGISTER_APPROVAL',
        enabled_flag: 'Y',
        ...auditInsert(admin),
      })
      .execute();
  },
};
