// Live push over the real server: tickets (single use, short-lived, bound to a live session, refused
// otherwise before the upgrade), frames numbered per user, replay by seq, the bounded buffer, heartbeat
// answers, a flood cut off. On PostgreSQL + Redis also across two server processes on one database.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../../../server/app.js';
import { issueTicket } from '../../../../server/auth/tickets.js';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { LOGIN, post, signIn } from '../../../../tests/support/apiHelpers.js';
import { hubOf } from '../../server/hub.js';
import { CLOSE } from '../../server/options.js';
import { connect, openSocket, socketUrl, ticketOf, type TestSocket } from '../../../../tests/support/socketClient.js';

for (const backend of await backends()) {
  describe(`live push on ${backend}`, () => {
    let t: TestServer;
    let buyer: SignedClient;
    let supplier: SignedClient;
    const open: TestSocket[] = [];
    const track = (s: TestSocket) => (open.push(s), s);

    beforeAll(async () => {
      t = await startTestServer(backend);
      [buyer, supplier] = await Promise.all([signIn(t.url, 'buyer01'), signIn(t.url, 'supplier01')]);
    });
    afterAll(async () => {
      for (const s of open) s.ws.terminate();
      await t?.stop();
    });

    const hub = () => hubOf(t.app.ctx);
    const uid = (c: SignedClient) => c.session!.userId;

    it('a ticket opens a socket that says hello with the heartbeat and gets the frames published to its user, in seq order', async () => {
      const ticket = await ticketOf(buyer);
      expect(ticket).toMatch(/^[0-9a-f]{48}$/);
      const s = track(await openSocket(socketUrl(t.url, ticket)));
      const hello = await s.waitFor((f) => f.type === 'hello');
      expect(hello.data).toMatchObject({ heartbeatMs: 3_600_000, replayed: 0 });
      await expect.poll(() => hub().connections(uid(buyer))).toBeGreaterThan(0);
      await hub().publish([uid(buyer)], 'test', { n: 1 });
      await hub().publish([uid(buyer), uid(supplier)], 'test', { n: 2 });
      const second = await s.waitFor((f) => f.type === 'test' && (f.data as { n: number }).n === 2);
      const first = s.frames.find((f) => f.type === 'test' && (f.data as { n: number }).n === 1)!;
      expect(first.seq).toBe(hello.seq + 1);
      expect(second.seq).toBe(hello.seq + 2);
    });

    it('publishEach gives each user their own frame, numbered with their other frames; a bad type is refused', async () => {
      const mine = track(await connect(buyer));
      const other = track(await connect(supplier));
      const [hello] = await Promise.all([mine.waitFor((f) => f.type === 'hello'), other.waitFor((f) => f.type === 'hello')]);
      await hub().publishEach([
        { userId: uid(buyer), type: 'own', data: { to: 'buyer', n: 1 } },
        { userId: uid(supplier), type: 'own', data: { to: 'supplier' } },
        { userId: uid(buyer), type: 'own', data: { to: 'buyer', n: 2 } },
      ]);
      await mine.waitFor((f) => f.type === 'own' && (f.data as { n?: number }).n === 2);
      await other.waitFor((f) => f.type === 'own');
      expect(mine.frames.filter((f) => f.type === 'own').map((f) => [f.seq, f.data])).toEqual([
        [hello.seq + 1, { to: 'buyer', n: 1 }],
        [hello.seq + 2, { to: 'buyer', n: 2 }],
      ]);
      expect(other.frames.filter((f) => f.type === 'own').map((f) => f.data)).toEqual([{ to: 'supplier' }]);
      await expect(hub().publishEach([{ userId: uid(buyer), type: 'hello', data: {} }])).rejects.toThrow(/bad frame type/);
    });

    it("a frame for one user never reaches another user's socket", async () => {
      const other = track(await connect(supplier));
      await other.waitFor((f) => f.type === 'hello');
      const mine = track(await connect(buyer));
      await mine.waitFor((f) => f.type === 'hello');
      await hub().publish([uid(buyer)], 'private', { secret: 'buyer only' });
      await hub().publish([uid(supplier)], 'private', { secret: 'supplier only' });
      await mine.waitFor((f) => f.type === 'private');
      await other.waitFor((f) => f.type === 'private');
      expect(mine.frames.filter((f) => f.type === 'private').map((f) => f.data)).toEqual([{ secret: 'buyer only' }]);
      expect(other.frames.filter((f) => f.type === 'private').map((f) => f.data)).toEqual([{ secret: 'supplier only' }]);
    });

    it('refuses a used, made-up, missing, stale, other-purpose or logged-out ticket before the upgrade (401)', async () => {
      const ticket = await ticketOf(buyer);
      track(await openSocket(socketUrl(t.url, ticket)));
      await expect(openSocket(socketUrl(t.url, ticket))).rejects.toThrow('HTTP 401');
      await expect(openSocket(socketUrl(t.url, 'ab'.repeat(24)))).rejects.toThrow('HTTP 401');
      await expect(openSocket(`${t.url.replace('http', 'ws')}/srm-ws`)).rejects.toThrow('HTTP 401');
      // A download ticket of the same user is for a file, not a socket.
      const session = (await t.app.ctx.sessions.get(buyer.session!.authorizationCode))!;
      await expect(openSocket(socketUrl(t.url, await issueTicket(t.app.ctx, session, 'file:1')))).rejects.toThrow('HTTP 401');
      // Stale: the clock moved past the ticket's minute.
      const stale = await ticketOf(buyer);
      hub().now = () => Date.now() + 61_000;
      try {
        await expect(openSocket(socketUrl(t.url, stale))).rejects.toThrow('HTTP 401');
      } finally {
        hub().now = Date.now;
      }
      // Its session ended: the ticket dies with it.
      const leaver = await signIn(t.url, 'approver01');
      const orphan = await ticketOf(leaver);
      const out = await post(t.url, `${LOGIN}/logout`, '{}', { 'content-type': 'application/json', AuthorizationCode: leaver.session!.authorizationCode });
      expect(out.status).toBe('S');
      await expect(openSocket(socketUrl(t.url, orphan))).rejects.toThrow('HTTP 401');
    });

    it('answers a ping with a pong carrying the latest seq; a logged-out session is closed at its next ping', async () => {
      const user = await signIn(t.url, 'approver02');
      const s = track(await connect(user));
      const hello = await s.waitFor((f) => f.type === 'hello');
      s.send({ type: 'ping' });
      const pong = await s.waitFor((f) => f.type === 'pong');
      expect(pong.seq).toBe(hello.seq);
      await post(t.url, `${LOGIN}/logout`, '{}', { 'content-type': 'application/json', AuthorizationCode: user.session!.authorizationCode });
      s.send({ type: 'ping' });
      expect((await s.closed).code).toBe(CLOSE.SESSION_ENDED);
    });

    it('a client reconnecting with its last seq gets exactly what it missed, then the live frames', async () => {
      const s = track(await connect(buyer));
      await s.waitFor((f) => f.type === 'hello');
      await hub().publish([uid(buyer)], 'missed', { n: 0 });
      const last = (await s.waitFor((f) => f.type === 'missed')).seq;
      s.close();
      await s.closed;
      await expect.poll(() => hub().connections(uid(buyer)) <= open.length).toBe(true);
      for (const n of [1, 2, 3]) await hub().publish([uid(buyer)], 'missed', { n });
      const again = track(await connect(buyer, last));
      const hello = await again.waitFor((f) => f.type === 'hello');
      expect(hello.data).toMatchObject({ replayed: 3 });
      await hub().publish([uid(buyer)], 'missed', { n: 4 });
      await again.waitFor((f) => f.type === 'missed' && (f.data as { n: number }).n === 4);
      const got = again.frames.filter((f) => f.type === 'missed');
      expect(got.map((f) => (f.data as { n: number }).n)).toEqual([1, 2, 3, 4]);
      expect(got.map((f) => f.seq)).toEqual([last + 1, last + 2, last + 3, last + 4]);
      expect(again.frames.some((f) => f.type === 'reset')).toBe(false);
    });

    it('keeps a bounded buffer: a client further behind is told to reload (reset) and gets the newest frames', async () => {
      const user = await signIn(t.url, 'designer01');
      const s = track(await connect(user));
      const start = (await s.waitFor((f) => f.type === 'hello')).seq;
      s.close();
      await s.closed;
      const bound = hub().options.replayFrames;
      for (let i = 0; i < bound + 5; i++) await hub().publish([uid(user)], 'bulk', { i });
      const again = track(await connect(user, start));
      await again.waitFor((f) => f.type === 'bulk' && (f.data as { i: number }).i === bound + 4);
      expect(again.frames.find((f) => f.type === 'reset')).toMatchObject({ data: { from: start } });
      expect(again.frames.filter((f) => f.type === 'bulk')).toHaveLength(bound);
    });

    it('cuts off a client that floods the server with frames', async () => {
      const s = track(await connect(supplier));
      await s.waitFor((f) => f.type === 'hello');
      for (let i = 0; i < hub().options.floodFrames + 5; i++) s.send({ type: 'noise', i });
      const closed = await s.closed;
      expect(closed.code).toBe(CLOSE.FLOOD);
      expect(closed.reason).toBe('too many frames');
    });

    it('closes a socket that sends a frame larger than allowed (1009)', async () => {
      const s = track(await connect(supplier));
      await s.waitFor((f) => f.type === 'hello');
      s.send('x'.repeat(hub().options.maxClientFrameBytes + 1));
      expect((await s.closed).code).toBe(1009);
    });
  });
}

