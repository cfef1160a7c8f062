// Where a scroll frame of the grid bench goes (issue 18 item 10): CPU time of every Chromium thread
// during the bench's scroll, per frame, read from /proc (Linux). Unlike rAF deltas this does not
// depend on how busy the machine is: it is what one frame costs, whoever else runs.
// Optional: GRID_TRACE=file.json also records a Chromium trace of the scroll and prints the top slices.
// Usage: npx tsx tests/bench/grid/profile.ts [page query, e.g. "rows=100000"]
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, serveBenchPage } from './benchPage.js';
import { CLOCK_TICK_MS, threadTicks } from './chromiumCpu.js';

const FRAMES = Number(process.env.BENCH_GRID_FRAMES ?? 600);
const root = join(new URL('.', import.meta.url).pathname, '..', '..', '..');
const out = process.env.GRID_PAGE_DIR ?? join(tmpdir(), `srm-grid-profile-${process.pid}`);

async function main(): Promise<void> {
  if (!process.env.GRID_PAGE_DIR)
    execFileSync(
      process.execPath,
      [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', '--config', join(root, 'tests/bench/grid/vite.config.ts'), '--outDir', out],
      { cwd: root, stdio: 'inherit' },
    );
  const server = await serveBenchPage(out);
  const port = (server.address() as { port: number }).port;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${port}/tests/bench/grid/index.html?${process.argv[2] ?? 'rows=100000'}`);
    await page.waitForFunction(() => window.__bench?.firstPaintMs !== undefined, undefined, { timeout: 60_000 });
    await page.waitForTimeout(500);
    const firstPaint = await page.evaluate(() => window.__bench!.firstPaintMs!);
    // Experiments: GRID_CSS is added to the page before the scroll.
    if (process.env.GRID_CSS) {
      await page.addStyleTag({ content: process.env.GRID_CSS });
      await page.waitForTimeout(300);
    }
    const trace = process.env.GRID_TRACE;
    if (trace)
      await browser.startTracing(page, {
        path: trace,
        categories: (
          process.env.GRID_TRACE_CATS ?? 'devtools.timeline,disabled-by-default-devtools.timeline,blink,cc,viz,gpu,toplevel,benchmark,v8.execute'
        ).split(','),
      });
    const jsProfile = process.env.GRID_JSPROFILE === '1' ? await context.newCDPSession(page) : undefined;
    if (jsProfile) {
      await jsProfile.send('Profiler.enable');
      await jsProfile.send('Profiler.setSamplingInterval', { interval: 200 });
      await jsProfile.send('Profiler.start');
    }
    const before = threadTicks();
    const t0 = Date.now();
    const { deltas, work } = await page.evaluate(
      (n) => (window as unknown as { __scroll(f: number, s: number): Promise<{ deltas: number[]; work: number[] }> }).__scroll(n, 40),
      FRAMES,
    );
    const wall = Date.now() - t0;
    const after = threadTicks();
    if (trace) await browser.stopTracing();
    if (jsProfile) summariseProfile((await jsProfile.send('Profiler.stop')).profile, deltas.length);
    const rows = [...after]
      .map(([k, v]) => [k, (v - (before.get(k) ?? 0)) * CLOCK_TICK_MS] as const)
      .filter(([, ms]) => ms > 0)
      .sort((a, b) => b[1] - a[1]);
    const total = rows.reduce((a, [, ms]) => a + ms, 0);
    const dropped = deltas.filter((d) => d > 25).length;
    const sumWork = work.reduce((a, b) => a + b, 0);
    console.log(`first paint ${firstPaint.toFixed(1)} ms; ${deltas.length} frames in ${wall} ms, dropped ${((100 * dropped) / deltas.length).toFixed(1)} %`);
    // Dropped frames by the scroll step's phase (every 4th step also scrolls across and cannot blit).
    const byPhase = [0, 1, 2, 3].map((p) => deltas.filter((d, i) => (i + 2) % 4 === p && d > 25).length);
    console.log(`dropped by step phase (0 = across and down): ${byPhase.join(' / ')}`);
    console.log(`rAF work ${(sumWork / deltas.length).toFixed(2)} ms/frame; Chromium CPU ${(total / deltas.length).toFixed(2)} ms/frame (${total} ms)`);
    for (const [k, ms] of rows) console.log(`  ${(ms / deltas.length).toFixed(2).padStart(6)} ms/frame  ${k}`);
    if (trace) summariseTrace(trace);
  } finally {
    await browser.close();
    server.close();
    if (!process.env.GRID_PAGE_DIR) rmSync(out, { recursive: true, force: true });
  }
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** JS self time by function (sampled), per frame, top 30. */
function summariseProfile(profile: CpuProfile, frames: number): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const n = byId.get(samples[i]);
    if (!n) continue;
    const f = n.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (deltas[i + 1] ?? 0));
  }
  // Inclusive time: every function on a sample's stack, once.
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>();
  for (let i = 0; i < samples.length; i++) {
    const seen = new Set<string>();
    for (let id: number | undefined = samples[i]; id !== undefined; id = parent.get(id)) {
      const f = byId.get(id)?.callFrame;
      if (!f) break;
      const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + (deltas[i + 1] ?? 0));
    }
  }
  console.log('JS inclusive time (ms per frame):');
  for (const [k, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(1, 40)) console.log(`  ${(us / 1000 / frames).toFixed(3).padStart(7)}  ${k}`);
  console.log('JS self time (ms per frame):');
  for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${(us / 1000 / frames).toFixed(3).padStart(7)}  ${k}`);
}

/** Self time of trace slices by thread and name, top 40. */
function summariseTrace(path: string): void {
  const events = (
    JSON.parse(readFileSync(path, 'utf8')) as {
      traceEvents: { ph: string; name: string; pid: number; tid: number; ts: number; dur?: number; args?: { name?: string } }[];
    }
  ).traceEvents;
  const threadNames = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
  const byThread = new Map<string, { name: string; ts: number; end: number }[]>();
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined) continue;
    const k = `${e.pid}:${e.tid}`;
    if (!byThread.has(k)) byThread.set(k, []);
    byThread.get(k)!.push({ name: e.name, ts: e.ts, end: e.ts + e.dur });
  }
  const self = new Map<string, number>();
  for (const [k, list] of byThread) {
    list.sort((a, b) => a.ts - b.ts || b.end - a.end);
    const stack: { name: string; end: number; child: number; dur: number }[] = [];
    const pop = () => {
      const s = stack.pop()!;
      const key = `${threadNames.get(k) ?? k} :: ${s.name}`;
      self.set(key, (self.get(key) ?? 0) + s.dur - s.child);
      if (stack.length) stack[stack.length - 1].child += s.dur;
    };
    for (const e of list) {
      while (stack.length && stack[stack.length - 1].end <= e.ts) pop();
      stack.push({ name: e.name, end: e.end, child: 0, dur: e.end - e.ts });
    }
    while (stack.length) pop();
  }
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 40);
  console.log('trace self time (ms, whole scroll):');
  for (const [k, us] of top) console.log(`  ${(us / 1000).toFixed(1).padStart(8)}  ${k}`);
  writeFileSync(path + '.summary.txt', top.map(([k, us]) => `${(us / 1000).toFixed(1)}\t${k}`).join('\n') + '\n');
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
