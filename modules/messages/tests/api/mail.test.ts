// E-mail against a real SMTP server on loopback (smtp-server), on PGlite and PostgreSQL: a delivered mail
// arrives; an SMTP server that refuses the connection, then one that never greets (a timeout), lose
// nothing: the delivery stays queued with its error and attempts in the log, the scheduler holds a
// MESSAGE_RETRY run for its next attempt, the delay doubles, and once SMTP answers the mail arrives.
import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { startLoopbackSmtp, type ReceivedMail } from '../../../../tests/support/loopbackSmtp.js';
import { expectOk, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';
import type { MessagesApi } from '../../api.js';
import { msg } from '../../server/store.js';

const LOGS = 'messageServer/v1/msgLogRestful';
const REQUESTS = 'schedule/v1/scheduleRequestRestful';
const BUYER_MAIL = 'buyer01@srm.example.com';

/** A TCP server that accepts and never says a word (an SMTP server that hangs before its greeting). */
async function silentServer(port: number): Promise<() => Promise<void>> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => sockets.add(s));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
}

/** The parts of a multipart message: their content type and transfer-decoded UTF-8 body. */
function partsOf(raw: string): { type: string; body: string }[] {
  const boundary = /boundary="?([^"\r\n;]+)"?/i.exec(raw)?.[1];
  if (!boundary) return [];
  return raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const split = part.indexOf('\r\n\r\n');
      const head = part.slice(0, split);
      const encoded = part.slice(split + 4).replace(/\r\n$/, '');
      const type = /content-type:\s*([^;\r\n]+)/i.exec(head)?.[1].trim() ?? '';
      const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(head)?.[1].toLowerCase();
      const body =
        encoding === 'base64'
          ? Buffer.from(encoded, 'base64').toString('utf8')
          : encoding === 'quoted-printable'
            ? Buffer.from(
                encoded.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
                'latin1',
              ).toString('utf8')
            : encoded;
      return { type, body: body.replace(/\r\n/g, '\n') };
    });
}

