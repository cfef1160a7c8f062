// Bench page (tests/bench/grid.bench.ts): the real DataGrid over generated rows, no server. It records
// from the browser's own clock: time from before the first render to the first painted frame of the
// grid canvas, then the requestAnimationFrame deltas while the grid scrolls down and across.
import { createRoot } from 'react-dom/client';
import { DataGrid, registerBuiltIns, runtimeLocales } from '../../../runtime/index.js';
import { RuntimeEnvContext, type RuntimeEnv } from '../../../runtime/env.js';
import type { EntityDefinition, Grid } from '../../../runtime/definitions.js';
import type { Row } from '../../../runtime/data/dataProvider.js';

declare global {
  interface Window {
    __bench?: { firstPaintMs?: number; fcpMs?: number; rows: number; columns: number; frames?: number[]; done?: boolean; error?: string };
  }
}

// Work per frame: every requestAnimationFrame callback (glide draws the canvas inside one) is timed and
// summed by frame. Unlike the frame deltas, this does not count time the machine gave to other processes.
const work = new Map<number, number>();
let recording = false;
const nativeRaf = window.requestAnimationFrame.bind(window);
window.requestAnimationFrame = (cb) =>
  nativeRaf((ts) => {
    const t0 = performance.now();
    try {
      cb(ts);
    } finally {
      if (recording) work.set(ts, (work.get(ts) ?? 0) + performance.now() - t0);
    }
  });

const params = new URLSearchParams(location.search);
const ROWS = Number(params.get('rows') ?? 100_000);
registerBuiltIns();

const fields: EntityDefinition['fields'] = { id: { type: 'id' } };
const columns: Grid['columns'][number][] = [];
const kinds = ['text', 'number', 'amount', 'date', 'datetime', 'checkbox', 'text', 'price', 'type', 'text'] as const;
for (let c = 0; c < 20; c++) {
  const kind = kinds[c % kinds.length];
  const key = `c${c}`;
  const type =
    kind === 'number' || kind === 'amount' || kind === 'price'
      ? 'decimal'
      : kind === 'date'
        ? 'date'
        : kind === 'datetime'
          ? 'datetime'
          : kind === 'checkbox'
            ? 'yn'
            : 'string';
  fields[key] =
    type === 'decimal'
      ? { type, precision: 18, scale: 2, label: { CN: `列${c}`, EN: `Col ${c}`, TH: `คอลัมน์ ${c}`, VN: `Cột ${c}` } }
      : { type, length: 100, label: { CN: `列${c}`, EN: `Col ${c}`, TH: `คอลัมน์ ${c}`, VN: `Cột ${c}` } };
  columns.push({
    key,
    width: 120,
    cellType: kind,
    ...(c === 0 ? { fixed: 'left' as const } : {}),
    ...(kind === 'amount' ? { isSummary: true } : {}),
    ...(kind === 'type'
      ? {
          options: [
            { value: 'A', label: { CN: '甲', EN: 'A', TH: 'ก', VN: 'A' } },
            { value: 'B', label: { CN: '乙', EN: 'B', TH: 'ข', VN: 'B' } },
          ],
        }
      : {}),
  });
}
const entity = {
  name: 'benchRow',
  area: 'srmServer',
  table: 'bench_row',
  key: 'id',
  label: { CN: '基准', EN: 'Bench', TH: 'Bench', VN: 'Bench' },
  fields,
} as unknown as EntityDefinition;
const grid: Grid = { columns: columns as Grid['columns'], showIndex: true, selection: true, height: 700 };

const rows: Row[] = new Array(ROWS);
for (let i = 0; i < ROWS; i++) {
  const r: Row = { id: i + 1 };
  for (let c = 0; c < 20; c++) {
    const kind = kinds[c % kinds.length];
    r[`c${c}`] =
      kind === 'text'
        ? `行 ${i + 1} 列 ${c} 文本`
        : kind === 'date'
          ? `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`
          : kind === 'datetime'
            ? '2026-11-22 10:20:30'
            : kind === 'checkbox'
              ? i % 2
                ? 'Y'
                : 'N'
              : kind === 'type'
                ? i % 2
                  ? 'A'
                  : 'B'
                : (i * 37.25 + c) % 100000;
  }
  rows[i] = r;
}

const t = (key: string) => {
  let node: unknown = runtimeLocales.CN;
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : key;
};
const env: RuntimeEnv = {
  api: async () => ({ status: 'S', msg: '', data: null as never }),
  notify: () => undefined,
  confirm: async () => true,
  navigate: () => undefined,
  t,
  language: 'CN',
  can: () => true,
};

window.__bench = { rows: ROWS, columns: 20 };
// The clock starts after the rows exist: what is measured is the grid, not the generator.
const start = performance.now();
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') window.__bench!.fcpMs = e.startTime;
}).observe({ type: 'paint', buffered: true });

createRoot(document.getElementById('root')!).render(
  <RuntimeEnvContext.Provider value={env}>
    <DataGrid name="bench" grid={grid} entity={entity} rows={rows} readOnly />
  </RuntimeEnvContext.Provider>,
);

/** The first frame in which the grid canvas holds drawn pixels (glide draws in its own rAF). */
function waitForPaint(): void {
  const canvas = document.querySelector<HTMLCanvasElement>('canvas[data-testid=data-grid-canvas]');
  if (canvas && canvas.width > 0) {
    const ctx = canvas.getContext('2d');
    const d = ctx?.getImageData(0, 0, Math.min(canvas.width, 400), Math.min(canvas.height, 120)).data;
    let painted = false;
    if (d)
      for (let i = 0; i < d.length; i += 4)
        if (d[i] < 200) {
          painted = true;
          break;
        }
    if (painted) {
      window.__bench!.firstPaintMs = performance.now() - start;
      return;
    }
  }
  requestAnimationFrame(waitForPaint);
}
requestAnimationFrame(waitForPaint);

/** Called by the bench: scrolls `frames` frames (down, and across every 4th frame), recording frame deltas. */
(window as unknown as { __scroll(frames: number, step: number): Promise<{ deltas: number[]; work: number[] }> }).__scroll = (frames, step) =>
  new Promise((resolve) => {
    work.clear();
    recording = true;
    const scroller = document.querySelector<HTMLElement>('.dvn-scroller')!;
    const deltas: number[] = [];
    let last = performance.now();
    let n = 0;
    // The positions are kept here: reading scrollTop/scrollLeft back would force a layout every frame,
    // a cost of the bench that a user's wheel or trackpad does not have.
    let top = scroller.scrollTop;
    let left = scroller.scrollLeft;
    const tick = (now: number) => {
      deltas.push(now - last);
      last = now;
      top += step;
      scroller.scrollTop = top;
      if (n % 4 === 0) {
        left = (left + 240) % 1600;
        scroller.scrollLeft = left;
      }
      if (++n < frames) requestAnimationFrame(tick);
      else {
        recording = false;
        // the first deltas include the start-up of the loop
        resolve({ deltas: deltas.slice(2), work: [...work.values()].slice(2) });
      }
    };
    requestAnimationFrame((now) => {
      last = now;
      requestAnimationFrame(tick);
    });
  });
