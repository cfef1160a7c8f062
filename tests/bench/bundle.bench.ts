// Bytes the browser downloads, from a production build (issue "Modules": definitions load lazily).
//
// Builds the front end (vite.config.ts, into a temp folder, with `build.manifest`) and sums, raw and gzip
// (level 6, what a server or CDN typically sends):
// (a) login: what /login loads before any dynamic import: index.html's script, modulepreload and
//     stylesheet links;
// (b) first list page: what signing in and opening /main/{BENCH_BUNDLE_PAGE} (base/bankList) loads in
//     addition: the shell (MainLayout), the page runtime and every module's client part (src/app/
//     runtimeModule.ts loads them together), and the definition chunks the page needs
//     (src/app/definitionNeeds.ts, the same rule the loader follows), each with its static imports and css
//     from Vite's manifest, minus what (a) already loaded;
// (c) the page and entity definitions (modules/{area}/pages, entities JSON) inside (a) and (b), and in
//     the whole build: which files each chunk holds is recorded by a small plugin; their bytes are counted
//     as compact JSON (what they cost in a minified chunk, give or take the minifier's quotes) and gzipped
//     together.
// tests/e2e/lazyDefinitions.test.ts checks the same sets in Chromium (the login page fetches no
// definition chunk; the list page fetches its module's).
//
// Writes bench/results/bundle.json. Knobs (env): BENCH_BUNDLE_PAGE (base/bankList).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Manifest, type Plugin } from 'vite';
import { loadDefinitions } from '../../meta/load.js';
import { modulesForPage } from './bundleNeeds.js';

const root = join(new URL('.', import.meta.url).pathname, '..', '..');
const RESULTS_DIR = join(root, 'bench', 'results');
const PAGE = process.env.BENCH_BUNDLE_PAGE ?? 'base/bankList';
/** The generated index of pages and entities (src/app/definitions.ts imports it; absent before lazy loading). */
const INDEX_FILE = '/src/generated/definitionIndex.ts';
/** A page or entity definition file of a module, as a module id of the bundle. */
const DEFINITION = /\/modules\/[^/]+\/(pages|entities)\/.+\.(page|entity)\.json(\?|$)/;

interface Bytes {
  files: number;
  raw: number;
  gzip: number;
  /** Page and entity definitions in these files: how many, their compact JSON bytes, and those bytes gzipped together. */
  definitionFiles: number;
  definitions: number;
  definitionsGzip: number;
}

/** Records, per emitted chunk, the definition JSON files in it (module ids of the bundle), and the chunks holding the index. */
function definitionFiles(into: Map<string, string[]>, indexChunks: string[]): Plugin {
  return {
    name: 'bench-definition-files',
    generateBundle(_options, bundle) {
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue;
        const index = Object.entries(out.modules).find(([id]) => id.endsWith(INDEX_FILE));
        if (index) indexChunks.push(`${out.fileName} (${index[1].renderedLength} bytes before minifying)`);
        into.set(
          out.fileName,
          Object.keys(out.modules)
            .filter((id) => DEFINITION.test(id))
            .map((id) => id.replace(/\?.*$/, '')),
        );
      }
    },
  };
}

/** A definition file as compact JSON: what it costs in a chunk, give or take the minifier's quotes. */
const compact = (file: string) => Buffer.from(JSON.stringify(JSON.parse(readFileSync(file, 'utf8'))));

/** Every file an entry (or dynamic entry) of the manifest loads: itself, its static imports and css, recursively. */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the manifest: ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const i of chunk.imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return files;
}

function measure(dir: string, files: Iterable<string>, definitions: Map<string, string[]>): Bytes {
  const sum: Bytes = { files: 0, raw: 0, gzip: 0, definitions: 0, definitionsGzip: 0, definitionFiles: 0 };
  const json: Buffer[] = [];
  for (const f of files) {
    const bytes = readFileSync(join(dir, f));
    sum.files++;
    sum.raw += bytes.length;
    sum.gzip += gzipSync(bytes).length;
    for (const d of definitions.get(f) ?? []) json.push(compact(d));
  }
  const all = Buffer.concat(json);
  sum.definitionFiles = json.length;
  sum.definitions = all.length;
  sum.definitionsGzip = json.length ? gzipSync(all).length : 0;
  return sum;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const out = mkdtempSync(join(tmpdir(), 'srm-bundle-bench-'));
  const definitions = new Map<string, string[]>();
  const indexChunks: string[] = [];
  try {
    await build({
      root,
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir: out, emptyOutDir: true, manifest: true },
      plugins: [definitionFiles(definitions, indexChunks)],
    });
    const manifest = JSON.parse(readFileSync(join(out, '.vite', 'manifest.json'), 'utf8')) as Manifest;

    // (a) What index.html makes the browser fetch.
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    const loginFiles = new Set([...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="\/([^"]+)"/g)].map((m) => m[1]));
    const login = measure(out, loginFiles, definitions);

    // (b) The dynamic entries signing in and opening the page import.
    const keys = Object.keys(manifest);
    const defs = loadDefinitions(root);
    const definitionChunks = modulesForPage(defs, PAGE)
      .map((m) => `modules/${m}/generated/definitions.ts`)
      .filter((k) => manifest[k]);
    const entries = ['src/shell/MainLayout.tsx', 'runtime/index.ts', ...keys.filter((k) => /^modules\/[^/]+\/client\/index\.ts$/.test(k)), ...definitionChunks];
    const pageFiles = [...closure(manifest, entries)].filter((f) => !loginFiles.has(f));
    const firstPage = measure(out, pageFiles, definitions);

    const allFiles = new Set(Object.values(manifest).flatMap((c) => [c.file, ...(c.css ?? [])]));
    const all = measure(out, allFiles, definitions);
    const perModule = Object.fromEntries(
      keys.filter((k) => /^modules\/[^/]+\/generated\/definitions\.ts$/.test(k)).map((k) => [k.split('/')[1], measure(out, [manifest[k].file], definitions)]),
    );
    const chunksWithDefinitions = Object.fromEntries(
      [...definitions]
        .filter(([, d]) => d.length > 0)
        .map(([f, d]) => [f, { definitionFiles: d.length, definitions: measure(out, [f], definitions).definitions }]),
    );

    const result = {
      when: new Date().toISOString(),
      page: PAGE,
      gzipLevel: 6,
      login,
      firstPage: { ...firstPage, definitionChunks },
      loginPlusFirstPage: measure(out, [...loginFiles, ...pageFiles], definitions),
      wholeBuild: all,
      chunksWithDefinitions,
      definitionIndexIn: indexChunks,
      perModuleDefinitionChunks: perModule,
    };
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(join(RESULTS_DIR, 'bundle.json'), JSON.stringify(result, null, 2) + '\n');
    console.log(JSON.stringify(result, null, 2));
    const line = (name: string, b: Bytes) =>
      `${name.padEnd(26)} ${String(b.files).padStart(3)} files  raw ${kb(b.raw).padStart(10)}  gzip ${kb(b.gzip).padStart(9)}  | ${String(b.definitionFiles).padStart(3)} definitions ${kb(b.definitions).padStart(9)}  gzip ${kb(b.definitionsGzip).padStart(8)}`;
    console.log(
      [
        `\nbundle bench (${PAGE}):`,
        line('(a) login page', login),
        line(`(b) + first list page`, firstPage),
        line('(a)+(b)', result.loginPlusFirstPage),
        line('whole build (both apps)', all),
      ].join('\n'),
    );
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

await main();
