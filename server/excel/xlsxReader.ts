// Reads the rows of an .xlsx's first sheet, streaming: the zip entries (already checked by zipGuard)
// are inflated and decoded with a StringDecoder, so a multi-byte character split between two chunks
// stays whole. (exceljs' streaming reader decodes each chunk on its own and garbles such characters:
// 3 cells in 50,000 rows of Chinese text in our bench.) Only what an import needs is understood:
// shared, inline and plain strings, numbers, booleans; formulas give their cached value.
//
// The input is hostile until proven otherwise (docs/security.md "Hostile input"): the XML goes through
// saxes, a linear streaming parser (no regular expression ever scans the parts, so no input makes the
// work quadratic), and every coordinate and count is checked before anything is allocated for it —
// a cell reference beyond Excel's own sheet (XFD1048576), a cell text beyond Excel's 32,767
// characters, more cells, shared strings or nesting than the limits allow are refused with a message.
// The server runs this inside a worker with a time and memory budget (server/worker/sandbox.ts).
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { refuse } from '../errors.js';
import { entryStream, zipEntries, type LocatedEntry } from './zipGuard.js';

export interface XlsxRow {
  /** 1-based row number in the sheet. */
  number: number;
  /** Cell values by column position (0-based); holes are empty cells. */
  values: (string | number | boolean | null)[];
}

export interface XlsxReadLimits {
  /** Cells of all rows together, each row counted up to its last cell (holes included). */
  maxCells: number;
  /** Entries of the shared-string table. */
  maxSharedStrings: number;
  /** Characters of the shared-string table together. */
  maxSharedChars: number;
  /** Element nesting of one part. */
  maxDepth: number;
}

/** Excel's own bounds: the last column is XFD, the last row 1048576, a cell holds at most 32767 characters. */
export const EXCEL_MAX_COLUMNS = 16384;
export const EXCEL_MAX_ROWS = 1048576;
export const EXCEL_MAX_CELL_CHARS = 32767;

export const DEFAULT_READ_LIMITS: XlsxReadLimits = {
  maxCells: 5_000_000,
  maxSharedStrings: 1_000_000,
  maxSharedChars: 50_000_000,
  maxDepth: 64,
};

const ENTITY = /&(lt|gt|amp|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});/g;

export function unescapeXml(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(ENTITY, (whole, e: string) => {
    switch (e) {
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'amp':
        return '&';
      case 'quot':
        return '"';
      case 'apos':
        return "'";
      default: {
        const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
    }
  });
}

/** The local part of a (possibly prefixed) XML name: `x:row` → `row`. */
const local = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/** A cell reference's column (0-based) and row (1-based), checked against Excel's bounds; scanned, never matched by a pattern. */
export function parseCellRef(ref: string): { col: number; row: number | null } {
  let i = 0;
  let col = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    col = col * 26 + (c - 64);
    if (col > EXCEL_MAX_COLUMNS) throw refuse('excel.cellOutOfRange', { ref: ref.slice(0, 20) });
  }
  if (i === 0) throw refuse('excel.cellOutOfRange', { ref: ref.slice(0, 20) });
  if (i === ref.length) return { col: col - 1, row: null };
  return { col: col - 1, row: rowNumber(ref.slice(i), ref) };
}

/** A row number: digits only, 1 … 1048576. */
function rowNumber(text: string, ref = text): number {
  if (text.length === 0 || text.length > 7) throw refuse('excel.cellOutOfRange', { ref: ref.slice(0, 20) });
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) throw refuse('excel.cellOutOfRange', { ref: ref.slice(0, 20) });
    n = n * 10 + (c - 48);
  }
  if (n < 1 || n > EXCEL_MAX_ROWS) throw refuse('excel.cellOutOfRange', { ref: ref.slice(0, 20) });
  return n;
}

interface Handlers {
  open(name: string, attrs: Record<string, string>): void;
  close(name: string): void;
  text(t: string): void;
}

