// What the task centre's screens call besides the contract's task calls: a document's process (state,
// the caller's task, history) and who may see it, an instance's diagram data, the users a task may be
// handed to, a comment without a decision, an administrator's reassign, the modeler's condition fields;
// and the task frames pushed (through the push module's API, after the commit) when tasks are assigned
// and leave a to-do list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import type { Answer } from '../../../../tests/support/signedClient.js';
import { discoverModules } from '../../../../server/modules/discover.js';
import { defineModule } from '../../../../server/modules/types.js';
import type { PushApi } from '../../../push/api.js';
import { Buyer, INSTANCE, TASK, taskOf } from './helpers.js';

const root = join(__dirname, '..', '..', '..', '..');
const refused = (a: Answer) => expect(a.status, a.msg).toBe('E');
type Frame = { userIds: number[]; type: string; data: { event: string; taskId: number } };

for (const backend of await backends()) {
  describe(`task centre screens' calls on ${backend}`, () => {
    let t: TestServer;
    let buyer: Buyer;
    let a1: SignedClient;
    let a2: SignedClient;
    let admin: SignedClient;
    let supplier: SignedClient;
    const frames: Frame[] = [];
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      const shipped = await discoverModules(root);
      // The push module's API as a recorder (its websocket is another module's business).
      const push = defineModule({
        name: 'push',
        api: (): PushApi => ({
          async publish(userIds, type, data) {
            // Other modules publish too (messages: a "message" frame per new task); this file proves the task frames.
            if (type === 'task') frames.push({ userIds: [...userIds], type, data: data as Frame['data'] });
          },
          async publishEach(each) {
            for (const f of each) if (f.type === 'task') frames.push({ userIds: [f.userId], type: f.type, data: f.data as Frame['data'] });
          },
        }),
      });
      t = await startTestServer(backend, {}, { modules: [...shipped.filter((m) => m.name !== 'push'), push] });
      const [b, x, y, w, s] = await Promise.all([
        signIn(t.url, 'buyer01'),
        signIn(t.url, 'approver01'),
        signIn(t.url, 'approver02'),
        signIn(t.url, 'admin'),
        signIn(t.url, 'supplier01'),
      ]);
      [buyer, a1, a2, admin, supplier] = [new Buyer(b), x, y, w, s];
      Object.assign(ids, { buyer01: Number(b.session!.userId), approver01: Number(x.session!.userId), approver02: Number(y.session!.userId) });
    });
    afterAll(async () => t?.stop());

    it('a submit pushes "assigned" to the assignee; an approval pushes "closed" to them and "assigned" to the next', async () => {
      frames.length = 0;
      const r = await buyer.submitted(150_000);
      const first = await taskOf(a1, r);
      expect(frames).toEqual([{ userIds: [ids.approver01], type: 'task', data: { event: 'assigned', taskId: first.taskId } }]);
      frames.length = 0;
      expectOk(await a1.call(`${TASK}/doApprove`, { taskId: first.taskId }));
      const second = await taskOf(a2, r);
      expect(frames).toEqual([
        { userIds: [ids.approver01], type: 'task', data: { event: 'closed', taskId: first.taskId } },
        { userIds: [ids.approver02], type: 'task', data: { event: 'assigned', taskId: second.taskId } },
      ]);
      // A refused action pushes nothing.
      frames.length = 0;
      refused(await a1.call(`${TASK}/doApprove`, { taskId: first.taskId }));
      expect(frames).toEqual([]);
    });

    it('findDocumentProcess: state, where it is, the caller’s own task and the history; hidden from who may not see it', async () => {
      const r = await buyer.submitted(1_000);
      const task = await taskOf(a1, r);
      const mine = expectOk(await a1.call<Rec>(`${TASK}/findDocumentProcess`, { entity: 'srmPoRequisition', businessId: r.requisitionId }));
      expect(mine).toMatchObject({
        modelKey: 'PR_APPROVAL',
        state: 'RUNNING',
        currentNodes: '采购经理审批',
        approveAction: 'doApproval',
        rejectAction: 'doReject',
        myTask: { taskId: task.taskId, taskName: '采购经理审批' },
        openTasks: [{ taskId: task.taskId, nodeId: 'approve01', assigneeName: '李审批' }],
      });
      expect((mine.history as Rec[]).map((h) => h.action)).toEqual(['START']);
      const theirs = expectOk(await buyer.c.call<Rec>(`${TASK}/findDocumentProcess`, { entity: 'srmPoRequisition', businessId: r.requisitionId }));
      expect(theirs.myTask).toBeNull();
      // A comment leaves the task open and is in the history.
      refused(await a1.call(`${TASK}/doComment`, { taskId: task.taskId, comment: '  ' }));
      expectOk(await a1.call(`${TASK}/doComment`, { taskId: task.taskId, comment: '请补充报价单' }));
      const after = expectOk(await a1.call<Rec>(`${TASK}/findDocumentProcess`, { entity: 'srmPoRequisition', businessId: r.requisitionId }));
      expect((after.history as Rec[]).map((h) => [h.action, h.comment])).toEqual([
        ['START', null],
        ['COMMENT', '请补充报价单'],
      ]);
      expect(after.myTask).toMatchObject({ taskId: task.taskId });
      // A supplier user reads no requisition and has no part in the process.
      expect(expectOk(await supplier.call(`${TASK}/findDocumentProcess`, { entity: 'srmPoRequisition', businessId: r.requisitionId }))).toBeNull();
      refused(await supplier.call(`${TASK}/findInstanceDiagram`, { processInstanceId: task.processInstanceId }));
      refused(await a1.call(`${TASK}/findDocumentProcess`, { entity: 'noSuchEntity', businessId: 1 }));
    });

    it('findInstanceDiagram: the version’s XML with the open and the completed steps', async () => {
      const r = await buyer.submitted(120_000);
      const first = await taskOf(a1, r);
      expectOk(await a1.call(`${TASK}/doApprove`, { taskId: first.taskId }));
      const d = expectOk(await admin.call<Rec>(`${TASK}/findInstanceDiagram`, { processInstanceId: first.processInstanceId }));
      expect(d).toMatchObject({ state: 'RUNNING', activeNodes: ['approve02'], doneNodes: ['approve01'] });
      expect(String(d.bpmnXml)).toContain('<bpmn:process id="PR_APPROVAL"');
      // The initiator sees it too.
      expectOk(await buyer.c.call(`${TASK}/findInstanceDiagram`, { processInstanceId: first.processInstanceId }));
    });

    it('findTaskUsers: active internal users by name; doReassign: an administrator hands an open task to another', async () => {
      const users = expectOk(await a1.call<Rec[]>(`${TASK}/findTaskUsers`, { keyword: 'approver' }));
      expect(users.map((u) => u.userName)).toEqual(['approver01', 'approver02']);
      expect(expectOk(await a1.call<Rec[]>(`${TASK}/findTaskUsers`, { keyword: 'supplier' }))).toEqual([]);
      const r = await buyer.submitted(2_000);
      const task = await taskOf(a1, r);
      // Reassign is the monitoring's button: approver01 does not hold it.
      expect((await a1.call(`${INSTANCE}/doReassign`, { id: task.processInstanceId, taskId: task.taskId, userId: ids.approver02 })).status).toBe('E');
      frames.length = 0;
      const moved = expectOk(
        await admin.call<Rec>(`${INSTANCE}/doReassign`, { id: task.processInstanceId, taskId: task.taskId, userId: ids.approver02, comment: '李审批休假' }),
      );
      const now = await taskOf(a2, r);
      expect(now.taskId).toBe(moved.taskId);
      expect(frames.map((f) => [f.data.event, f.userIds[0]])).toEqual([
        ['closed', ids.approver01],
        ['assigned', ids.approver02],
      ]);
      const p = expectOk(await a2.call<Rec>(`${TASK}/findDocumentProcess`, { entity: 'srmPoRequisition', businessId: r.requisitionId }));
      expect((p.history as Rec[]).at(-1)).toMatchObject({ action: 'REASSIGN', comment: '→ 赵经理: 李审批休假' });
      expect(p.currentNodes).toBe('采购经理审批');
      // The same user again, or a task of another instance: refused.
      refused(await admin.call(`${INSTANCE}/doReassign`, { id: task.processInstanceId, taskId: moved.taskId, userId: ids.approver02 }));
      refused(await admin.call(`${INSTANCE}/doReassign`, { id: task.processInstanceId + 100_000, taskId: moved.taskId, userId: ids.approver01 }));
      expectOk(await a2.call(`${TASK}/doApprove`, { taskId: moved.taskId }));
      expect(await buyer.status(r.requisitionId)).toBe('APPROVED');
    });

    it('out of office: while approver01 has a delegation for today, their new tasks go to the delegate', async () => {
      const DELEGATE = 'bpmServer/v1/bpmDelegateRestful';
      const today = new Date().toISOString().slice(0, 10);
      refused(await admin.call(`${DELEGATE}/saveOrUpdate`, { userName: 'approver01', delegateUserName: 'approver01', startDate: today, endDate: today }));
      refused(await admin.call(`${DELEGATE}/saveOrUpdate`, { userName: 'approver01', delegateUserName: 'nobody_here', startDate: today, endDate: today }));
      refused(
        await admin.call(`${DELEGATE}/saveOrUpdate`, { userName: 'approver01', delegateUserName: 'approver02', startDate: today, endDate: '2000-01-01' }),
      );
      const d = expectOk(
        await admin.call<Rec>(`${DELEGATE}/saveOrUpdate`, {
          userName: 'approver01',
          delegateUserName: 'approver02',
          startDate: today,
          endDate: today,
          remark: '出差',
        }),
      );
      try {
        const r = await buyer.submitted(3_000);
        const task = await taskOf(a2, r);
        expect(task.taskName).toBe('采购经理审批');
        expect((await a1.call<Rec[]>(`${TASK}/findTodoTasks`, { params: { documentNumber: r.requisitionNumber } })).data).toEqual([]);
        expectOk(await a2.call(`${TASK}/doApprove`, { taskId: task.taskId }));
        expect(await buyer.status(r.requisitionId)).toBe('APPROVED');
      } finally {
        expectOk(await admin.call(`${DELEGATE}/saveOrUpdate`, { ...d, enabledFlag: 'N' }));
      }
      // Switched off: approver01's own again.
      const r2 = await buyer.submitted(3_000);
      await taskOf(a1, r2);
    });

    it('findConditionFields: the bound documents’ fields, for holders of the models menu', async () => {
      const fields = expectOk(await admin.call<string[]>(`${TASK}/findConditionFields`, { modelKey: 'PR_APPROVAL' }));
      expect(fields).toEqual(expect.arrayContaining(['title', 'status', 'currencyCode', 'requestDate']));
      expect((await a1.call(`${TASK}/findConditionFields`, { modelKey: 'PR_APPROVAL' })).status).toBe('E');
    });
  });
}
