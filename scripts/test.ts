// `npm test`: everything — generated files fresh, types, unit, API (PGlite, then PostgreSQL + Redis
// when they answer on loopback), browser tests in Chromium.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import net from 'node:net';
import { ensureBrowser } from './ensureBrowser.js';

const root = join(new URL('.', import.meta.url).pathname, '..');
const bin = (pkg: string, file: string) => join(root, 'node_modules', pkg, file);

function run(title: string, args: string[], env: Record<string, string> = {}): void {
  console.log(`\n=== ${title}`);
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`\n${title} failed`);
    process.exit(r.status ?? 1);
  }
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
run('generated files are fresh', [tsx, 'generators/gen.ts', '--check']);
run('type check', [bin('typescript', 'bin/tsc'), '-p', 'tsconfig.json', '--noEmit']);
run('unit tests', [vitest, 'run', '--project', 'unit']);
run('API tests on PGlite', [vitest, 'run', '--project', 'api'], { SRM_TEST_BACKENDS: 'pglite' });
if ((await answers(5432)) && (await answers(6379))) {
  run('API tests on PostgreSQL + Redis', [vitest, 'run', '--project', 'api'], { SRM_TEST_BACKENDS: 'postgres' });
} else {
  console.log('\n(PostgreSQL or Redis not answering on 127.0.0.1: API tests ran on PGlite only)');
}
ensureBrowser();
run('front-end build', [bin('vite', 'bin/vite.js'), 'build', '--logLevel', 'error']);
run('browser tests (Chromium)', [vitest, 'run', '--project', 'e2e']);
console.log('\nAll test stages passed.');
