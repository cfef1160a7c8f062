// One real server for the browser tests: the built front end + API on a free port, on a fresh
// PGlite database with the demo data. Test files share it, so each uses its own codes.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

const root = join(__dirname, '..', '..');
let child: ChildProcess | undefined;
let dataDir: string | undefined;

async function waitFor(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer ${url} within ${ms} ms`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // SRM_DIST_DIR (read by the server too) lets a run use its own build while others rebuild dist/.
  const dist = process.env.SRM_DIST_DIR ?? join(root, 'dist');
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`Build the front end first (npm run build; npm test does): no ${dist}/index.html`);
  dataDir = mkdtempSync(join(tmpdir(), 'srm-e2e-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  child = spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`, 60_000);
  project.provide('baseUrl', url);
  return async () => {
    child?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
