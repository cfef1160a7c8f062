// PO_OVERDUE_REMIND through the scheduler: the demo's confirmed lines past their promised date and not on
// their way are reminded to their supplier (one message per order); the supplier finds it in its inbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { expectOk, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';

const REQUESTS = 'schedule/v1/scheduleRequestRestful';

for (const backend of await backends()) {
  describe(`overdue reminder on ${backend}`, () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer(backend);
    });
    afterAll(async () => t?.stop());

    it('reminds supplier01 of its overdue orders, nothing for lines not yet due', async () => {
      const [admin, s1] = await Promise.all([signIn(t.url, 'admin'), signIn(t.url, 'supplier01')]);
      const inbox = async () =>
        expectOk(await s1.call<{ title: string; sourceType: string }[]>('messageServer/v1/msgReceiveRestful/listByPage', { params: {}, pageRows: 100 })).filter(
          (m) => m.sourceType === 'PO_OVERDUE',
        );
      const early = expectOk(await admin.call<Rec>(`${REQUESTS}/doSubmit`, { programCode: 'PO_OVERDUE_REMIND', params: { asOf: '2026-11-01' } }));
      await expect
        .poll(async () => expectOk(await admin.call<Rec>(`${REQUESTS}/findById`, { id: early.requestId })).requestStatus, { timeout: 15000 })
        .toBe('DONE');
      const [first] = expectOk(await admin.call<Rec[]>(`${REQUESTS}/findLog`, { id: early.requestId }));
      expect(String(first.output)).toContain('overdue orders reminded: 0');
      expect(await inbox()).toEqual([]);
      // By 2027-01-31 every demo line promised in December is late; the partly delivered order's 300 still
      // open are not all on their way either.
      const late = expectOk(await admin.call<Rec>(`${REQUESTS}/doSubmit`, { programCode: 'PO_OVERDUE_REMIND', params: { asOf: '2027-01-31' } }));
      await expect
        .poll(async () => expectOk(await admin.call<Rec>(`${REQUESTS}/findById`, { id: late.requestId })).requestStatus, { timeout: 15000 })
        .toBe('DONE');
      const [run] = expectOk(await admin.call<Rec[]>(`${REQUESTS}/findLog`, { id: late.requestId }));
      const reminded = Number(/reminded: (\d+)/.exec(String(run.output))![1]);
      expect(reminded).toBeGreaterThanOrEqual(3);
      await expect.poll(async () => (await inbox()).length, { timeout: 10000 }).toBeGreaterThanOrEqual(3);
      expect((await inbox())[0].title).toMatch(/^订单 PO-2026-\d{6} 已逾期$/);
    });
  });
}
