// Freeze and blacklist end dates on PGlite and PostgreSQL: the program SUPPLIER_STATUS_END_DATE, submitted on
// the scheduler (run now), lifts every freeze and blacklisting whose end date passed — FROZEN back to the state
// before the freeze, BLACKLISTED to POTENTIAL — as a history row by the system with the reason in the
// responsible buyer's language, tells that buyer and the supplier's contacts, and leaves alone what has not
// ended yet. The clock is the data's: the demo's end dates are moved into the past in the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { expectOk, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { typed } from '../../../../server/db/typed.js';
import type { SupplierApi } from '../../api.js';
import type { SupplierTables } from '../../generated/tables.js';

const CHANGE = 'srmServer/v1/srmPosSupplierLifecycleRestful';
const SUPPLIER = 'srmServer/v1/srmPosSupplierInfoRestful';
const CATEGORY = 'srmServer/v1/srmBasePurchaseCategoryRestful';
const REQUESTS = 'schedule/v1/scheduleRequestRestful';
const INBOX = 'messageServer/v1/msgReceiveRestful';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const HANOI = 'Hanoi Cable Manufacturing JSC';
const WUXI = '无锡旭日金属材料有限公司';

for (const backend of await backends()) {
  describe(`freeze and blacklist end dates on ${backend}`, () => {
    let t: TestServer;
    let admin: SignedClient;
    let buyer: SignedClient;
    let approver: SignedClient;
    const supplierId: Record<string, number> = {};
    const category: Record<string, number> = {};

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = await signIn(t.url, 'admin');
      buyer = await signIn(t.url, 'buyer01');
      approver = await signIn(t.url, 'approver01');
      for (const s of expectOk(await buyer.call<Rec[]>(`${SUPPLIER}/listByPage`, { params: {}, pageRows: 100 })))
        supplierId[String(s.supplierName)] = Number(s.supplierId);
      for (const c of expectOk(await buyer.call<Rec[]>(`${CATEGORY}/listByPage`, { params: {}, pageRows: 50 })))
        category[String(c.categoryCode)] = Number(c.categoryId);
    });
    afterAll(async () => t?.stop());

    const db = () => typed<SupplierTables>(t.app.ctx.db);
    const status = async (id: number) => expectOk(await buyer.call<Rec>(`${SUPPLIER}/findById`, { id })).supplierStatus;
    const history = async (id: number) => expectOk(await buyer.call<Rec[]>(`${CHANGE}/listByPage`, { params: { supplierId: id }, pageRows: 20 }));
    const runCheck = async () => {
      const r = expectOk(await admin.call<Rec>(`${REQUESTS}/doSubmit`, { programCode: 'SUPPLIER_STATUS_END_DATE', params: {} }));
      await expect
        .poll(async () => expectOk(await admin.call<Rec>(`${REQUESTS}/findById`, { id: r.requestId })).requestStatus, { timeout: 30_000, interval: 200 })
        .toBe('DONE');
    };
    const titles = async (c: SignedClient) =>
      expectOk(await c.call<Rec[]>(`${INBOX}/listByPage`, { params: {}, pageIndex: 1, pageRows: 50 })).map((m) => String(m.title));
    /** Moves the end date of the supplier's last approved change (the demo's freeze or blacklisting). */
    const endDateOf = async (id: number, date: string) => {
      const [last] = (await history(id)).filter((h) => h.status === 'APPROVED');
      await db().updateTable('srm_pos_supplier_lifecycle').set({ end_date: date }).where('lifecycle_id', '=', Number(last.lifecycleId)).execute();
    };

    it('nothing ends before its date: the demo freeze (2027) and blacklisting (2029) stay', async () => {
      await runCheck();
      expect(await status(supplierId[HANOI])).toBe('FROZEN');
      expect(await status(supplierId[WUXI])).toBe('BLACKLISTED');
      // Ends today: still in force today (lifted from tomorrow on).
      await endDateOf(supplierId[HANOI], day(0));
      await runCheck();
      expect(await status(supplierId[HANOI])).toBe('FROZEN');
    });

    it('past end dates are lifted once: FROZEN back to QUALIFIED, BLACKLISTED to POTENTIAL, each with history and notices', async () => {
      const api = t.app.ctx.modules.api<SupplierApi>('supplier');
      expect(await api.eligibleSuppliers(category.ELEC)).not.toContain(supplierId[HANOI]);
      // 无锡旭日's responsible buyer reads Thai: the history's reason and its notice are in Thai.
      await sql`update base_users set language_code = 'TH' where user_name = 'approver02'`.execute(t.app.ctx.db);
      const thUser = await sql<{ user_id: number }>`select user_id from base_users where user_name = 'approver02'`.execute(t.app.ctx.db);
      await db()
        .updateTable('srm_pos_supplier_info')
        .set({ buyer_user_id: Number(thUser.rows[0].user_id) })
        .where('supplier_id', '=', supplierId[WUXI])
        .execute();

      await endDateOf(supplierId[HANOI], day(-1));
      await endDateOf(supplierId[WUXI], day(-3));
      await runCheck();
      await runCheck();

      expect(await status(supplierId[HANOI])).toBe('QUALIFIED');
      expect(await status(supplierId[WUXI])).toBe('POTENTIAL');
      // Qualified for ELEC before the freeze: invited again.
      expect(await api.eligibleSuppliers(category.ELEC)).toContain(supplierId[HANOI]);

      const [hanoiLift, ...hanoiRest] = await history(supplierId[HANOI]);
      expect(hanoiRest.map((h) => h.changeType)).not.toContain('END_DATE');
      expect(hanoiLift).toMatchObject({
        changeType: 'END_DATE',
        fromStatus: 'FROZEN',
        toStatus: 'QUALIFIED',
        status: 'APPROVED',
        approvedBy: 0,
        endDate: day(-1),
        reason: `结束日期 ${day(-1)} 已过，系统自动解除`,
      });
      expect(String(hanoiLift.changeNumber)).toMatch(/^SC-\d{4}-\d{6}$/);
      expect(hanoiLift.approvedDate).toBeTruthy();
      const [wuxiLift] = await history(supplierId[WUXI]);
      expect(wuxiLift).toMatchObject({
        changeType: 'END_DATE',
        fromStatus: 'BLACKLISTED',
        toStatus: 'POTENTIAL',
        reason: `เลยวันสิ้นสุด ${day(-3)} แล้ว ระบบยกเลิกโดยอัตโนมัติ`,
      });

      // The responsible buyers hear of it, each in their language, once however often the check ran.
      const hanoiNumber = expectOk(await buyer.call<Rec>(`${SUPPLIER}/findById`, { id: supplierId[HANOI] })).supplierNumber;
      const cnTitle = `供应商状态到期解除：${String(hanoiNumber)} ${HANOI} 现为「合格」`;
      await expect.poll(() => titles(buyer), { timeout: 15_000 }).toContain(cnTitle);
      expect((await titles(buyer)).filter((x) => x === cnTitle)).toHaveLength(1);
      const thReader = await signIn(t.url, 'approver02');
      await expect.poll(async () => (await titles(thReader)).some((x) => x.startsWith('สถานะผู้จัดจำหน่าย:') && x.includes(WUXI)), { timeout: 15_000 }).toBe(true);
    });

    it('a freeze from POTENTIAL returns to POTENTIAL once its end date passed, not before', async () => {
      const id = supplierId['东莞立信五金制品有限公司'];
      // The demo's waiting qualification first, so the supplier may be frozen.
      const [pending] = (await history(id)).filter((h) => h.status === 'SUBMITTED');
      if (pending) expectOk(await approver.call(`${CHANGE}/doReject`, { id: pending.lifecycleId, reason: 'not now' }));
      expect(await status(id)).toBe('POTENTIAL');
      const saved = expectOk(await buyer.call<Rec>(`${CHANGE}/saveOrUpdate`, { supplierId: id, changeType: 'FREEZE', reason: 'audit', endDate: day(5) }));
      expectOk(await buyer.call(`${CHANGE}/doSubmit`, { id: saved.lifecycleId }));
      expectOk(await approver.call(`${CHANGE}/doApproval`, { id: saved.lifecycleId }));
      expect(await status(id)).toBe('FROZEN');
      await runCheck();
      expect(await status(id)).toBe('FROZEN');
      await endDateOf(id, day(-1));
      await runCheck();
      expect(await status(id)).toBe('POTENTIAL');
      expect((await history(id))[0]).toMatchObject({ changeType: 'END_DATE', fromStatus: 'FROZEN', toStatus: 'POTENTIAL' });
    });
  });
}
