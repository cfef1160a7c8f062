// Reads the first sheet of an uploaded .xlsx with our streaming reader (xlsxReader.ts): which column
// is which field (the template's hidden key row, else the titles in any of the four languages), then
// every data row as plain values. `readSheet` does it in a sandbox worker (server/worker/sandbox.ts):
// the zip check (zipGuard) and the reading run there, within a time and memory budget, so that no
// upload can stall or bloat the server process; `readSheetInThread` is that worker's task.
import type { EntityDefinition } from '../../meta/definitions.js';
import { AppError, refuse } from '../errors.js';
import { LANGUAGES } from '../i18n/messages.js';
import { runSandboxed, SandboxFailure } from '../worker/sandbox.js';
import { columnTitle } from './columns.js';
import type { ImportColumn } from './importTarget.js';
import { importOptionsFromEnv, type ImportOptions } from './importOptions.js';
import { DEFAULT_READ_LIMITS, readFirstSheet, type XlsxRow } from './xlsxReader.js';
import { checkXlsxZip } from './zipGuard.js';

export interface SheetRow {
  /** 1-based row number in the sheet. */
  rowNumber: number;
  /** Cell values as read, by column position (for the error report). */
  cells: unknown[];
}

export interface ReadSheet {
  /** Field of each column position (null: a column that is ignored). */
  fields: (string | null)[];
  header: unknown[];
  rows: SheetRow[];
}

/** A cell as a plain value; our export's apostrophe before = + - @ is taken off again, so an exported file imports as it was. */
export function plainCell(v: string | number | boolean | null | undefined): unknown {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return /^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v;
  return v;
}

function headerMap(entity: EntityDefinition, columns: ImportColumn[]): Map<string, string | null> {
  const map = new Map<string, string | null>();
  const norm = (s: string) =>
    s
      .replace(/\s*\*\s*$/, '')
      .trim()
      .toLowerCase();
  // Every field's title is known (read-only ones are ignored on import), the writable ones are taken.
  for (const name of [...Object.keys(entity.fields), 'creationDate', 'createdBy', 'lastUpdateDate', 'lastUpdatedBy', 'versionNum']) {
    for (const lang of LANGUAGES) map.set(norm(columnTitle(entity, name, lang)), null);
    map.set(norm(name), null);
  }
  for (const c of columns) {
    for (const lang of LANGUAGES) map.set(norm(columnTitle(entity, c.key, lang)), c.key);
    map.set(norm(c.key), c.key);
  }
  return new Map([...map].map(([k, v]) => [k, v]));
}

export interface SheetInput {
  path: string;
  fileSize: number;
  entity: EntityDefinition;
  columns: ImportColumn[];
  opts: ImportOptions;
}

/** The sheet of an uploaded workbook, read in a sandbox worker (zip checked there first). */
export async function readSheet(
  path: string,
  fileSize: number,
  entity: EntityDefinition,
  columns: ImportColumn[],
  maxRows: number,
  opts: ImportOptions = importOptionsFromEnv(),
): Promise<ReadSheet> {
  const input: SheetInput = { path, fileSize, entity, columns, opts: { ...opts, maxRows } };
  try {
    return await runSandboxed<ReadSheet>({ module: new URL(import.meta.url), export: 'readSheetInThread' }, input, {
      timeMs: opts.parseTimeMs,
      memoryMb: opts.parseMemoryMb,
      timeoutKey: 'excel.parseTimeout',
      memoryKey: 'excel.parseMemory',
      params: { seconds: Math.round(opts.parseTimeMs / 1000) },
    });
  } catch (err) {
    if (err instanceof SandboxFailure) throw refuse('excel.badWorkbook');
    throw err;
  }
}

/** The sandbox task: zip check, then the sheet. Runs in whatever thread calls it (the worker). */
export async function readSheetInThread(input: SheetInput): Promise<ReadSheet> {
  await checkXlsxZip(input.path, input.fileSize, input.opts);
  return readSheetHere(input.path, input.fileSize, input.entity, input.columns, input.opts.maxRows, input.opts);
}

async function readSheetHere(
  path: string,
  fileSize: number,
  entity: EntityDefinition,
  columns: ImportColumn[],
  maxRows: number,
  opts: ImportOptions,
): Promise<ReadSheet> {
  const keys = new Set(columns.map((c) => c.key));
  const titles = headerMap(entity, columns);
  const titleField = (h: unknown) =>
    titles.get(
      String(h)
        .replace(/\s*\*\s*$/, '')
        .trim()
        .toLowerCase(),
    );
  let header: unknown[] | null = null;
  let fields: (string | null)[] = [];
  let keyRowChecked = false;
  const rows: SheetRow[] = [];
  const onRow = (row: XlsxRow) => {
    const values = Array.from(row.values, plainCell);
    if (!header) {
      header = values;
      return;
    }
    if (!keyRowChecked) {
      keyRowChecked = true;
      const named = values.filter((v) => v !== null && v !== '');
      if (named.length > 0 && named.every((v) => typeof v === 'string' && keys.has(v))) {
        fields = values.map((v) => (typeof v === 'string' && keys.has(v) ? v : null));
        return;
      }
      fields = header.map((h) => {
        if (h === null || h === '') return null;
        const hit = titleField(h);
        if (hit === undefined) throw refuse('excel.unknownHeader', { title: String(h).slice(0, 80) });
        return hit;
      });
    }
    if (values.every((v) => v === null || v === '')) return;
    if (rows.length >= maxRows) throw refuse('excel.tooManyRows', { max: maxRows });
    rows.push({ rowNumber: row.number, cells: values });
  };
  try {
    await readFirstSheet(path, fileSize, onRow, { ...DEFAULT_READ_LIMITS, maxCells: opts.maxCells });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw refuse('excel.badWorkbook');
  }
  const head = header as unknown[] | null;
  if (!head) throw refuse('excel.noRows');
  if (!keyRowChecked) {
    for (const h of head) if (h !== null && h !== '' && titleField(h) === undefined) throw refuse('excel.unknownHeader', { title: String(h).slice(0, 80) });
  }
  if (rows.length === 0) throw refuse('excel.noRows');
  return { fields, header: head, rows };
}
