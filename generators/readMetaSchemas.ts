import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths.js';

export type MetaSchema = Record<string, unknown> & { $id: string };

export function readMetaSchemas(): MetaSchema[] {
  const dir = join(repoRoot, 'schemas', 'meta');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as MetaSchema);
}
