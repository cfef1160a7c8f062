// The supplier lifecycle on PGlite and PostgreSQL: status changes asked by buyer01 and approved by
// approver01 (srmPosSupplierLifecycle), each checked against the supplier's state when saved, submitted
// and approved; the approval moves the master (and the category for a qualification), keeps the history,
// changes what sourcing may invite, and tells the supplier's contacts. Refusals in EN and TH.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { expectOk, expectRefusal, freshIp, post, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import type { SupplierApi } from '../../api.js';

const CHANGE = 'srmServer/v1/srmPosSupplierLifecycleRestful';
const SUPPLIER = 'srmServer/v1/srmPosSupplierInfoRestful';
const CATEGORY = 'srmServer/v1/srmBasePurchaseCategoryRestful';
const INBOX = 'messageServer/v1/msgReceiveRestful';
const REGISTER = '/api/srmServer/v1/srmPosSupplierRegisterRestful';

for (const backend of await backends()) {
  describe(`supplier lifecycle on ${backend}`, () => {
    let t: TestServer;
    let buyer: SignedClient;
    let approver: SignedClient;
    let api: SupplierApi;
    const category: Record<string, number> = {};
    const supplierId: Record<string, number> = {};

    beforeAll(async () => {
      t = await startTestServer(backend);
      buyer = await signIn(t.url, 'buyer01');
      approver = await signIn(t.url, 'approver01');
      api = t.app.ctx.modules.api<SupplierApi>('supplier');
      for (const c of expectOk(await buyer.call<Rec[]>(`${CATEGORY}/listByPage`, { params: {}, pageRows: 50 })))
        category[String(c.categoryCode)] = Number(c.categoryId);
      for (const s of expectOk(await buyer.call<Rec[]>(`${SUPPLIER}/listByPage`, { params: {}, pageRows: 100 })))
        supplierId[String(s.supplierName)] = Number(s.supplierId);
    });
    afterAll(async () => t?.stop());

    const status = async (id: number) => expectOk(await buyer.call<Rec>(`${SUPPLIER}/findById`, { id })).supplierStatus;
    const save = (body: Rec, lang = 'EN') => buyer.call<Rec>(`${CHANGE}/saveOrUpdate`, body, { lang });
    /** Saves and submits a change as buyer01, then approves it as approver01; answers the approved row. */
    const approved = async (body: Rec) => {
      const saved = expectOk(await save(body));
      expectOk(await buyer.call(`${CHANGE}/doSubmit`, { id: saved.lifecycleId }));
      expectOk(await approver.call(`${CHANGE}/doApproval`, { id: saved.lifecycleId }));
      return expectOk(await buyer.call<Rec>(`${CHANGE}/findById`, { id: saved.lifecycleId }));
    };

    it('the demo history: a frozen and a blacklisted supplier with their approved changes, a qualification waiting', async () => {
      expect(await status(supplierId['Hanoi Cable Manufacturing JSC'])).toBe('FROZEN');
      expect(await status(supplierId['无锡旭日金属材料有限公司'])).toBe('BLACKLISTED');
      const history = expectOk(
        await buyer.call<Rec[]>(`${CHANGE}/listByPage`, { params: { supplierId: supplierId['Hanoi Cable Manufacturing JSC'] }, pageRows: 10 }),
      );
      expect(history.map((h) => [h.changeType, h.fromStatus, h.toStatus, h.status])).toEqual([
        ['FREEZE', 'QUALIFIED', 'FROZEN', 'APPROVED'],
        ['QUALIFY', 'POTENTIAL', 'QUALIFIED', 'APPROVED'],
      ]);
      // Frozen: not invited even for the category it is qualified for.
      expect(await api.eligibleSuppliers(category.ELEC)).not.toContain(supplierId['Hanoi Cable Manufacturing JSC']);
    });

    it('qualifying a POTENTIAL supplier for a category makes it QUALIFIED there, and only there', async () => {
      const id = supplierId['东莞立信五金制品有限公司'];
      expect(await status(id)).toBe('POTENTIAL');
      const [pending] = expectOk(await buyer.call<Rec[]>(`${CHANGE}/listByPage`, { params: { supplierId: id }, pageRows: 10 }));
      expect(pending).toMatchObject({ changeType: 'QUALIFY', status: 'SUBMITTED' });
      // While it waits, no other change of the supplier can be asked for.
      const wait = `The supplier already has a status change waiting for approval (${String(pending.changeNumber)}); wait until it is decided`;
      expectRefusal(await save({ supplierId: id, changeType: 'FREEZE', reason: 'audit' }), 200, wait);
      expectRefusal(await save({ supplierId: id, changeType: 'FREEZE', reason: 'audit' }, 'TH'), 200, /^ผู้จัดจำหน่ายมีการเปลี่ยนสถานะที่รออนุมัติอยู่แล้ว/);

      expect(await api.eligibleSuppliers(category.RAW)).not.toContain(id);
      // buyer01 may ask but not decide.
      expect((await buyer.call(`${CHANGE}/doApproval`, { id: pending.lifecycleId })).http).toBe(403);
      expectOk(await approver.call(`${CHANGE}/doApproval`, { id: pending.lifecycleId }));
      expect(await status(id)).toBe('QUALIFIED');
      expect(await api.eligibleSuppliers(category.RAW)).toContain(id);
      expect(await api.eligibleSuppliers(category.MRO)).not.toContain(id);
      const done = expectOk(await buyer.call<Rec>(`${CHANGE}/findById`, { id: pending.lifecycleId }));
      expect(done).toMatchObject({ status: 'APPROVED', fromStatus: 'POTENTIAL', toStatus: 'QUALIFIED' });
      expect(done.approvedDate).toBeTruthy();

      // The same category again, and a qualification without a category, are refused.
      expectRefusal(
        await save({ supplierId: id, changeType: 'QUALIFY', categoryId: category.RAW, reason: 'again' }),
        200,
        'The supplier is already qualified for this category',
      );
      expectRefusal(
        await save({ supplierId: id, changeType: 'QUALIFY', categoryId: category.RAW, reason: 'again' }, 'TH'),
        200,
        'ผู้จัดจำหน่ายผ่านการรับรองในหมวดหมู่นี้แล้ว',
      );
      expectRefusal(await save({ supplierId: id, changeType: 'QUALIFY', reason: 'no category' }), 200, 'A qualification needs the purchase category');
      expectRefusal(await save({ supplierId: id, changeType: 'QUALIFY', reason: 'no category' }, 'TH'), 200, 'การรับรองต้องระบุหมวดหมู่การจัดซื้อ');
    });

    it('freeze with an end date, unfreeze back to QUALIFIED; a frozen supplier cannot be qualified or frozen again', async () => {
      const id = supplierId['东莞立信五金制品有限公司'];
      expectRefusal(await save({ supplierId: id, changeType: 'FREEZE', reason: 'late', endDate: '2020-01-01' }), 200, 'The end date must be after today');
      expectRefusal(await save({ supplierId: id, changeType: 'FREEZE', reason: 'late', endDate: '2020-01-01' }, 'TH'), 200, 'วันที่สิ้นสุดต้องอยู่หลังวันนี้');
      const frozen = await approved({ supplierId: id, changeType: 'FREEZE', reason: 'three late deliveries', endDate: '2099-03-31' });
      expect(frozen).toMatchObject({ fromStatus: 'QUALIFIED', toStatus: 'FROZEN', endDate: '2099-03-31' });
      expect(await status(id)).toBe('FROZEN');
      expect(await api.eligibleSuppliers(category.RAW)).not.toContain(id);
      expectRefusal(await save({ supplierId: id, changeType: 'FREEZE', reason: 'again' }), 200, 'Only a potential or qualified supplier can be frozen');
      expectRefusal(await save({ supplierId: id, changeType: 'FREEZE', reason: 'again' }, 'TH'), 200, 'ระงับได้เฉพาะผู้จัดจำหน่ายที่มีศักยภาพหรือผ่านการรับรอง');
      expectRefusal(
        await save({ supplierId: id, changeType: 'QUALIFY', categoryId: category.MRO, reason: 'x' }),
        200,
        'Only a potential or qualified supplier can be qualified for a category (not a frozen, blacklisted or quit one)',
      );
      const unfrozen = await approved({ supplierId: id, changeType: 'UNFREEZE', reason: 'deliveries back on time' });
      expect(unfrozen).toMatchObject({ fromStatus: 'FROZEN', toStatus: 'QUALIFIED' });
      expect(await api.eligibleSuppliers(category.RAW)).toContain(id);
      expectRefusal(await save({ supplierId: id, changeType: 'UNFREEZE', reason: 'x' }), 200, 'Only a frozen supplier can be unfrozen');
      expectRefusal(await save({ supplierId: id, changeType: 'UNFREEZE', reason: 'x' }, 'TH'), 200, 'ยกเลิกการระงับได้เฉพาะผู้จัดจำหน่ายที่ถูกระงับ');
    });

    it('a rejection needs a reason and keeps it; the supplier stays as it was', async () => {
      const id = supplierId['东莞立信五金制品有限公司'];
      const saved = expectOk(await save({ supplierId: id, changeType: 'QUIT', reason: 'asked to leave' }));
      expectOk(await buyer.call(`${CHANGE}/doSubmit`, { id: saved.lifecycleId }));
      expectRefusal(await approver.call(`${CHANGE}/doReject`, { id: saved.lifecycleId }), 200, 'Please give the reason for the rejection');
      expectRefusal(await approver.call(`${CHANGE}/doReject`, { id: saved.lifecycleId }, { lang: 'TH' }), 200, 'กรุณาระบุเหตุผลที่ปฏิเสธ');
      expectOk(await approver.call(`${CHANGE}/doReject`, { id: saved.lifecycleId, reason: 'open orders first' }));
      expect(expectOk(await buyer.call<Rec>(`${CHANGE}/findById`, { id: saved.lifecycleId }))).toMatchObject({
        status: 'REJECTED',
        rejectReason: 'open orders first',
      });
      expect(await status(id)).toBe('QUALIFIED');
    });

    it('blacklisting ends everything: no invitation, no quitting, no second blacklisting, no re-registration', async () => {
      const id = supplierId['东莞立信五金制品有限公司'];
      await approved({ supplierId: id, changeType: 'BLACKLIST', reason: 'forged certificates', endDate: '2099-12-31' });
      expect(await status(id)).toBe('BLACKLISTED');
      expect(await api.eligibleSuppliers(category.RAW)).not.toContain(id);
      expectRefusal(await save({ supplierId: id, changeType: 'QUIT', reason: 'x' }), 200, 'A blacklisted supplier or one that has quit cannot quit');
      expectRefusal(await save({ supplierId: id, changeType: 'BLACKLIST', reason: 'x' }), 200, 'The supplier is already blacklisted');
      expectRefusal(await save({ supplierId: id, changeType: 'BLACKLIST', reason: 'x' }, 'TH'), 200, 'ผู้จัดจำหน่ายอยู่ในบัญชีดำแล้ว');
      expectRefusal(await save({ supplierId: id, changeType: 'PROMOTE', reason: 'x' }), 200, 'PROMOTE is not a valid option for Change');
      // Its credit code cannot register again, under any name.
      const check = expectOk(
        await post(t.url, `${REGISTER}/validationRepeatByName`, JSON.stringify({ companyName: 'Brand New Name Ltd', creditCode: ' 91441900ma4w00104c ' }), {
          'content-type': 'application/json',
          'SAAF-Language': 'EN',
          'X-Forwarded-For': freshIp(),
        }),
      );
      expect(check).toMatchObject({ exists: true, field: 'creditCode', message: 'A supplier with this credit code is blacklisted and cannot register' });
    });

    it('quit; the supplier’s contacts are told of an approved change in their inbox', async () => {
      const id = supplierId['Siam Electronic Components Co., Ltd.'];
      const quit = await approved({ supplierId: id, changeType: 'QUIT', reason: 'business closed in Thailand' });
      expect(quit).toMatchObject({ fromStatus: 'QUALIFIED', toStatus: 'QUIT' });
      expect(await status(id)).toBe('QUIT');
      expect(await api.eligibleSuppliers(category.ELEC)).not.toContain(id);
      const supplier02 = await signIn(t.url, 'supplier02');
      const inbox = async () => expectOk(await supplier02.call<Rec[]>(`${INBOX}/listByPage`, { params: {}, pageIndex: 1, pageRows: 20 }));
      await expect
        .poll(async () => (await inbox()).map((m) => m.title), { timeout: 10_000 })
        .toContain('供应商状态变更：Siam Electronic Components Co., Ltd. 现为「已退出」');
      const notice = (await inbox()).find((m) => String(m.title).includes('已退出'))!;
      expect(notice.content).toContain(String(quit.changeNumber));
      expect(notice.content).toContain('business closed in Thailand');
    });

    it('a supplier user cannot see or ask for status changes', async () => {
      const supplier01 = await signIn(t.url, 'supplier01');
      expect((await supplier01.call(`${CHANGE}/listByPage`, { params: {}, pageRows: 10 })).http).toBe(403);
      expect((await supplier01.call(`${CHANGE}/saveOrUpdate`, { supplierId: 1, changeType: 'QUIT', reason: 'x' })).http).toBe(403);
    });
  });
}