/** Streams one part through saxes: local element names, attributes, text (CDATA included); nesting bounded. */
async function parsePart(path: string, entry: LocatedEntry, limits: XlsxReadLimits, h: Handlers): Promise<void> {
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  let depth = 0;
  let failure: unknown = null;
  const guard = (fn: () => void) => {
    if (failure) return;
    try {
      fn();
    } catch (err) {
      failure = err;
    }
  };
  parser.on('error', (err) => {
    failure ??= err;
  });
  parser.on('opentag', (tag: SaxesTagPlain) =>
    guard(() => {
      depth += 1;
      if (depth > limits.maxDepth) throw refuse('excel.badWorkbook');
      h.open(local(tag.name), tag.attributes);
    }),
  );
  parser.on('closetag', (tag: SaxesTagPlain) =>
    guard(() => {
      depth -= 1;
      h.close(local(tag.name));
    }),
  );
  parser.on('text', (t) => guard(() => h.text(t)));
  parser.on('cdata', (t) => guard(() => h.text(t)));
  parser.on('doctype', () => guard(() => void (failure = refuse('excel.badWorkbook'))));
  const decoder = new StringDecoder('utf8');
  for await (const chunk of entryStream(path, entry)) {
    parser.write(decoder.write(chunk as Buffer));
    if (failure) break;
  }
  if (!failure) parser.write(decoder.end()).close();
  if (failure) throw failure;
}

/** Collects text up to Excel's cell limit. */
class TextBuffer {
  private parts: string[] = [];
  length = 0;
  add(t: string): void {
    this.length += t.length;
    if (this.length > EXCEL_MAX_CELL_CHARS) throw refuse('excel.cellTooLong', { max: EXCEL_MAX_CELL_CHARS });
    this.parts.push(t);
  }
  take(): string {
    const s = this.parts.length === 1 ? this.parts[0] : this.parts.join('');
    this.parts = [];
    this.length = 0;
    return s;
  }
}

/** The shared-string table: the text of every `<si>`'s `<t>` runs, phonetic runs (`<rPh>`) left out. */
async function readSharedStrings(path: string, entry: LocatedEntry, limits: XlsxReadLimits): Promise<string[]> {
  const shared: string[] = [];
  const text = new TextBuffer();
  let total = 0;
  let inSi = false;
  let inT = false;
  let phonetic = 0;
  await parsePart(path, entry, limits, {
    open(name) {
      if (name === 'si') {
        if (shared.length >= limits.maxSharedStrings) throw refuse('excel.tooManyStrings', { max: limits.maxSharedStrings });
        inSi = true;
        text.take();
      } else if (name === 'rPh') phonetic += 1;
      else if (name === 't' && inSi && phonetic === 0) inT = true;
    },
    close(name) {
      if (name === 't') inT = false;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'si' && inSi) {
        inSi = false;
        const s = text.take();
        total += s.length;
        if (total > limits.maxSharedChars) throw refuse('excel.tooManyStrings', { max: limits.maxSharedStrings });
        shared.push(s);
      }
    },
    text(t) {
      if (inT) text.add(t);
    },
  });
  return shared;
}

/** Attributes by local name (`r:id` → `id`). */
function localAttrs(attrs: Record<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(attrs)) out.set(local(k), v);
  return out;
}

/** The path of the workbook's first sheet (workbook.xml → its relationship). */
async function firstSheetPath(path: string, byName: Map<string, LocatedEntry>, limits: XlsxReadLimits): Promise<string> {
  const wb = byName.get('xl/workbook.xml');
  const rels = byName.get('xl/_rels/workbook.xml.rels');
  if (!wb) throw refuse('excel.notXlsx');
  let rid: string | undefined;
  let sawSheet = false;
  await parsePart(path, wb, limits, {
    open(name, attrs) {
      if (name !== 'sheet' || sawSheet) return;
      sawSheet = true;
      rid = localAttrs(attrs).get('id');
    },
    close() {},
    text() {},
  });
  if (rid && rels) {
    let target: string | undefined;
    await parsePart(path, rels, limits, {
      open(name, attrs) {
        if (name !== 'Relationship' || target !== undefined || attrs.Id !== rid) return;
        target = attrs.Target ?? '';
      },
      close() {},
      text() {},
    });
    if (target !== undefined) return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  }
  const guess = [...byName.keys()].filter((n) => /^xl\/worksheets\/sheet\d{1,6}\.xml$/.test(n)).sort()[0];
  if (!guess) throw refuse('excel.badWorkbook');
  return guess;
}

