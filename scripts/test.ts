// `npm test`: everything — generated files fresh, lint, types, unit, API (PGlite, then PostgreSQL + Redis
// when they answer on loopback), browser tests in Chromium. Ends with a table of each stage's duration,
// also when a stage fails.
//
// SRM_TEST_SHUFFLE=1: unit and API tests run in a random order (files and the tests inside them), browser
// test files too (their steps stay in order: a file is one journey); proves that tests create the state
// they rely on. The seed is printed; SRM_TEST_SEED=<n> repeats an order.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import net from 'node:net';
import { ensureBrowser } from './ensureBrowser.js';

const root = join(new URL('.', import.meta.url).pathname, '..');
const bin = (pkg: string, file: string) => join(root, 'node_modules', pkg, file);

interface StageResult {
  title: string;
  seconds: number;
  result: 'passed' | 'failed' | 'skipped';
}
const stages: StageResult[] = [];
const started = performance.now();

function summary(): void {
  const width = Math.max(...stages.map((s) => s.title.length), 5);
  const total = (performance.now() - started) / 1000;
  console.log(`\n${'stage'.padEnd(width)}  ${'result'.padEnd(7)}  seconds`);
  console.log(`${'-'.repeat(width)}  -------  -------`);
  for (const s of stages) console.log(`${s.title.padEnd(width)}  ${s.result.padEnd(7)}  ${s.seconds.toFixed(1).padStart(7)}`);
  console.log(`${'total'.padEnd(width)}  ${''.padEnd(7)}  ${total.toFixed(1).padStart(7)}`);
}

function fail(title: string, code: number): never {
  console.error(`\n${title} failed`);
  summary();
  process.exit(code);
}

/** Runs one stage: each command with node, all of them even when one fails (lint shows every problem). */
function run(title: string, commands: string[][], env: Record<string, string> = {}): void {
  console.log(`\n=== ${title}`);
  const t0 = performance.now();
  let code = 0;
  for (const args of commands) {
    const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    if (r.status !== 0) code ||= r.status ?? 1;
  }
  stages.push({ title, seconds: (performance.now() - t0) / 1000, result: code === 0 ? 'passed' : 'failed' });
  if (code !== 0) fail(title, code);
}

interface Stage {
  title: string;
  /** Run one after another, all of them even when one fails (lint shows every problem). */
  commands: string[][];
  env?: Record<string, string>;
}

/** Runs one command with node to its end: its exit code and, when `quiet`, its output (else shown live). */
function runCommand(args: string[], env: Record<string, string>, quiet: boolean): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/**
 * Runs stages side by side: the first one's output live, the others' after the first ended (never
 * interleaved), then the verdict once all ended. Each of these stages keeps about one core busy or
 * less (eslint, tsc and a single test worker are single-threaded; the PostgreSQL API stage waits much of
 * its time on the database server), so on the 2-core machine two at once end well before one after the
 * other (docs/decisions.md "Test templates").
 */
async function runTogether(list: Stage[]): Promise<void> {
  for (const [i, stage] of list.entries()) console.log(`\n=== ${stage.title}${i ? ' (beside the first; its output follows when that ends)' : ''}`);
  const results = await Promise.all(
    list.map(async (stage, i) => {
      const t0 = performance.now();
      let code = 0;
      let output = '';
      for (const args of stage.commands) {
        const r = await runCommand(args, stage.env ?? {}, i > 0);
        code ||= r.code;
        output += r.output;
      }
      return { code, output, stage, seconds: (performance.now() - t0) / 1000 };
    }),
  );
  for (const r of results.slice(1)) console.log(`\n=== ${r.stage.title}: output\n${r.output}`);
  for (const r of results) stages.push({ title: r.stage.title, seconds: r.seconds, result: r.code === 0 ? 'passed' : 'failed' });
  const failed = results.find((r) => r.code !== 0);
  if (failed) fail(failed.stage.title, failed.code);
}

/** A step that is a function in this process (installing the browser). */
function step(title: string, fn: () => void): void {
  const t0 = performance.now();
  try {
    fn();
  } catch (e) {
    stages.push({ title, seconds: (performance.now() - t0) / 1000, result: 'failed' });
    console.error(e instanceof Error ? e.message : e);
    fail(title, 1);
  }
  stages.push({ title, seconds: (performance.now() - t0) / 1000, result: 'passed' });
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port, timeout: 500 }, () => (s.end(), resolve(true)));
    s.on('error', () => resolve(false));
    s.on('timeout', () => (s.destroy(), resolve(false)));
  });
}

const tsx = bin('tsx', 'dist/cli.mjs');
const vitest = bin('vitest', 'vitest.mjs');
const shuffle = process.env.SRM_TEST_SHUFFLE === '1';
const seed = process.env.SRM_TEST_SEED ?? String(Date.now() % 1_000_000);
const order = shuffle ? ['--sequence.shuffle', `--sequence.seed=${seed}`] : [];
const fileOrder = shuffle ? ['--sequence.shuffle.files', `--sequence.seed=${seed}`] : [];
if (shuffle) console.log(`Shuffled order, seed ${seed} (SRM_TEST_SEED=${seed} repeats it)`);

run('generated files are fresh', [[tsx, 'generators/gen.ts', '--check']]);
await runTogether([
  { title: 'unit tests', commands: [[vitest, 'run', '--project', 'unit', ...order]] },
  {
    title: 'lint (eslint, prettier)',
    commands: [
      [bin('eslint', 'bin/eslint.js'), '.'],
      [bin('prettier', 'bin/prettier.cjs'), '--check', '.'],
    ],
  },
  { title: 'type check', commands: [[bin('typescript', 'bin/tsc'), '-p', 'tsconfig.json', '--noEmit']] },
]);
const apiStages: Stage[] = [{ title: 'API tests on PGlite', commands: [[vitest, 'run', '--project', 'api', ...order]], env: { SRM_TEST_BACKENDS: 'pglite' } }];
const postgresUp = (await answers(5432)) && (await answers(6379));
if (postgresUp) {
  apiStages.push({
    title: 'API tests on PostgreSQL + Redis',
    commands: [[vitest, 'run', '--project', 'api', ...order]],
    env: { SRM_TEST_BACKENDS: 'postgres' },
  });
}
await runTogether(apiStages);
if (!postgresUp) {
  stages.push({ title: 'API tests on PostgreSQL + Redis', seconds: 0, result: 'skipped' });
  console.log('\n(PostgreSQL or Redis not answering on 127.0.0.1: API tests ran on PGlite only)');
}
step('browser and fonts present', ensureBrowser);
run('front-end build', [[bin('vite', 'bin/vite.js'), 'build', '--logLevel', 'error']]);
run('browser tests (Chromium)', [[vitest, 'run', '--project', 'e2e', ...fileOrder]]);
summary();
console.log('\nAll test stages passed.');
