// Live push across processes: 500 sockets held by server process B, a frame published on process A
// (both on one PostgreSQL database and one Redis) reaches them all; target p99 ≤ 100 ms.
//
// The bench boots A on a throwaway database (migrations, demo) and B on the same one, opens
// BENCH_PUSH_SOCKETS sockets to B spread over the demo users (a ticket each through the signed call on
// B), then BENCH_PUSH_ROUNDS times has buyer01 publish a notice for all suppliers on A: the notices
// module publishes a "notice" frame to every internal and external user, so every socket gets one.
// Latency per socket and round: the frame's arrival minus the moment process A handed it to push (the
// frame's data.at, same machine clock); also reported from the moment the doPublish call was sent.
//
// Writes bench/results/push.json. Knobs (env): BENCH_PUSH_SOCKETS (500), BENCH_PUSH_ROUNDS (20),
// TEST_PG_URL, TEST_REDIS_URL.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { signIn } from '../support/apiHelpers.js';
import { connect, type TestSocket } from '../support/socketClient.js';
import { startBenchServer } from './benchServer.js';

const SOCKETS = Number(process.env.BENCH_PUSH_SOCKETS ?? 500);
const ROUNDS = Number(process.env.BENCH_PUSH_ROUNDS ?? 20);
const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const USERS = ['admin', 'buyer01', 'approver01', 'approver02', 'designer01', 'supplier01', 'supplier02'];
const NOTICES = 'srmServer/v1/srmNoticeRestful';
const root = join(new URL('.', import.meta.url).pathname, '..', '..');

const server = (databaseUrl: string) => startBenchServer('srm-push-bench-', databaseUrl, { REDIS_URL, SRM_SCHEDULER: '0' });

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];

async function main(): Promise<void> {
  const dbName = `srm_bench_push_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const databaseUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
  const servers: Awaited<ReturnType<typeof server>>[] = [];
  const sockets: TestSocket[] = [];
  try {
    servers.push(await server(databaseUrl));
    servers.push(await server(databaseUrl));
    const [a, b] = servers;
    const clients = await Promise.all(USERS.map((u) => signIn(b.url, u)));
    const t0 = Date.now();
    for (let i = 0; i < SOCKETS; i += 25) {
      const batch = await Promise.all(Array.from({ length: Math.min(25, SOCKETS - i) }, (_, j) => connect(clients[(i + j) % clients.length])));
      sockets.push(...batch);
    }
    await Promise.all(sockets.map((s) => s.waitFor((f) => f.type === 'hello', 30_000)));
    const connectSeconds = (Date.now() - t0) / 1000;
    console.log(`${sockets.length} sockets open on process B in ${connectSeconds.toFixed(1)} s`);
    const buyer = await signIn(a.url, 'buyer01');
    const latencies: number[] = [];
    const endToEnd: number[] = [];
    const perRound: { p50: number; p99: number; max: number }[] = [];
    let missing = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const saved = await buyer.call<{ noticeId: number; versionNum: number }>(`${NOTICES}/saveOrUpdate`, {
        title: `bench ${round}`,
        audience: 'ALL_SUPPLIERS',
        noticeType: 'NOTIFICATION',
        languageCode: 'EN',
        content: '<p>bench</p>',
      });
      if (saved.status !== 'S') throw new Error(`save: ${saved.msg}`);
      const before = sockets.map((s) => s.frames.filter((f) => f.type === 'notice').length);
      const arrivals: number[] = new Array<number>(sockets.length).fill(0);
      const pushed: number[] = new Array<number>(sockets.length).fill(0);
      const listeners = sockets.map((s, i) => {
        const on = () => {
          const frames = s.frames.filter((f) => f.type === 'notice');
          if (!arrivals[i] && frames.length > before[i]) {
            arrivals[i] = performance.now();
            pushed[i] = Date.now() - Number((frames[frames.length - 1].data as { at: number }).at);
          }
        };
        s.ws.on('message', on);
        return on;
      });
      const sent = performance.now();
      const published = await buyer.call(`${NOTICES}/doPublish`, { id: saved.data.noticeId, versionNum: saved.data.versionNum });
      if (published.status !== 'S') throw new Error(`publish: ${published.msg}`);
      const until = Date.now() + 10_000;
      while (arrivals.some((x) => !x) && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
      sockets.forEach((s, i) => s.ws.off('message', listeners[i]));
      const got = arrivals.filter((x) => x).map((x) => x - sent);
      missing += arrivals.length - got.length;
      endToEnd.push(...got);
      const push = pushed.filter((_, i) => arrivals[i]);
      latencies.push(...push);
      const sorted = push.sort((x, y) => x - y);
      perRound.push({ p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted[sorted.length - 1] });
      console.log(
        `round ${round + 1}: ${got.length}/${sockets.length} received; push p50 ${quantile(sorted, 0.5).toFixed(1)} ms, p99 ${quantile(sorted, 0.99).toFixed(1)} ms; from doPublish sent p99 ${quantile(
          got.sort((x, y) => x - y),
          0.99,
        ).toFixed(1)} ms`,
      );
    }
    const sorted = latencies.sort((x, y) => x - y);
    const result = {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, node: process.version },
      backend: 'postgres + redis pub/sub, two server processes',
      sockets: sockets.length,
      users: USERS.length,
      rounds: ROUNDS,
      connectSeconds,
      framesExpected: sockets.length * ROUNDS,
      framesReceived: latencies.length,
      framesMissing: missing,
      latencyMs: {
        p50: +quantile(sorted, 0.5).toFixed(1),
        p90: +quantile(sorted, 0.9).toFixed(1),
        p99: +quantile(sorted, 0.99).toFixed(1),
        max: +sorted[sorted.length - 1].toFixed(1),
      },
      fromDoPublishSentMs: (() => {
        const e = endToEnd.sort((x, y) => x - y);
        return { p50: +quantile(e, 0.5).toFixed(1), p99: +quantile(e, 0.99).toFixed(1), max: +e[e.length - 1].toFixed(1) };
      })(),
      worstRoundP99Ms: +Math.max(...perRound.map((r) => r.p99)).toFixed(1),
      targetP99Ms: 100,
      note: 'latencyMs: from the moment process A handed the frame to push (frame data.at, after the publish committed) until it arrived on a socket held by process B (Redis seq/buffer script, PUBLISH, B delivering to its sockets, the bench client reading 500 sockets); fromDoPublishSentMs adds the doPublish call itself (transaction, audit, audience lookup). Server processes and the bench client share one 2-core machine.',
    };
    console.log(JSON.stringify(result, null, 2));
    mkdirSync(join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(join(root, 'bench', 'results', 'push.json'), `${JSON.stringify(result, null, 2)}\n`);
    if (missing || result.latencyMs.p99 > 100) process.exitCode = 1;
  } finally {
    for (const s of sockets) s.ws.terminate();
    for (const s of servers) {
      s.child.kill('SIGTERM');
      await new Promise((r) => (s.child.exitCode !== null ? r(null) : s.child.once('exit', r)));
      rmSync(s.dataDir, { recursive: true, force: true });
    }
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

await main();
