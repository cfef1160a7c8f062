// The award through the workflow (issue 16): with SRC_AWARD bound to inquiries (the demo binding), an award
// is kept as a proposal and waits for approver01 (APPROVING, no result, no price item); a direct approve
// is refused; a rejection returns it to the buyer with the approver's comment; the approval makes the
// award effective in the same transaction (quantities, results, price items). Both backends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, signIn } from '../../../../tests/support/apiHelpers.js';
import { INQ, PRICE, fixture, passDeadline, publishedInquiry, quote, type Fixture, type Inquiry } from './support.js';

const TASKS = 'bpmServer/v1/bpmTaskRestful';
type Task = { taskId: number; businessId: number; entity: string; documentNumber: string };
type Proposed = {
  status: string;
  awardRejectReason: string | null;
  lines: { offers: { supplierId: number; proposedQuantity: number | null; awardedQuantity: number }[] }[];
};
type Awarded = Inquiry & { awardRejectReason: string | null; awardProposal: string | null; awardedBy: number | null };

for (const backend of await backends()) {
  describe(`inquiry award through SRC_AWARD on ${backend}`, () => {
    let t: TestServer;
    let buyer: SignedClient;
    let approver: SignedClient;
    let s1: SignedClient;
    let s2: SignedClient;
    let f: Fixture;

    beforeAll(async () => {
      t = await startTestServer(backend);
      [buyer, approver, s1, s2] = await Promise.all(['buyer01', 'approver01', 'supplier01', 'supplier02'].map((u) => signIn(t.url, u)));
      f = await fixture(buyer, s1, s2);
    });
    afterAll(async () => t?.stop());

    const opened = async () => {
      const inq = await publishedInquiry(buyer, f);
      expectOk(await quote(s1, inq, [10, 30]));
      expectOk(await quote(s2, inq, [9, 25]));
      await passDeadline(t, inq.inquiryId);
      return inq;
    };
    const reread = async (id: number) => expectOk(await buyer.call<Awarded>(`${INQ}/findById`, { id }));
    const items = async (id: number) =>
      expectOk(await buyer.call<{ sourceInquiryId: number }[]>(`${PRICE}/listByPage`, { params: { sourceInquiryId: id }, pageRows: 50 })).filter(
        (p) => p.sourceInquiryId === id,
      );
    const taskOf = async (id: number) => {
      const tasks = expectOk(await approver.call<Task[]>(`${TASKS}/findTodoTasks`, { params: {}, pageRows: 200 }));
      return tasks.find((x) => x.entity === 'srmSrcInquiry' && x.businessId === id);
    };
    const split = (inq: Inquiry) => [
      { lineId: inq.lines[0].inquiryLineId, supplierId: f.supplier1, quantity: 60 },
      { lineId: inq.lines[0].inquiryLineId, supplierId: f.supplier2, quantity: 40 },
      { lineId: inq.lines[1].inquiryLineId, supplierId: f.supplier2, quantity: 40 },
    ];

    it('an award waits for approval: nothing effective, direct approve refused, a second award refused', async () => {
      const inq = await opened();
      const proposed = expectOk(await buyer.call<Awarded>(`${INQ}/doAward`, { id: inq.inquiryId, awards: split(inq) }));
      expect(proposed.status).toBe('APPROVING');
      expect(proposed.lines.every((l) => !l.awardedQuantity)).toBe(true);
      expect(proposed.suppliers.every((s) => s.awardResult === null)).toBe(true);
      expect(await items(inq.inquiryId)).toHaveLength(0);
      // The comparison shows what was proposed, per line and supplier.
      const cmp = expectOk(await buyer.call<Proposed>(`${INQ}/sourceSummary`, { id: inq.inquiryId }));
      expect(cmp.status).toBe('APPROVING');
      expect(cmp.lines[0].offers.map((o) => [o.supplierId, o.proposedQuantity]).sort()).toEqual(
        [
          [f.supplier1, 60],
          [f.supplier2, 40],
        ].sort(),
      );
      // The process alone approves: no screen offers the inquiry's approve/reject, so a direct call is
      // refused (EN and TH), even for the buyer holding 定标, and changes nothing.
      expectRefusal(await buyer.call(`${INQ}/doApproval`, { id: inq.inquiryId }, { lang: 'EN' }), 403, 'You are not permitted to do this');
      expectRefusal(await buyer.call(`${INQ}/doReject`, { id: inq.inquiryId }, { lang: 'TH' }), 403, 'คุณไม่มีสิทธิ์ดำเนินการนี้');
      expectRefusal(await buyer.call(`${INQ}/doAward`, { id: inq.inquiryId, awards: split(inq) }, { lang: 'EN' }), 200, /./);
      expectRefusal(await buyer.call(`${INQ}/autoAwardByMinPrice`, { id: inq.inquiryId }, { lang: 'EN' }), 200, /./);
      expect((await reread(inq.inquiryId)).status).toBe('APPROVING');
      expect(await items(inq.inquiryId)).toHaveLength(0);
      expect(await taskOf(inq.inquiryId)).toBeTruthy();
    });

    it('an award rejected after the bid opening returns to OPENED', async () => {
      const inq = await opened();
      expect(expectOk(await buyer.call<Awarded>(`${INQ}/doBidOpening`, { id: inq.inquiryId })).status).toBe('OPENED');
      expect(expectOk(await buyer.call<Awarded>(`${INQ}/doAward`, { id: inq.inquiryId, awards: split(inq) })).status).toBe('APPROVING');
      const task = await taskOf(inq.inquiryId);
      expectOk(await approver.call(`${TASKS}/doReject`, { taskId: task!.taskId, comment: '重新比价' }));
      expect(await reread(inq.inquiryId)).toMatchObject({ status: 'OPENED', awardRejectReason: '重新比价', awardProposal: null });
    });

    it('rejected: back to the buyer with the comment; awarded again and approved: effective in full', async () => {
      const inq = await opened();
      expectOk(await buyer.call(`${INQ}/doAward`, { id: inq.inquiryId, awards: split(inq) }));
      const first = await taskOf(inq.inquiryId);
      expectOk(await approver.call(`${TASKS}/doReject`, { taskId: first!.taskId, comment: '请按最低价定标' }));
      const back = await reread(inq.inquiryId);
      expect(back).toMatchObject({ status: 'PUBLISHED', awardRejectReason: '请按最低价定标', awardProposal: null });
      expect(back.lines.every((l) => !l.awardedQuantity)).toBe(true);
      expect(await items(inq.inquiryId)).toHaveLength(0);
      const cmp = expectOk(await buyer.call<Proposed>(`${INQ}/sourceSummary`, { id: inq.inquiryId }));
      expect(cmp.awardRejectReason).toBe('请按最低价定标');

      // Auto-award by minimum price goes the same way: proposed, then approved.
      expect(expectOk(await buyer.call<Awarded>(`${INQ}/autoAwardByMinPrice`, { id: inq.inquiryId })).status).toBe('APPROVING');
      const second = await taskOf(inq.inquiryId);
      expect(second!.taskId).not.toBe(first!.taskId);
      expectOk(await approver.call(`${TASKS}/doApprove`, { taskId: second!.taskId, comment: '同意' }));
      const done = await reread(inq.inquiryId);
      expect(done).toMatchObject({ status: 'AWARDED', awardRejectReason: null, awardProposal: null, awardedBy: buyer.session!.userId });
      // supplier02 is cheaper on both lines (9 < 10, 25 < 30): each line in full.
      expect(done.lines.map((l) => l.awardedQuantity)).toEqual([100, 40]);
      const results = Object.fromEntries(done.suppliers.map((s) => [s.supplierId, s.awardResult]));
      expect(results).toEqual({ [f.supplier1]: 'LOST', [f.supplier2]: 'WON' });
      expect(await items(inq.inquiryId)).toHaveLength(2);
      expect(await taskOf(inq.inquiryId)).toBeUndefined();
    });

    it('a submit over the wire is refused: only an award submits', async () => {
      const inq = await opened();
      expectRefusal(await buyer.call(`${INQ}/doSubmit`, { id: inq.inquiryId }, { lang: 'EN' }), 403, /./);
      expect((await reread(inq.inquiryId)).status).toBe('PUBLISHED');
    });
  });
}
