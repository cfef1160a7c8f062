// The definition index and the per-module chunk files (generators/definitionChunks.ts).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFINITION_INDEX, generateDefinitionChunks, moduleChunk } from '../../../generators/definitionChunks.js';
import { loadDefinitions } from '../../../meta/load.js';
import type { Definitions } from '../../../meta/definitions.js';

const root = join(__dirname, '..', '..', '..');
const golden = join(__dirname, 'golden', 'base.definitions.ts.txt');
const defs = loadDefinitions(root);

/** The same definitions with every map in reverse order. */
function reversed(d: Definitions): Definitions {
  const rev = <K, V>(m: ReadonlyMap<K, V> | undefined) => new Map([...(m ?? [])].reverse());
  return { ...d, pages: rev(d.pages), entities: rev(d.entities), pageAliases: rev(d.pageAliases), sources: rev(d.sources) };
}

describe('definition chunk generator', () => {
  const out = generateDefinitionChunks(defs);

  it('matches the golden file for the base module (UPDATE_GOLDEN=1 rewrites it after an intended change)', () => {
    const base = out.get(moduleChunk('base'))!;
    if (process.env.UPDATE_GOLDEN === '1' || !existsSync(golden)) writeFileSync(golden, base);
    expect(base).toBe(readFileSync(golden, 'utf8'));
  });

  it('writes one chunk per module with definitions, importing each of its files once', () => {
    const files = [...defs.sources!.values()].filter((f) => /\.(page|entity)\.json$/.test(f));
    const modules = [...new Set(files.map((f) => f.split('/')[1]))].sort();
    expect([...out.keys()]).toEqual([DEFINITION_INDEX, ...modules.map(moduleChunk)]);
    for (const file of files) {
      const [, module, ...rest] = file.split('/');
      const chunk = out.get(moduleChunk(module))!;
      expect(chunk.split(`from '../${rest.join('/')}';`).length, file).toBe(2);
    }
  });

  it('indexes every page with its module, kind and title, every alias and every entity', () => {
    const index = out.get(DEFINITION_INDEX)!;
    expect(index).toContain('"base/bankList": { module: "base", kind: "list", title: {"CN":"银行","EN":"Banks","TH":"ธนาคาร","VN":"Ngân hàng"} },');
    expect(index).toContain('"resp": "systemsetting/responsibility",');
    expect(index).toContain('"srmBaseBank": "base",');
    expect(index.match(/^ {2}"[^"]+": \{ module:/gm)).toHaveLength(defs.pages.size);
  });

  it('does not depend on the order definitions were read in', () => {
    expect(generateDefinitionChunks(reversed(defs))).toEqual(out);
  });
});
