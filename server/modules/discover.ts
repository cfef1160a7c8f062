// Finds the modules: every modules/{name}/module.ts default-exports its manifest. The platform learns
// them by looking, so it never imports one by name.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { moduleDirs } from '../../meta/load.js';
import type { ServerModule } from './types.js';

export async function discoverModules(root: string): Promise<ServerModule[]> {
  const found: ServerModule[] = [];
  for (const m of moduleDirs(root)) {
    const file = join(m.dir, 'module.ts');
    if (!existsSync(file)) continue;
    const manifest = ((await import(pathToFileURL(file).href)) as { default?: ServerModule }).default;
    if (!manifest || manifest.name !== m.name) throw new Error(`modules/${m.name}/module.ts: must default-export defineModule({ name: '${m.name}', … })`);
    found.push(manifest);
  }
  return found;
}
