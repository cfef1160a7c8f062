// Fan-out of one message to 5,000 recipients, on PGlite and (when it answers) PostgreSQL.
//
// A server boots in this process (fresh database, migrations, demo data); the bench adds BENCH_FANOUT_USERS
// users holding one new responsibility, sends one in-app message to that responsibility through the messages
// module's public API (MessagesApi.send: recipients resolved, texts rendered in each user's language, one
// delivery row per recipient written in one transaction, a push frame per recipient after the commit) and
// measures the wall time of the call, the rows written, and this process's memory (RSS sampled every 10 ms
// during the call; V8 heap before and after). Then it reads one recipient's inbox and unread count.
//
// Writes bench/results/messageFanout.json. Knobs (env): BENCH_FANOUT_USERS (5000), BENCH_FANOUT_RUNS (3),
// SRM_TEST_BACKENDS (pglite,postgres).
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { typed } from '../../server/db/typed.js';
import { hashPassword } from '../../server/auth/password.js';
import type { AdminTables } from '../../modules/admin/generated/tables.js';
import type { MessagesApi } from '../../modules/messages/api.js';
import { msg } from '../../modules/messages/server/store.js';
import { backends, startTestServer, type Backend } from '../support/testServer.js';
import { signIn } from '../support/apiHelpers.js';

const USERS = Number(process.env.BENCH_FANOUT_USERS ?? 5000);
const RUNS = Number(process.env.BENCH_FANOUT_RUNS ?? 3);
const root = join(new URL('.', import.meta.url).pathname, '..', '..');
const MB = 1024 * 1024;
const round = (v: number, d = 1) => Math.round(v * 10 ** d) / 10 ** d;

interface Run {
  ms: number;
  rowsWritten: number;
  rowsPerSecond: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssGrowthMb: number;
  heapDeltaMb: number;
}

async function bench(backend: Backend) {
  const t = await startTestServer(backend);
  try {
    const db = t.app.ctx.db;
    const admin = typed<AdminTables>(db);
    const resp = await admin
      .insertInto('base_responsibility')
      .values({ resp_code: 'BENCH_FANOUT', resp_name: 'Fan-out bench', user_type: 'INTERNAL', enabled_flag: 'Y', created_by: 0, last_updated_by: 0 })
      .returning('resp_id')
      .executeTakeFirstOrThrow();
    const setupStart = performance.now();
    for (let i = 0; i < USERS; i += 1000) {
      const n = Math.min(1000, USERS - i);
      const ids = await admin
        .insertInto('base_users')
        .values(
          Array.from({ length: n }, (_, j) => ({
            user_name: `fanout${String(i + j).padStart(5, '0')}`,
            user_full_name: `Fan-out ${i + j}`,
            user_type: 'INTERNAL',
            email: `fanout${i + j}@bench.example.com`,
            language_code: ['CN', 'EN', 'TH', 'VN'][(i + j) % 4],
            enabled_flag: 'Y' as const,
            created_by: 0,
            last_updated_by: 0,
          })),
        )
        .returning('user_id')
        .execute();
      await admin
        .insertInto('base_user_resp')
        .values(ids.map((u) => ({ user_id: u.user_id, resp_id: resp.resp_id, created_by: 0, last_updated_by: 0 })))
        .execute();
    }
    const setupMs = performance.now() - setupStart;
    const api = t.app.ctx.modules.api<MessagesApi>('messages');
    const send = (title: string) =>
      api.send({
        templateCode: 'MANUAL_NOTICE',
        sourceType: 'MANUAL',
        variables: { title, content: `${title}: 年度供应商大会将于 12 月 18 日举行，请确认参会人员。` },
        recipients: [{ responsibility: 'BENCH_FANOUT' }],
        channels: ['SITE'],
        route: '/main/msgReceive',
      });

    const runs: Run[] = [];
    for (let r = 0; r < RUNS; r++) {
      global.gc?.();
      const heapBefore = process.memoryUsage().heapUsed;
      const rssBefore = process.memoryUsage().rss;
      let rssPeak = rssBefore;
      const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 10);
      const start = performance.now();
      const sent = await send(`Fan-out ${r + 1}`);
      const ms = performance.now() - start;
      clearInterval(sampler);
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      const heapAfter = process.memoryUsage().heapUsed;
      const rows = await msg(db)
        .selectFrom('msg_delivery')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('instance_id', '=', sent.instanceId)
        .executeTakeFirstOrThrow();
      if (sent.recipients !== USERS || Number(rows.n) !== USERS) throw new Error(`expected ${USERS} recipients and rows, got ${sent.recipients} / ${rows.n}`);
      runs.push({
        ms: round(ms),
        rowsWritten: Number(rows.n),
        rowsPerSecond: Math.round((Number(rows.n) / ms) * 1000),
        rssBeforeMb: round(rssBefore / MB),
        rssPeakMb: round(rssPeak / MB),
        rssGrowthMb: round((rssPeak - rssBefore) / MB),
        heapDeltaMb: round((heapAfter - heapBefore) / MB),
      });
      console.log(`${backend} run ${r + 1}: ${USERS} recipients in ${round(ms)} ms, RSS +${round((rssPeak - rssBefore) / MB)} MB`);
    }

    // What a recipient then sees: its inbox's first page and its unread count, over HTTP.
    await admin
      .updateTable('base_users')
      .set({ password_hash: await hashPassword('Srm#Demo2026') })
      .where('user_name', '=', 'fanout00042')
      .execute();
    const reader = await signIn(t.url, 'fanout00042', 'EN');
    const inboxStart = performance.now();
    const page = await reader.call<unknown[]>('messageServer/v1/msgReceiveRestful/listByPage', { params: {}, pageRows: 20 });
    const inboxMs = performance.now() - inboxStart;
    const countStart = performance.now();
    const count = await reader.call<{ count: number }>('messageServer/v1/msgReceiveRestful/countUnread', {});
    const countMs = performance.now() - countStart;
    if (page.data.length !== RUNS || count.data.count !== RUNS) throw new Error('a recipient does not see the messages');

    const sorted = [...runs].sort((a, b) => a.ms - b.ms);
    return {
      backend,
      recipients: USERS,
      setupMs: round(setupMs),
      runs,
      medianMs: sorted[Math.floor(sorted.length / 2)].ms,
      inboxFirstPageMs: round(inboxMs),
      countUnreadMs: round(countMs),
    };
  } finally {
    await t.stop();
  }
}

async function main(): Promise<void> {
  const results = [];
  for (const backend of await backends()) results.push(await bench(backend));
  const out = {
    bench: 'messageFanout',
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version },
    note: 'One in-app message (MANUAL_NOTICE, SITE only) to every holder of one responsibility through MessagesApi.send, server in this process; rssGrowthMb is this process (server and bench) during the call.',
    results,
  };
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(join(root, 'bench', 'results', 'messageFanout.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.table(
    results.map((r) => ({ backend: r.backend, recipients: r.recipients, medianMs: r.medianMs, inboxMs: r.inboxFirstPageMs, countMs: r.countUnreadMs })),
  );
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
