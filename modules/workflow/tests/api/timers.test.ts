// Boundary timers (escalation) with a controllable clock: BPM_ESCALATE is submitted through the scheduler
// with `asOf` hours ahead. A timer without an outgoing flow hands the step's task to srm:escalateTo; one with
// a flow leaves the step along it (the task cancelled). Each fires exactly once (a second run, and two runs
// at once, change nothing more); a timer whose step was decided first is cancelled, not fired; publishing
// refuses a timer without a duration or target.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';
import { Buyer, INSTANCE, MODEL, TASK, bindRequisitions, bpmn, flow, noTaskOf, publishModel, taskOf, userTask } from './helpers.js';

const REQUESTS = 'schedule/v1/scheduleRequestRestful';
const timer = (id: string, on: string, duration: string, extra = '') =>
  `<bpmn:boundaryEvent id="${id}" attachedToRef="${on}" ${extra}><bpmn:timerEventDefinition><bpmn:timeDuration xsi:type="bpmn:tFormalExpression">${duration}</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent>`;

const reassigning = bpmn(
  'ESC',
  `<bpmn:startEvent id="s"/>${flow('f1', 's', 't')}${userTask('t', '审批', 'user', 'approver01')}${flow('f2', 't', 'e')}<bpmn:endEvent id="e"/>
   ${timer('late', 't', 'PT2H', 'srm:escalateTo="approver02"')}`,
);
const leaving = bpmn(
  'ESC2',
  `<bpmn:startEvent id="s"/>${flow('f1', 's', 't')}${userTask('t', '审批', 'user', 'approver01')}${flow('f2', 't', 'e')}<bpmn:endEvent id="e"/>
   ${timer('late', 't', 'P1D')}${flow('f3', 'late', 'boss')}${userTask('boss', '超时上报', 'user', 'approver02')}${flow('f4', 'boss', 'e2')}<bpmn:endEvent id="e2"/>`,
);

/** UTC text `hours` from now, as the scheduler's and the audit columns' times are written. */
const later = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

for (const backend of await backends()) {
  describe(`boundary timers on ${backend}`, () => {
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

    /** Runs BPM_ESCALATE as of `asOf` and waits for it; answers its run's output. */
    const escalate = async (asOf: string): Promise<string> => {
      const r = expectOk(await admin.call<Rec>(`${REQUESTS}/doSubmit`, { programCode: 'BPM_ESCALATE', params: { asOf } }));
      await expect
        .poll(async () => expectOk(await admin.call<Rec>(`${REQUESTS}/findById`, { id: r.requestId })).requestStatus, { timeout: 15000, interval: 100 })
        .toBe('DONE');
      const [run] = expectOk(await admin.call<Rec[]>(`${REQUESTS}/findLog`, { id: r.requestId }));
      return String(run.output);
    };
    const historyOf = async (documentNumber: string) => {
      const [inst] = expectOk(await admin.call<Rec[]>(`${INSTANCE}/listByPage`, { params: { documentNumber } }));
      return expectOk(await admin.call<Rec & { history: Rec[] }>(`${INSTANCE}/findById`, { id: inst.instanceId })).history.map((h) => h.action);
    };

    it('not yet due: nothing; due: the task goes to the escalation user, exactly once', async () => {
      await bindRequisitions(admin, await publishModel(admin, reassigning));
      const r = await buyer.submitted(10);
      await taskOf(a1, r);
      expect(await escalate(later(1))).toContain('escalated 0');
      await taskOf(a1, r);
      // Two runs at once, then one more: one escalation.
      const outputs = await Promise.all([escalate(later(3)), escalate(later(3))]);
      expect(outputs.filter((o) => o.includes('escalated 1'))).toHaveLength(1);
      expect(await escalate(later(5))).toContain('escalated 0');
      await noTaskOf(a1, r);
      const task = await taskOf(a2, r);
      expect((await historyOf(r.requisitionNumber)).filter((a) => a === 'ESCALATE')).toHaveLength(1);
      expect(expectOk(await a2.call<Rec>(`${TASK}/doApprove`, { taskId: task.taskId })).instanceState).toBe('COMPLETED');
      expect(await buyer.status(r.requisitionId)).toBe('APPROVED');
    });

    it('a timer with a flow leaves the step along it; a step decided in time cancels its timer', async () => {
      await bindRequisitions(admin, await publishModel(admin, leaving));
      const slow = await buyer.submitted(10);
      const quick = await buyer.submitted(10);
      expectOk(await a1.call(`${TASK}/doApprove`, { taskId: (await taskOf(a1, quick)).taskId }));
      expect(await buyer.status(quick.requisitionId)).toBe('APPROVED');
      expect(await escalate(later(25))).toContain('escalated 1');
      await noTaskOf(a1, slow);
      expect((await taskOf(a2, slow)).taskName).toBe('超时上报');
      expect(await historyOf(slow.requisitionNumber)).toContain('ESCALATE');
      expect(await historyOf(quick.requisitionNumber)).not.toContain('ESCALATE');
    });

    it('publishing refuses a timer without a duration or a target', async () => {
      const broken = bpmn(
        'BADT',
        `<bpmn:startEvent id="s"/>${flow('f1', 's', 't')}${userTask('t', 'T', 'user', 'approver01')}${flow('f2', 't', 'e')}<bpmn:endEvent id="e"/>
         ${timer('x', 't', 'soon')}`,
      );
      const m = expectOk(await admin.call<Rec>(`${MODEL}/saveOrUpdate`, { modelKey: uniq('T').replace('-', '_'), modelName: 't', bpmnXml: broken }));
      const a = await admin.call<{ elementId: string; reason: string }[]>(`${MODEL}/doPublish`, { id: m.modelId });
      expectRefusal(a, 200, /^The model cannot be published: /);
      expect(a.data.map((p) => p.reason)).toEqual([
        'The timer\'s duration "soon" is not an ISO 8601 duration (such as PT48H or P2D)',
        'The timer needs an outgoing flow or an escalation user (srm:escalateTo)',
      ]);
    });
  });
}
