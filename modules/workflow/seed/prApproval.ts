// The demo model PR_APPROVAL (CONTRACT.md "Workflow"): every requisition goes to approver01; one whose total
// in CNY exceeds 100,000 then also goes to approver02; it is approved when the last task is approved.
export const PR_APPROVAL_XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:srm="http://srm.example.com/schema/bpmn" id="PR_APPROVAL_defs" targetNamespace="http://srm.example.com/bpmn">
  <bpmn:process id="PR_APPROVAL" name="采购申请审批" isExecutable="true">
    <bpmn:startEvent id="start" name="提交" />
    <bpmn:sequenceFlow id="toApprover01" sourceRef="start" targetRef="approve01" />
    <bpmn:userTask id="approve01" name="采购经理审批" srm:assigneeType="user" srm:assignee="approver01" />
    <bpmn:sequenceFlow id="toAmount" sourceRef="approve01" targetRef="amount" />
    <bpmn:exclusiveGateway id="amount" name="金额超过 10 万元？" default="small" />
    <bpmn:sequenceFlow id="large" name="&gt; 100,000 CNY" sourceRef="amount" targetRef="approve02">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">{"field":"totalAmountCny","operator":"gt","value":100000}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="small" sourceRef="amount" targetRef="end" />
    <bpmn:userTask id="approve02" name="财务总监审批" srm:assigneeType="user" srm:assignee="approver02" />
    <bpmn:sequenceFlow id="toEnd" sourceRef="approve02" targetRef="end" />
    <bpmn:endEvent id="end" name="批准" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="PR_APPROVAL_di">
    <bpmndi:BPMNPlane id="PR_APPROVAL_plane" bpmnElement="PR_APPROVAL">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="152" y="182" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="approve01_di" bpmnElement="approve01"><dc:Bounds x="240" y="160" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="amount_di" bpmnElement="amount" isMarkerVisible="true"><dc:Bounds x="395" y="175" width="50" height="50" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="approve02_di" bpmnElement="approve02"><dc:Bounds x="500" y="60" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="662" y="182" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="toApprover01_di" bpmnElement="toApprover01"><di:waypoint x="188" y="200" /><di:waypoint x="240" y="200" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="toAmount_di" bpmnElement="toAmount"><di:waypoint x="340" y="200" /><di:waypoint x="395" y="200" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="large_di" bpmnElement="large"><di:waypoint x="420" y="175" /><di:waypoint x="420" y="100" /><di:waypoint x="500" y="100" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="small_di" bpmnElement="small"><di:waypoint x="445" y="200" /><di:waypoint x="662" y="200" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="toEnd_di" bpmnElement="toEnd"><di:waypoint x="600" y="100" /><di:waypoint x="680" y="100" /><di:waypoint x="680" y="182" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
