import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'tests/unit/**/*.test.{ts,tsx}',
            'runtime/**/*.test.{ts,tsx}',
            'server/**/*.test.ts',
            'meta/**/*.test.ts',
            'generators/**/*.test.ts',
            'src/**/*.test.{ts,tsx}',
            'modules/*/tests/unit/**/*.test.{ts,tsx}',
          ],
          environment: 'node',
          // Pending animation frames of jsdom files are cancelled before the window closes (tests/unit/setupFrames.ts).
          setupFiles: ['tests/unit/setupFrames.ts'],
          // The default 5 s is missed by the heavier cases (a sandbox worker's memory budget, whole-tree
          // property checks) when the machine runs other work as CI's may.
          testTimeout: 30000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts', 'modules/*/tests/api/**/*.test.ts'],
          environment: 'node',
          // Migrated, seeded databases built once per run; each test file's server copies one.
          globalSetup: ['tests/api/globalSetup.ts'],
          // SRM_TEST_CPU_LOG=<file>: each file's CPU and wall time, one JSON line each (tests/support/cpuLog.ts).
          setupFiles: ['tests/support/cpuLog.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          // One worker process runs file after file (each file still boots its own server on its own copy of
          // the template): the imports, the compiled PGlite WebAssembly and the warmed-up JIT are paid once
          // per worker instead of once per file, which halved the stage's CPU (docs/decisions.md "Test
          // templates"). Module state that outlives a file is keyed per app or per database, never by ids a
          // template copy repeats (the scheduler tests' run counter).
          isolate: false,
          // vitest's default workers (one on 2 cores): two files at a time were slower, since one file's
          // server process already keeps both cores busy (docs/decisions.md "Test templates").
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts', 'modules/*/tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120000,
          hookTimeout: 180000,
          // expect.poll's 1 s default fails on a loaded machine where a screen takes seconds to settle.
          expect: { poll: { timeout: 20000 } },
          globalSetup: ['tests/e2e/globalSetup.ts'],
          maxWorkers: 2,
          // Each worker runs file after file, as in the api project: vitest's fork, the imports (playwright,
          // the helpers, the server code of the files with a server of their own) and PGlite's compiled
          // WebAssembly are paid once per worker, not per file. Every file still launches its own Chromium
          // and signs in fresh contexts; the helpers keep no state between files (docs/decisions.md).
          isolate: false,
        },
      },
    ],
  },
});
