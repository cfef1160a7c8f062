// Bad input and concurrency (issue 13): acting on a task not yours, already completed or of a stopped
// instance is refused in the caller's language with nothing changed; two approvers of one countersign step
// at once are each counted once and the step completes once; a failure of the document's transition after
// the task was written leaves nothing behind (one transaction); a broken model is refused on publish with
// the element and the reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';
import { BINDING, Buyer, INSTANCE, MODEL, TASK, bindRequisitions, bpmn, flow, publishModel, taskOf, todos, userTask } from './helpers.js';

const single = bpmn(
  'ONE',
  `<bpmn:startEvent id="s"/>${flow('f1', 's', 't')}${userTask('t', '审批', 'user', 'approver01')}${flow('f2', 't', 'e')}<bpmn:endEvent id="e"/>`,
);
const both = bpmn(
  'BOTH',
  `<bpmn:startEvent id="s"/>${flow('f1', 's', 'cs')}
   ${userTask('cs', '会签', 'user', 'approver01,approver02', 'srm:countersign="all"', '<bpmn:multiInstanceLoopCharacteristics/>')}
   ${flow('f2', 'cs', 'e')}<bpmn:endEvent id="e"/>`,
);

for (const backend of await backends()) {
  describe(`workflow refusals on ${backend}`, () => {
    let t: TestServer;
    let buyer: Buyer;
    let a1: SignedClient;
    let a1th: SignedClient;
    let a2: SignedClient;
    let a2again: SignedClient;
    let admin: SignedClient;
    let adminTh: SignedClient;

    beforeAll(async () => {
      t = await startTestServer(backend);
      const c = await Promise.all([
        signIn(t.url, 'buyer01'),
        signIn(t.url, 'approver01'),
        signIn(t.url, 'approver01', 'TH'),
        signIn(t.url, 'approver02'),
        signIn(t.url, 'approver02'),
        signIn(t.url, 'admin'),
        signIn(t.url, 'admin', 'TH'),
      ]);
      buyer = new Buyer(c[0]);
      [a1, a1th, a2, a2again, admin, adminTh] = c.slice(1);
    });
    afterAll(async () => t?.stop());

    const historyOf = async (instanceId: number) =>
      (expectOk(await admin.call<Rec>(`${INSTANCE}/findById`, { id: instanceId })).history as Rec[]).map((h) => h.action);

    it('not your task, already completed, unknown: refused in the language asked, nothing changed', async () => {
      await bindRequisitions(admin, await publishModel(admin, single));
      const r = await buyer.submitted(10);
      const task = await taskOf(a1, r);
      expectRefusal(await a2.call(`${TASK}/doApprove`, { taskId: task.taskId }), 200, 'This is not your task');
      expectRefusal(await a2.call(`${TASK}/doReject`, { taskId: task.taskId }, { lang: 'VN' }), 200, 'Đây không phải nhiệm vụ của bạn');
      expectRefusal(await a2.call(`${TASK}/doTransfer`, { taskId: task.taskId, userId: a2.session!.userId }), 200, 'This is not your task');
      expectRefusal(await a1.call(`${TASK}/doApprove`, { taskId: 987654321 }), 200, 'The task does not exist');
      expectRefusal(await a1.call(`${TASK}/doApprove`, { taskId: 'x' }), 200, 'taskId is required');
      expectRefusal(await a1.call(`${TASK}/doApprove`, { taskId: task.taskId, comment: 'x'.repeat(2001) }), 200, 'A comment has at most 2000 characters');
      expectRefusal(await a1.call(`${TASK}/doTransfer`, { taskId: task.taskId, userId: a1.session!.userId }), 200, 'You cannot transfer a task to yourself');
      expectRefusal(
        await a1.call(`${TASK}/doTransfer`, { taskId: task.taskId, userId: 987654321 }),
        200,
        'The user to transfer to does not exist or is disabled',
      );
      expectRefusal(await a1.call(`${TASK}/findTodoTasks`, { params: { status: 'x' } }), 200, 'Unknown filter status');
      expect(await historyOf(task.processInstanceId)).toEqual(['START']);
      expect(await buyer.status(r.requisitionId)).toBe('SUBMITTED');
      expectOk(await a1.call(`${TASK}/doApprove`, { taskId: task.taskId }));
      expectRefusal(await a1.call(`${TASK}/doApprove`, { taskId: task.taskId }), 200, 'This task has already been completed');
      expectRefusal(await a1th.call(`${TASK}/doReject`, { taskId: task.taskId }), 200, 'งานนี้ดำเนินการเสร็จแล้ว');
      expect(await historyOf(task.processInstanceId)).toEqual(['START', 'APPROVE', 'END']);
      expect(await buyer.status(r.requisitionId)).toBe('APPROVED');
    });

    it('a task of a stopped instance is refused, in Thai too', async () => {
      await bindRequisitions(admin, await publishModel(admin, single));
      const r = await buyer.submitted(10);
      const task = await taskOf(a1, r);
      expectOk(await admin.call(`${INSTANCE}/doStop`, { id: task.processInstanceId }));
      expectRefusal(await a1th.call(`${TASK}/doApprove`, { taskId: task.taskId }), 200, 'กระบวนการนี้ถูกหยุดแล้ว');
      expect(await historyOf(task.processInstanceId)).toEqual(['START', 'STOP']);
    });

    it('two approvers of one countersign step at once: each counted once, the step and the document complete once', async () => {
      await bindRequisitions(admin, await publishModel(admin, both));
      for (let round = 0; round < 3; round++) {
        const r = await buyer.submitted(10);
        const [x, y] = [await taskOf(a1, r), await taskOf(a2, r)];
        const answers = await Promise.all([
          a1.call<{ instanceState: string }>(`${TASK}/doApprove`, { taskId: x.taskId }),
          a2.call<{ instanceState: string }>(`${TASK}/doApprove`, { taskId: y.taskId }),
          a2again.call<{ instanceState: string }>(`${TASK}/doApprove`, { taskId: y.taskId }),
        ]);
        // approver02 twice on the same task (two sessions): one of the two is refused, whichever came second.
        const states = answers
          .filter((a) => a.status === 'S')
          .map((a) => a.data.instanceState)
          .sort();
        expect(states).toEqual(['COMPLETED', 'RUNNING']);
        const refused = answers.filter((a) => a.status === 'E');
        expect(refused).toHaveLength(1);
        expectRefusal(refused[0], 200, 'This task has already been completed');
        expectOk(answers[0]);
        expect(await historyOf(x.processInstanceId)).toEqual(['START', 'APPROVE', 'APPROVE', 'END']);
        expect(await buyer.status(r.requisitionId)).toBe('APPROVED');
        const events = await buyer.c.call<Rec>('srmServer/v1/srmPoRequisitionRestful/findById', { id: r.requisitionId });
        expect(expectOk(events).versionNum).toBe(3); // saved, submitted, approved: the approve transition ran once
      }
    });

    it('one transaction: when the document cannot take its approve transition, the completed task is undone', async () => {
      // A binding whose "approve" transition cannot run from SUBMITTED: the last approval writes the task,
      // the history and the instance's end, then the document's transition refuses — and none of it stays.
      const key = await publishModel(admin, single);
      await bindRequisitions(admin, key, { approveAction: 'doSubmit' });
      const r = await buyer.submitted(10);
      const task = await taskOf(a1, r);
      expectRefusal(await a1.call(`${TASK}/doApprove`, { taskId: task.taskId }), 200, 'This action is not allowed in the current status "Submitted"');
      expect((await taskOf(a1, r)).taskId).toBe(task.taskId);
      expect(await historyOf(task.processInstanceId)).toEqual(['START']);
      const [instance] = expectOk(await buyer.c.call<Rec[]>(`${TASK}/findBpmLists`, { params: { documentNumber: r.requisitionNumber } }));
      expect(instance).toMatchObject({ state: 'RUNNING', currentNodes: '审批', endTime: null });
      expect(await buyer.status(r.requisitionId)).toBe('SUBMITTED');
      // The same for a submit whose first step has nobody to do it: the submit itself is undone.
      const empty = uniq('EMPTY').replace('-', '_');
      expectOk(await admin.call('baseServer/v1/baseResponsibilityRestful/saveOrUpdate', { respCode: empty, respName: empty, userType: 'INTERNAL' }));
      const nobody = bpmn(
        'NOBODY',
        `<bpmn:startEvent id="s"/>${flow('f1', 's', 't')}${userTask('t', '空', 'role', empty)}${flow('f2', 't', 'e')}<bpmn:endEvent id="e"/>`,
      );
      await bindRequisitions(admin, await publishModel(admin, nobody));
      const d = await buyer.draft(10);
      expectRefusal(
        await buyer.c.call(`srmServer/v1/srmPoRequisitionRestful/doSubmit`, { id: d.requisitionId }),
        200,
        'Nobody can be assigned to step 空; nothing was submitted',
      );
      expect(await buyer.status(d.requisitionId)).toBe('DRAFT');
      expect(await todos(buyer.c, { documentNumber: d.requisitionNumber })).toEqual([]);
    });

    it('a binding condition decides whether a submit starts the process', async () => {
      await bindRequisitions(admin, await publishModel(admin, single), {
        conditionJson: JSON.stringify({ field: 'totalAmountCny', operator: 'gte', value: 1000 }),
      });
      const small = await buyer.submitted(999);
      expect(await todos(a1, { documentNumber: small.requisitionNumber })).toEqual([]);
      expectOk(await a1.call('srmServer/v1/srmPoRequisitionRestful/doApproval', { id: small.requisitionId }));
      const big = await buyer.submitted(1000);
      await taskOf(a1, big);
      expectRefusal(
        await admin.call(`${BINDING}/saveOrUpdate`, {
          entityName: 'srmPoRequisition',
          modelKey: 'PR_APPROVAL',
          conditionJson: '{"field":"x","operator":"like"}',
        }),
        200,
        /^The binding's condition is not in the condition format: \$\.operator/,
      );
      expectRefusal(
        await admin.call(`${BINDING}/saveOrUpdate`, { entityName: 'srmPoRequisition', modelKey: 'PR_APPROVAL', approveAction: 'doFly' }),
        200,
        'srmPoRequisition declares no transition doFly',
      );
    });

    it('publishing refuses a broken model with each element and reason, in the language asked', async () => {
      const broken = bpmn(
        'BROKEN',
        `<bpmn:startEvent id="s"/>${flow('f1', 's', 'gw')}<bpmn:exclusiveGateway id="gw"/>
         ${flow('big', 'gw', 'boss', { field: 'totalAmountCny', operator: 'gt', value: 1 })}${flow('other', 'gw', 'head', { script: 'return true' })}
         ${userTask('boss', 'Boss', 'chairman', 'x')}${userTask('head', 'Head', 'groupLeader', '')}${userTask('lost', 'Lost', 'user', 'nobody_here')}
         ${flow('f2', 'boss', 'e')}${flow('f3', 'head', 'e')}${flow('f4', 'lost', 'e')}<bpmn:endEvent id="e"/>
         <bpmn:serviceTask id="svc"/>${flow('f5', 'svc', 'lost')}`,
      );
      const m = expectOk(await admin.call<Rec>(`${MODEL}/saveOrUpdate`, { modelKey: uniq('B').replace('-', '_'), modelName: 'broken', bpmnXml: broken }));
      const a = await admin.call<{ elementId: string; reason: string }[]>(`${MODEL}/doPublish`, { id: m.modelId });
      expectRefusal(a, 200, /^The model cannot be published: /);
      const reasons = (id: string) => a.data.filter((p) => p.elementId === id).map((p) => p.reason);
      expect(reasons('gw')).toEqual(['The exclusive gateway has no default flow']);
      expect(reasons('other')).toEqual([expect.stringMatching(/^The condition is not in the condition format \(\$: unknown key "script"\)/)]);
      expect(reasons('boss')).toEqual([
        'Unknown assignee rule chairman (known: user, role, processRole, position, initiator, deptHead, groupLeader, resolver)',
      ]);
      expect(reasons('head')).toEqual(['The assignee rule groupLeader needs srm:assignee']);
      expect(reasons('lost')).toEqual(['The node cannot be reached from the start event', 'User nobody_here does not exist']);
      expect(reasons('svc')).toEqual(['The node has no incoming flow', 'The service task has no operation']);
      expect(reasons('big')).toEqual([]);
      const th = await adminTh.call(`${MODEL}/doPublish`, { id: m.modelId });
      expectRefusal(th, 200, /^ไม่สามารถเผยแพร่โมเดลได้: gw: เกตเวย์แบบเลือกทางเดียวไม่มีเส้นเชื่อมเริ่มต้น/);
      expectRefusal(
        await admin
          .call(`${MODEL}/saveOrUpdate`, { modelKey: uniq('X').replace('-', '_'), modelName: 'x', bpmnXml: 'not xml' })
          .then(async (s) => admin.call(`${MODEL}/doPublish`, { id: (s.data as Rec).modelId })),
        200,
        'The model cannot be published: -: Not valid BPMN 2.0 XML',
      );
      const [after] = expectOk(await admin.call<Rec[]>(`${MODEL}/listByPage`, { params: { modelKey: m.modelKey } }));
      expect(after).toMatchObject({ status: 'DRAFT', version: null });
    });

    it('a supplier user has no tasks and cannot reach the admin families', async () => {
      const supplier = await signIn(t.url, 'supplier01');
      expect(await todos(supplier)).toEqual([]);
      expectRefusal(await supplier.call(`${MODEL}/listByPage`, { params: {} }), 403, /.+/);
      expectRefusal(await supplier.call(`${INSTANCE}/listByPage`, { params: {} }), 403, /.+/);
    });
  });
}
