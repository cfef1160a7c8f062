// The ERP connector against a real HTTP server on loopback playing the ERP: a released order and a posted
// receipt are written to the outbox with their transaction; PO_ERP_PUSH pushes them; the fake ERP fails
// each document twice (HTTP 503) and then takes it; the backoff retries run by the scheduler; each attempt
// is one interface-log row (two errors, one success); the HMAC header signs the exact body. A document
// that ran out of attempts is FAILED and "retry now" delivers it once the ERP is back.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { expectOk, expectRefusal, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import { PROFILE } from '../../../../tests/support/orgHelpers.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { signBody } from '../../server/erp/connector.js';
import { DELIVERY, RECEIPT, confirmedOrder, releasedOrder, worldOf, type Delivery, type World } from './orderHelpers.js';

const OUTBOX = 'srmServer/v1/srmPoErpOutboxRestful';
const LOGS = 'srmServer/v1/srmBaseInterfaceLogsRestful';
const SECRET = 'erp-test-secret';

interface Received {
  doc: string;
  event: string;
  signed: boolean;
  body: Rec;
}

/** The fake ERP: the first `failures` pushes of each document get 503, later ones 200. */
function fakeErp(failures: number) {
  const tries = new Map<string, number>();
  const accepted: Received[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const doc = String(req.headers['x-srm-delivery']);
      const n = (tries.get(doc) ?? 0) + 1;
      tries.set(doc, n);
      if (n <= failures) {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('ERP busy');
        return;
      }
      const signed = req.headers['x-srm-signature'] === signBody(SECRET, body);
      accepted.push({ doc, event: String(req.headers['x-srm-event']), signed, body: JSON.parse(body) as Rec });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  return { server, tries, accepted };
}

async function setting(admin: SignedClient, code: string, valueType: string, value: string) {
  const found = expectOk(await admin.call<Rec[]>(`${PROFILE}/listByPage`, { params: { profileCode: code }, pageRows: 5 })).find((p) => p.profileCode === code);
  expectOk(
    await admin.call(`${PROFILE}/saveOrUpdate`, { ...(found ?? {}), profileCode: code, profileName: code, valueType, profileValue: value, enabledFlag: 'Y' }),
  );
}

for (const backend of await backends()) {
  describe(`ERP connector on ${backend}`, () => {
    let t: TestServer;
    let w: World;
    let admin: SignedClient;
    const erp = fakeErp(2);
    let url = '';

    beforeAll(async () => {
      t = await startTestServer(backend);
      await new Promise<void>((r) => erp.server.listen(0, '127.0.0.1', r));
      url = `http://127.0.0.1:${(erp.server.address() as AddressInfo).port}/erp/inbound`;
      const [buyer, s1, s2, a] = await Promise.all([
        signIn(t.url, 'buyer01'),
        signIn(t.url, 'supplier01'),
        signIn(t.url, 'supplier02'),
        signIn(t.url, 'admin'),
      ]);
      w = await worldOf(buyer, s1, s2);
      admin = a;
      await setting(admin, 'SRM_ERP_URL', 'STRING', url);
      await setting(admin, 'SRM_ERP_SECRET', 'STRING', SECRET);
      await setting(admin, 'SRM_ERP_RETRY_SECONDS', 'NUMBER', '1');
      await setting(admin, 'SRM_ERP_MAX_ATTEMPTS', 'NUMBER', '5');
    });
    afterAll(async () => {
      await t?.stop();
      await new Promise((r) => erp.server.close(r));
    });

    const outboxOf = async (documentNumber: string) =>
      expectOk(await admin.call<Rec[]>(`${OUTBOX}/listByPage`, { params: { documentNumber }, pageRows: 10 })).filter(
        (r) => r.documentNumber === documentNumber,
      );
    const attemptsOf = async (documentNumber: string) =>
      expectOk(await admin.call<Rec[]>(`${LOGS}/listByPage`, { params: { appId: 'ERP', requestPath: documentNumber }, pageRows: 50 })).filter((r) =>
        String(r.requestPath).includes(` ${documentNumber} `),
      );

    it('a released order and a receipt reach the ERP after two failures each, every attempt logged', async () => {
      const o = await confirmedOrder(w, [40, 10]);
      const [row] = await outboxOf(o.orderNumber);
      expect(row.eventType).toBe('ORDER_RELEASED');
      await expect.poll(async () => (await outboxOf(o.orderNumber))[0].status, { timeout: 30000, interval: 300 }).toBe('SENT');
      const sent = (await outboxOf(o.orderNumber))[0];
      expect(sent.attempts).toBe(3);
      expect(erp.tries.get(String(sent.outboxId))).toBe(3);
      const got = erp.accepted.find((a) => a.doc === String(sent.outboxId))!;
      expect(got.signed).toBe(true);
      expect(got.event).toBe('ORDER_RELEASED');
      expect((got.body.data as Rec).lines).toHaveLength(2);
      const log = await attemptsOf(o.orderNumber);
      expect(log.map((l) => [l.resultStatus, l.httpStatus]).sort()).toEqual([
        ['E', 503],
        ['E', 503],
        ['S', 200],
      ]);
      expect(log.find((l) => l.resultStatus === 'E')!.resultMsg).toBe('ERP busy');

      // A receipt: shipped by the supplier, received by the buyer; pushed the same way.
      const d = expectOk(
        await w.s1.call<Delivery>(`${DELIVERY}/saveOrUpdate`, {
          orderId: o.orderId,
          expectedArrival: '2026-12-18',
          lines: [{ orderLineId: o.lines[0].orderLineId, quantity: 40, batchNumber: 'E1' }],
        }),
      );
      expectOk(await w.s1.call(`${DELIVERY}/doShip`, { id: d.deliveryId }));
      const r = expectOk(
        await w.buyer.call<Rec>(`${RECEIPT}/saveOrUpdate`, {
          deliveryId: d.deliveryId,
          receiptDate: '2026-12-18',
          lines: [{ deliveryLineId: d.lines[0].deliveryLineId, quantity: 40, rejectedQuantity: 2 }],
        }),
      );
      const number = String(r.receiptNumber);
      await expect.poll(async () => (await outboxOf(number))[0]?.status, { timeout: 30000, interval: 300 }).toBe('SENT');
      const body = erp.accepted.find((a) => a.event === 'RECEIPT_POSTED' && (a.body.data as Rec).receiptNumber === number)!.body;
      expect((body.data as { lines: Rec[] }).lines[0]).toMatchObject({ quantity: 40, acceptedQuantity: 38, rejectedQuantity: 2 });
      expect((await attemptsOf(number)).length).toBe(3);
    });

    it('out of attempts: FAILED; retry now delivers it; a delivered one is not sent again', async () => {
      // The ERP is unreachable (a closed port) and one attempt is all there is.
      const closed = createServer();
      await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
      const dead = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`;
      await new Promise((r) => closed.close(r));
      await setting(admin, 'SRM_ERP_URL', 'STRING', dead);
      await setting(admin, 'SRM_ERP_MAX_ATTEMPTS', 'NUMBER', '1');
      const o = await releasedOrder(w, [5]);
      await expect.poll(async () => (await outboxOf(o.orderNumber))[0].status, { timeout: 30000, interval: 300 }).toBe('FAILED');
      const failed = (await outboxOf(o.orderNumber))[0];
      expect(failed.lastHttpStatus).toBeNull();
      expect(String(failed.lastError)).toMatch(/ECONNREFUSED|fetch failed/);
      // Back online; the fake ERP still refuses twice, then "retry now" by hand three times.
      await setting(admin, 'SRM_ERP_URL', 'STRING', url);
      const retry = async () => expectOk(await admin.call<Rec>(`${OUTBOX}/doRetry`, { id: failed.outboxId }));
      expect((await retry()).status).toBe('FAILED');
      expect((await retry()).status).toBe('FAILED');
      const done = await retry();
      expect(done).toMatchObject({ status: 'SENT', attempts: 4, lastHttpStatus: 200 });
      expectRefusal(await admin.call(`${OUTBOX}/doRetry`, { id: failed.outboxId }, { lang: 'EN' }), 200, `${o.orderNumber} was already delivered to the ERP`);
      expectRefusal(await admin.call(`${OUTBOX}/doRetry`, { id: failed.outboxId }, { lang: 'TH' }), 200, `${o.orderNumber} ส่งถึง ERP แล้ว`);
      const log = await attemptsOf(o.orderNumber);
      expect(log.filter((l) => l.resultStatus === 'E')).toHaveLength(3);
      expect(log.filter((l) => l.resultStatus === 'S')).toHaveLength(1);
      // A supplier sees nothing of the outbox.
      expectRefusal(await w.s1.call(`${OUTBOX}/listByPage`, { params: {}, pageRows: 5 }), 403, /./);
      await setting(admin, 'SRM_ERP_MAX_ATTEMPTS', 'NUMBER', '5');
    });
  });
}
