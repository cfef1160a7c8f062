// What a hostile upload costs the server: the real server in-process (PGlite), one signed import of a
// hand-built xlsx (tests/support/hostileFiles.ts), and meanwhile the longest stall of the event loop
// (a 5 ms heartbeat; also perf_hooks' monitorEventLoopDelay) and the process's peak RSS over its
// warmed-up baseline. Also the sign-in flood of the hardening issue (item 4): N refused sign-ins with
// 3 MB user names, RSS before and after.
//
//   npx tsx tests/bench/hostileUploads.bench.ts farRight|unclosed|logins [N]
//
// Prints one JSON line. docs/security.md "Hostile input" quotes the figures.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../server/app.js';
import { configFromEnv } from '../../server/config.js';
import { spawn } from 'node:child_process';
import { signIn } from '../support/apiHelpers.js';
import { uploadImport } from '../support/excelHelpers.js';
import { farRightXlsx, unclosedCellsXlsx } from '../support/hostileFiles.js';

const what = process.argv[2] ?? 'farRight';
const MB = 1024 * 1024;
const dataDir = mkdtempSync(join(tmpdir(), 'srm-hostile-'));
const app = await buildApp({ ...configFromEnv({ TRUST_PROXY: '1', DATA_DIR: dataDir, SRM_DIST_DIR: join(dataDir, 'none') }), logLevel: 'silent' });
await app.server.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
const buyer = await signIn(url, 'buyer01', 'EN');
global.gc?.();
await new Promise((r) => setTimeout(r, 500));

let last = performance.now();
let longest = 0;
let sampledRss = 0;
const beat = setInterval(() => {
  const now = performance.now();
  longest = Math.max(longest, now - last);
  last = now;
  sampledRss = Math.max(sampledRss, process.memoryUsage.rss());
}, 5);
const hist = monitorEventLoopDelay({ resolution: 5 });
hist.enable();
const rssBefore = process.memoryUsage().rss;
const peakBefore = process.resourceUsage().maxRSS * 1024;
const t0 = performance.now();
let answer: unknown;
if (what === 'logins') {
  // The client runs in a child process, so that its 3 MB strings do not count in the server's RSS.
  const n = Number(process.argv[3] ?? 25);
  const client = `
    const name = 'x'.repeat(3 * 1024 * 1024); const statuses = new Set();
    for (let i = 0; i < ${n}; i++) {
      // The server may answer 413 and close the connection while the 3 MB body is still being
      // written: the client then sees EPIPE/reset instead of a status, recorded as such.
      try {
        const res = await fetch('${url}/api/baseServer/v1/baseLoginService/login', { method: 'POST',
          headers: { 'content-type': 'application/json', 'SAAF-Language': 'EN', 'X-Forwarded-For': '10.1.' + (i % 250) + '.' + ((i * 7) % 250 + 1) },
          body: JSON.stringify({ userName: name + i, password: 'x' }) });
        statuses.add(res.status); await res.text();
      } catch (e) { statuses.add('closed:' + (e.cause?.code ?? e.message)); }
    }
    console.log(JSON.stringify([...statuses]));`;
  const statuses = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', client], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', () => resolve(out.trim()));
  });
  const keys = await app.ctx.cache.keys('login-');
  answer = { statuses: JSON.parse(statuses) as (number | string)[], loginKeys: keys.length, loginKeyBytes: keys.reduce((s, k) => s + k.length, 0) };
} else {
  const file = what === 'unclosed' ? unclosedCellsXlsx() : farRightXlsx();
  const a = await uploadImport(buyer, { name: 'hostile.xlsx', data: file }, { entity: 'srmBaseBank' }, 'EN');
  answer = { http: a.http, status: a.status, msg: a.msg, fileBytes: file.length };
}
const elapsed = performance.now() - t0;
clearInterval(beat);
hist.disable();
global.gc?.();
await new Promise((r) => setTimeout(r, 200));
const out = {
  what,
  answer,
  elapsedMs: Math.round(elapsed),
  longestEventLoopStallMs: Math.round(longest),
  eventLoopDelayMaxMs: Math.round(hist.max / 1e6),
  rssBeforeMb: Math.round(rssBefore / MB),
  // The process's lifetime peak (getrusage) before and after: it moves only when the call went above every earlier peak.
  lifetimePeakBeforeMb: Math.round(peakBefore / MB),
  lifetimePeakAfterMb: Math.round((process.resourceUsage().maxRSS * 1024) / MB),
  // RSS sampled every 5 ms while the call ran (a blocked event loop takes no samples: see the lifetime peak).
  sampledPeakMb: Math.round(sampledRss / MB),
  rssAfterMb: Math.round(process.memoryUsage().rss / MB),
};
console.log(JSON.stringify(out));
await app.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
