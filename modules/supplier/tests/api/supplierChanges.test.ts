// A supplier's change of its own information, on PGlite and PostgreSQL: supplier01 fills in only what
// changes and submits; buyer01 sees the differences field by field and approves; only then does the
// master change. Nothing different, a second pending change, a master moved since, a buyer asking, a
// rejection without a reason: refused in EN and TH. supplier02 never sees supplier01's changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { expectOk, expectRefusal, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { typed } from '../../../../server/db/typed.js';
import type { SupplierTables } from '../../generated/tables.js';

const CHANGE = 'srmServer/v1/srmPosSupplierChangeRestful';
const SUPPLIER = 'srmServer/v1/srmPosSupplierInfoRestful';

for (const backend of await backends()) {
  describe(`supplier information changes on ${backend}`, () => {
    let t: TestServer;
    let supplier01: SignedClient;
    let supplier02: SignedClient;
    let buyer: SignedClient;
    let ownId: number;

    beforeAll(async () => {
      t = await startTestServer(backend);
      [supplier01, supplier02, buyer] = await Promise.all([signIn(t.url, 'supplier01'), signIn(t.url, 'supplier02'), signIn(t.url, 'buyer01')]);
      ownId = Number(expectOk(await supplier01.call<Rec[]>(`${SUPPLIER}/listByPage`, { params: {}, pageRows: 5 }))[0].supplierId);
    });
    afterAll(async () => t?.stop());

    const list = async (c: SignedClient, params: Rec = {}) => expectOk(await c.call<Rec[]>(`${CHANGE}/listByPage`, { params, pageRows: 50 }));
    const master = async () => expectOk(await buyer.call<Rec>(`${SUPPLIER}/findById`, { id: ownId }));

    it('the demo change of supplier01 waits for review with its differences; supplier02 does not see it', async () => {
      const [pending] = (await list(buyer)).filter((c) => c.status === 'SUBMITTED');
      expect(pending.supplierId).toBe(ownId);
      const full = expectOk(await buyer.call<Rec>(`${CHANGE}/findById`, { id: pending.changeId }));
      expect((full.differences as Rec[]).map((d) => [d.fieldName, d.oldValue, d.newValue])).toEqual([
        ['contactPhone', '021-5888-0001', '021-5888-0199'],
        ['address', '', '上海市嘉定区安亭镇墨玉路 888 号'],
      ]);
      expect((await list(supplier02)).map((c) => c.supplierId)).not.toContain(ownId);
      expect((await supplier02.call(`${CHANGE}/findById`, { id: pending.changeId })).status).toBe('E');
      // A second change cannot be submitted while it waits.
      const next = expectOk(await supplier01.call<Rec>(`${CHANGE}/saveOrUpdate`, { contactName: '王经理' }));
      expectRefusal(
        await supplier01.call(`${CHANGE}/doSubmit`, { id: next.changeId }, { lang: 'EN' }),
        200,
        `A change is already waiting for review (${String(pending.changeNumber)}); wait until it is decided`,
      );
      expectRefusal(await supplier01.call(`${CHANGE}/doSubmit`, { id: next.changeId }, { lang: 'TH' }), 200, /^มีคำขอเปลี่ยนแปลงรอตรวจสอบอยู่แล้ว/);
      // buyer01 rejects it, with a reason only.
      expectRefusal(await buyer.call(`${CHANGE}/doReject`, { id: pending.changeId }, { lang: 'EN' }), 200, 'Please give the reason for the rejection');
      expectRefusal(await buyer.call(`${CHANGE}/doReject`, { id: pending.changeId }, { lang: 'TH' }), 200, 'กรุณาระบุเหตุผลที่ปฏิเสธ');
      expectOk(await buyer.call(`${CHANGE}/doReject`, { id: pending.changeId, reason: 'address incomplete' }));
      expect(expectOk(await supplier01.call<Rec>(`${CHANGE}/findById`, { id: pending.changeId }))).toMatchObject({
        status: 'REJECTED',
        rejectReason: 'address incomplete',
      });
      expect((await master()).contactPhone).toBe('021-5888-0001');
      expectOk(await supplier01.call(`${CHANGE}/delete`, { id: next.changeId }));
    });

    it('supplier01 submits only what changes; buyer01 approves field by field; then the master changes', async () => {
      const same = expectOk(await supplier01.call<Rec>(`${CHANGE}/saveOrUpdate`, { contactName: (await master()).contactName }));
      expectRefusal(
        await supplier01.call(`${CHANGE}/doSubmit`, { id: same.changeId }, { lang: 'EN' }),
        200,
        'Nothing differs from the current information: fill in only what changes',
      );
      expectRefusal(await supplier01.call(`${CHANGE}/doSubmit`, { id: same.changeId }, { lang: 'TH' }), 200, 'ไม่มีฟิลด์ใดต่างจากข้อมูลปัจจุบัน กรุณากรอกเฉพาะสิ่งที่เปลี่ยน');
      expectOk(await supplier01.call(`${CHANGE}/delete`, { id: same.changeId }));

      // The supplier id in the body is not taken: the change is always of its own company.
      const c = expectOk(
        await supplier01.call<Rec>(`${CHANGE}/saveOrUpdate`, { supplierId: 999999, contactName: '王建华', email: 'wang@hd-steel.example.com' }),
      );
      expect(c.supplierId).toBe(ownId);
      expectOk(await supplier01.call(`${CHANGE}/doSubmit`, { id: c.changeId }));
      const lines = expectOk(await buyer.call<Rec>(`${CHANGE}/findById`, { id: c.changeId })).differences as Rec[];
      expect(lines.map((d) => [d.fieldName, d.oldValue, d.newValue])).toEqual([
        ['contactName', '王建国', '王建华'],
        ['email', 'sales@hd-steel.example.com', 'wang@hd-steel.example.com'],
      ]);
      expect((await master()).contactName).toBe('王建国');
      expect((await supplier01.call(`${CHANGE}/doApproval`, { id: c.changeId })).http).toBe(403);
      expectOk(await buyer.call(`${CHANGE}/doApproval`, { id: c.changeId }));
      expect(await master()).toMatchObject({ contactName: '王建华', email: 'wang@hd-steel.example.com' });
    });

    it('a master changed after the submission refuses the approval', async () => {
      const c = expectOk(await supplier01.call<Rec>(`${CHANGE}/saveOrUpdate`, { contactPhone: '021-0000-0000' }));
      expectOk(await supplier01.call(`${CHANGE}/doSubmit`, { id: c.changeId }));
      await typed<SupplierTables>(t.app.ctx.db)
        .updateTable('srm_pos_supplier_info')
        .set({ contact_phone: '021-1111-1111' })
        .where('supplier_id', '=', ownId)
        .execute();
      expectRefusal(
        await buyer.call(`${CHANGE}/doApproval`, { id: c.changeId }, { lang: 'EN' }),
        200,
        "The supplier's information changed after this was submitted; the supplier must submit the change again",
      );
      expectRefusal(
        await buyer.call(`${CHANGE}/doApproval`, { id: c.changeId }, { lang: 'TH' }),
        200,
        'ข้อมูลผู้จัดจำหน่ายถูกแก้ไขหลังจากส่งคำขอนี้ ผู้จัดจำหน่ายต้องส่งคำขอใหม่',
      );
      expect((await master()).contactPhone).toBe('021-1111-1111');
    });
  });
}