for (const backend of await backends()) {
  describe(`e-mail deliveries on ${backend}`, () => {
    let t: TestServer;
    let admin: SignedClient;
    let api: MessagesApi;
    let smtp: Awaited<ReturnType<typeof startLoopbackSmtp>> | null;
    let port: number;
    const mails: ReceivedMail[] = [];

    beforeAll(async () => {
      smtp = await startLoopbackSmtp(0, mails);
      port = smtp.port;
      t = await startTestServer(backend, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_SECURE: '0', SMTP_TIMEOUT_MS: '1500' });
      admin = await signIn(t.url, 'admin');
      api = t.app.ctx.modules.api<MessagesApi>('messages');
    });
    afterAll(async () => {
      await t?.stop();
      await smtp?.stop();
    });

    const db = () => msg(t.app.ctx.db);
    const mailOf = async (instanceId: number) =>
      db().selectFrom('msg_delivery').selectAll().where('instance_id', '=', instanceId).where('channel', '=', 'MAIL').executeTakeFirstOrThrow();
    const logOf = async (deliveryId: number) =>
      db().selectFrom('msg_log').select(['log_status', 'attempt', 'error_msg', 'provider']).where('delivery_id', '=', deliveryId).orderBy('log_id').execute();
    const secondsUntilRetry = async (deliveryId: number) =>
      (
        await sql<{
          s: number;
        }>`select extract(epoch from (next_attempt_at - localtimestamp(0)))::int as s from msg_delivery where delivery_id = ${deliveryId}`.execute(t.app.ctx.db)
      ).rows[0].s;
    const makeDue = (deliveryId: number) =>
      db()
        .updateTable('msg_delivery')
        .set({ next_attempt_at: sql<string>`localtimestamp(0) - make_interval(secs => 1)` })
        .where('delivery_id', '=', deliveryId)
        .execute();
    const runRetry = () => t.app.ctx.modules.programs.find((p) => p.code === 'MESSAGE_RETRY')!.run(t.app.ctx, {});
    const notice = (title: string) =>
      api.send({
        templateCode: 'MANUAL_NOTICE',
        sourceType: 'MANUAL',
        variables: { title, content: `${title} body` },
        recipients: [{ userName: 'buyer01' }],
        channels: ['SITE', 'MAIL'],
      });

    it('delivers an e-mail to the SMTP server and logs it as sent', async () => {
      const title = uniq('Mail');
      const sent = await notice(title);
      expect(sent).toMatchObject({ recipients: 1, deliveries: 2 });
      await expect.poll(async () => (await mailOf(sent.instanceId)).delivery_status, { timeout: 15_000 }).toBe('SENT');
      const mail = mails.find((m) => m.text.includes(`${title} body`));
      expect(mail?.to).toEqual([BUYER_MAIL]);
      const d = await mailOf(sent.instanceId);
      expect(d).toMatchObject({ attempts: 1, last_error: null, address: BUYER_MAIL });
      expect(await logOf(d.delivery_id)).toEqual([{ log_status: 'SENT', attempt: 1, error_msg: null, provider: 'smtp' }]);
      const instance = await db().selectFrom('msg_instance').select('instance_status').where('instance_id', '=', sent.instanceId).executeTakeFirstOrThrow();
      expect(instance.instance_status).toBe('SENT');
      const info = expectOk(await admin.call<Rec>(`${LOGS}/getChannelInfo`, {}));
      expect(info).toMatchObject({ mailConfigured: true, mailServer: `127.0.0.1:${port}` });
    });

    it('sends an HTML e-mail body, sanitised, with its plain-text alternative: both parts arrive', async () => {
      const code = uniq('HTML').slice(0, 30);
      const body = '<p>Dear <b>{{name}}</b>,</p><script>alert(1)</script><p onclick="x()">Order <a href="https://srm.example.com/po">{{po}}</a> is due.</p>';
      expectOk(
        await admin.call('messageServer/v1/msgTemplateRestful/saveOrUpdate', {
          templateCode: code,
          templateName: `test ${code}`,
          enabledFlag: 'Y',
          variables: [
            { variableName: 'name', variableType: 'STRING', requiredFlag: 'Y' },
            { variableName: 'po', variableType: 'STRING', requiredFlag: 'Y' },
          ],
          contents: ['CN', 'EN', 'TH', 'VN'].map((language) => ({ channel: 'MAIL', language, subject: `Due ${language}`, content: body })),
        }),
      );
      const saved = await db()
        .selectFrom('msg_template_content')
        .select('content')
        .where('channel', '=', 'MAIL')
        .orderBy('content_id', 'desc')
        .executeTakeFirstOrThrow();
      expect(saved.content).not.toMatch(/script|onclick|alert/);
      expect(saved.content).toContain('<b>{{name}}</b>');
      const sent = await api.send({
        templateCode: code,
        sourceType: 'TEST_HTML',
        variables: { name: 'Ann <i>&</i>', po: 'PO-77' },
        recipients: [{ userName: 'buyer01' }],
        language: 'EN',
      });
      await expect.poll(async () => (await mailOf(sent.instanceId)).delivery_status, { timeout: 15_000 }).toBe('SENT');
      const mail = mails.find((m) => m.raw.includes('PO-77'));
      expect(mail?.raw).toMatch(/multipart\/alternative/i);
      const parts = partsOf(mail?.raw ?? '');
      expect(parts.map((p) => p.type)).toEqual(['text/plain', 'text/html']);
      expect(parts[0].body).toBe('Dear Ann <i>&</i>,\nOrder PO-77 is due.');
      expect(parts[1].body).toContain('<b>Ann &lt;i&gt;&amp;&lt;/i&gt;</b>');
      expect(parts[1].body).toMatch(/<a href="https:\/\/srm.example.com\/po"[^>]*>PO-77<\/a>/);
      expect(parts[1].body).not.toMatch(/script|onclick/);
    });

    it('keeps a refused and then timed-out e-mail queued, retries it with a doubling delay, and delivers it when SMTP is back', async () => {
      await smtp!.stop();
      smtp = null;
      const title = uniq('Later');
      const sent = await notice(title);

      // Refused: queued for a retry in a minute, the error in the log, a MESSAGE_RETRY run waiting for it.
      await expect.poll(async () => (await mailOf(sent.instanceId)).delivery_status, { timeout: 15_000 }).toBe('RETRY');
      const d = await mailOf(sent.instanceId);
      expect(d.attempts).toBe(1);
      expect(d.last_error).toMatch(/ECONNREFUSED/);
      expect(await secondsUntilRetry(d.delivery_id)).toBeGreaterThan(45);
      expect(await secondsUntilRetry(d.delivery_id)).toBeLessThanOrEqual(60);
      expect((await logOf(d.delivery_id)).map((l) => [l.log_status, l.attempt])).toEqual([['FAILED', 1]]);
      const requests = expectOk(await admin.call<Rec[]>(`${REQUESTS}/listByPage`, { params: { programCode: 'MESSAGE_RETRY' }, pageRows: 50 }));
      const dueBy = Date.now() + 65_000;
      const waiting = requests.filter((r) => ['SCHEDULED', 'PENDING'].includes(String(r.requestStatus)));
      expect(waiting.some((r) => new Date(`${String(r.nextRunAt).replace(' ', 'T')}Z`).getTime() <= dueBy)).toBe(true);
      const instance = async () =>
        (await db().selectFrom('msg_instance').select('instance_status').where('instance_id', '=', sent.instanceId).executeTakeFirstOrThrow()).instance_status;
      expect(await instance()).toBe('QUEUED');
      // The in-app copy was not held up by the mail.
      expect(
        await db()
          .selectFrom('msg_delivery')
          .select('delivery_status')
          .where('instance_id', '=', sent.instanceId)
          .where('channel', '=', 'SITE')
          .executeTakeFirstOrThrow(),
      ).toEqual({
        delivery_status: 'SENT',
      });
      // The administrator sees it waiting in the log screen's family.
      const logged = expectOk(await admin.call<Rec[]>(`${LOGS}/listByPage`, { params: { instanceId: sent.instanceId }, pageRows: 10 }));
      expect(logged.map((l) => l.logStatus)).toEqual(['FAILED']);

      // A server that never greets: the attempt times out, still queued, the next wait twice as long.
      const closeSilent = await silentServer(port);
      await makeDue(d.delivery_id);
      const started = Date.now();
      await runRetry();
      expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
      await closeSilent();
      const timedOut = await mailOf(sent.instanceId);
      expect(timedOut).toMatchObject({ delivery_status: 'RETRY', attempts: 2 });
      expect(timedOut.last_error).toMatch(/greeting|time/i);
      expect(await secondsUntilRetry(d.delivery_id)).toBeGreaterThan(105);
      expect(await secondsUntilRetry(d.delivery_id)).toBeLessThanOrEqual(120);

      // SMTP answers again: the retry delivers it, nothing lost.
      smtp = await startLoopbackSmtp(port, mails);
      await makeDue(d.delivery_id);
      await runRetry();
      expect(await mailOf(sent.instanceId)).toMatchObject({ delivery_status: 'SENT', attempts: 3, last_error: null });
      expect(mails.filter((m) => m.text.includes(`${title} body`)).map((m) => m.to)).toEqual([[BUYER_MAIL]]);
      expect((await logOf(d.delivery_id)).map((l) => [l.log_status, l.attempt])).toEqual([
        ['FAILED', 1],
        ['FAILED', 2],
        ['SENT', 3],
      ]);
      expect(await instance()).toBe('SENT');
    });
  });
}
