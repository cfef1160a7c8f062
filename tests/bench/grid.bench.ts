// DataGrid in Chromium: 100,000 rows × 20 columns (issue 3). Builds the bench page
// (tests/bench/grid/index.html, the real runtime DataGrid over generated rows), serves it from a
// loopback static server, opens it in Chromium and reads the browser's own timings:
// - first paint: performance.now() from before the first React render to the first animation frame in
//   which the grid canvas holds drawn pixels (plus the browser's first-contentful-paint entry);
// - scroll: requestAnimationFrame deltas while the grid scrolls 40 px a frame down (and across every
//   4th frame) for 600 frames; p50/p95/p99 and the share of frames over 16.7 ms.
// Targets: first paint ≤ 300 ms, scroll frame p95 ≤ 16.7 ms. Writes bench/results/grid.json.
// Knobs (env): BENCH_GRID_ROWS (100000), BENCH_GRID_FRAMES (600), BENCH_GRID_RUNS (3: the median run).
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';

const ROWS = Number(process.env.BENCH_GRID_ROWS ?? 100_000);
const FRAMES = Number(process.env.BENCH_GRID_FRAMES ?? 600);
const RUNS = Number(process.env.BENCH_GRID_RUNS ?? 3);
const TARGET_FIRST_PAINT_MS = 300;
const TARGET_FRAME_P95_MS = 16.7;
const root = join(new URL('.', import.meta.url).pathname, '..', '..');
const out = join(tmpdir(), `srm-grid-bench-${process.pid}`);

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
};

function serve(dir: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0])).replace(/^(\.\.[/\\])+/, '');
    let file = join(dir, path);
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    // Cross-origin isolation: performance.now() then ticks in microseconds instead of 0.1 ms steps, so
    // frame deltas are measured, not rounded up to the next tenth.
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

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
  const server = await serve(out);
  const port = (server.address() as { port: number }).port;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
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
      const { deltas: frames, work } = await page.evaluate(
        (n) => (window as unknown as { __scroll(f: number, s: number): Promise<{ deltas: number[]; work: number[] }> }).__scroll(n, 40),
        FRAMES,
      );
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
        loadAverage: round(loadavg()[0]),
      });
      console.log(
        `run ${r + 1}: first paint ${runs[r].firstPaintMs} ms, frame p50 ${runs[r].p50} / p95 ${runs[r].p95} (${runs[r].p95Exact}) / p99 ${runs[r].p99} ms, dropped ${runs[r].dropped} %, work per frame p50 ${runs[r].workP50} / p95 ${runs[r].workP95} ms (load ${runs[r].loadAverage})`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
    rmSync(out, { recursive: true, force: true });
  }
  const median = [...runs].sort((a, b) => a.p95Exact - b.p95Exact)[Math.floor(runs.length / 2)];
  const firstPaint = pct(
    runs.map((r) => r.firstPaintMs),
    50,
  );
  const result = {
    bench: 'grid',
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, memoryGb: Math.round(totalmem() / 2 ** 30), chromium: browser.version() },
    rows: ROWS,
    columns: 20,
    scrollFrames: FRAMES,
    firstPaintMs: firstPaint,
    scrollFrameMs: {
      p50: median.p50,
      p95: median.p95,
      p95Exact: median.p95Exact,
      p99: median.p99,
      overBudgetPercent: median.over16,
      droppedFramesPercent: median.dropped,
    },
    // rAF callback time per frame (glide's canvas drawing included): the grid's own cost, unlike the deltas.
    scrollWorkMs: { p50: median.workP50, p95: median.workP95 },
    loadAverage1m: median.loadAverage,
    runs,
    targets: { firstPaintMs: TARGET_FIRST_PAINT_MS, scrollFrameP95Ms: TARGET_FRAME_P95_MS },
    pass: { firstPaint: firstPaint <= TARGET_FIRST_PAINT_MS, scroll: median.p95Exact <= TARGET_FRAME_P95_MS },
    notes:
      'headless Chromium, --disable-gpu (software canvas), on a 2-core machine shared with other jobs (see loadAverage1m): frame deltas include time given to other processes; scrollWorkMs is the rAF callback time per frame. Frame deltas are vsync-bound (60 Hz: 16.67 ms); the page is cross-origin isolated so performance.now() has microsecond resolution and p95Exact (compared with the target) is not rounded up to 0.1 ms steps; droppedFramesPercent counts deltas over 25 ms. First paint: from before the first render to the first frame with drawn grid pixels; rows generated before the clock starts.',
  };
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(join(root, 'bench', 'results', 'grid.json'), JSON.stringify(result, null, 2) + '\n');
  console.log(
    JSON.stringify({
      firstPaintMs: result.firstPaintMs,
      scrollFrameMs: result.scrollFrameMs,
      scrollWorkMs: result.scrollWorkMs,
      loadAverage1m: result.loadAverage1m,
      pass: result.pass,
    }),
  );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