function typedValue(type: string, v: string, shared: string[]): string | number | boolean | null {
  if (type === 's') {
    const i = Number(v);
    return Number.isSafeInteger(i) && i >= 0 && i < shared.length ? shared[i] : null;
  }
  if (type === 'str') return v;
  if (type === 'b') return v === '1';
  if (type === 'e') return null;
  if (v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : v;
}

/** Every row of the first sheet, in order (empty ones too, with no values). */
export async function readFirstSheet(
  path: string,
  fileSize: number,
  onRow: (row: XlsxRow) => void,
  limits: XlsxReadLimits = DEFAULT_READ_LIMITS,
): Promise<void> {
  const entries = await zipEntries(path, fileSize);
  const byName = new Map(entries.map((e) => [e.name, e]));
  const sst = byName.get('xl/sharedStrings.xml');
  const shared = sst ? await readSharedStrings(path, sst, limits) : [];
  const sheet = byName.get(await firstSheetPath(path, byName, limits));
  if (!sheet) throw refuse('excel.badWorkbook');

  let cells = 0;
  let next = 1;
  let row: XlsxRow | null = null;
  let col = 0;
  // The cell being read: its type, its <v> text, its inline string.
  let cell: { col: number; type: string } | null = null;
  let inV = false;
  let inIs = false;
  let inT = false;
  let phonetic = 0;
  let sawV = false;
  const v = new TextBuffer();
  const inline = new TextBuffer();
  const sheetData = { inside: false };
  await parsePart(path, sheet, limits, {
    open(name, attrs) {
      if (name === 'sheetData') sheetData.inside = true;
      if (!sheetData.inside) return;
      if (name === 'row') {
        const number = attrs.r !== undefined ? rowNumber(attrs.r) : next;
        if (number > EXCEL_MAX_ROWS) throw refuse('excel.cellOutOfRange', { ref: String(number) });
        next = number + 1;
        row = { number, values: [] };
        col = 0;
      } else if (name === 'c' && row) {
        if (attrs.r !== undefined) col = parseCellRef(attrs.r).col;
        if (col >= EXCEL_MAX_COLUMNS) throw refuse('excel.cellOutOfRange', { ref: String(attrs.r ?? col + 1).slice(0, 20) });
        // The row grows to this column: counted before the slots exist.
        if (col + 1 > row.values.length) {
          cells += col + 1 - row.values.length;
          if (cells > limits.maxCells) throw refuse('excel.tooManyCells', { max: limits.maxCells });
        }
        cell = { col, type: attrs.t ?? 'n' };
        sawV = false;
        v.take();
        inline.take();
      } else if (cell) {
        if (name === 'v') {
          inV = true;
          sawV = true;
        } else if (name === 'is') inIs = true;
        else if (name === 'rPh') phonetic += 1;
        else if (name === 't' && inIs && phonetic === 0) inT = true;
      }
    },
    close(name) {
      if (name === 'sheetData') sheetData.inside = false;
      if (name === 'v') inV = false;
      else if (name === 't') inT = false;
      else if (name === 'is') inIs = false;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'c' && cell && row) {
        let value: string | number | boolean | null = null;
        if (cell.type === 'inlineStr') value = inline.take();
        else if (sawV) value = typedValue(cell.type, v.take(), shared);
        row.values[cell.col] = value;
        col = cell.col + 1;
        cell = null;
      } else if (name === 'row' && row) {
        const done: XlsxRow = row;
        row = null;
        cell = null;
        onRow(done);
      }
    },
    text(t) {
      if (inV) v.add(t);
      else if (inT) inline.add(t);
    },
  });
}
