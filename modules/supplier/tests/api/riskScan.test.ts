// The enterprise risk connector against a real HTTP server on loopback playing the business-information
// service: SUPPLIER_RISK_SCAN, submitted on the scheduler, does nothing while SRM_RISK_URL is empty (and
// says so); configured, it stores supplier01's signals as RISK warnings (once, however often it runs), scores
// the supplier with its reasons, pushes to the buyers, and logs every question in the interface log — a 500
// and an answer slower than SRM_RISK_TIMEOUT_MS included — without failing the run; the failed suppliers
// are asked again next run. A supplier sharing a blacklisted supplier's credit code gets a BLACKLIST_HIT.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { expectOk, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import { PROFILE } from '../../../../tests/support/orgHelpers.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { typed } from '../../../../server/db/typed.js';
import type { SupplierTables } from '../../generated/tables.js';

const WARNING = 'srmServer/v1/srmPosSupplierWarningRestful';
const SUPPLIER = 'srmServer/v1/srmPosSupplierInfoRestful';
const REQUESTS = 'schedule/v1/scheduleRequestRestful';
const LOGS = 'srmServer/v1/srmBaseInterfaceLogsRestful';
const INBOX = 'messageServer/v1/msgReceiveRestful';
const KEY = 'risk-test-key';
const TIMEOUT_MS = 400;

