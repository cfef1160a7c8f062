// Instances through their life over the real API: countersign (all / any / ratio), parallel branches that
// join, reject and resubmit, transfer, urge, an administrator's stop, and a model edited and republished
// while an instance of the old version runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import { Buyer, INSTANCE, MODEL, TASK, bindRequisitions, bpmn, flow, noTaskOf, publishModel, taskOf, todos, userTask } from './helpers.js';

const countersign = (mode: string, ratio = '') =>
  bpmn(
    'CS',
    `<bpmn:startEvent id="s"/>${flow('f1', 's', 'cs')}
     ${userTask('cs', '会签', 'user', 'approver01,approver02,admin', `srm:countersign="${mode}" ${ratio}`, '<bpmn:multiInstanceLoopCharacteristics/>')}
     ${flow('f2', 'cs', 'e')}<bpmn:endEvent id="e"/>`,
  );

const parallel = bpmn(
  'PAR',
  `<bpmn:startEvent id="s"/>${flow('f1', 's', 'fork')}<bpmn:parallelGateway id="fork"/>
   ${flow('f2', 'fork', 'a')}${flow('f3', 'fork', 'b')}
   ${userTask('a', 'A', 'user', 'approver01')}${userTask('b', 'B', 'role', 'PR_APPROVER')}
   ${flow('f4', 'a', 'join')}${flow('f5', 'b', 'join')}<bpmn:parallelGateway id="join"/>
   ${flow('f6', 'join', 'last')}${userTask('last', 'Last', 'initiator', '')}${flow('f7', 'last', 'e')}<bpmn:endEvent id="e"/>`,
);

const single = bpmn(
  'ONE',
  `<bpmn:startEvent id="s"/>${flow('f1', 's', 't')}${userTask('t', '审批', 'user', 'approver01')}${flow('f2', 't', 'e')}<bpmn:endEvent id="e"/>`,
);

