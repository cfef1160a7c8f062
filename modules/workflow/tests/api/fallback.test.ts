// The model's fallback assignee: a step whose rule resolves to nobody goes to the fallback user, the
// instance is flagged FALLBACK with the step and rule as the reason (monitoring lists and filters it), the
// fallback's approval is a real one (never automatic); an unknown fallback is refused on save, and a model
// without a usable fallback still refuses the submit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';
import { Buyer, INSTANCE, MODEL, TASK, bindRequisitions, bpmn, flow, taskOf, userTask } from './helpers.js';

for (const backend of await backends()) {
  describe(`fallback assignee on ${backend}`, () => {
    let t: TestServer;
    let buyer: Buyer;
    let a2: SignedClient;
    let admin: SignedClient;

    beforeAll(async () => {
      t = await startTestServer(backend);
      const [b, y, w] = await Promise.all([signIn(t.url, 'buyer01'), signIn(t.url, 'approver02'), signIn(t.url, 'admin')]);
      [buyer, a2, admin] = [new Buyer(b), y, w];
    });
    afterAll(async () => t?.stop());

    it('a step with nobody to assign goes to the fallback, flagged in monitoring, and is approved only by them', async () => {
      const empty = uniq('EMPTY').replace('-', '_');
      expectOk(await admin.call('baseServer/v1/baseResponsibilityRestful/saveOrUpdate', { respCode: empty, respName: empty, userType: 'INTERNAL' }));
      const xml = bpmn(
        'FB',
        `<bpmn:startEvent id="s"/>${flow('f1', 's', 't')}${userTask('t', '空岗', 'role', empty)}${flow('f2', 't', 'e')}<bpmn:endEvent id="e"/>`,
      );
      const key = uniq('FB').replace('-', '_');
      expectRefusal(
        await admin.call(`${MODEL}/saveOrUpdate`, { modelKey: key, modelName: key, bpmnXml: xml, fallbackAssignee: 'no_such_user' }),
        200,
        'User no_such_user does not exist',
      );
      const m = expectOk(await admin.call<Rec>(`${MODEL}/saveOrUpdate`, { modelKey: key, modelName: key, bpmnXml: xml, fallbackAssignee: 'approver02' }));
      expectOk(await admin.call(`${MODEL}/doPublish`, { id: m.modelId }));
      await bindRequisitions(admin, key);

      const r = await buyer.submitted(10);
      expect(await buyer.status(r.requisitionId)).toBe('SUBMITTED');
      const task = await taskOf(a2, r);
      const flagged = expectOk(await admin.call<Rec[]>(`${INSTANCE}/listByPage`, { params: { modelKey: key, flag: 'FALLBACK' } }));
      expect(flagged.map((i) => [i.businessId, i.documentNumber])).toEqual([[r.requisitionId, r.requisitionNumber]]);
      const [inst] = flagged;
      expect(inst).toMatchObject({ state: 'RUNNING', flag: 'FALLBACK', flagReason: `空岗 (role: ${empty}) → 赵经理` });
      const view = expectOk(await admin.call<Rec & { history: Rec[] }>(`${INSTANCE}/findById`, { id: inst.instanceId }));
      expect(view.history.map((h) => h.action)).toContain('FALLBACK');
      // Not approved by itself: the document waits for the fallback's decision.
      expect(await buyer.status(r.requisitionId)).toBe('SUBMITTED');
      expect(expectOk(await a2.call<Rec>(`${TASK}/doApprove`, { taskId: task.taskId })).instanceState).toBe('COMPLETED');
      expect(await buyer.status(r.requisitionId)).toBe('APPROVED');

      // A fallback who may not sign in is no fallback: the submit is refused, nothing changes.
      expectOk(
        await admin.call(`${MODEL}/saveOrUpdate`, { ...m, ...expectOk(await admin.call<Rec>(`${MODEL}/findById`, { id: m.modelId })), fallbackAssignee: '' }),
      );
      const d = await buyer.draft(10);
      expectRefusal(await buyer.c.call('srmServer/v1/srmPoRequisitionRestful/doSubmit', { id: d.requisitionId }), 200, /^Nobody can be assigned to step 空岗/);
      expect(await buyer.status(d.requisitionId)).toBe('DRAFT');
    });
  });
}
