import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogues, LANGUAGES } from '../../../server/i18n/messages.js';

const root = join(__dirname, '..', '..', '..');
// The platform's server code and every module's server code (modules/{area}/server).
const serverDirs = [join(root, 'server'), ...readdirSync(join(root, 'modules')).map((m) => join(root, 'modules', m, 'server'))].filter((d) => existsSync(d));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sourceFiles(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );
}

describe('server messages', () => {
  it('has every key in all four languages', () => {
    const keys = new Set(LANGUAGES.flatMap((l) => Object.keys(catalogues[l])));
    for (const l of LANGUAGES)
      expect(
        [...keys].filter((k) => !catalogues[l][k]),
        `missing in ${l}`,
      ).toEqual([]);
  });

  it('has every key the server code refuses with', () => {
    const used = new Set<string>();
    for (const f of serverDirs.flatMap(sourceFiles)) {
      for (const m of readFileSync(f, 'utf8').matchAll(
        /(?:refuse|badRequest|unauthorized|forbidden|notFound|tooMany|message\([^,]+,)\s*\(?\s*'([a-z]+\.[A-Za-z.]+)'/g,
      ))
        used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(60);
    expect([...used].filter((k) => !catalogues.CN[k])).toEqual([]);
  });
});
