// Assignee rules answered by other modules' resolvers: "deptHead" (the organisation: the initiator's
// employee → department → head, up the tree past a department without a head or headed by the initiator)
// and "groupLeader" (base data: the leader of the purchase group in the document field the task names).
// Nobody found → the model's fallback, flagged in monitoring. The heads and leaders are edited on their screens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';
import { DEPARTMENT, EMPLOYEE } from '../../../../tests/support/orgHelpers.js';
import { Buyer, INSTANCE, MODEL, TASK, bindRequisitions, bpmn, flow, noTaskOf, taskOf, userTask } from './helpers.js';

const USERS = 'baseServer/v1/baseUsersRestful';
const GROUP = 'srmServer/v1/srmBasePurchaseGroupRestful';

for (const backend of await backends()) {
  describe(`department head and purchase-group leader on ${backend}`, () => {
    let t: TestServer;
    let buyer: Buyer;
    let a1: SignedClient;
    let a2: SignedClient;
    let admin: SignedClient;

    /** The one row whose fields equal `params` (the list's code filters match by "like"). */
    const one = async (path: string, params: Rec) => {
      const found = expectOk(await admin.call<Rec[]>(`${path}/listByPage`, { params, pageRows: 10 }));
      const rows = found.filter((r) => Object.entries(params).every(([k, v]) => r[k] === v));
      expect(rows, `${path} ${JSON.stringify(params)}`).toHaveLength(1);
      return rows[0];
    };
    const userId = async (name: string) => (await one(USERS, { userName: name })).userId as number;
    /** A published one-step model whose step has the rule; approver01 is the fallback. Returns its key. */
    const publish = async (type: string, value: string) => {
      const xml = bpmn(
        'RULE',
        `<bpmn:startEvent id="s"/>${flow('f1', 's', 't')}${userTask('t', '规则审批', type, value)}${flow('f2', 't', 'e')}<bpmn:endEvent id="e"/>`,
      );
      const key = uniq('R').replace('-', '_');
      const m = expectOk(await admin.call<Rec>(`${MODEL}/saveOrUpdate`, { modelKey: key, modelName: key, bpmnXml: xml, fallbackAssignee: 'approver01' }));
      expectOk(await admin.call(`${MODEL}/doPublish`, { id: m.modelId }));
      return key;
    };
    const flagOf = async (key: string, businessId: number) => {
      const rows = expectOk(await admin.call<Rec[]>(`${INSTANCE}/listByPage`, { params: { modelKey: key }, pageRows: 50 }));
      return rows.find((r) => r.businessId === businessId)?.flag ?? null;
    };

    beforeAll(async () => {
      t = await startTestServer(backend);
      const [b, x, y, w] = await Promise.all([signIn(t.url, 'buyer01'), signIn(t.url, 'approver01'), signIn(t.url, 'approver02'), signIn(t.url, 'admin')]);
      [buyer, a1, a2, admin] = [new Buyer(b), x, y, w];
    });
    afterAll(async () => t?.stop());

    it("routes a requisition to the head of the initiator's department, then up the tree", async () => {
      // Demo: buyer01 (张采购) works in 采购部 D-PUR, headed by approver01 (李审批).
      const pur = await one(DEPARTMENT, { departmentCode: 'D-PUR' });
      expect(pur.headUserId).toBe(await userId('approver01'));
      const key = await publish('deptHead', '');
      await bindRequisitions(admin, key);
      const r = await buyer.submitted(10);
      await noTaskOf(a2, r);
      expect(expectOk(await a1.call<Rec>(`${TASK}/doApprove`, { taskId: (await taskOf(a1, r)).taskId })).instanceState).toBe('COMPLETED');
      expect(await buyer.status(r.requisitionId)).toBe('APPROVED');
      expect(await flagOf(key, r.requisitionId)).toBeNull();

      // The head is set on the department's edit screen: approver02 now heads 采购部.
      expectOk(await admin.call(`${DEPARTMENT}/saveOrUpdate`, { ...pur, headUserId: await userId('approver02') }));
      const r2 = await buyer.submitted(10);
      await noTaskOf(a1, r2);
      await taskOf(a2, r2);

      // buyer01 moves to 寻源组 D-PUR-SRC, which has no head: its parent 采购部's head takes the step.
      const src = await one(DEPARTMENT, { departmentCode: 'D-PUR-SRC' });
      expect(src.headUserId ?? null).toBeNull();
      const employee = await one(EMPLOYEE, { employeeNumber: 'E0001' });
      expectOk(await admin.call(`${EMPLOYEE}/saveOrUpdate`, { ...employee, departmentId: src.departmentId }));
      const r3 = await buyer.submitted(10);
      await taskOf(a2, r3);

      // A department headed by the initiator hands over to its parent; with none above, nobody is found:
      // the fallback (approver01) gets the step and monitoring flags it.
      const purNow = await one(DEPARTMENT, { departmentCode: 'D-PUR' });
      expectOk(await admin.call(`${DEPARTMENT}/saveOrUpdate`, { ...purNow, headUserId: await userId('buyer01') }));
      const r4 = await buyer.submitted(10);
      await noTaskOf(a2, r4);
      await taskOf(a1, r4);
      expect(await flagOf(key, r4.requisitionId)).toBe('FALLBACK');
    });

    it("routes a requisition to the leader of the document's purchase group", async () => {
      // Demo: G01 生产物料采购组 is led by approver02 (赵经理), G02 间接物料采购组 by approver01 (李审批).
      const g01 = await one(GROUP, { groupCode: 'G01' });
      const g02 = await one(GROUP, { groupCode: 'G02' });
      expect([g01.leaderUserId, g02.leaderUserId]).toEqual([await userId('approver02'), await userId('approver01')]);
      const key = await publish('groupLeader', 'purchaseGroupId');
      await bindRequisitions(admin, key);

      const r1 = await buyer.submit(await buyer.draft(10, uniq('WF'), { purchaseGroupId: g01.groupId }));
      await noTaskOf(a1, r1);
      expect(expectOk(await a2.call<Rec>(`${TASK}/doApprove`, { taskId: (await taskOf(a2, r1)).taskId })).instanceState).toBe('COMPLETED');
      expect(await buyer.status(r1.requisitionId)).toBe('APPROVED');
      expect(await flagOf(key, r1.requisitionId)).toBeNull();

      const r2 = await buyer.submit(await buyer.draft(10, uniq('WF'), { purchaseGroupId: g02.groupId }));
      await noTaskOf(a2, r2);
      await taskOf(a1, r2);
      expect(await flagOf(key, r2.requisitionId)).toBeNull();

      // No purchase group on the document: nobody found, the fallback takes it, flagged.
      const r3 = await buyer.submitted(10);
      await taskOf(a1, r3);
      expect(await flagOf(key, r3.requisitionId)).toBe('FALLBACK');

      // The leader is set on the group's edit screen: with none, G01's documents go to the fallback too.
      expectOk(await admin.call(`${GROUP}/saveOrUpdate`, { ...g01, leaderUserId: null }));
      const r4 = await buyer.submit(await buyer.draft(10, uniq('WF'), { purchaseGroupId: g01.groupId }));
      await noTaskOf(a2, r4);
      await taskOf(a1, r4);
      expect(await flagOf(key, r4.requisitionId)).toBe('FALLBACK');
    });
  });
}
