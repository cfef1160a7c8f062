// Process roles: the demo roles, a role saved with its members (an unknown member refused in the language
// asked), a step with assignee rule "processRole" going to the enabled role's members, a disabled role
// resolving to nobody, and publish refusing an unknown role code. Positions (the organisation's allotments) too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';
import { Buyer, MODEL, TASK, bindRequisitions, bpmn, flow, noTaskOf, publishModel, taskOf, userTask } from './helpers.js';

const ROLE = 'bpmServer/v1/bpmProcessRoleRestful';

for (const backend of await backends()) {
  describe(`process roles on ${backend}`, () => {
    let t: TestServer;
    let buyer: Buyer;
    let a1: SignedClient;
    let a2: SignedClient;
    let admin: SignedClient;
    let adminTh: SignedClient;

    beforeAll(async () => {
      t = await startTestServer(backend);
      const [b, x, y, w, wt] = await Promise.all([
        signIn(t.url, 'buyer01'),
        signIn(t.url, 'approver01'),
        signIn(t.url, 'approver02'),
        signIn(t.url, 'admin'),
        signIn(t.url, 'admin', 'TH'),
      ]);
      [buyer, a1, a2, admin, adminTh] = [new Buyer(b), x, y, w, wt];
    });
    afterAll(async () => t?.stop());

    it('demo roles, enabled and disabled, with their members', async () => {
      const roles = expectOk(await admin.call<Rec[]>(`${ROLE}/listByPage`, { params: {}, pageRows: 50 }));
      expect(roles.map((r) => [r.roleCode, r.enabledFlag]).sort()).toEqual([
        ['FINANCE_REVIEW', 'Y'],
        ['LEGAL_REVIEW', 'N'],
        ['PURCHASE_DIRECTOR', 'Y'],
      ]);
      const fin = expectOk(await admin.call<Rec & { members: Rec[] }>(`${ROLE}/findById`, { id: roles.find((r) => r.roleCode === 'FINANCE_REVIEW')!.roleId }));
      expect(fin.members.map((m) => m.userName).sort()).toEqual(['approver01', 'approver02']);
      // Buyers do not administer process roles.
      expect((await buyer.c.call(`${ROLE}/listByPage`, { params: {} })).status).toBe('E');
    });

    it('a step for a process role goes to its members; a disabled role has nobody; unknown codes and members are refused', async () => {
      const code = uniq('PR').replace('-', '_');
      expectRefusal(
        await adminTh.call(`${ROLE}/saveOrUpdate`, { roleCode: code, roleName: code, members: [{ userName: 'ghost_user' }] }),
        200,
        'สมาชิกบทบาทกระบวนการ ghost_user ไม่ใช่ผู้ใช้ที่มีอยู่',
      );
      expect(expectOk(await admin.call<Rec[]>(`${ROLE}/listByPage`, { params: { roleCode: code } }))).toEqual([]);
      const role = expectOk(await admin.call<Rec>(`${ROLE}/saveOrUpdate`, { roleCode: code, roleName: code, members: [{ userName: 'approver02' }] }));

      const xml = (c: string) =>
        bpmn(
          'ROLE',
          `<bpmn:startEvent id="s"/>${flow('f1', 's', 't')}${userTask('t', '角色审批', 'processRole', c)}${flow('f2', 't', 'e')}<bpmn:endEvent id="e"/>`,
        );
      const m = expectOk(
        await admin.call<Rec>(`${MODEL}/saveOrUpdate`, { modelKey: uniq('R').replace('-', '_'), modelName: 'r', bpmnXml: xml('NO_SUCH_ROLE') }),
      );
      const refused = await admin.call<{ elementId: string; reason: string }[]>(`${MODEL}/doPublish`, { id: m.modelId });
      expectRefusal(refused, 200, /^The model cannot be published: /);
      expect(refused.data).toEqual([{ elementId: 't', reason: 'Process role NO_SUCH_ROLE does not exist' }]);

      await bindRequisitions(admin, await publishModel(admin, xml(code)));
      const r = await buyer.submitted(10);
      await noTaskOf(a1, r);
      expect(expectOk(await a2.call<Rec>(`${TASK}/doApprove`, { taskId: (await taskOf(a2, r)).taskId })).instanceState).toBe('COMPLETED');
      expect(await buyer.status(r.requisitionId)).toBe('APPROVED');

      // Disabled: nobody to assign, so the submit is refused (the model has no fallback).
      expectOk(await admin.call(`${ROLE}/saveOrUpdate`, { ...role, enabledFlag: 'N' }));
      const d = await buyer.draft(10);
      expectRefusal(
        await buyer.c.call('srmServer/v1/srmPoRequisitionRestful/doSubmit', { id: d.requisitionId }),
        200,
        /^Nobody can be assigned to step 角色审批/,
      );
    });

    it('a step for a position goes to the users of the employees allotted to it today; unknown codes are refused in Thai', async () => {
      const xml = (c: string) =>
        bpmn(
          'POS',
          `<bpmn:startEvent id="s"/>${flow('f1', 's', 't')}${userTask('t', '岗位审批', 'position', c)}${flow('f2', 't', 'e')}<bpmn:endEvent id="e"/>`,
        );
      const m = expectOk(
        await admin.call<Rec>(`${MODEL}/saveOrUpdate`, { modelKey: uniq('P').replace('-', '_'), modelName: 'p', bpmnXml: xml('NO_SUCH_POS') }),
      );
      const refused = await adminTh.call<{ elementId: string; reason: string }[]>(`${MODEL}/doPublish`, { id: m.modelId });
      expect(refused.status).toBe('E');
      expect(refused.data).toEqual([{ elementId: 't', reason: 'ไม่มีตำแหน่ง NO_SUCH_POS หรือถูกปิดใช้งาน' }]);

      // Demo: P-PUR-BUYER is held by 李审批 (approver01) and 刘寻源 (no user); approver02 holds none.
      await bindRequisitions(admin, await publishModel(admin, xml('P-PUR-BUYER')));
      const r = await buyer.submitted(10);
      await noTaskOf(a2, r);
      expect(expectOk(await a1.call<Rec>(`${TASK}/doApprove`, { taskId: (await taskOf(a1, r)).taskId })).instanceState).toBe('COMPLETED');
      expect(await buyer.status(r.requisitionId)).toBe('APPROVED');

      // P-TH-BUYER is held only by an employee without a user: nobody to assign, the submit is refused.
      await bindRequisitions(admin, await publishModel(admin, xml('P-TH-BUYER')));
      const d = await buyer.draft(10);
      expectRefusal(
        await buyer.c.call('srmServer/v1/srmPoRequisitionRestful/doSubmit', { id: d.requisitionId }),
        200,
        /^Nobody can be assigned to step 岗位审批/,
      );
    });
  });
}
