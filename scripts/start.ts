// `npm start`: build the front end when it is missing or older than its sources, then serve
// API + front end on PORT.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(new URL('.', import.meta.url).pathname, '..');
const dist = join(root, 'dist', 'index.html');

function newest(dir: string): number {
  let t = 0;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || (name === 'generated' && dir.endsWith('server'))) continue;
    const p = join(dir, name);
    const s = statSync(p);
    t = Math.max(t, s.isDirectory() ? newest(p) : s.mtimeMs);
  }
  return t;
}

const sources = ['src', 'runtime', 'schemas', 'modules', 'index.html'].map((p) => join(root, p)).filter(existsSync);
const sourceTime = Math.max(...sources.map((p) => (statSync(p).isDirectory() ? newest(p) : statSync(p).mtimeMs)));
if (!existsSync(dist) || statSync(dist).mtimeMs < sourceTime) {
  console.log('Building the front end…');
  execFileSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'error'], { cwd: root, stdio: 'inherit' });
}
await import('../server/main.js');
