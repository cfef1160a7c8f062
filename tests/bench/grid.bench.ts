// DataGrid in Chromium: 100,000 rows × 20 columns (issue 3). Builds the bench page
// (tests/bench/grid/index.html, the real runtime DataGrid over generated rows), serves it from a
// loopback static server, opens it in Chromium and reads the browser's own timings:
// - first paint: performance.now() from before the first React render to the first animation frame in
//   which the grid canvas holds drawn pixels (plus the browser's first-contentful-paint entry);
// - scroll: requestAnimationFrame deltas while the grid scrolls 40 px a frame down (and across every
//   4th frame) for 600 frames; p50/p95/p99, the share of frames over 16.7 ms and of dropped frames
//   (deltas over 25 ms);
// - Chromium's CPU time per scroll frame by thread (/proc, grid/chromiumCpu.ts): what a frame costs,
//   whatever the load; the frame deltas say what the user got on a machine this busy (load beside each).
// Targets (issue 18 item 10): first paint ≤ 300 ms, dropped frames ≤ 5 %, median of five runs.
// Chromium runs with the browser tests' command line (tests/e2e/chromiumArgs.ts). Writes bench/results/grid.json.
// Knobs (env): BENCH_GRID_ROWS (100000), BENCH_GRID_FRAMES (600), BENCH_GRID_RUNS (5).
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, serveBenchPage } from './grid/benchPage.js';
import { cpuPerFrame, threadTicks } from './grid/chromiumCpu.js';

const ROWS = Number(process.env.BENCH_GRID_ROWS ?? 100_000);
const FRAMES = Number(process.env.BENCH_GRID_FRAMES ?? 600);
const RUNS = Number(process.env.BENCH_GRID_RUNS ?? 5);
const TARGET_FIRST_PAINT_MS = 300;
const TARGET_FRAME_P95_MS = 16.7;
const TARGET_DROPPED_PERCENT = 5;
const root = join(new URL('.', import.meta.url).pathname, '..', '..');
const out = join(tmpdir(), `srm-grid-bench-${process.pid}`);

/** Which threads a frame's CPU is told by: the renderer's main thread, its compositor, the display compositor (viz). */
const CPU_GROUPS: Record<string, (key: string) => boolean> = {
  rendererMain: (k) => k === 'renderer / chromium' || k.startsWith('renderer / CrRendererMain'),
  rendererCompositor: (k) => k === 'renderer / Compositor',
  rendererWorkers: (k) => k.startsWith('renderer / ThreadPool'),
  viz: (k) => k.startsWith('gpu-process / VizCompositor'),
};

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const round = (n: number) => Math.round(n * 10) / 10;

