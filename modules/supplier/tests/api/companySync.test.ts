// syncSupplierInfo against a real HTTP server on loopback playing the business-information service (the risk
// connector's settings): the supplier's registered data is stored read-only with the time of the sync; a
// deregistered company raises a HIGH risk warning that a later active answer closes; not configured, service
// down, timeout, unknown company and an unreadable answer are refused in the caller's language and change
// nothing. A supplier's user may not sync. On PGlite and PostgreSQL.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { expectOk, expectRefusal, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import { PROFILE } from '../../../../tests/support/orgHelpers.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { typed } from '../../../../server/db/typed.js';
import type { SupplierTables } from '../../generated/tables.js';

const SUPPLIER = 'srmServer/v1/srmPosSupplierInfoRestful';
const WARNING = 'srmServer/v1/srmPosSupplierWarningRestful';
const LOGS = 'srmServer/v1/srmBaseInterfaceLogsRestful';
const TIMEOUT_MS = 400;
const CODES = { active: 'SYNC-ACTIVE-01', dead: 'SYNC-DEAD-02', fails: 'SYNC-500-03', slow: 'SYNC-SLOW-04', unknown: 'SYNC-404-05', garbage: 'SYNC-BAD-06' };

const COMPANY = {
  companyName: '华东精密钢材有限公司',
  legalRepresentative: '周华东',
  registeredCapital: '5000万元人民币',
  registeredAddress: '上海市嘉定区安亭镇墨玉路 88 号',
  businessScope: '钢材、金属制品的加工与销售；货物进出口',
  establishmentDate: '2008-05-12',
  registrationStatus: 'ACTIVE',
};

