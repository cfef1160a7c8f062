// Limits of the Excel import, overridable by environment (tests shrink them).
import type { ZipLimits } from './zipGuard.js';

export interface ImportOptions extends ZipLimits {
  /** Largest upload in bytes (default 20 MB). */
  maxBytes: number;
  /** Most data rows in one import. */
  maxRows: number;
  /** Most cells of the sheet (each row counted to its last cell): bounds what reading it allocates. */
  maxCells: number;
  /** Time and memory budget of the worker that reads the file (server/worker/sandbox.ts). */
  parseTimeMs: number;
  parseMemoryMb: number;
}

export function importOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): ImportOptions {
  const num = (name: string, dflt: number) => (env[name] !== undefined && env[name] !== '' && Number.isFinite(Number(env[name])) ? Number(env[name]) : dflt);
  return {
    maxBytes: num('SRM_IMPORT_MAX_BYTES', 20 * 1024 * 1024),
    maxUnzippedBytes: num('SRM_IMPORT_MAX_UNZIPPED_BYTES', 300 * 1024 * 1024),
    maxRatio: num('SRM_IMPORT_MAX_RATIO', 200),
    maxEntries: num('SRM_IMPORT_MAX_ENTRIES', 1000),
    maxRows: num('SRM_IMPORT_MAX_ROWS', 100_000),
    maxCells: num('SRM_IMPORT_MAX_CELLS', 5_000_000),
    parseTimeMs: num('SRM_IMPORT_PARSE_TIMEOUT_MS', 60_000),
    parseMemoryMb: num('SRM_IMPORT_PARSE_MEMORY_MB', 512),
  };
}
