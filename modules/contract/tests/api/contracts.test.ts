// Contracts: a draft from a template (variables filled, terms appended, the default watermark), approval
// through CON_APPROVAL, sending, the supplier's confirmation or refusal with a reason, both signatures
// (e-signature records with the document's SHA-256), termination with a reason; every wrong-state step,
// missing reason and other supplier's attempt refused in EN and TH with nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { expectOk, expectRefusal, signIn } from '../../../../tests/support/apiHelpers.js';
import { CONTRACT, ESIGN, confirmedContract, draftContract, sentContract, signedContract, worldOf, type Contract, type World } from './contractHelpers.js';

for (const backend of await backends()) {
  describe(`contracts on ${backend}`, () => {
    let t: TestServer;
    let w: World;

    beforeAll(async () => {
      t = await startTestServer(backend);
      const [buyer, s1, s2] = await Promise.all([signIn(t.url, 'buyer01'), signIn(t.url, 'supplier01'), signIn(t.url, 'supplier02')]);
      w = await worldOf(buyer, s1, s2);
    });
    afterAll(async () => t?.stop());

    const find = async (id: number) => expectOk(await w.buyer.call<Contract>(`${CONTRACT}/findById`, { id }));

    it('a draft from a template: number, amount from the items, text with the variables filled and the terms, default watermark', async () => {
      const d = await draftContract(w, [10, 5], 12.5);
      expect(d.contractNumber).toMatch(/^CT-\d{4}-\d{6}$/);
      expect(d).toMatchObject({ status: 'DRAFT', totalAmount: 187.5, versionNo: 1, supplierId: w.supplier1 });
      expect(d.lines.map((l) => l.amount)).toEqual([125, 62.5]);
      expect(d.content).toContain(`合同编号：${d.contractNumber}`);
      expect(d.content).toContain('金额：187.50 CNY');
      expect(d.content).toContain('付款条款');
      expect(d.content).not.toContain('{{');
      expect(d.watermarkId).not.toBeNull();
      // The end before the start is refused, in the caller's language.
      expectRefusal(await w.buyer.call(`${CONTRACT}/saveOrUpdate`, { ...d, endDate: '2026-01-01' }, { lang: 'TH' }), 200, 'วันสิ้นสุดต้องไม่ก่อนวันเริ่มต้น');
      expect((await find(d.contractId)).endDate).toBe('2027-11-30');
    });

    it('CON_APPROVAL: ≤ 100,000 approved on submit, above it waits for approver01', async () => {
      const small = await draftContract(w, [100], 1000);
      expect(expectOk(await w.buyer.call<Contract>(`${CONTRACT}/doSubmit`, { id: small.contractId })).status).toBe('APPROVED');
      const large = await draftContract(w, [100], 1000.01);
      expect(expectOk(await w.buyer.call<Contract>(`${CONTRACT}/doSubmit`, { id: large.contractId })).status).toBe('APPROVING');
      // Not approved yet: it cannot be sent.
      expectRefusal(await w.buyer.call(`${CONTRACT}/doSendConfirm`, { id: large.contractId }), 200, /./);
      const approver = await signIn(t.url, 'approver01');
      const tasks = expectOk(
        await approver.call<{ taskId: number; businessId: number; entity: string }[]>('bpmServer/v1/bpmTaskRestful/findTodoTasks', {
          params: {},
          pageRows: 100,
        }),
      );
      const task = tasks.find((x) => x.businessId === large.contractId && x.entity === 'srmConContract');
      expect(task).toBeTruthy();
      expectRefusal(await w.buyer.call(`${CONTRACT}/doApproval`, { id: large.contractId }), 403, /./);
      expectOk(await approver.call('bpmServer/v1/bpmTaskRestful/doApprove', { taskId: task!.taskId, comment: 'ok' }));
      expect((await find(large.contractId)).status).toBe('APPROVED');
    });

    it('sent: its supplier sees it, another supplier never does nor acts on it', async () => {
      const s = await sentContract(w);
      expect(s.status).toBe('SENT');
      expect(expectOk(await w.s1.call<Contract>(`${CONTRACT}/findById`, { id: s.contractId })).contractNumber).toBe(s.contractNumber);
      expectRefusal(await w.s2.call(`${CONTRACT}/findById`, { id: s.contractId }), 200, /./);
      const listed = expectOk(await w.s2.call<Contract[]>(`${CONTRACT}/listByPage`, { params: {}, pageRows: 200 }));
      expect(listed.every((c) => c.supplierId === w.supplier2)).toBe(true);
      for (const [op, body] of [
        ['doConfirm', {}],
        ['doRefuse', { reason: 'not ours' }],
        ['doSign', {}],
        ['getContractPdf', {}],
        ['findVersions', {}],
      ] as const)
        expectRefusal(await w.s2.call(`${CONTRACT}/${op}`, { id: s.contractId, ...body }), 200, /./);
      // A supplier cannot send, terminate or change contracts (no such buttons on its menus).
      expectRefusal(await w.s1.call(`${CONTRACT}/doTerminate`, { id: s.contractId, reason: 'x' }), 403, /./);
      expectRefusal(await w.s1.call(`${CONTRACT}/doSendConfirm`, { id: s.contractId }), 403, /./);
      expect((await find(s.contractId)).status).toBe('SENT');
    });

    it('refuse: a reason is required (EN, TH); refused, the buyer edits and submits again', async () => {
      const s = await sentContract(w);
      expectRefusal(await w.s1.call(`${CONTRACT}/doRefuse`, { id: s.contractId, reason: '  ' }, { lang: 'EN' }), 200, 'Please give a reason');
      expectRefusal(await w.s1.call(`${CONTRACT}/doRefuse`, { id: s.contractId }, { lang: 'TH' }), 200, 'กรุณาระบุเหตุผล');
      expect((await find(s.contractId)).status).toBe('SENT');
      const r = expectOk(await w.s1.call<Contract>(`${CONTRACT}/doRefuse`, { id: s.contractId, reason: 'price too low' }));
      expect(r).toMatchObject({ status: 'REFUSED', refuseReason: 'price too low' });
      // Refused again, or confirmed now: not waiting any more.
      expectRefusal(
        await w.s1.call(`${CONTRACT}/doRefuse`, { id: s.contractId, reason: 'again' }, { lang: 'EN' }),
        200,
        /only a contract awaiting confirmation/,
      );
      expectRefusal(await w.s1.call(`${CONTRACT}/doConfirm`, { id: s.contractId }), 200, /./);
      const edited = expectOk(
        await w.buyer.call<Contract>(`${CONTRACT}/saveOrUpdate`, { ...(await find(s.contractId)), title: 'API test contract (repriced)' }),
      );
      expect(expectOk(await w.buyer.call<Contract>(`${CONTRACT}/doSubmit`, { id: edited.contractId })).status).toBe('APPROVED');
    });

    it('sign: only once confirmed, each side once, both → SIGNED with e-signature records and the SHA-256', async () => {
      const s = await sentContract(w);
      expectRefusal(await w.s1.call(`${CONTRACT}/doSign`, { id: s.contractId }, { lang: 'EN' }), 200, /supplier must confirm it first/);
      expectRefusal(await w.buyer.call(`${CONTRACT}/doSign`, { id: s.contractId }, { lang: 'TH' }), 200, /ผู้จัดจำหน่ายต้องยืนยันก่อน/);
      expect((await find(s.contractId)).buyerSignedDate).toBeNull();
      expectOk(await w.s1.call(`${CONTRACT}/doConfirm`, { id: s.contractId }));
      const half = expectOk(await w.s1.call<Contract>(`${CONTRACT}/doSign`, { id: s.contractId }));
      expect(half).toMatchObject({ status: 'SIGNING', supplierSignedName: 'supplier01', buyerSignedDate: null });
      expect(half.documentHash).toMatch(/^[0-9a-f]{64}$/);
      expectRefusal(await w.s1.call(`${CONTRACT}/doSign`, { id: s.contractId }, { lang: 'EN' }), 200, 'Your side has already signed this contract');
      const full = expectOk(await w.buyer.call<Contract>(`${CONTRACT}/doSign`, { id: s.contractId }));
      expect(full).toMatchObject({ status: 'SIGNED', buyerSignedName: 'buyer01', documentHash: half.documentHash });
      const records = expectOk(
        await w.buyer.call<{ signSide: string; documentHash: string; provider: string; signerName: string }[]>(`${ESIGN}/listByPage`, {
          params: { documentNumber: s.contractNumber },
          pageRows: 10,
        }),
      );
      expect(records.map((r) => r.signSide).sort()).toEqual(['BUYER', 'SUPPLIER']);
      expect(records.every((r) => r.documentHash === half.documentHash && r.provider === 'BUILTIN')).toBe(true);
      // The records screen is the buyer's: a supplier holds no menu of it.
      expectRefusal(await w.s1.call(`${ESIGN}/listByPage`, { params: {}, pageRows: 10 }), 403, /./);
    });

    it('terminate: a reason is required; a draft cannot be terminated; a signed one is, and stays so', async () => {
      const d = await draftContract(w, [1]);
      expectRefusal(
        await w.buyer.call(`${CONTRACT}/doTerminate`, { id: d.contractId, reason: 'x' }, { lang: 'EN' }),
        200,
        /cannot be terminated in its state \(DRAFT\)/,
      );
      const c = await signedContract(w);
      expectRefusal(await w.buyer.call(`${CONTRACT}/doTerminate`, { id: c.contractId }, { lang: 'EN' }), 200, 'Please give a reason');
      expectRefusal(await w.buyer.call(`${CONTRACT}/doTerminate`, { id: c.contractId, reason: '' }, { lang: 'TH' }), 200, 'กรุณาระบุเหตุผล');
      expect((await find(c.contractId)).status).toBe('SIGNED');
      const x = expectOk(await w.buyer.call<Contract>(`${CONTRACT}/doTerminate`, { id: c.contractId, reason: 'supplier capacity changed' }));
      expect(x).toMatchObject({ status: 'TERMINATED', terminateReason: 'supplier capacity changed' });
      expectRefusal(await w.buyer.call(`${CONTRACT}/doTerminate`, { id: c.contractId, reason: 'again' }), 200, /./);
      expectRefusal(await w.buyer.call(`${CONTRACT}/doSign`, { id: c.contractId }), 200, /./);
    });

    it('a message at each hand-over: sent, confirmed, refused, signed, terminated; another supplier hears nothing', async () => {
      const inbox = async (c: typeof w.buyer, number: string) =>
        expectOk(await c.call<{ sourceType: string; content: string }[]>('messageServer/v1/msgReceiveRestful/listByPage', { params: {}, pageRows: 200 }))
          .filter((m) => m.content.includes(number))
          .map((m) => m.sourceType);
      const c = await signedContract(w);
      await expect.poll(() => inbox(w.s1, c.contractNumber)).toContain('CON_SENT');
      await expect.poll(() => inbox(w.buyer, c.contractNumber)).toContain('CON_CONFIRMED');
      await expect.poll(() => inbox(w.buyer, c.contractNumber)).toContain('CON_SIGNED');
      await expect.poll(() => inbox(w.s1, c.contractNumber)).toContain('CON_SIGNED');
      expectOk(await w.buyer.call(`${CONTRACT}/doTerminate`, { id: c.contractId, reason: 'ended early' }));
      await expect.poll(() => inbox(w.s1, c.contractNumber)).toContain('CON_TERMINATED');
      const r = await sentContract(w);
      expectOk(await w.s1.call(`${CONTRACT}/doRefuse`, { id: r.contractId, reason: 'no' }));
      await expect.poll(() => inbox(w.buyer, r.contractNumber)).toContain('CON_REFUSED');
      expect(await inbox(w.s2, c.contractNumber)).toEqual([]);
    });

    it('a stale save loses; a confirmed contract cannot be edited nor deleted', async () => {
      const c = await confirmedContract(w);
      expectRefusal(await w.buyer.call(`${CONTRACT}/saveOrUpdate`, { ...(await find(c.contractId)), title: 'changed' }), 200, /./);
      expectRefusal(await w.buyer.call(`${CONTRACT}/delete`, { id: c.contractId }), 200, /./);
      expect((await find(c.contractId)).title).toBe('API test contract');
    });
  });
}
