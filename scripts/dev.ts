// `npm run dev`: the Vite dev server on 5173 (SRM_DEV_PORT) (proxying /api to the API, see vite.config.ts) and, when
// server/main.ts exists and SRM_DEV_SERVER is not "0", the API server itself on PORT (default 8080).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'vite';

const root = join(import.meta.dirname, '..');
// vite.config.ts reads SRM_API_URL; keep the proxy pointed at the API server this script starts.
process.env.SRM_API_URL ??= `http://127.0.0.1:${process.env.PORT ?? '8080'}`;
const children: ChildProcess[] = [];

function startApi(): void {
  const entry = join(root, 'server', 'main.ts');
  if (process.env.SRM_DEV_SERVER === '0' || !existsSync(entry)) {
    console.log('[dev] not starting the API server (start it with `npx tsx server/main.ts`)');
    return;
  }
  const tsx = join(root, 'node_modules', '.bin', 'tsx');
  const child = spawn(tsx, ['watch', '--clear-screen=false', entry], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.PORT ?? '8080' },
  });
  child.on('exit', (code) => console.log(`[dev] API server exited with code ${code}`));
  children.push(child);
}

async function startVite(): Promise<void> {
  const server = await createServer({
    root,
    configFile: join(root, 'vite.config.ts'),
    server: { port: Number(process.env.SRM_DEV_PORT ?? 5173), strictPort: true },
  });
  await server.listen();
  server.printUrls();
}

function stop(): void {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
}

process.on('SIGINT', stop);
process.on('SIGTERM', stop);

startApi();
await startVite();
