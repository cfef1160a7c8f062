// The import's xlsx reader against hostile files (docs/security.md "Hostile input"): malformed XML,
// references beyond Excel's sheet, deep nesting, shared-string abuse, quadratic-regex bait and seeded
// random mutations of a valid file. Every case must end — read or refused — quickly, and every row it
// hands out stays within the limits. Deterministic: the mutations come from a fixed seed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../server/errors.js';
import { DEFAULT_READ_LIMITS, EXCEL_MAX_COLUMNS, parseCellRef, readFirstSheet, type XlsxReadLimits, type XlsxRow } from '../../../server/excel/xlsxReader.js';
import { BANK_HEADER_ROW, farRightXlsx, seeded, sheetXml, unclosedCellsXlsx, xlsxParts, zipOf } from '../../support/hostileFiles.js';

const dir = mkdtempSync(join(tmpdir(), 'xlsx-fuzz-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

/**
 * "Quickly": the defects this guards against froze the server for 36–42 s; a correct reader takes about
 * 50 ms here, and up to a second or so while CI runs everything on two loaded cores. The bound sits far
 * from both, so the test fails on the defect and never on a busy machine.
 */
const QUICK_MS = 8000;

interface Outcome {
  rows: XlsxRow[];
  error: unknown;
  ms: number;
}

async function read(file: Buffer, limits: Partial<XlsxReadLimits> = {}): Promise<Outcome> {
  const path = join(dir, `f${n++}.xlsx`);
  writeFileSync(path, file);
  const rows: XlsxRow[] = [];
  const t0 = performance.now();
  let error: unknown = null;
  try {
    await readFirstSheet(path, file.length, (r) => rows.push(r), { ...DEFAULT_READ_LIMITS, ...limits });
  } catch (err) {
    error = err;
  }
  return { rows, error, ms: performance.now() - t0 };
}

const key = (o: Outcome) => (o.error instanceof AppError ? o.error.key : o.error ? 'error' : 'ok');
const sheet = (rows: string) => zipOf(xlsxParts(sheetXml(rows)));
const cell = (ref: string, v = '1') => `<row r="2"><c r="${ref}"><v>${v}</v></c></row>`;

describe('xlsx reader: references and counts are bounded before anything is allocated', () => {
  it('refuses cell references beyond XFD1048576, negative, empty or malformed', async () => {
    for (const ref of ['ZZZZZZ3', 'XFE2', 'A1048577', 'A0', 'A-1', 'A99999999999', '1A', 'a2', '', 'A2.5', 'AAAAAAAAAAAAAAAAAAAAAAAA2']) {
      const o = await read(sheet(cell(ref)));
      expect(key(o), ref).toBe('excel.cellOutOfRange');
      expect(o.ms, ref).toBeLessThan(QUICK_MS);
    }
    for (const r of ['0', '-3', '1048577', '9'.repeat(400), 'x']) {
      const o = await read(sheet(`<row r="${r}"><c><v>1</v></c></row>`));
      expect(key(o), r).toBe('excel.cellOutOfRange');
    }
    expect(parseCellRef('XFD1048576')).toEqual({ col: EXCEL_MAX_COLUMNS - 1, row: 1048576 });
    expect(parseCellRef('B')).toEqual({ col: 1, row: null });
  });

  it('a 1.6 KB file with one cell at ZZZZZZ3 is refused at once, with no allocation for the columns', async () => {
    const file = farRightXlsx();
    expect(file.length).toBeLessThan(QUICK_MS);
    const before = process.memoryUsage().rss;
    const o = await read(file);
    expect(key(o)).toBe('excel.cellOutOfRange');
    expect(o.ms).toBeLessThan(QUICK_MS);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('a cell at XFD (the last column) reads; cells beyond the cell budget are refused', async () => {
    const ok = await read(farRightXlsx('XFD3'));
    expect(key(ok)).toBe('ok');
    expect(ok.rows[1].values.length).toBe(EXCEL_MAX_COLUMNS);
    const many = Array.from({ length: 50 }, (_, i) => `<row r="${i + 2}"><c r="XFD${i + 2}"><v>1</v></c></row>`).join('');
    expect(key(await read(sheet(many), { maxCells: 100_000 }))).toBe('excel.tooManyCells');
  });

  it('unclosed cell tags (quadratic bait for a regex reader) end in linear time', async () => {
    for (const bytes of [550 * 1024, 2 * 1024 * 1024]) {
      const o = await read(unclosedCellsXlsx(bytes));
      expect(o.error, `${bytes}`).not.toBeNull();
      expect(o.ms, `${bytes}`).toBeLessThan(QUICK_MS);
    }
    // the same bait in the workbook part, the relationships and the shared strings
    const bait = '<sheet name="x" '.repeat(40_000);
    const parts = xlsxParts(sheetXml(BANK_HEADER_ROW), `<sst>${'<si><t>'.repeat(40_000)}</sst>`).map((p) =>
      p.name === 'xl/workbook.xml' ? { ...p, data: `<workbook><sheets>${bait}</sheets></workbook>` } : p,
    );
    const o = await read(zipOf(parts, 0));
    expect(o.error).not.toBeNull();
    expect(o.ms).toBeLessThan(QUICK_MS);
  });

  it('refuses deep nesting, a DOCTYPE (entity expansion) and texts beyond 32,767 characters', async () => {
    const deep = `<row r="2"><c r="A2" t="inlineStr"><is>${'<r>'.repeat(5000)}<t>x</t>${'</r>'.repeat(5000)}</is></c></row>`;
    expect(key(await read(sheet(deep)))).toBe('excel.badWorkbook');
    const lol = `<?xml version="1.0"?><!DOCTYPE w [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><worksheet><sheetData><row r="1"><c t="inlineStr"><is><t>&b;</t></is></c></row></sheetData></worksheet>`;
    const withDoctype = await read(zipOf(xlsxParts(lol)));
    expect(withDoctype.error).not.toBeNull();
    expect(withDoctype.rows).toEqual([]);
    const long = `<row r="2"><c r="A2" t="inlineStr"><is><t>${'x'.repeat(40_000)}</t></is></c></row>`;
    expect(key(await read(sheet(long)))).toBe('excel.cellTooLong');
  });

  it('shared strings: count and size bounded, an index out of range is an empty cell', async () => {
    const sst = (items: string) => `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${items}</sst>`;
    const rows = `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>99999999999</v></c><c r="C1" t="s"><v>-1</v></c><c r="D1" t="s"><v>1e3</v></c></row>`;
    const o = await read(zipOf(xlsxParts(sheetXml(rows), sst('<si><t>a</t><rPh><t>ignored</t></rPh><r><t>b</t></r></si>'))));
    expect(key(o)).toBe('ok');
    expect(o.rows[0].values).toEqual(['ab', null, null, null]);
    expect(key(await read(zipOf(xlsxParts(sheetXml(rows), sst('<si><t>x</t></si>'.repeat(1001)))), { maxSharedStrings: 1000 }))).toBe('excel.tooManyStrings');
    expect(key(await read(zipOf(xlsxParts(sheetXml(rows), sst(`<si><t>${'y'.repeat(30_000)}</t></si>`.repeat(5)))), { maxSharedChars: 100_000 }))).toBe(
      'excel.tooManyStrings',
    );
    expect(key(await read(zipOf(xlsxParts(sheetXml(rows), sst(`<si><t>${'z'.repeat(33_000)}</t></si>`)))))).toBe('excel.cellTooLong');
  });

  it('malformed XML is refused or read, never hangs', async () => {
    const cases = [
      '',
      '<',
      '<worksheet',
      '<worksheet><sheetData><row><c>',
      '<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></c></row>',
      '<worksheet><sheetData></row></sheetData></worksheet>',
      '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&unknown;</t></is></c></row></sheetData></worksheet>',
      '<worksheet><sheetData><row r="1"><c r="A1"><v><![CDATA[12]]></v></c></row></sheetData></worksheet>',
      '<worksheet><sheetData><row r="1"><c r="A1" t="str"><v>&#1114112;</v></c></row></sheetData></worksheet>',
      '<?xml-stylesheet href="x"?><worksheet><sheetData/></worksheet>',
      '\u0000\u0001\u0002',
      '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData><x:row r="1"><x:c r="B1"><x:v>7</x:v></x:c></x:row></x:sheetData></x:worksheet>',
    ];
    for (const xml of cases) {
      const o = await read(zipOf(xlsxParts(xml)));
      expect(o.ms, xml).toBeLessThan(QUICK_MS);
      if (!o.error) expect(o.rows.every((r) => r.values.length <= EXCEL_MAX_COLUMNS)).toBe(true);
    }
    // a prefixed (x:) sheet reads like a plain one
    const prefixed = await read(zipOf(xlsxParts(cases[cases.length - 1])));
    expect(prefixed.rows).toEqual([{ number: 1, values: [undefined, 7] }]);
  });
});

describe('xlsx reader: seeded random mutations of a valid file', () => {
  const valid = (rows: number) =>
    sheetXml(
      BANK_HEADER_ROW +
        Array.from(
          { length: rows },
          (_, i) => `<row r="${i + 2}"><c r="A${i + 2}" t="inlineStr"><is><t>CODE-${i}</t></is></c><c r="B${i + 2}" t="s"><v>${i % 3}</v></c></row>`,
        ).join(''),
    );
  const sst = '<sst><si><t>银行</t></si><si><t>ธนาคาร</t></si><si><t>a &amp; b</t></si></sst>';
  const TOKENS = ['<', '>', '</c>', '<c r="ZZZZZZ9">', '<row r="0">', '<v>', '&#99999999;', '"', '<!DOCTYPE x>', '<is><t>', 'r="-1"', '\u0000', '<![CDATA['];

  function mutate(bytes: Buffer, rnd: () => number): Buffer {
    const b = Buffer.from(bytes);
    const edits = 1 + Math.floor(rnd() * 8);
    let out = b;
    for (let e = 0; e < edits; e++) {
      const at = Math.floor(rnd() * out.length);
      const kind = Math.floor(rnd() * 5);
      if (kind === 0) out[at] = Math.floor(rnd() * 256);
      else if (kind === 1) out = Buffer.concat([out.subarray(0, at), out.subarray(Math.min(out.length, at + 1 + Math.floor(rnd() * 40)))]);
      else if (kind === 2) out = Buffer.concat([out.subarray(0, at), Buffer.from(TOKENS[Math.floor(rnd() * TOKENS.length)]), out.subarray(at)]);
      else if (kind === 3) {
        const len = Math.floor(rnd() * 200);
        out = Buffer.concat([out.subarray(0, at), out.subarray(at, at + len), out.subarray(at, at + len), out.subarray(at)]);
      } else out = out.subarray(0, at);
    }
    return out;
  }

  it('mutated XML inside a well-formed zip (300 files): each ends fast, rows stay within bounds', async () => {
    const rnd = seeded(20260611);
    const sheetText = Buffer.from(valid(40));
    for (let i = 0; i < 300; i++) {
      const target = rnd() < 0.8 ? 'sheet' : 'sst';
      const xml = target === 'sheet' ? mutate(sheetText, rnd) : mutate(Buffer.from(sst), rnd);
      const parts = xlsxParts(target === 'sheet' ? xml.toString('latin1') : valid(40), target === 'sst' ? xml.toString('latin1') : sst).map((p) => ({
        ...p,
        data: typeof p.data === 'string' && (p.name.endsWith('sheet1.xml') || p.name.endsWith('sharedStrings.xml')) ? Buffer.from(p.data, 'latin1') : p.data,
      }));
      const o = await read(zipOf(parts, i % 2 ? 8 : 0), { maxCells: 200_000 });
      expect(o.ms, `case ${i}`).toBeLessThan(QUICK_MS);
      expect(o.error === null || o.error instanceof Error, `case ${i}`).toBe(true);
      expect(
        o.rows.reduce((s, r) => s + r.values.length, 0),
        `case ${i}`,
      ).toBeLessThanOrEqual(200_000);
    }
  });

  it('mutated bytes of the whole zip (300 files): each ends fast with rows or an error', async () => {
    const rnd = seeded(7);
    const file = zipOf(xlsxParts(valid(40), sst));
    for (let i = 0; i < 300; i++) {
      const o = await read(mutate(file, rnd));
      expect(o.ms, `case ${i}`).toBeLessThan(QUICK_MS);
      expect(o.error === null || o.error instanceof Error, `case ${i}`).toBe(true);
    }
  });
});
