// Every visible string goes through i18next (ARCHITECTURE.md): a key missing in one language, or a
// definition naming a key that exists nowhere, fails here instead of showing a raw key to a user.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };
const ROOT = join(import.meta.dirname, '..', '..', '..');
const FILES = ['cn', 'en', 'th', 'vn'] as const;

function flatten(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : flatten(v, `${prefix}${k}.`)));
}

function loadLocales(dir: string): Record<string, Set<string>> | null {
  const abs = join(ROOT, dir);
  if (!existsSync(abs)) return null;
  const out: Record<string, Set<string>> = {};
  for (const lang of FILES) {
    const file = join(abs, `${lang}.json`);
    out[lang] = existsSync(file) ? new Set(flatten(JSON.parse(readFileSync(file, 'utf8')) as Tree)) : new Set();
  }
  return out;
}

function walk(dir: string, suffix: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return walk(full, suffix);
    return entry.name.endsWith(suffix) ? [full] : [];
  });
}

const TEXT_PROPS = new Set(['label', 'title', 'confirm']);

/** String values of label/title/confirm anywhere in a definition: those are i18next keys. */
function textKeys(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item) => textKeys(item, found));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (TEXT_PROPS.has(k) && typeof v === 'string') found.push(v);
      else textKeys(v, found);
    }
  }
  return found;
}

const runtime = loadLocales('runtime/locales');
const shell = loadLocales('src/locales')!;

/** The `client` sections of every module's messages/{LANG}.json. */
function moduleLocales(): [string, Record<string, Set<string>>][] {
  const dir = join(ROOT, 'modules');
  return readdirSync(dir)
    .filter((m) => existsSync(join(dir, m, 'messages')))
    .map((m) => {
      const out: Record<string, Set<string>> = {};
      for (const lang of FILES) {
        const file = join(dir, m, 'messages', `${lang.toUpperCase()}.json`);
        const client = existsSync(file) ? ((JSON.parse(readFileSync(file, 'utf8')) as { client?: Tree }).client ?? {}) : {};
        out[lang] = new Set(flatten(client));
      }
      return [`modules/${m}/messages`, out] as [string, Record<string, Set<string>>];
    });
}
const modules = moduleLocales();
/** What the app's i18next instance holds besides the runtime: the shell's and the modules' client strings. */
const app: Record<string, Set<string>> = Object.fromEntries(
  FILES.map((lang) => [lang, new Set([...shell[lang], ...modules.flatMap(([, m]) => [...m[lang]])])]),
);
const designer = loadLocales('designer/locales');

describe('locale completeness', () => {
  const sets = [['src/locales', shell], ...modules, ['runtime/locales', runtime], ['designer/locales', designer]] as const;
  for (const [name, locales] of sets) {
    it(`${name}: every key exists in CN, EN, TH and VN`, () => {
      // A folder that holds no locale files is a broken check, not a pass.
      expect(locales, `${name} has no locale files`).toBeTruthy();
      const all = new Set(FILES.flatMap((lang) => [...locales![lang]]));
      const missing = FILES.flatMap((lang) => [...all].filter((key) => !locales![lang].has(key)).map((key) => `${lang}: ${key}`));
      expect(missing).toEqual([]);
    });
  }

  it('no language file has an empty string', () => {
    for (const dir of ['src/locales', 'runtime/locales', 'designer/locales']) {
      for (const lang of FILES) {
        const file = join(ROOT, dir, `${lang}.json`);
        if (!existsSync(file)) continue;
        const empty: string[] = [];
        const visit = (tree: Tree, prefix: string) => {
          for (const [k, v] of Object.entries(tree)) {
            if (typeof v === 'string') {
              if (!v.trim()) empty.push(`${dir}/${lang}: ${prefix}${k}`);
            } else visit(v, `${prefix}${k}.`);
          }
        };
        visit(JSON.parse(readFileSync(file, 'utf8')) as Tree, '');
        expect(empty).toEqual([]);
      }
    }
  });
});

describe('definition keys', () => {
  const definitionFiles = [...walk(join(ROOT, 'modules'), '.page.json'), ...walk(join(ROOT, 'modules'), 'menus.json')];

  it("finds the modules' pages and menus (a check that finds nothing fails)", () => {
    expect(definitionFiles.filter((f) => f.endsWith('.page.json')).length).toBeGreaterThan(50);
    expect(definitionFiles.filter((f) => f.endsWith('menus.json')).length).toBeGreaterThan(5);
  });

  it('every label/title/confirm key of pages and menus exists in every language', () => {
    const missing: string[] = [];
    for (const file of definitionFiles) {
      const keys = textKeys(JSON.parse(readFileSync(file, 'utf8')));
      for (const key of keys) {
        for (const lang of FILES) {
          if (!app[lang].has(key) && !runtime?.[lang].has(key)) missing.push(`${relative(ROOT, file)} → ${lang}: ${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('designer strings', () => {
  // t('designer.x.y') in the designer's source must exist; t(`designer.x.${v}`) needs some key under designer.x.
  it('every designer.* key the designer source names exists in every language', () => {
    expect(designer, 'designer/locales has no locale files').toBeTruthy();
    const sources = [...walk(join(ROOT, 'designer'), '.tsx'), ...walk(join(ROOT, 'designer'), '.ts')];
    const missing: string[] = [];
    for (const file of sources) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/t\(\s*['`](designer\.[A-Za-z0-9_.]+)(\$\{)?/g)) {
        const [, key, dynamic] = match;
        for (const lang of FILES) {
          const keys = designer![lang];
          const ok = dynamic ? [...keys].some((k) => k.startsWith(key)) : keys.has(key);
          if (!ok) missing.push(`${relative(ROOT, file)} → ${lang}: ${key}${dynamic ? '…' : ''}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
