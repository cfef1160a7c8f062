// Service tasks and compensation (transactionCompen). requisition.checkBudget is the real operation the
// requisition module registers: within budget it marks the requisition and the flow goes on; over budget
// the step is parked FAILED (no task, instance still running, the document untouched) and a retry fails
// again with the same reason. A test operation registered here writes to the requisition and then fails
// while `failing` is set: its write is rolled back with it; once it works, Retry goes on (RETRIED). Skip
// needs a reason (SKIPPED). Each is in the history; a resolved row is not resolved twice; publishing
// refuses a service task without a registered operation or with bad parameters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';
import { Buyer, INSTANCE, MODEL, PR, bindRequisitions, bpmn, flow, noTaskOf, publishModel, taskOf, userTask, type Requisition } from './helpers.js';
import type { WorkflowApi } from '../../api.js';

const COMPEN = 'bpmServer/v1/bpmCompensationRestful';
const service = (id: string, op: string, params: object | null) =>
  `<bpmn:serviceTask id="${id}" name="服务 ${id}" srm:operation="${op}" ${params ? `srm:params='${JSON.stringify(params)}'` : ''}/>`;
const model = (key: string, op: string, params: object | null) =>
  bpmn(
    key,
    `<bpmn:startEvent id="s"/>${flow('f1', 's', 'svc')}${service('svc', op, params)}${flow('f2', 'svc', 't')}${userTask('t', '审批', 'user', 'approver01')}${flow('f3', 't', 'e')}<bpmn:endEvent id="e"/>`,
  );

