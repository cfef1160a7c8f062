// What the internal review screen reads, on PGlite and PostgreSQL: the demo registrations in every state
// (two SUBMITTED ones waiting in approver01's to-do list, an APPROVED one with its supplier, a REJECTED
// one with its reason), each opening with its categories, bank accounts and certificates; approving the
// task from the screen's process panel is the task centre's doApprove. A supplier user sees none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { expectOk, expectRefusal, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';

const REG = 'srmServer/v1/srmPosSupplierRegisterRestful';
const SUPPLIER = 'srmServer/v1/srmPosSupplierInfoRestful';
const TASK = 'bpmServer/v1/bpmTaskRestful';

for (const backend of await backends()) {
  describe(`supplier registration review screen on ${backend}`, () => {
    let t: TestServer;
    let approver: SignedClient;
    let buyer: SignedClient;

    beforeAll(async () => {
      t = await startTestServer(backend);
      approver = await signIn(t.url, 'approver01');
      buyer = await signIn(t.url, 'buyer01');
    });
    afterAll(async () => t?.stop());

    const list = async (c: SignedClient, params: Rec = {}) => expectOk(await c.call<Rec[]>(`${REG}/listByPage`, { params, pageIndex: 1, pageRows: 100 }));
    const byName = async (name: string) => (await list(approver, { companyName: name }))[0];

    it('lists the demo registrations in every state, filtered by state', async () => {
      const states = new Set((await list(buyer)).map((r) => r.status));
      expect([...states].sort()).toEqual(['APPROVED', 'DRAFT', 'REJECTED', 'SUBMITTED', 'WITHDRAWN']);
      const submitted = await list(approver, { status: 'SUBMITTED' });
      expect(submitted.map((r) => r.companyName)).toEqual(expect.arrayContaining(['杭州绿源包装科技有限公司', 'Bangkok Precision Parts Co., Ltd.']));
      expect(submitted.every((r) => r.status === 'SUBMITTED')).toBe(true);
      expect(await byName('上海宏达贸易')).toMatchObject({ status: 'REJECTED', rejectReason: '贸易商无原厂授权书，请补充授权文件后重新提交' });
    });

    it('opens a registration with its categories, bank accounts and certificates', async () => {
      const r = await byName('杭州绿源包装');
      const full = expectOk(await approver.call<Rec>(`${REG}/findById`, { id: r.registerId }));
      expect(full).toMatchObject({ creditCode: '91330106MA2B00102B', categoryNames: 'PACK 包装材料, MRO 辅料及MRO', contactName: '许佳' });
      expect(full.bankAccounts).toEqual([expect.objectContaining({ bankName: '招商银行杭州分行', currencyCode: 'CNY' })]);
      expect((full.certificates as Rec[]).map((c) => [c.certName, c.expiryDate])).toEqual([
        ['营业执照', '2036-05-31'],
        ['ISO 9001 质量管理体系认证', '2027-08-15'],
      ]);
      // The contract's wire name answers the same registration.
      expect(expectOk(await approver.call<Rec>(`${REG}/getRegisterInfoVOById`, { id: r.registerId }))).toEqual(full);
    });

    it('an approved registration shows its supplier, now POTENTIAL', async () => {
      const r = await byName('东莞立信五金');
      expect(r.status).toBe('APPROVED');
      const supplier = expectOk(await buyer.call<Rec>(`${SUPPLIER}/findById`, { id: r.supplierId }));
      expect(supplier).toMatchObject({ supplierName: '东莞立信五金制品有限公司', supplierStatus: 'POTENTIAL' });
    });

    it('approver01 decides a submitted one from its task; the registration cannot be approved around the process', async () => {
      const r = await byName('Bangkok Precision');
      const tasks = expectOk(
        await approver.call<Rec[]>(`${TASK}/findTodoTasks`, { params: { entity: 'srmPosSupplierRegister' }, pageIndex: 1, pageRows: 100 }),
      );
      const task = tasks.find((x) => x.businessId === r.registerId);
      expect(task).toMatchObject({ title: 'Bangkok Precision Parts Co., Ltd.', taskName: '供应商准入审核' });
      const url = expectOk(await approver.call<Rec>(`${TASK}/getTaskUrl`, { taskId: task!.taskId }));
      expect(url).toMatchObject({ route: '/main/supplier/registerReviewEdit', query: expect.objectContaining({ id: String(r.registerId), mode: 'view' }) });
      expect((await approver.call(`${REG}/doApproval`, { id: r.registerId })).status).toBe('E');
      expectOk(await approver.call(`${TASK}/doApprove`, { taskId: task!.taskId, comment: 'ok' }));
      const after = await byName('Bangkok Precision');
      expect(after.status).toBe('APPROVED');
      expect(expectOk(await buyer.call<Rec>(`${SUPPLIER}/findById`, { id: after.supplierId })).supplierStatus).toBe('POTENTIAL');
    });

    it('a supplier user cannot read registrations', async () => {
      const supplier = await signIn(t.url, 'supplier01');
      expectRefusal(await supplier.call(`${REG}/listByPage`, { params: {}, pageIndex: 1, pageRows: 10 }), 403, /./);
      const any = (await byName('杭州绿源包装')).registerId;
      expectRefusal(await supplier.call(`${REG}/getRegisterInfoVOById`, { id: any }), 403, /./);
    });
  });
}
