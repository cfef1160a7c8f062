// The definition-types generator (generators/metaTypes.ts) on a fixed set of small meta schemas
// (fixtures/meta), so the golden changes only when the generator does, not when a definition format grows.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateMetaTypes } from '../../../generators/metaTypes.js';
import type { MetaSchema } from '../../../generators/readMetaSchemas.js';

const golden = join(__dirname, 'golden', 'definitions.ts.txt');
const fixtureDir = join(__dirname, 'fixtures', 'meta');

function fixture(): MetaSchema[] {
  return readdirSync(fixtureDir)
    .sort()
    .map((f) => JSON.parse(readFileSync(join(fixtureDir, f), 'utf8')) as MetaSchema);
}

describe('definition-types generator', () => {
  it('matches the golden file (UPDATE_GOLDEN=1 rewrites it after an intended change)', async () => {
    const out = await generateMetaTypes(fixture());
    if (process.env.UPDATE_GOLDEN === '1' || !existsSync(golden)) writeFileSync(golden, out);
    expect(out).toBe(readFileSync(golden, 'utf8'));
  });

  it('declares Text and Condition once and refers to them by name; no index-signature leak', async () => {
    const out = await generateMetaTypes(fixture());
    expect(out.match(/^export interface Text\b/gm)).toHaveLength(1);
    expect(out.match(/^export interface Condition\b/gm)).toHaveLength(1);
    expect(out).toMatch(/label: Text/);
    expect(out).toMatch(/visibleWhen\?: Condition\[\]/);
    expect(out).not.toContain('[k: string]: unknown');
  });

  it('refuses a set without one of the five meta schemas', async () => {
    await expect(generateMetaTypes(fixture().filter((s) => s.$id !== 'srm:meta/menus'))).rejects.toThrow('meta schema for MenusDefinition missing');
  });
});