describe.runIf((await backends()).includes('postgres'))('live push across two server processes (PostgreSQL + Redis)', () => {
  let t: TestServer;
  let second: BuiltApp;
  let secondUrl: string;
  const open: TestSocket[] = [];

  beforeAll(async () => {
    t = await startTestServer('postgres');
    // The first server migrated and seeded this database moments ago: the second's start skips checking again.
    second = await buildApp({ ...t.app.ctx.config }, { fromTemplate: true, cacheNamespace: `srmtest:${randomBytes(4).toString('hex')}:` });
    await second.server.listen({ port: 0, host: '127.0.0.1' });
    secondUrl = `http://127.0.0.1:${(second.server.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    for (const s of open) s.ws.terminate();
    await second?.close();
    await t?.stop();
  });

  it('a frame published by one process reaches sockets held by both, one seq per user across processes', async () => {
    const [onFirst, onSecond] = await Promise.all([signIn(t.url, 'approver01'), signIn(secondUrl, 'approver01')]);
    const a = await connect(onFirst);
    const b = await connect(onSecond);
    open.push(a, b);
    await Promise.all([a.waitFor((f) => f.type === 'hello'), b.waitFor((f) => f.type === 'hello')]);
    const userId = onFirst.session!.userId;
    await hubOf(t.app.ctx).publish([userId], 'cross', { from: 'first' });
    await hubOf(second.ctx).publish([userId], 'cross', { from: 'second' });
    for (const s of [a, b]) {
      await s.waitFor((f) => f.type === 'cross' && (f.data as { from: string }).from === 'second');
      const got = s.frames.filter((f) => f.type === 'cross');
      expect(got.map((f) => f.data)).toEqual([{ from: 'first' }, { from: 'second' }]);
      expect(got[1].seq).toBe(got[0].seq + 1);
    }
  });

  it('publishEach: each user gets their own frame from the other process, in batches of about 1 MB, with replay copies', async () => {
    const [buyer, supplier] = await Promise.all([signIn(secondUrl, 'buyer01'), signIn(secondUrl, 'supplier01')]);
    const a = await connect(buyer);
    const b = await connect(supplier);
    open.push(a, b);
    const [helloA] = await Promise.all([a.waitFor((f) => f.type === 'hello'), b.waitFor((f) => f.type === 'hello')]);
    const [ua, ub] = [buyer.session!.userId, supplier.session!.userId];
    // 2.4 MB of frames: three PUBLISHes; the sockets sit on the second process, the batch comes from the first.
    const big = 'x'.repeat(40_000);
    const frames = Array.from({ length: 60 }, (_, i) => ({ userId: i % 2 ? ub : ua, type: 'each', data: { i, big } }));
    const published: number[] = [];
    const redis = (hubOf(t.app.ctx).transport as unknown as { cmd: { pipeline: () => unknown } }).cmd;
    const pipeline = redis.pipeline.bind(redis);
    redis.pipeline = () => {
      const p = pipeline() as { publish: (...args: unknown[]) => unknown };
      const publish = p.publish.bind(p);
      p.publish = (...args: unknown[]) => (published.push(String(args[1]).length), publish(...args));
      return p;
    };
    try {
      await hubOf(t.app.ctx).publishEach(frames);
    } finally {
      redis.pipeline = pipeline;
    }
    expect(published.length).toBe(3);
    expect(Math.max(...published)).toBeLessThan(1.1 * 1024 * 1024);
    await a.waitFor((f) => f.type === 'each' && (f.data as { i: number }).i === 58);
    await b.waitFor((f) => f.type === 'each' && (f.data as { i: number }).i === 59);
    const gotA = a.frames.filter((f) => f.type === 'each');
    expect(gotA.map((f) => (f.data as { i: number }).i)).toEqual(Array.from({ length: 30 }, (_, i) => i * 2));
    expect(gotA.map((f) => f.seq)).toEqual(Array.from({ length: 30 }, (_, i) => helloA.seq + 1 + i));
    expect(b.frames.filter((f) => f.type === 'each').every((f) => (f.data as { i: number }).i % 2 === 1)).toBe(true);
    // The replay copy is the same frame.
    const again = await connect(buyer, helloA.seq + 28);
    open.push(again);
    const replayed = await again.waitFor((f) => f.type === 'each' && (f.data as { i: number }).i === 58);
    expect(replayed).toEqual(gotA[29]);
  });

  it('a client that drops from one process and reconnects to the other replays what it missed', async () => {
    const [onFirst, onSecond] = await Promise.all([signIn(t.url, 'buyer01'), signIn(secondUrl, 'buyer01')]);
    const a = await connect(onFirst);
    open.push(a);
    const last = (await a.waitFor((f) => f.type === 'hello')).seq;
    a.close();
    await a.closed;
    await hubOf(t.app.ctx).publish([onFirst.session!.userId], 'away', { n: 1 });
    const b = await connect(onSecond, last);
    open.push(b);
    const got = await b.waitFor((f) => f.type === 'away');
    expect(got.seq).toBe(last + 1);
  });
});
