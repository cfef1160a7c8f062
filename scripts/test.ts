// `npm test`: everything — generated files fresh, lint, types, unit, API (PGlite, then PostgreSQL + Redis
// when they answer on loopback), browser tests in Chromium. Ends with a table of each stage's duration,
// also when a stage fails.
//
// SRM_TEST_SHUFFLE=1: unit and API tests run in a random order (files and the tests inside them), browser
// test files too (their steps stay in order: a file is one journey); proves that tests create the state
// they rely on. The seed is printed; SRM_TEST_SEED=<n> repeats an order.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { portAnswers } from '../tests/support/portAnswers.js';
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

const tsx = bin('tsx', 'dist/cli.mjs');
const vitest = bin('vitest', 'vitest.mjs');
const shuffle = process.env.SRM_TEST_SHUFFLE === '1';
const seed = process.env.SRM_TEST_SEED ?? String(Date.now() % 1_000_000);
const order = shuffle ? ['--sequence.shuffle', `--sequence.seed=${seed}`] : [];
const fileOrder = shuffle ? ['--sequence.shuffle.files', `--sequence.seed=${seed}`] : [];
if (shuffle) console.log(`Shuffled order, seed ${seed} (SRM_TEST_SEED=${seed} repeats it)`);

run('generated files are fresh', [[tsx, 'generators/gen.ts', '--check']]);
run('lint (eslint, prettier)', [
  [bin('eslint', 'bin/eslint.js'), '.'],
  [bin('prettier', 'bin/prettier.cjs'), '--check', '.'],
]);
run('type check', [[bin('typescript', 'bin/tsc'), '-p', 'tsconfig.json', '--noEmit']]);
run('unit tests', [[vitest, 'run', '--project', 'unit', ...order]]);
run('API tests on PGlite', [[vitest, 'run', '--project', 'api', ...order]], { SRM_TEST_BACKENDS: 'pglite' });
if ((await portAnswers(5432)) && (await portAnswers(6379))) {
  run('API tests on PostgreSQL + Redis', [[vitest, 'run', '--project', 'api', ...order]], { SRM_TEST_BACKENDS: 'postgres' });
} else {
  stages.push({ title: 'API tests on PostgreSQL + Redis', seconds: 0, result: 'skipped' });
  console.log('\n(PostgreSQL or Redis not answering on 127.0.0.1: API tests ran on PGlite only)');
}
step('browser and fonts present', ensureBrowser);
run('front-end build', [[bin('vite', 'bin/vite.js'), 'build', '--logLevel', 'error']]);
run('browser tests (Chromium)', [[vitest, 'run', '--project', 'e2e', ...fileOrder]]);
summary();
console.log('\nAll test stages passed.');