async function main(): Promise<void> {
  console.log(`building the bench page into ${out} …`);
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', '--config', join(root, 'tests/bench/grid/vite.config.ts'), '--outDir', out],
    { cwd: root, stdio: 'inherit' },
  );
  const server = await serveBenchPage(out);
  const port = (server.address() as { port: number }).port;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const runs: {
    firstPaintMs: number;
    fcpMs: number | null;
    p50: number;
    p95: number;
    p95Exact: number;
    p99: number;
    over16: number;
    dropped: number;
    frames: number;
    workP50: number;
    workP95: number;
    cpuMsPerFrame: Record<string, number>;
    loadAverage: number;
  }[] = [];
  try {
    for (let r = 0; r < RUNS; r++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${port}/tests/bench/grid/index.html?rows=${ROWS}`);
      await page.waitForFunction(() => window.__bench?.firstPaintMs !== undefined, undefined, { timeout: 60_000 });
      await page.waitForTimeout(500);
      const first = await page.evaluate(() => ({ firstPaintMs: window.__bench!.firstPaintMs!, fcpMs: window.__bench!.fcpMs ?? null }));
      const before = threadTicks();
      const { deltas: frames, work } = await page.evaluate(
        (n) => (window as unknown as { __scroll(f: number, s: number): Promise<{ deltas: number[]; work: number[] }> }).__scroll(n, 40),
        FRAMES,
      );
      const cpuMsPerFrame = cpuPerFrame(before, threadTicks(), frames.length, CPU_GROUPS);
      runs.push({
        firstPaintMs: round(first.firstPaintMs),
        fcpMs: first.fcpMs === null ? null : round(first.fcpMs),
        p50: round(pct(frames, 50)),
        p95: round(pct(frames, 95)),
        p95Exact: Math.round(pct(frames, 95) * 1000) / 1000,
        p99: round(pct(frames, 99)),
        over16: round((100 * frames.filter((f) => f > TARGET_FRAME_P95_MS).length) / frames.length),
        // A dropped frame: a delta of more than one and a half periods.
        dropped: round((100 * frames.filter((f) => f > 25).length) / frames.length),
        frames: frames.length,
        workP50: round(pct(work, 50)),
        workP95: round(pct(work, 95)),
        cpuMsPerFrame,
        loadAverage: round(loadavg()[0]),
      });
      console.log(
        `run ${r + 1}: first paint ${runs[r].firstPaintMs} ms, frame p50 ${runs[r].p50} / p95 ${runs[r].p95} (${runs[r].p95Exact}) / p99 ${runs[r].p99} ms, dropped ${runs[r].dropped} %, Chromium CPU ${cpuMsPerFrame.total} ms a frame (renderer main ${cpuMsPerFrame.rendererMain}, viz ${cpuMsPerFrame.viz}) (load ${runs[r].loadAverage})`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
    rmSync(out, { recursive: true, force: true });
  }
  // Each figure is the median of the runs' figures (not one run's), with the load of that run beside it.
  const median = <K extends keyof (typeof runs)[number]>(key: K) => {
    const sorted = [...runs].sort((a, b) => Number(a[key]) - Number(b[key]));
    return sorted[Math.floor((sorted.length - 1) / 2)];
  };
  const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
  const firstPaintRun = median('firstPaintMs');
  const droppedRun = median('dropped');
  const p95Run = median('p95Exact');
  const cpuKeys = Object.keys(runs[0]?.cpuMsPerFrame ?? {});
  const result = {
    bench: 'grid',
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, memoryGb: Math.round(totalmem() / 2 ** 30), chromium: browser.version() },
    chromiumArgs: CHROMIUM_ARGS,
    rows: ROWS,
    columns: 20,
    scrollFrames: FRAMES,
    runsCount: runs.length,
    firstPaintMs: firstPaintRun.firstPaintMs,
    firstPaintLoadAverage: firstPaintRun.loadAverage,
    scrollFrameMs: {
      p50: medianOf(runs.map((r) => r.p50)),
      p95: p95Run.p95,
      p95Exact: p95Run.p95Exact,
      p99: medianOf(runs.map((r) => r.p99)),
      overBudgetPercent: medianOf(runs.map((r) => r.over16)),
      droppedFramesPercent: droppedRun.dropped,
    },
    droppedLoadAverage: droppedRun.loadAverage,
    // Chromium's CPU per scroll frame (all its threads; the main ones apart): independent of the load.
    cpuMsPerFrame: Object.fromEntries(cpuKeys.map((k) => [k, medianOf(runs.map((r) => r.cpuMsPerFrame[k]))])),
    // rAF callbacks only: glide draws in its scroll handler and React commit, outside rAF, so this is not the grid's cost.
    rafWorkMs: { p50: medianOf(runs.map((r) => r.workP50)), p95: medianOf(runs.map((r) => r.workP95)) },
    loadAverage1m: {
      min: Math.min(...runs.map((r) => r.loadAverage)),
      median: medianOf(runs.map((r) => r.loadAverage)),
      max: Math.max(...runs.map((r) => r.loadAverage)),
    },
    runs,
    targets: { firstPaintMs: TARGET_FIRST_PAINT_MS, droppedFramesPercent: TARGET_DROPPED_PERCENT, scrollFrameP95Ms: TARGET_FRAME_P95_MS },
    pass: {
      firstPaint: firstPaintRun.firstPaintMs <= TARGET_FIRST_PAINT_MS,
      dropped: droppedRun.dropped <= TARGET_DROPPED_PERCENT,
      scrollP95: p95Run.p95Exact <= TARGET_FRAME_P95_MS,
    },
    notes:
      "headless Chromium with the browser tests' flags (chromiumArgs; --disable-gpu: software canvas and compositing), on a 2-core machine shared with other jobs: every figure is the median of the runs, with the 1-minute load average of the median run beside it (firstPaintLoadAverage, droppedLoadAverage) and of all runs (loadAverage1m). Frame deltas include time given to other processes; cpuMsPerFrame is Chromium's own CPU per scroll frame (/proc, all threads; rendererMain, viz = display compositor) and does not depend on the load. Frame deltas are vsync-bound (60 Hz: 16.67 ms); the page is cross-origin isolated so performance.now() has microsecond resolution; droppedFramesPercent counts deltas over 25 ms. Scroll: 40 px down every frame and 240 px across every 4th (those frames cannot blit and redraw the whole grid). First paint: from before the first render to the first frame with drawn grid pixels; rows generated before the clock starts.",
  };
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(join(root, 'bench', 'results', 'grid.json'), JSON.stringify(result, null, 2) + '\n');
  console.log(
    JSON.stringify({
      firstPaintMs: result.firstPaintMs,
      scrollFrameMs: result.scrollFrameMs,
      cpuMsPerFrame: result.cpuMsPerFrame,
      loadAverage1m: result.loadAverage1m,
      pass: result.pass,
    }),
  );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
