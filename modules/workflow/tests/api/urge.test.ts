// Urge rules (reminderSetting) with a controllable clock: BPM_URGE is submitted through the scheduler with
// `asOf` hours ahead. A rule reminds the open task's assignee after `afterHours`, again every
// `repeatHours`, at most `maxTimes` — through the messages module (WF_TASK_URGED in the assignee's inbox)
// and the history (AUTO_URGE). A disabled rule (updateStatus) reminds nobody; a decided task is not
// reminded; bad rules are refused in the caller's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import { Buyer, INSTANCE, TASK, bindRequisitions, bpmn, flow, publishModel, taskOf, userTask, type Requisition } from './helpers.js';

const REQUESTS = 'schedule/v1/scheduleRequestRestful';
const RULES = 'bpmServer/v1/bpmUrgeRuleRestful';
const RECEIVE = 'messageServer/v1/msgReceiveRestful';
const later = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const xml = bpmn(
  'URGE',
  `<bpmn:startEvent id="s"/>${flow('f1', 's', 't')}${userTask('t', '催办测试审批', 'user', 'approver01')}${flow('f2', 't', 'e')}<bpmn:endEvent id="e"/>`,
);

for (const backend of await backends()) {
  describe(`urge rules on ${backend}`, () => {
    let t: TestServer;
    let buyer: Buyer;
    let a1: SignedClient;
    let admin: SignedClient;
    let modelKey: string;

    beforeAll(async () => {
      t = await startTestServer(backend);
      const [b, x, w] = await Promise.all([signIn(t.url, 'buyer01'), signIn(t.url, 'approver01'), signIn(t.url, 'admin')]);
      [buyer, a1, admin] = [new Buyer(b), x, w];
      modelKey = await publishModel(admin, xml);
      await bindRequisitions(admin, modelKey);
    });
    afterAll(async () => t?.stop());

    const urge = async (asOf: string) => {
      const r = expectOk(await admin.call<Rec>(`${REQUESTS}/doSubmit`, { programCode: 'BPM_URGE', params: { asOf } }));
      await expect
        .poll(async () => expectOk(await admin.call<Rec>(`${REQUESTS}/findById`, { id: r.requestId })).requestStatus, { timeout: 15000, interval: 100 })
        .toBe('DONE');
    };
    const reminders = async (r: Requisition) =>
      expectOk(await a1.call<Rec[]>(`${RECEIVE}/listByPage`, { params: { sourceType: 'WF_TASK_URGED', keyword: r.requisitionNumber }, pageRows: 50 }));
    const urgedInHistory = async (r: Requisition) => {
      const [inst] = expectOk(await admin.call<Rec[]>(`${INSTANCE}/listByPage`, { params: { documentNumber: r.requisitionNumber } }));
      const found = expectOk(await admin.call<Rec & { history: Rec[] }>(`${INSTANCE}/findById`, { id: inst.instanceId }));
      return found.history.filter((h) => h.action === 'AUTO_URGE').map((h) => h.comment);
    };

    it('after N hours, every M hours, at most K times; off while disabled; a decided task is left alone', async () => {
      const rule = expectOk(
        await admin.call<Rec>(`${RULES}/saveOrUpdate`, { modelKey, nodeId: 't', afterHours: 2, repeatHours: 3, maxTimes: 2, enabledFlag: 'N' }),
      );
      const r = await buyer.submitted(10);
      const decided = await buyer.submitted(10);
      await taskOf(a1, r);
      await urge(later(2.5));
      expect(await urgedInHistory(r)).toEqual([]);
      expect(expectOk(await admin.call<Rec>(`${RULES}/updateStatus`, { id: rule.ruleId })).enabledFlag).toBe('Y');
      expectOk(await a1.call(`${TASK}/doApprove`, { taskId: (await taskOf(a1, decided)).taskId }));
      await urge(later(1));
      expect(await urgedInHistory(r)).toEqual([]);
      await urge(later(2.5));
      expect(await urgedInHistory(r)).toEqual(['1/2']);
      await expect.poll(async () => (await reminders(r)).length, { timeout: 10000 }).toBe(1);
      const [m] = await reminders(r);
      expect(String(m.title)).toContain(r.requisitionNumber);
      // In the recipient's language (approver01: the default, CN).
      expect(String(m.content)).toMatch(/“催办测试审批”已等待您 2 小时.*第 1 次提醒/);
      await urge(later(4));
      expect(await urgedInHistory(r)).toEqual(['1/2']);
      await urge(later(6));
      expect(await urgedInHistory(r)).toEqual(['1/2', '2/2']);
      await urge(later(30));
      expect(await urgedInHistory(r)).toEqual(['1/2', '2/2']);
      await expect.poll(async () => (await reminders(r)).length, { timeout: 10000 }).toBe(2);
      expect(await urgedInHistory(decided)).toEqual([]);
    });

    it('a task of a model with an enabled rule asks the scheduler for a BPM_URGE run by its first reminder', async () => {
      const before = Date.now();
      await buyer.submitted(10);
      const requests = expectOk(await admin.call<Rec[]>(`${REQUESTS}/listByPage`, { params: { programCode: 'BPM_URGE' }, pageRows: 100 }));
      const waiting = requests.filter((q) => !['DONE', 'FAILED', 'CANCELLED'].includes(String(q.requestStatus)) && q.nextRunAt);
      // The rule above: 2 hours after the task (the scheduler's times are UTC text).
      const due = waiting.map((q) => Date.parse(`${String(q.nextRunAt).replace(' ', 'T')}Z`) - before);
      expect(due.some((ms) => ms > 1.9 * 3_600_000 && ms < 2.2 * 3_600_000)).toBe(true);
    });

    it('two runs at once remind once', async () => {
      const r = await buyer.submitted(10);
      await Promise.all([urge(later(2.2)), urge(later(2.2))]);
      expect(await urgedInHistory(r)).toEqual(['1/2']);
    });

    it('refuses a rule for an unknown model, out-of-range hours and a bad flag', async () => {
      expectRefusal(
        await admin.call(`${RULES}/saveOrUpdate`, { modelKey: 'NO_SUCH_MODEL', afterHours: 1, repeatHours: 1, maxTimes: 1 }),
        200,
        /NO_SUCH_MODEL does not exist/,
      );
      expectRefusal(await admin.call(`${RULES}/saveOrUpdate`, { modelKey, afterHours: 1, repeatHours: 0, maxTimes: 1 }), 200, /from 1 to 8760/);
      const rule = expectOk(await admin.call<Rec>(`${RULES}/saveOrUpdate`, { modelKey, afterHours: 100, repeatHours: 1, maxTimes: 1 }));
      expectRefusal(await admin.call(`${RULES}/updateStatus`, { id: rule.ruleId, enabledFlag: 'X' }), 200, /Y or N/);
      const th = await signIn(t.url, 'admin', 'TH');
      expectRefusal(await th.call(`${RULES}/saveOrUpdate`, { modelKey, afterHours: 1, repeatHours: 1, maxTimes: 0 }), 200, /ต้องเป็นจำนวนเต็ม/);
    });
  });
}
