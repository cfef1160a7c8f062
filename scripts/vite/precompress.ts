// Writes a brotli (.br) and a gzip (.gz) copy of every compressible file of the production build, so the
// server answers `Accept-Encoding` without compressing at request time (@fastify/static `preCompressed`).
// Maximum levels: this runs once per build, the browser pays for every byte on every first visit.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|wasm)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

export function precompressFile(file: string): { raw: number; br: number; gz: number } | null {
  if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) return null;
  const raw = readFileSync(file);
  const br = brotliCompressSync(raw, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
  });
  const gz = gzipSync(raw, { level: 9 });
  // A copy that is not smaller is not worth sending (the server falls back to the plain file).
  if (br.length < raw.length) writeFileSync(`${file}.br`, br);
  if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
  return { raw: raw.length, br: br.length, gz: gz.length };
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'srm-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) precompressFile(file);
    },
  };
}
