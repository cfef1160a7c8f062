// One real server for the browser tests: the built front end + API on a free port, on a fresh
// PGlite database with the demo data. Test files share it, so each uses its own codes.
// The database is a copy of a PGlite template built here once (tests/support/testTemplates.ts), which
// the tests' own mailing servers (mailingServer.ts) copy too instead of migrating and seeding again.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildPgliteTemplate, newDataDir } from '../support/testTemplates.js';

const root = join(__dirname, '..', '..');
let child: ChildProcess | undefined;
let dataDir: string | undefined;
let template: string | undefined;

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
  template = await buildPgliteTemplate();
  dataDir = newDataDir('srm-e2e-', template);
  const port = 20000 + Math.floor(Math.random() * 20000);
  child = spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn', SRM_DEMO_CRONS: '0' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // A loaded machine (other builds beside this run) may take minutes to boot a server.
  await waitFor(`${url}/api/health`, 180_000);
  project.provide('baseUrl', url);
  project.provide('srmTestTemplates', { pglite: template });
  return async () => {
    // Until the server has exited (its files closed), SIGKILL if it has not within 10 s.
    if (child && child.exitCode === null) {
      const server = child;
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (template) rmSync(template, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
