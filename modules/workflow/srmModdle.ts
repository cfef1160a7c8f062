// Shared by the server (bpmn-moddle) and the client (bpmn-js modeler, viewer).
// The BPMN extension attributes this engine reads (namespace srm:), as a moddle package so that bpmn-js and
// its properties panel can read and write them too:
//   <bpmn:userTask srm:assigneeType="user|role|processRole|position|initiator|resolver" srm:assignee="approver01,approver02"
//                  srm:countersign="all|any|ratio" srm:ratio="0.5"> (+ <bpmn:multiInstanceLoopCharacteristics/>)
// Sequence-flow conditions are the pages' condition format as JSON in <bpmn:conditionExpression>.
// Escalation: <bpmn:boundaryEvent attachedToRef="task" srm:escalateTo="approver02"><bpmn:timerEventDefinition>
//   <bpmn:timeDuration>PT48H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent>; with an
//   outgoing flow the step is left along it instead (its open tasks cancelled).
// Service tasks: <bpmn:serviceTask srm:operation="requisition.checkBudget" srm:params='{"maxAmountCny":50000}'>
//   call an operation a module registered (WorkflowApi.registerServiceOperation) with those parameters.
export const SRM_NAMESPACE = 'http://srm.example.com/schema/bpmn';

export const srmModdlePackage = {
  name: 'SRM',
  uri: SRM_NAMESPACE,
  prefix: 'srm',
  xml: { tagAlias: 'lowerCase' },
  types: [
    {
      name: 'AssignableTask',
      extends: ['bpmn:UserTask'],
      properties: [
        { name: 'assigneeType', isAttr: true, type: 'String' },
        { name: 'assignee', isAttr: true, type: 'String' },
        { name: 'countersign', isAttr: true, type: 'String' },
        { name: 'ratio', isAttr: true, type: 'Real' },
      ],
    },
    {
      name: 'EscalatingTimer',
      extends: ['bpmn:BoundaryEvent'],
      properties: [{ name: 'escalateTo', isAttr: true, type: 'String' }],
    },
    {
      name: 'ServiceCall',
      extends: ['bpmn:ServiceTask'],
      properties: [
        { name: 'operation', isAttr: true, type: 'String' },
        { name: 'params', isAttr: true, type: 'String' },
      ],
    },
  ],
};
