// The demo process PR_APPROVAL over the real API (CONTRACT.md "Workflow"): the demo instances, routing by
// the requisition's total in CNY, approval only at the last task, the document's own approve/reject refused
// while the process runs, and the task centre's lists and URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import { BINDING, Buyer, INSTANCE, PR, TASK, noTaskOf, taskOf } from './helpers.js';

for (const backend of await backends()) {
  describe(`PR_APPROVAL on ${backend}`, () => {
    let t: TestServer;
    let buyer: Buyer;
    let a1: SignedClient;
    let a2: SignedClient;
    let a1th: SignedClient;
    let admin: SignedClient;

    beforeAll(async () => {
      t = await startTestServer(backend);
      const [b, x, y, z, w] = await Promise.all([
        signIn(t.url, 'buyer01'),
        signIn(t.url, 'approver01'),
        signIn(t.url, 'approver02'),
        signIn(t.url, 'approver01', 'TH'),
        signIn(t.url, 'admin'),
      ]);
      [buyer, a1, a2, a1th, admin] = [new Buyer(b), x, y, z, w];
      // The demo ships the binding switched on (approvers act from their to-do list: seed/demo.ts).
      const bindings = expectOk(await admin.call<Rec[]>(`${BINDING}/listByPage`, { params: { entityName: 'srmPoRequisition' }, pageRows: 100 }));
      expect(bindings.map((x) => [x.modelKey, x.enabledFlag])).toEqual([['PR_APPROVAL', 'Y']]);
    });

    it('the demo holds the processes of the submitted and decided requisitions: running, completed and rejected instances', async () => {
      const all = expectOk(await admin.call<Rec[]>(`${INSTANCE}/listByPage`, { params: { modelKey: 'PR_APPROVAL' }, pageRows: 50 }));
      const demo = all.filter((i) => String(i.documentNumber).startsWith('PR-2026-0000'));
      expect(new Set(demo.map((i) => i.state))).toEqual(new Set(['RUNNING', 'COMPLETED', 'REJECTED']));
      expect(demo.filter((i) => i.state === 'RUNNING').map((i) => [i.documentNumber, i.currentNodes])).toEqual(
        expect.arrayContaining([
          ['PR-2026-000002', '采购经理审批'],
          ['PR-2026-000007', '财务总监审批'],
        ]),
      );
      const a1Tasks = expectOk(await a1.call<Rec[]>(`${TASK}/findTodoTasks`, { params: { documentNumber: 'PR-2026-000002' } }));
      expect(a1Tasks).toMatchObject([{ taskName: '采购经理审批', title: 'Q4 电子元器件备货', initiatorName: '张采购' }]);
      const a2Tasks = expectOk(await a2.call<Rec[]>(`${TASK}/findTodoTasks`, { params: { documentNumber: 'PR-2026-000007' } }));
      expect(a2Tasks).toMatchObject([{ taskName: '财务总监审批', title: 'Packaging for Thailand plant' }]);
    });
    afterAll(async () => t?.stop());

    it('a requisition of at most 100,000 CNY goes to approver01 only and is approved by that one task', async () => {
      const r = await buyer.submitted(100_000);
      expect(await buyer.status(r.requisitionId)).toBe('SUBMITTED');
      const task = await taskOf(a1, r);
      expect(task).toMatchObject({ entity: 'srmPoRequisition', documentNumber: r.requisitionNumber, title: r.title, initiatorName: '张采购' });
      expect(task.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      await noTaskOf(a2, r);
      expect(expectOk(await a1.call(`${TASK}/doApprove`, { taskId: task.taskId, comment: 'OK' }))).toEqual({ instanceState: 'COMPLETED' });
      expect(await buyer.status(r.requisitionId)).toBe('APPROVED');
      await noTaskOf(a1, r);
      await noTaskOf(a2, r);
    });

    it('one above 100,000 CNY goes to approver01, then approver02; approved only when the last task is approved', async () => {
      const r = await buyer.submitted(100_000.1);
      expectOk(await a1.call(`${TASK}/doApprove`, { taskId: (await taskOf(a1, r)).taskId, comment: '同意' }));
      expect(await buyer.status(r.requisitionId)).toBe('SUBMITTED');
      const second = await taskOf(a2, r);
      expect(second.taskName).toBe('财务总监审批');
      const mine = expectOk(await buyer.c.call<Rec[]>(`${TASK}/findBpmLists`, { params: { documentNumber: r.requisitionNumber } }));
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ state: 'RUNNING', currentNodes: '财务总监审批', modelKey: 'PR_APPROVAL', version: 1 });
      expectOk(await a2.call(`${TASK}/doApprove`, { taskId: second.taskId }));
      expect(await buyer.status(r.requisitionId)).toBe('APPROVED');
      const done = expectOk(await a1.call<Rec[]>(`${TASK}/findHistoricTasks`, { params: { documentNumber: r.requisitionNumber } }));
      expect(done).toMatchObject([{ result: 'APPROVED', comment: '同意', instanceState: 'COMPLETED' }]);
    });

    it('a USD requisition is compared in CNY at the rate of its request date', async () => {
      const d = await buyer.draft(15_000);
      const usd = expectOk(await buyer.c.call<Rec>(`${PR}/findById`, { id: d.requisitionId }));
      const saved = expectOk(await buyer.c.call<Rec>(`${PR}/saveOrUpdate`, { ...usd, currencyCode: 'USD' }));
      const r = await buyer.submit(saved as never);
      // 15,000 USD × ~7.1 > 100,000 CNY.
      expectOk(await a1.call(`${TASK}/doApprove`, { taskId: (await taskOf(a1, r)).taskId }));
      await taskOf(a2, r);
    });

    it('while the process runs, the requisition’s own approve and reject are refused with nothing changed', async () => {
      const r = await buyer.submitted(500);
      expectRefusal(
        await a1.call(`${PR}/doApproval`, { id: r.requisitionId }),
        200,
        'This document is in an approval process: approving and rejecting are run by the process; act on it from your to-do list',
      );
      expectRefusal(await a1th.call(`${PR}/doReject`, { id: r.requisitionId }), 200, /^เอกสารนี้อยู่ในกระบวนการอนุมัติ/);
      expect(await buyer.status(r.requisitionId)).toBe('SUBMITTED');
      await taskOf(a1, r);
    });

    it('getTaskUrl opens the requisition in view mode, for the assignee only', async () => {
      const r = await buyer.submitted(800);
      const task = await taskOf(a1, r);
      const url = expectOk(await a1.call<Rec>(`${TASK}/getTaskUrl`, { taskId: task.taskId }));
      expect(url).toEqual({
        route: '/main/order/requisitionEdit',
        query: { id: String(r.requisitionId), mode: 'view', taskId: String(task.taskId), processInstanceId: String(task.processInstanceId) },
      });
      expectRefusal(await a2.call(`${TASK}/getTaskUrl`, { taskId: task.taskId }), 200, 'The task does not exist');
    });
  });
}
