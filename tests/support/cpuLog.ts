// SRM_TEST_CPU_LOG=<file>: each test file appends one JSON line with its process's CPU time (user and
// system, from before the file's imports to after its last hook) and its wall time. The API tests' server
// runs in the test file's process, so on PGlite this is the file's whole cost; on PostgreSQL the
// database's own work is not in it. The api project runs its files one after another in one worker
// process (isolate: false): only a worker's first file pays for the shared imports. Used to find where `npm test` spends its time on a shared machine,
// where wall clock figures spread with the load (docs/decisions.md "Test templates").
import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';
import { afterAll, expect } from 'vitest';

const out = process.env.SRM_TEST_CPU_LOG;
if (out) {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  afterAll(() => {
    const file = relative(process.cwd(), expect.getState().testPath ?? '');
    const cpu = process.cpuUsage(cpu0);
    const line = {
      file,
      userS: cpu.user / 1e6,
      systemS: cpu.system / 1e6,
      wallS: (performance.now() - wall0) / 1000,
      backends: process.env.SRM_TEST_BACKENDS ?? '',
    };
    appendFileSync(out, `${JSON.stringify(line)}\n`);
  });
}
