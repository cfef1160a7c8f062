// What the benches that start their own server share: a free port, waiting until the server answers, and
// a server process on a given database with the bench's own environment.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(new URL('.', import.meta.url).pathname, '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** Until `url` answers 2xx (a server starting: migrations, seed), or throws after `ms`. */
export async function waitFor(url: string, ms = 180_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer at ${url}`);
}

export interface BenchServer {
  url: string;
  child: ChildProcess;
  dataDir: string;
}

/** A server process (API only, no front end) on `databaseUrl`, answering health; `env` adds or overrides;
 *  `nodeArgs` go to node itself (`--cpu-prof`, which NODE_OPTIONS does not take). */
export async function startBenchServer(prefix: string, databaseUrl: string, env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SRM_DIST_DIR: join(dataDir, 'no-dist'),
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      TRUST_PROXY: '1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`);
  return { url, child, dataDir };
}