for (const backend of await backends()) {
  describe(`service tasks and compensation on ${backend}`, () => {
    let t: TestServer;
    let buyer: Buyer;
    let a1: SignedClient;
    let admin: SignedClient;
    let failing = true;
    const opName = `wftest.stamp${Math.random().toString(36).slice(2, 8)}`;

    beforeAll(async () => {
      t = await startTestServer(backend);
      const [b, x, w] = await Promise.all([signIn(t.url, 'buyer01'), signIn(t.url, 'approver01'), signIn(t.url, 'admin')]);
      [buyer, a1, admin] = [new Buyer(b), x, w];
      t.app.ctx.modules.api<WorkflowApi>('workflow').registerServiceOperation({
        name: opName,
        label: { CN: '测试盖章', EN: 'Test stamp', TH: 'ทดสอบ', VN: 'Thử' },
        params: { text: { type: 'string', required: true, label: { CN: '文字', EN: 'Text', TH: 'ข้อความ', VN: 'Chữ' } } },
        entities: ['srmPoRequisition'],
        async run(db, call) {
          await sql`update srm_po_requisition set description = ${String(call.params.text)} where requisition_id = ${call.businessId}`.execute(db);
          if (failing) throw new Error('downstream system unavailable');
        },
      });
    });
    afterAll(async () => t?.stop());

    const rowsOf = async (r: Requisition) =>
      expectOk(await admin.call<Rec[]>(`${COMPEN}/listByPage`, { params: { documentNumber: r.requisitionNumber }, pageRows: 20 }));
    const instanceOf = async (r: Requisition) => {
      const [inst] = expectOk(await admin.call<Rec[]>(`${INSTANCE}/listByPage`, { params: { documentNumber: r.requisitionNumber } }));
      return expectOk(await admin.call<Rec & { history: Rec[] }>(`${INSTANCE}/findById`, { id: inst.instanceId }));
    };
    const document = async (r: Requisition) => expectOk(await buyer.c.call<Rec>(`${PR}/findById`, { id: r.requisitionId }));

    it('within budget: the requisition is marked and the flow goes on to the approver', async () => {
      await bindRequisitions(admin, await publishModel(admin, model('SVC_OK', 'requisition.checkBudget', { maxAmountCny: 1000 })));
      const r = await buyer.submitted(500);
      await taskOf(a1, r);
      expect((await document(r)).budgetChecked).toBe('Y');
      expect(await rowsOf(r)).toEqual([]);
      expect((await instanceOf(r)).history.map((h) => h.action)).toEqual(expect.arrayContaining(['START', 'SERVICE']));
    });

    it('over budget: parked FAILED with the reason, nothing lost; a retry fails again and counts the attempt', async () => {
      await bindRequisitions(admin, await publishModel(admin, model('SVC_OVER', 'requisition.checkBudget', { maxAmountCny: 1000 })));
      const r = await buyer.submitted(5000);
      await noTaskOf(a1, r);
      expect(await buyer.status(r.requisitionId)).toBe('SUBMITTED');
      expect((await document(r)).budgetChecked).toBe('N');
      const inst = await instanceOf(r);
      expect([inst.state, inst.currentNodes]).toEqual(['RUNNING', '服务 svc']);
      const [row] = await rowsOf(r);
      expect(row).toMatchObject({ state: 'FAILED', operation: 'requisition.checkBudget', attempts: 1, nodeName: '服务 svc' });
      // Kept in the four languages; the screen shows the reader's.
      const reason = JSON.parse(String(row.errorMessage)) as Record<string, string>;
      expect(Object.keys(reason)).toEqual(['CN', 'EN', 'TH', 'VN']);
      expect(reason.EN).toBe("The requisition's total 5000.00 CNY exceeds the budget of 1000.00 CNY");
      expect(reason.TH).toMatch(/5000\.00 CNY เกินงบประมาณ 1000\.00 CNY/);
      expectRefusal(await admin.call(`${COMPEN}/doRetry`, { id: row.compensationId }), 200, /retry failed again: .*5000\.00 CNY/);
      expect((await rowsOf(r))[0]).toMatchObject({ state: 'FAILED', attempts: 2 });
      await noTaskOf(a1, r);
    });

    it('a failed operation leaves nothing written; once it works, Retry goes on and the process completes', async () => {
      failing = true;
      await bindRequisitions(admin, await publishModel(admin, model('SVC_STAMP', opName, { text: 'stamped by process' })));
      const r = await buyer.submitted(100);
      const [row] = await rowsOf(r);
      expect(row).toMatchObject({ state: 'FAILED', errorMessage: 'downstream system unavailable' });
      expect((await document(r)).description ?? null).not.toBe('stamped by process');
      failing = false;
      expect(expectOk(await admin.call<Rec>(`${COMPEN}/doRetry`, { id: row.compensationId })).state).toBe('RETRIED');
      expect((await rowsOf(r))[0]).toMatchObject({ state: 'RETRIED', attempts: 2, resolvedBy: expect.any(String) });
      expect((await document(r)).description).toBe('stamped by process');
      const task = await taskOf(a1, r);
      expectRefusal(await admin.call(`${COMPEN}/doRetry`, { id: row.compensationId }), 200, /already handled/);
      expect(expectOk(await a1.call<Rec>('bpmServer/v1/bpmTaskRestful/doApprove', { taskId: task.taskId })).instanceState).toBe('COMPLETED');
      expect(await buyer.status(r.requisitionId)).toBe('APPROVED');
      expect((await instanceOf(r)).history.map((h) => h.action)).toEqual(['START', 'SERVICE_FAILED', 'SERVICE_RETRY', 'APPROVE', 'END']);
    });

    it('Skip needs a reason, goes on without the operation and records the reason', async () => {
      await bindRequisitions(admin, await publishModel(admin, model('SVC_SKIP', 'requisition.checkBudget', { maxAmountCny: 10 })));
      const r = await buyer.submitted(900);
      const [row] = await rowsOf(r);
      expectRefusal(await admin.call(`${COMPEN}/doSkip`, { id: row.compensationId, reason: '  ' }), 200, 'Give the reason for skipping');
      const reason = uniq('budget approved by finance');
      expect(expectOk(await admin.call<Rec>(`${COMPEN}/doSkip`, { id: row.compensationId, reason })).state).toBe('SKIPPED');
      expect((await rowsOf(r))[0]).toMatchObject({ state: 'SKIPPED', skipReason: reason });
      expect((await document(r)).budgetChecked).toBe('N');
      await taskOf(a1, r);
      const skip = (await instanceOf(r)).history.find((h) => h.action === 'SERVICE_SKIP');
      expect(skip?.comment).toBe(reason);
      expectRefusal(await admin.call(`${COMPEN}/doSkip`, { id: row.compensationId, reason }), 200, /already handled/);
    });

    it('only an administrator resolves compensation rows', async () => {
      const [row] = expectOk(await admin.call<Rec[]>(`${COMPEN}/listByPage`, { params: { state: 'FAILED' }, pageRows: 1 }));
      const answer = await buyer.c.call(`${COMPEN}/doSkip`, { id: row.compensationId, reason: 'x' });
      expect(answer.status).toBe('E');
      expect((await admin.call<Rec>(`${COMPEN}/findById`, { id: row.compensationId })).data).toMatchObject({ state: 'FAILED' });
    });

    it('publishing refuses a service task without an operation, an unknown one, or bad parameters', async () => {
      const refusedWith = async (xml: string, msg: RegExp) => {
        const m = expectOk(await admin.call<Rec>(`${MODEL}/saveOrUpdate`, { modelKey: uniq('SV').replace('-', '_'), modelName: 'x', bpmnXml: xml }));
        expectRefusal(await admin.call(`${MODEL}/doPublish`, { id: m.modelId }), 200, msg);
      };
      await refusedWith(model('SV1', '', null), /has no operation/);
      await refusedWith(model('SV2', 'nobody.doesThis', null), /nobody\.doesThis does not exist/);
      await refusedWith(model('SV3', 'requisition.checkBudget', {}), /parameter maxAmountCny is required/);
      await refusedWith(model('SV4', 'requisition.checkBudget', { maxAmountCny: 'lots' }), /maxAmountCny must be a number/);
      await refusedWith(model('SV5', 'requisition.checkBudget', { maxAmountCny: 1, extra: 1 }), /no parameter extra/);
    });
  });
}