for (const backend of await backends()) {
  describe(`workflow lifecycle on ${backend}`, () => {
    let t: TestServer;
    let buyer: Buyer;
    let a1: SignedClient;
    let a2: SignedClient;
    let admin: SignedClient;

    beforeAll(async () => {
      t = await startTestServer(backend);
      const [b, x, y, w] = await Promise.all([signIn(t.url, 'buyer01'), signIn(t.url, 'approver01'), signIn(t.url, 'approver02'), signIn(t.url, 'admin')]);
      [buyer, a1, a2, admin] = [new Buyer(b), x, y, w];
    });
    afterAll(async () => t?.stop());

    const approve = async (c: SignedClient, r: Parameters<typeof taskOf>[1], comment?: string) =>
      expectOk(await c.call<{ instanceState: string }>(`${TASK}/doApprove`, { taskId: (await taskOf(c, r)).taskId, comment })).instanceState;

    it('countersign "all": approved only when all three approved, each counted once', async () => {
      await bindRequisitions(admin, await publishModel(admin, countersign('all')));
      const r = await buyer.submitted(10);
      expect(await approve(a1, r)).toBe('RUNNING');
      expect(await approve(a2, r)).toBe('RUNNING');
      expect(await buyer.status(r.requisitionId)).toBe('SUBMITTED');
      expect(await approve(admin, r)).toBe('COMPLETED');
      expect(await buyer.status(r.requisitionId)).toBe('APPROVED');
    });

    it('countersign "any": the first approval completes the step and cancels the others', async () => {
      await bindRequisitions(admin, await publishModel(admin, countersign('any')));
      const r = await buyer.submitted(10);
      expect(await approve(a2, r)).toBe('COMPLETED');
      await noTaskOf(a1, r);
      await noTaskOf(admin, r);
      expect(await buyer.status(r.requisitionId)).toBe('APPROVED');
    });

    it('countersign "ratio" 0.6: two of three', async () => {
      await bindRequisitions(admin, await publishModel(admin, countersign('ratio', 'srm:ratio="0.6"')));
      const r = await buyer.submitted(10);
      expect(await approve(a1, r)).toBe('RUNNING');
      expect(await approve(admin, r)).toBe('COMPLETED');
      await noTaskOf(a2, r);
    });

    it('parallel branches (a user and a role) join before the initiator’s own step', async () => {
      await bindRequisitions(admin, await publishModel(admin, parallel));
      const r = await buyer.submitted(10);
      // Branch B goes to every holder of PR_APPROVER (approver01 and approver02): any one of them.
      const a1Tasks = (await todos(a1, { documentNumber: r.requisitionNumber })).map((x) => x.taskName).sort();
      expect(a1Tasks).toEqual(['A', 'B']);
      const bTask = (await todos(a2, { documentNumber: r.requisitionNumber }))[0];
      expectOk(await a2.call(`${TASK}/doApprove`, { taskId: bTask.taskId }));
      expect((await todos(a1, { documentNumber: r.requisitionNumber })).map((x) => x.taskName)).toEqual(['A']);
      expect(await todos(buyer.c, { documentNumber: r.requisitionNumber })).toEqual([]);
      expect(await approve(a1, r)).toBe('RUNNING');
      expect(await approve(buyer.c, r)).toBe('COMPLETED');
      expect(await buyer.status(r.requisitionId)).toBe('APPROVED');
    });

    it('reject returns the requisition to its initiator with the comment; resubmitted, it starts a new instance', async () => {
      await bindRequisitions(admin, await publishModel(admin, single));
      const r = await buyer.submitted(10);
      expectOk(await a1.call(`${TASK}/doReject`, { taskId: (await taskOf(a1, r)).taskId, comment: '数量有误' }));
      expect(await buyer.status(r.requisitionId)).toBe('REJECTED');
      const mine = expectOk(await buyer.c.call<Rec[]>(`${TASK}/findBpmLists`, { params: { documentNumber: r.requisitionNumber } }));
      expect(mine).toMatchObject([{ state: 'REJECTED', endReason: '数量有误', currentNodes: null }]);
      const history = expectOk(await admin.call<Rec>(`${INSTANCE}/findById`, { id: mine[0].processInstanceId })).history as Rec[];
      expect(history.map((h) => [h.action, h.comment])).toEqual([
        ['START', null],
        ['REJECT', '数量有误'],
      ]);
      const again = expectOk(await buyer.c.call<Rec>('srmServer/v1/srmPoRequisitionRestful/findById', { id: r.requisitionId }));
      await buyer.submit(again as never);
      expect(await approve(a1, r)).toBe('COMPLETED');
      const both = expectOk(await buyer.c.call<Rec[]>(`${TASK}/findBpmLists`, { params: { documentNumber: r.requisitionNumber } }));
      expect(both.map((i) => i.state)).toEqual(['COMPLETED', 'REJECTED']);
    });

    it('transfer: the task moves to the other user, who completes it; the transferor no longer can', async () => {
      await bindRequisitions(admin, await publishModel(admin, single));
      const r = await buyer.submitted(10);
      const task = await taskOf(a1, r);
      const approver02 = a2.session!.userId;
      const moved = expectOk(await a1.call<{ taskId: number }>(`${TASK}/doTransfer`, { taskId: task.taskId, userId: approver02, comment: '出差' }));
      await noTaskOf(a1, r);
      expect((await taskOf(a2, r)).taskId).toBe(moved.taskId);
      expectRefusal(await a1.call(`${TASK}/doApprove`, { taskId: task.taskId }), 200, 'This task has already been completed');
      expect(await approve(a2, r)).toBe('COMPLETED');
    });

    it('urge by the initiator is recorded; by anyone else it is refused', async () => {
      await bindRequisitions(admin, await publishModel(admin, single));
      const r = await buyer.submitted(10);
      const task = await taskOf(a1, r);
      expect(expectOk(await buyer.c.call(`${TASK}/doUrge`, { processInstanceId: task.processInstanceId }))).toEqual({ openTasks: 1 });
      expectRefusal(await a2.call(`${TASK}/doUrge`, { processInstanceId: task.processInstanceId }), 200, 'The process instance does not exist');
    });

    it('an administrator stops an instance: its tasks close and the requisition returns to the initiator', async () => {
      await bindRequisitions(admin, await publishModel(admin, single));
      const r = await buyer.submitted(10);
      const task = await taskOf(a1, r);
      expectOk(await admin.call(`${INSTANCE}/doStop`, { id: task.processInstanceId, reason: '预算冻结' }));
      expect(await buyer.status(r.requisitionId)).toBe('REJECTED');
      await noTaskOf(a1, r);
      expectRefusal(await a1.call(`${TASK}/doApprove`, { taskId: task.taskId }), 200, 'This process has been stopped');
      expectRefusal(await admin.call(`${INSTANCE}/doStop`, { id: task.processInstanceId }), 200, 'The process instance has already ended');
      expectRefusal(await a1.call(`${INSTANCE}/doStop`, { id: task.processInstanceId }), 403, /.+/);
    });

    it('a model edited and republished while an instance runs: the instance keeps its version', async () => {
      const key = await publishModel(admin, single);
      await bindRequisitions(admin, key);
      const r = await buyer.submitted(10);
      const [m] = expectOk(await admin.call<Rec[]>(`${MODEL}/listByPage`, { params: { modelKey: key } }));
      const changed = expectOk(await admin.call<Rec>(`${MODEL}/saveOrUpdate`, { ...m, bpmnXml: String(m.bpmnXml).replace('approver01', 'approver02') }));
      expect(changed).toMatchObject({ status: 'DRAFT', version: 1 });
      expect(expectOk(await admin.call(`${MODEL}/doPublish`, { id: m.modelId }))).toMatchObject({ version: 2 });
      await noTaskOf(a2, r);
      expect(await approve(a1, r)).toBe('COMPLETED');
      const next = await buyer.submitted(10);
      await noTaskOf(a1, next);
      expect(await approve(a2, next)).toBe('COMPLETED');
    });
  });
}