/** The fake business-information service: signals for one code, a 500 for another, a slow answer for a third. */
function fakeService(codes: { signals: string; fails: string; slow: string }) {
  const asked: { code: string; key: string | undefined }[] = [];
  let signals: Rec[] = [
    { id: 'SIG-1001', code: 'LAWSUIT', level: 'HIGH', title: '合同纠纷被诉（标的 320 万元）', occurredAt: '2026-11-02' },
    { id: 'SIG-1002', code: 'PENALTY', level: 'MEDIUM', title: '环保行政处罚', occurredAt: '2026-10-15' },
  ];
  const server: Server = createServer((req, res) => {
    const code = new URL(req.url ?? '/', 'http://x').searchParams.get('creditCode') ?? '';
    asked.push({ code, key: req.headers['x-api-key'] as string | undefined });
    if (code === codes.fails) return void res.writeHead(500, { 'content-type': 'text/plain' }).end('upstream down');
    if (code === codes.slow) {
      const timer = setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"signals":[]}'), TIMEOUT_MS * 5);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    const body = code === codes.signals ? { signals } : { signals: [] };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  return { server, asked, setSignals: (s: Rec[]) => (signals = s) };
}

async function setting(admin: SignedClient, code: string, valueType: string, value: string) {
  const found = expectOk(await admin.call<Rec[]>(`${PROFILE}/listByPage`, { params: { profileCode: code }, pageRows: 5 })).find((p) => p.profileCode === code);
  expectOk(
    await admin.call(`${PROFILE}/saveOrUpdate`, { ...(found ?? {}), profileCode: code, profileName: code, valueType, profileValue: value, enabledFlag: 'Y' }),
  );
}

for (const backend of await backends()) {
  describe(`enterprise risk scan on ${backend}`, () => {
    let t: TestServer;
    let admin: SignedClient;
    let buyer: SignedClient;
    let fake: ReturnType<typeof fakeService>;
    const codes = { signals: '91310000MA1FL0001X', fails: '0105560000002', slow: '91440300MA5F00003K' };

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = await signIn(t.url, 'admin');
      buyer = await signIn(t.url, 'buyer01');
      fake = fakeService(codes);
      await new Promise<void>((r) => fake.server.listen(0, '127.0.0.1', r));
    });
    afterAll(async () => {
      await t?.stop();
      fake?.server.closeAllConnections();
      await new Promise((r) => fake?.server.close(r));
    });

    const db = () => typed<SupplierTables>(t.app.ctx.db);
    const supplierOf = (num: string) =>
      db().selectFrom('srm_pos_supplier_info').select(['supplier_id', 'risk_score']).where('supplier_number', '=', num).executeTakeFirstOrThrow();
    const run = async (programCode: string, params: Rec = {}) => {
      const r = expectOk(await admin.call<Rec>(`${REQUESTS}/doSubmit`, { programCode, params }));
      await expect
        .poll(async () => expectOk(await admin.call<Rec>(`${REQUESTS}/findById`, { id: r.requestId })).requestStatus, { timeout: 30_000, interval: 200 })
        .toBe('DONE');
      const [last] = expectOk(await admin.call<Rec[]>(`${REQUESTS}/findLog`, { id: r.requestId }));
      return String(last.output ?? '');
    };
    const risks = async (supplierId: unknown) =>
      expectOk(await buyer.call<Rec[]>(`${WARNING}/listByPage`, { params: { supplierId, warningType: 'RISK' }, pageRows: 50 }));
    const logsFor = async (creditCode: string) =>
      expectOk(await admin.call<Rec[]>(`${LOGS}/listByPage`, { params: { appId: 'RISK', requestPath: creditCode }, pageRows: 50 })).filter((r) =>
        String(r.requestPath).includes(` ${creditCode} `),
      );

    it('the demo holds business risk signals and scores', async () => {
      const page = expectOk(
        await buyer.call<Rec[]>(`${WARNING}/getSupplierEarlyWarningByPage`, { params: { warningType: 'RISK', status: 'OPEN' }, pageRows: 50 }),
      );
      const s3 = page.filter((w) => w.supplierNumber === 'S-0003');
      expect(s3.map((w) => [w.riskLevel, w.points]).sort()).toEqual([
        ['HIGH', 30],
        ['LOW', 5],
      ]);
      expect(s3[0].riskScore).toBeGreaterThanOrEqual(35);
      expect(Number((await supplierOf('S-0005')).risk_score)).toBeGreaterThanOrEqual(15);
    });

    it('does nothing while SRM_RISK_URL is empty and says so', async () => {
      const output = await run('SUPPLIER_RISK_SCAN');
      expect(output).toContain('SRM_RISK_URL is not configured');
      expect(fake.asked).toEqual([]);
    });

    it('stores signals once, scores the supplier with its reasons, pushes to the buyers, logs failures and timeouts', async () => {
      const port = (fake.server.address() as AddressInfo).port;
      await setting(admin, 'SRM_RISK_URL', 'STRING', `http://127.0.0.1:${port}/risk`);
      await setting(admin, 'SRM_RISK_KEY', 'STRING', KEY);
      await setting(admin, 'SRM_RISK_TIMEOUT_MS', 'NUMBER', String(TIMEOUT_MS));
      const s1 = await supplierOf('S-0001');

      const output = await run('SUPPLIER_RISK_SCAN');
      expect(output).toContain('S-0002: upstream down (asked again next run)');
      expect(output).toContain(`S-0003: timeout after ${TIMEOUT_MS} ms (asked again next run)`);
      expect(output).toMatch(/failed 2, opened 2,/);
      expect(fake.asked.find((a) => a.code === codes.signals)?.key).toBe(KEY);

      const rows = await risks(s1.supplier_id);
      expect(rows.map((w) => [w.subject, w.riskLevel, w.points, w.status, w.dueDate]).sort()).toEqual([
        ['合同纠纷被诉（标的 320 万元）', 'HIGH', 30, 'OPEN', '2026-11-02'],
        ['环保行政处罚', 'MEDIUM', 15, 'OPEN', '2026-10-15'],
      ]);
      expect(rows.map((w) => w.signalId).sort()).toEqual(['SIG-1001', 'SIG-1002']);

      // Interface log: one good question for S-0001, a 500 and a timeout (no status) for the other two.
      expect((await logsFor(codes.signals)).map((l) => [l.resultStatus, l.httpStatus])).toEqual([['S', 200]]);
      const failed = await logsFor(codes.fails);
      expect(failed.map((l) => [l.resultStatus, l.httpStatus, l.resultMsg])).toEqual([['E', 500, 'upstream down']]);
      const slow = await logsFor(codes.slow);
      expect(slow.map((l) => [l.resultStatus, l.httpStatus ?? null, l.resultMsg])).toEqual([['E', null, `timeout after ${TIMEOUT_MS} ms`]]);

      // The score: the supplier's open warnings' points, with the reasons, on the supplier and in the early-warning page.
      const open = await db()
        .selectFrom('srm_pos_supplier_warning')
        .select('points')
        .where('supplier_id', '=', s1.supplier_id)
        .where('status', '=', 'OPEN')
        .execute();
      const expected = Math.min(
        100,
        open.reduce((sum, w) => sum + Number(w.points), 0),
      );
      expect(expected).toBeGreaterThanOrEqual(45);
      const info = expectOk(await buyer.call<Rec>(`${SUPPLIER}/findById`, { id: s1.supplier_id }));
      expect(info.riskScore).toBe(expected);
      const page = expectOk(
        await buyer.call<Rec[]>(`${WARNING}/getSupplierEarlyWarningByPage`, { params: { supplierId: s1.supplier_id, warningType: 'RISK' }, pageRows: 10 }),
      );
      expect(page).toHaveLength(2);
      expect(page[0]).toMatchObject({ supplierNumber: 'S-0001', riskScore: expected, warningTypeMeaning: 'Business risk signal' });
      const reasons = page[0].riskReasons as Rec[];
      expect(reasons).toEqual(
        expect.arrayContaining([
          { warningType: 'RISK', riskLevel: 'HIGH', count: 1, points: 30, text: 'Business risk signal (High) ×1: +30' },
          { warningType: 'RISK', riskLevel: 'MEDIUM', count: 1, points: 15, text: 'Business risk signal (Medium) ×1: +15' },
        ]),
      );
      const th = await signIn(t.url, 'buyer01', 'TH');
      const thPage = expectOk(
        await th.call<Rec[]>(`${WARNING}/getSupplierEarlyWarningByPage`, { params: { supplierId: s1.supplier_id, warningType: 'RISK' } }),
      );
      expect(thPage[0]).toMatchObject({ warningTypeMeaning: 'สัญญาณความเสี่ยงทางธุรกิจ', riskLevelMeaning: expect.stringMatching(/^(สูง|ปานกลาง)$/) });

      // Pushed once to the buyers.
      const title = '企业风险信号：S-0001 华东精密钢材有限公司';
      const inbox = async () => expectOk(await buyer.call<Rec[]>(`${INBOX}/listByPage`, { params: {}, pageIndex: 1, pageRows: 50 })).map((m) => m.title);
      await expect.poll(async () => (await inbox()).filter((x) => x === title).length, { timeout: 10_000 }).toBe(2);

      // Second run: nothing new for S-0001; the failed ones are asked again (and fail again, logged again).
      const second = await run('SUPPLIER_RISK_SCAN');
      expect(second).toMatch(/failed 2, opened 0, closed 0/);
      expect(await risks(s1.supplier_id)).toHaveLength(2);
      expect(await logsFor(codes.fails)).toHaveLength(2);
      expect(await logsFor(codes.slow)).toHaveLength(2);
      expect((await inbox()).filter((x) => x === title)).toHaveLength(2);

      // The service stops reporting the penalty: its warning closes and the score drops by its points.
      fake.setSignals([{ id: 'SIG-1001', code: 'LAWSUIT', level: 'HIGH', title: '合同纠纷被诉（标的 320 万元）', occurredAt: '2026-11-02' }]);
      await run('SUPPLIER_RISK_SCAN');
      expect((await risks(s1.supplier_id)).map((w) => [w.signalId, w.status]).sort()).toEqual([
        ['SIG-1001', 'OPEN'],
        ['SIG-1002', 'CLOSED'],
      ]);
      expect(Number((await supplierOf('S-0001')).risk_score)).toBe(Math.min(100, expected - 15));
    });

    it('a supplier with a blacklisted supplier’s credit code gets a blacklist hit', async () => {
      const code = `91320200BL${Date.now() % 100000}`;
      const [bad] = await db()
        .insertInto('srm_pos_supplier_info')
        .values({ supplier_number: `BL-${code}`, supplier_name: '黑名单测试甲', tax_number: code, supplier_status: 'BLACKLISTED' })
        .returning('supplier_id')
        .execute();
      const [twin] = await db()
        .insertInto('srm_pos_supplier_info')
        .values({ supplier_number: `TW-${code}`, supplier_name: '黑名单测试乙', tax_number: ` ${code.toLowerCase()} `, supplier_status: 'POTENTIAL' })
        .returning('supplier_id')
        .execute();
      await run('SUPPLIER_CERT_EXPIRY', { daysAhead: 30 });
      await run('SUPPLIER_CERT_EXPIRY', { daysAhead: 30 });
      const hits = expectOk(await buyer.call<Rec[]>(`${WARNING}/listByPage`, { params: { supplierId: twin.supplier_id }, pageRows: 10 }));
      expect(hits.map((w) => [w.warningType, w.subject, w.status, w.points])).toEqual([['BLACKLIST_HIT', `BL-${code} 黑名单测试甲`, 'OPEN', 60]]);
      expect(Number((await supplierOf(`TW-${code}`)).risk_score)).toBe(60);
      expect(expectOk(await buyer.call<Rec[]>(`${WARNING}/listByPage`, { params: { supplierId: bad.supplier_id }, pageRows: 10 }))).toEqual([]);
    });
  });
}
