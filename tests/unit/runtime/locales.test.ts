import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flattenKeys, runtimeLocales } from '../../../runtime/locales/index.js';

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
}

const RUNTIME_PREFIXES = /^(actions|confirm|fields|grid|pager|messages|placeholder|validation)\./;

describe('runtime locales', () => {
  const cn = flattenKeys(runtimeLocales.CN).sort();
  it('have the same keys in all four languages, none empty', () => {
    for (const lang of ['EN', 'TH', 'VN'] as const) expect(flattenKeys(runtimeLocales[lang]).sort()).toEqual(cn);
    for (const lang of ['CN', 'EN', 'TH', 'VN'] as const) {
      for (const key of flattenKeys(runtimeLocales[lang])) {
        const value = key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], runtimeLocales[lang]);
        expect(typeof value === 'string' && value.length > 0, `${lang} ${key}`).toBe(true);
      }
    }
  });
  it('contain every runtime key the page definitions use', () => {
    const used = new Set<string>();
    for (const file of walk('modules').filter((f) => f.endsWith('.page.json'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/"([a-zA-Z]+\.[a-zA-Z.]+)"/g)) if (RUNTIME_PREFIXES.test(m[1])) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(5);
    expect([...used].filter((k) => !cn.includes(k))).toEqual([]);
  });
  it('contain every key the runtime code names', () => {
    const named = new Set<string>();
    for (const file of walk('runtime').filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/t\('([a-zA-Z]+\.[a-zA-Z.]+)'/g)) named.add(m[1]);
    }
    expect([...named].filter((k) => !cn.includes(k))).toEqual([]);
  });
});