function fakeService() {
  let deadStatus = 'DEREGISTERED';
  const server: Server = createServer((req, res) => {
    const q = new URL(req.url ?? '/', 'http://x').searchParams;
    const code = q.get('creditCode') ?? '';
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (q.get('kind') !== 'company') return void json(200, { signals: [] });
    if (code === CODES.fails) return void res.writeHead(503, { 'content-type': 'text/plain' }).end('maintenance');
    if (code === CODES.unknown) return void json(404, { error: 'not found' });
    if (code === CODES.garbage) return void json(200, { companies: 'none' });
    if (code === CODES.slow) {
      const timer = setTimeout(() => json(200, { company: COMPANY }), TIMEOUT_MS * 5);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    if (code === CODES.dead) return void json(200, { company: { ...COMPANY, companyName: 'Dead Co', registrationStatus: deadStatus } });
    json(200, { company: COMPANY });
  });
  return { server, revive: () => (deadStatus = 'ACTIVE') };
}

async function setting(admin: SignedClient, code: string, valueType: string, value: string) {
  const found = expectOk(await admin.call<Rec[]>(`${PROFILE}/listByPage`, { params: { profileCode: code }, pageRows: 5 })).find((p) => p.profileCode === code);
  expectOk(
    await admin.call(`${PROFILE}/saveOrUpdate`, { ...(found ?? {}), profileCode: code, profileName: code, valueType, profileValue: value, enabledFlag: 'Y' }),
  );
}

for (const backend of await backends()) {
  describe(`syncSupplierInfo on ${backend}`, () => {
    let t: TestServer;
    let admin: SignedClient;
    let buyer: SignedClient;
    let fake: ReturnType<typeof fakeService>;
    let s1: number;
    let s2: number;

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = await signIn(t.url, 'admin');
      buyer = await signIn(t.url, 'buyer01');
      fake = fakeService();
      await new Promise<void>((r) => fake.server.listen(0, '127.0.0.1', r));
      const idOf = async (num: string) =>
        Number((await db().selectFrom('srm_pos_supplier_info').select('supplier_id').where('supplier_number', '=', num).executeTakeFirstOrThrow()).supplier_id);
      s1 = await idOf('S-0001');
      s2 = await idOf('S-0002');
    });
    afterAll(async () => {
      await t?.stop();
      fake?.server.closeAllConnections();
      await new Promise((r) => fake?.server.close(r));
    });

    const db = () => typed<SupplierTables>(t.app.ctx.db);
    const code = (id: number, taxNumber: string) =>
      db().updateTable('srm_pos_supplier_info').set({ tax_number: taxNumber }).where('supplier_id', '=', id).execute();
    const sync = (id: number, lang = 'EN') => buyer.call<Rec>(`${SUPPLIER}/syncSupplierInfo`, { id }, { lang });
    const find = async (id: number) => expectOk(await buyer.call<Rec>(`${SUPPLIER}/findById`, { id }));
    const registered = (r: Rec) => [
      r.legalRepresentative,
      r.registeredCapital,
      r.registeredAddress,
      r.businessScope,
      r.establishmentDate,
      r.registrationStatus,
      r.infoSyncedAt,
    ];

    it('without SRM_RISK_URL the sync is refused and says why', async () => {
      await code(s1, CODES.active);
      expectRefusal(await sync(s1), 200, 'The business-information service is not configured (ask an administrator to set its address); nothing was synced');
      expect((await find(s1)).infoSyncedAt ?? null).toBeNull();
    });

    it('stores the registered data read-only with the time of the sync, and logs the question', async () => {
      const port = (fake.server.address() as { port: number }).port;
      await setting(admin, 'SRM_RISK_URL', 'STRING', `http://127.0.0.1:${port}/risk`);
      await setting(admin, 'SRM_RISK_TIMEOUT_MS', 'NUMBER', String(TIMEOUT_MS));
      const answer = expectOk(await sync(s1));
      expect(answer).toMatchObject({
        legalRepresentative: '周华东',
        registeredCapital: '5000万元人民币',
        registeredAddress: '上海市嘉定区安亭镇墨玉路 88 号',
        businessScope: '钢材、金属制品的加工与销售；货物进出口',
        establishmentDate: '2008-05-12',
        registrationStatus: 'ACTIVE',
      });
      expect(String(answer.infoSyncedAt)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      // Read-only: a save cannot overwrite them.
      expectOk(await buyer.call(`${SUPPLIER}/saveOrUpdate`, { ...answer, legalRepresentative: 'someone else' }));
      expect((await find(s1)).legalRepresentative).toBe('周华东');
      const logs = expectOk(await admin.call<Rec[]>(`${LOGS}/listByPage`, { params: { appId: 'RISK' }, pageRows: 50 }));
      expect(logs.some((l) => String(l.requestPath).includes(`${CODES.active} S-0001 company`))).toBe(true);
    });

    it('down, timeout, unknown company and garbage are refused in the caller language and change nothing', async () => {
      const before = registered(await find(s1));
      const cases: [string, string, string | RegExp][] = [
        [CODES.fails, 'EN', 'The business-information service is not available; nothing was changed, please try again later'],
        [CODES.fails, 'TH', 'บริการข้อมูลธุรกิจไม่พร้อมใช้งาน ไม่มีการเปลี่ยนแปลงใด ๆ โปรดลองอีกครั้งภายหลัง'],
        [CODES.slow, 'EN', 'The business-information service did not answer in time; nothing was changed, please try again later'],
        [CODES.slow, 'VN', 'Dịch vụ thông tin doanh nghiệp không phản hồi kịp; không có gì thay đổi, vui lòng thử lại sau'],
        [CODES.unknown, 'EN', `The business-information service knows no company with credit code ${CODES.unknown}; nothing was changed`],
        [CODES.unknown, 'CN', `工商信息服务中查不到信用代码 ${CODES.unknown} 的企业，未作任何更改`],
        [CODES.garbage, 'EN', 'The business-information service answered something unreadable; nothing was changed'],
      ];
      for (const [taxNumber, lang, text] of cases) {
        await code(s1, taxNumber);
        expectRefusal(await sync(s1, lang), 200, text);
        expect(registered(await find(s1))).toEqual(before);
      }
      await code(s1, '');
      expectRefusal(await sync(s1), 200, 'The supplier has no credit code, so its business registration cannot be synced');
      await code(s1, CODES.active);
    });

    it('a deregistered company raises a HIGH risk warning once; active again closes it', async () => {
      await code(s2, CODES.dead);
      const scoreBefore = Number((await find(s2)).riskScore ?? 0);
      expect(expectOk(await sync(s2)).registrationStatus).toBe('DEREGISTERED');
      expectOk(await sync(s2));
      const mine = async () =>
        expectOk(await buyer.call<Rec[]>(`${WARNING}/listByPage`, { params: { supplierId: s2, warningType: 'RISK' }, pageRows: 50 })).filter((w) =>
          String(w.subject).startsWith('Business registration'),
        );
      expect((await mine()).map((w) => [w.subject, w.riskLevel, w.status])).toEqual([['Business registration: DEREGISTERED', 'HIGH', 'OPEN']]);
      expect(Number((await find(s2)).riskScore)).toBe(Math.min(100, scoreBefore + 30));
      fake.revive();
      expect(expectOk(await sync(s2)).registrationStatus).toBe('ACTIVE');
      expect((await mine()).map((w) => w.status)).toEqual(['CLOSED']);
    });

    it("a supplier's user may not sync, not even its own company", async () => {
      const supplier01 = await signIn(t.url, 'supplier01');
      const r = await supplier01.call(`${SUPPLIER}/syncSupplierInfo`, { id: s1 });
      expect(r.http).toBe(403);
    });
  });
}
