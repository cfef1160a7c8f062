// Purchase orders: approval through PO_APPROVAL, release, the supplier's line-by-line confirmation, the
// buyer's answer to changes (versions kept), close and cancel with reasons; refusals in EN and TH, and
// supplier isolation. Every refusal is followed by a re-read that shows nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { expectOk, expectRefusal, signIn } from '../../../../tests/support/apiHelpers.js';
import { ORDER, confirmedOrder, draftOrder, lineOf, releasedOrder, worldOf, type Order, type World } from './orderHelpers.js';

for (const backend of await backends()) {
  describe(`purchase orders on ${backend}`, () => {
    let t: TestServer;
    let w: World;

    beforeAll(async () => {
      t = await startTestServer(backend);
      const [buyer, s1, s2] = await Promise.all([signIn(t.url, 'buyer01'), signIn(t.url, 'supplier01'), signIn(t.url, 'supplier02')]);
      w = await worldOf(buyer, s1, s2);
    });
    afterAll(async () => t?.stop());

    const find = async (id: number) => expectOk(await w.buyer.call<Order>(`${ORDER}/findById`, { id }));

    it('demo: supplier01 has orders in every state, supplier02 only its own; approver01 has the large one to approve', async () => {
      const mine = expectOk(await w.s1.call<Order[]>(`${ORDER}/listByPage`, { params: {}, pageRows: 100 })).filter((o) =>
        o.orderNumber.startsWith('PO-2026-0000'),
      );
      const states = new Set((await Promise.all(mine.map((o) => find(o.orderId)))).map((o) => o.status));
      for (const s of ['DRAFT', 'SUBMITTED', 'RELEASED', 'CHANGE_PENDING', 'CONFIRMED', 'CLOSED']) expect(states).toContain(s);
      const theirs = expectOk(await w.s2.call<Order[]>(`${ORDER}/listByPage`, { params: {}, pageRows: 100 }));
      expect(theirs.length).toBeGreaterThanOrEqual(2);
      expect(theirs.every((o) => o.supplierId === w.supplier2)).toBe(true);
      const partly = (await Promise.all(mine.map((o) => find(o.orderId)))).find((o) => o.lines.some((l) => l.receivedQuantity > 0 && l.openQuantity > 0))!;
      expect(partly.lines[0]).toMatchObject({ quantity: 100, receivedQuantity: 57, returnedQuantity: 3, openQuantity: 43 });
      const approver = await signIn(t.url, 'approver01');
      const tasks = expectOk(
        await approver.call<{ entity: string; documentNumber: string }[]>('bpmServer/v1/bpmTaskRestful/findTodoTasks', { params: {}, pageRows: 100 }),
      );
      expect(tasks.some((x) => x.entity === 'srmPoOrder' && x.documentNumber === 'PO-2026-000002')).toBe(true);
    });

    it('the order-lines board: live lines by state; a supplier sees only its own', async () => {
      type Card = { orderId: number; supplierId: number; lineStatus: string };
      const buyerCards = expectOk(await w.buyer.call<Card[]>(`${ORDER}/listOpenLines`, { params: {} }));
      expect(new Set(buyerCards.map((c) => c.supplierId))).toEqual(new Set([w.supplier1, w.supplier2]));
      expect(new Set(buyerCards.map((c) => c.lineStatus))).toEqual(new Set(['OPEN', 'CHANGE_REQUESTED', 'CONFIRMED']));
      const theirs = expectOk(await w.s2.call<Card[]>(`${ORDER}/listOpenLines`, { params: { supplierId: w.supplier1 } }));
      expect(theirs.length).toBeGreaterThan(0);
      expect(theirs.every((c) => c.supplierId === w.supplier2)).toBe(true);
    });

    it('a draft: number, open quantities, total; the server keeps its own fields', async () => {
      const d = await draftOrder(w, [10, 5], 12.5);
      expect(d.orderNumber).toMatch(/^PO-\d{4}-\d{6}$/);
      expect(d).toMatchObject({ status: 'DRAFT', totalAmount: 187.5, revision: 0, supplierId: w.supplier1 });
      expect(d.lines.map((l) => [l.quantity, l.openQuantity, l.receivedQuantity, l.tolerancePercent, l.lineStatus])).toEqual([
        [10, 10, 0, 0, 'OPEN'],
        [5, 5, 0, 0, 'OPEN'],
      ]);
    });

    it('PO_APPROVAL: ≤ 50,000 CNY approved on submit, above it waits for approver01', async () => {
      const small = await draftOrder(w, [100], 500); // 50,000 exactly
      expect(expectOk(await w.buyer.call<Order>(`${ORDER}/doSubmit`, { id: small.orderId })).status).toBe('APPROVED');
      const large = await draftOrder(w, [100], 500.01);
      expect(expectOk(await w.buyer.call<Order>(`${ORDER}/doSubmit`, { id: large.orderId })).status).toBe('SUBMITTED');
      const approver = await signIn(t.url, 'approver01');
      const tasks = expectOk(
        await approver.call<{ taskId: number; businessId: number; entity: string }[]>('bpmServer/v1/bpmTaskRestful/findTodoTasks', {
          params: {},
          pageRows: 100,
        }),
      );
      const task = tasks.find((x) => x.businessId === large.orderId && x.entity === 'srmPoOrder');
      expect(task).toBeTruthy();
      // The approval is the process's (and the buyer holds no approve button): a direct call is refused.
      expectRefusal(await w.buyer.call(`${ORDER}/doApproval`, { id: large.orderId }), 403, /./);
      expectOk(await approver.call('bpmServer/v1/bpmTaskRestful/doApprove', { taskId: task!.taskId, comment: 'ok' }));
      expect((await find(large.orderId)).status).toBe('APPROVED');
    });

    it('release: the supplier sees its order, another supplier never does', async () => {
      const r = await releasedOrder(w, [8]);
      expect(r.status).toBe('RELEASED');
      expect(expectOk(await w.s1.call<Order>(`${ORDER}/findById`, { id: r.orderId })).orderNumber).toBe(r.orderNumber);
      expectRefusal(await w.s2.call(`${ORDER}/findById`, { id: r.orderId }), 200, /./);
      const listed = expectOk(await w.s2.call<Order[]>(`${ORDER}/listByPage`, { params: {}, pageRows: 200 }));
      expect(listed.every((o) => o.supplierId === w.supplier2)).toBe(true);
      expect(listed.some((o) => o.orderId === r.orderId)).toBe(false);
      // Another supplier cannot confirm it either.
      expectRefusal(await w.s2.call(`${ORDER}/doSupplierConfirm`, { id: r.orderId, lines: [{ lineId: r.lines[0].orderLineId, action: 'ACCEPT' }] }), 200, /./);
      // Nor can a supplier release or create orders (no such buttons on its menus).
      expectRefusal(await w.s1.call(`${ORDER}/doRelease`, { id: r.orderId }), 403, /./);
      expect((await find(r.orderId)).status).toBe('RELEASED');
    });

    it('supplier confirms one line, changes the date of another; the buyer accepts: a new revision, the old kept', async () => {
      const r = await releasedOrder(w, [10, 20]);
      const [a, b] = r.lines;
      // Every line needs an answer.
      expectRefusal(
        await w.s1.call(`${ORDER}/doSupplierConfirm`, { id: r.orderId, lines: [{ lineId: a.orderLineId, action: 'ACCEPT' }] }, { lang: 'EN' }),
        200,
        /answer every line/,
      );
      expectRefusal(
        await w.s1.call(`${ORDER}/doSupplierConfirm`, { id: r.orderId, lines: [{ lineId: a.orderLineId, action: 'ACCEPT' }] }, { lang: 'TH' }),
        200,
        /กรุณาตอบทุกรายการ/,
      );
      // A change that changes nothing is refused.
      expectRefusal(
        await w.s1.call(`${ORDER}/doSupplierConfirm`, {
          id: r.orderId,
          lines: [
            { lineId: a.orderLineId, action: 'ACCEPT' },
            { lineId: b.orderLineId, action: 'CHANGE', promisedDate: b.requiredDate },
          ],
        }),
        200,
        /same date and quantity/,
      );
      expect((await find(r.orderId)).lines.map((l) => l.lineStatus)).toEqual(['OPEN', 'OPEN']);
      const c = expectOk(
        await w.s1.call<Order>(`${ORDER}/doSupplierConfirm`, {
          id: r.orderId,
          lines: [
            { lineId: a.orderLineId, action: 'ACCEPT' },
            { lineId: b.orderLineId, action: 'CHANGE', promisedDate: '2026-12-28', comment: 'furnace maintenance' },
          ],
        }),
      );
      expect(c.status).toBe('CHANGE_PENDING');
      expect(lineOf(c, b.orderLineId)).toMatchObject({ lineStatus: 'CHANGE_REQUESTED', proposedDate: '2026-12-28', promisedDate: null });
      expect(lineOf(c, a.orderLineId)).toMatchObject({ lineStatus: 'CONFIRMED', promisedDate: '2026-12-20' });
      // Confirming again is refused (no longer waiting).
      expectRefusal(await w.s1.call(`${ORDER}/doSupplierConfirm`, { id: r.orderId, lines: [] }), 200, /not waiting/);
      const accepted = expectOk(await w.buyer.call<Order>(`${ORDER}/doBuyerConfirm`, { id: r.orderId }));
      expect(accepted).toMatchObject({ status: 'CONFIRMED', revision: 1 });
      expect(lineOf(accepted, b.orderLineId)).toMatchObject({ lineStatus: 'CONFIRMED', promisedDate: '2026-12-28', proposedDate: null });
      const versions = expectOk(await w.s1.call<{ revision: number; lines: unknown[] }[]>(`${ORDER}/findVersions`, { id: r.orderId }));
      expect(versions.map((v) => [v.revision, v.lines.length])).toEqual([[0, 2]]);
      expectRefusal(await w.buyer.call(`${ORDER}/doBuyerConfirm`, { id: r.orderId }), 200, /no supplier changes/);
    });

    it('the buyer refuses changes: back to the supplier; a quantity change accepted changes the open quantity', async () => {
      const r = await releasedOrder(w, [10]);
      const lineId = r.lines[0].orderLineId;
      const change = { id: r.orderId, lines: [{ lineId, action: 'CHANGE', quantity: 8 }] };
      expectOk(await w.s1.call(`${ORDER}/doSupplierConfirm`, change));
      expectRefusal(await w.buyer.call(`${ORDER}/doBuyerRejectChange`, { id: r.orderId }), 200, /give a reason/);
      const back = expectOk(await w.buyer.call<Order>(`${ORDER}/doBuyerRejectChange`, { id: r.orderId, reason: 'we need all 10' }));
      expect(back.status).toBe('RELEASED');
      expect(back.lines[0]).toMatchObject({ lineStatus: 'OPEN', proposedQuantity: null, quantity: 10 });
      expectOk(await w.s1.call(`${ORDER}/doSupplierConfirm`, change));
      const done = expectOk(await w.buyer.call<Order>(`${ORDER}/doBuyerConfirm`, { id: r.orderId }));
      expect(done.lines[0]).toMatchObject({ quantity: 8, openQuantity: 8, lineStatus: 'CONFIRMED' });
      expect(done.totalAmount).toBe(80);
    });

    it('a line the buyer closed cannot be changed by the supplier; close and cancel need reasons', async () => {
      const r = await releasedOrder(w, [5, 6]);
      const [a, b] = r.lines;
      expectRefusal(await w.buyer.call(`${ORDER}/doClose`, { id: r.orderId, lineIds: [b.orderLineId] }, { lang: 'TH' }), 200, /กรุณาระบุเหตุผล/);
      const closed = expectOk(await w.buyer.call<Order>(`${ORDER}/doClose`, { id: r.orderId, lineIds: [b.orderLineId], reason: 'no longer needed' }));
      expect(lineOf(closed, b.orderLineId)).toMatchObject({ lineStatus: 'CLOSED', openQuantity: 0 });
      const answer = {
        id: r.orderId,
        lines: [
          { lineId: a.orderLineId, action: 'ACCEPT' },
          { lineId: b.orderLineId, action: 'CHANGE', promisedDate: '2027-01-05' },
        ],
      };
      expectRefusal(
        await w.s1.call(`${ORDER}/doSupplierConfirm`, answer, { lang: 'EN' }),
        200,
        `Line ${b.lineNumber} was closed or cancelled by the buyer: it can no longer be changed`,
      );
      expectRefusal(await w.s1.call(`${ORDER}/doSupplierConfirm`, answer, { lang: 'TH' }), 200, /ถูกผู้ซื้อปิดหรือยกเลิกแล้ว/);
      expect(lineOf(await find(r.orderId), a.orderLineId).lineStatus).toBe('OPEN');
      const ok = expectOk(await w.s1.call<Order>(`${ORDER}/doSupplierConfirm`, { id: r.orderId, lines: [{ lineId: a.orderLineId, action: 'ACCEPT' }] }));
      expect(ok.status).toBe('CONFIRMED');
      const cancelled = expectOk(await w.buyer.call<Order>(`${ORDER}/doCancel`, { id: r.orderId, reason: 'project stopped' }));
      expect(cancelled.status).toBe('CANCELLED');
      expect(cancelled.lines.every((l) => l.lineStatus === 'CANCELLED' && l.openQuantity === 0)).toBe(true);
    });

    it('a change order: a new revision, changed lines confirmed again', async () => {
      const c = await confirmedOrder(w, [10]);
      const lineId = c.lines[0].orderLineId;
      const rev = expectOk(await w.buyer.call<Order>(`${ORDER}/doRevise`, { id: c.orderId, reason: 'more needed', lines: [{ lineId, quantity: 12 }] }));
      expect(rev).toMatchObject({ status: 'RELEASED', revision: 1 });
      expect(rev.lines[0]).toMatchObject({ quantity: 12, openQuantity: 12, lineStatus: 'OPEN' });
      expect(expectOk(await w.buyer.call<unknown[]>(`${ORDER}/findVersions`, { id: c.orderId }))).toHaveLength(1);
    });

    it('a draft from an approved requisition takes its lines', async () => {
      const prs = expectOk(
        await w.buyer.call<{ requisitionId: number; status: string }[]>('srmServer/v1/srmPoRequisitionRestful/listByPage', { params: { status: 'APPROVED' } }),
      );
      const pr = prs[0];
      const o = expectOk(await w.buyer.call<Order>(`${ORDER}/createFromRequisition`, { requisitionId: pr.requisitionId, supplierId: w.supplier1 }));
      expect(o.status).toBe('DRAFT');
      expect(o.lines.length).toBeGreaterThan(0);
      expect(o.lines.every((l) => l.openQuantity === l.quantity)).toBe(true);
      const draft = expectOk(
        await w.buyer.call<{ requisitionId: number }[]>('srmServer/v1/srmPoRequisitionRestful/listByPage', { params: { status: 'DRAFT' } }),
      )[0];
      expectRefusal(
        await w.buyer.call(`${ORDER}/createFromRequisition`, { requisitionId: draft.requisitionId, supplierId: w.supplier1 }),
        200,
        /no approved lines/,
      );
    });
  });
}
