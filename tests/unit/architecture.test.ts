// The module boundaries of ARCHITECTURE.md, checked on every file: imports run one way, a module meets
// another only through its declared api.ts, and platform code names no entity or table of a module.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDefinitions } from '../../meta/load.js';

const ROOT = join(import.meta.dirname, '..', '..');
const PLATFORM = ['server', 'runtime', 'meta', 'src', 'generators', 'designer', 'scripts'];

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (name === 'node_modules' || name === 'generated' || name === 'fixtures') return [];
    if (statSync(join(ROOT, rel)).isDirectory()) return sources(rel);
    return /\.(ts|tsx)$/.test(name) ? [rel] : [];
  });
}

/** Every relative module specifier of a file (static, dynamic and type imports, re-exports). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(
    /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g,
  )) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec.startsWith('.'))
      out.push(
        relative(ROOT, resolve(dirname(join(ROOT, file)), spec))
          .split('\\')
          .join('/'),
      );
  }
  return out;
}

const top = (path: string) => path.split('/')[0];
const moduleOf = (path: string) => (path.startsWith('modules/') ? path.split('/')[1] : undefined);

const allFiles = [...PLATFORM, 'modules'].flatMap(sources);

describe('module boundaries', () => {
  it('finds the files to check (a check that finds nothing fails)', () => {
    expect(allFiles.filter((f) => f.startsWith('server/')).length).toBeGreaterThan(50);
    expect(allFiles.filter((f) => f.startsWith('modules/')).length).toBeGreaterThan(10);
    expect(allFiles.filter((f) => f.endsWith('/module.ts')).length).toBe(loadDefinitions(ROOT).modules!.length);
  });

  it('the type check covers every source folder (modules are imported by discovery, not by a path tsc follows)', () => {
    const include = (JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')) as { include: string[] }).include;
    expect([...new Set(allFiles.map(top))].filter((t) => !include.includes(t))).toEqual([]);
  });

  it('the runtime imports nothing of the shell, the server, the designer or a module', () => {
    const bad = allFiles
      .filter((f) => top(f) === 'runtime')
      .flatMap((f) =>
        importsOf(f)
          .filter((i) => ['src', 'server', 'modules', 'designer'].includes(top(i)))
          .map((i) => `${f} → ${i}`),
      );
    expect(bad).toEqual([]);
  });

  it('the platform (server, meta, generators, designer, scripts) imports no module', () => {
    const bad = allFiles
      .filter((f) => ['server', 'meta', 'generators', 'designer', 'scripts'].includes(top(f)))
      .flatMap((f) =>
        importsOf(f)
          .filter((i) => top(i) === 'modules')
          .map((i) => `${f} → ${i}`),
      );
    expect(bad).toEqual([]);
  });

  it('the shell (src) imports only the client parts of modules', () => {
    const bad = allFiles
      .filter((f) => top(f) === 'src')
      .flatMap((f) =>
        importsOf(f)
          .filter((i) => top(i) === 'modules' && i.split('/')[2] !== 'client')
          .map((i) => `${f} → ${i}`),
      );
    expect(bad).toEqual([]);
  });

  it('a module reaches another only through its declared api.ts; server code never imports client code or the reverse', () => {
    const bad: string[] = [];
    for (const f of allFiles.filter((x) => top(x) === 'modules')) {
      const own = moduleOf(f)!;
      const side = f.split('/')[2];
      for (const i of importsOf(f)) {
        const other = moduleOf(i);
        if (other && other !== own && !/^api(\.ts|\.js)?$/.test(i.split('/').slice(2).join('/'))) bad.push(`${f} → ${i} (use modules/${other}/api.ts)`);
        if (side === 'server' && ['runtime', 'src'].includes(top(i))) bad.push(`${f} → ${i} (server code imports client code)`);
        if (side === 'client' && top(i) === 'server') bad.push(`${f} → ${i} (client code imports server code)`);
      }
    }
    expect(bad).toEqual([]);
  });

  // The server reads module tables through the service slots modules provide (server/modules/services.ts), the
  // runtime and the shell get a module's endpoints from its client part (runtime/registry/services.ts), meta
  // gets them from the modules' contract.json and entity definitions: no platform file needs a module's name.
  it('platform files name no entity, family (…Restful) or table of a module', () => {
    const defs = loadDefinitions(ROOT);
    const names = [...defs.entities.values()].flatMap((e) => [e.name, e.table]).sort((a, b) => b.length - a.length);
    const pattern = new RegExp(`\\b(${names.join('|')})(Restful)?\\b`);
    const naming = allFiles.filter((f) => PLATFORM.includes(top(f)) && !/\.test\.tsx?$/.test(f) && pattern.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(naming).toEqual([]);
  });

  it("every service slot the runtime, shell or designer calls is provided by exactly one module's client part", async () => {
    const called = new Set(
      allFiles
        .filter((f) => ['runtime', 'src', 'designer'].includes(top(f)) && !/\.test\.tsx?$/.test(f))
        .flatMap((f) => [...readFileSync(join(ROOT, f), 'utf8').matchAll(/\bservice\(\s*'(\w+)'\s*\)/g)].map((m) => m[1])),
    );
    expect([...called].sort()).toEqual(expect.arrayContaining(['account', 'attachments', 'lookupValues', 'tableSettings']));
    const providers = new Map<string, string[]>();
    for (const f of allFiles.filter((x) => /^modules\/[^/]+\/client\/index\.tsx?$/.test(x))) {
      const client = ((await import(join(ROOT, f))) as { default: { name: string; services?: Record<string, unknown> } }).default;
      expect(client.name, f).toBe(moduleOf(f));
      for (const slot of Object.keys(client.services ?? {})) providers.set(slot, [...(providers.get(slot) ?? []), client.name]);
    }
    expect(
      [...called]
        .sort()
        .map((slot) => [slot, providers.get(slot) ?? []])
        .filter(([, by]) => by.length !== 1),
    ).toEqual([]);
  });
});
