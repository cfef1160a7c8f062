// The import's xlsx reader: every multi-byte character survives chunk boundaries (exceljs' streaming
// reader garbled some), shared/inline strings, numbers, booleans, row numbers and holes.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { readFirstSheet, unescapeXml, type XlsxRow } from '../../../server/excel/xlsxReader.js';
import { fromExcelSerial } from '../../../server/excel/importRows.js';

const dir = mkdtempSync(join(tmpdir(), 'xlsx-reader-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function roundTrip(rows: unknown[][], opts: { sharedStrings?: boolean } = {}): Promise<XlsxRow[]> {
  const path = join(dir, `${Math.random()}.xlsx`);
  if (opts.sharedStrings) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('S');
    for (const r of rows) ws.addRow(r);
    writeFileSync(path, Buffer.from(await wb.xlsx.writeBuffer()));
  } else {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: false });
    const ws = wb.addWorksheet('S');
    for (const r of rows) ws.addRow(r).commit();
    ws.commit();
    await wb.commit();
  }
  const out: XlsxRow[] = [];
  await readFirstSheet(path, statSync(path).size, (r) => out.push(r));
  return out;
}

describe('xlsxReader', () => {
  it('keeps every CJK and Thai character of 20,000 rows intact (inline strings)', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [`物料名称 ${i} 冷轧钢板`, `ผู้จัดจำหน่าย ${i}`, i]);
    const back = await roundTrip(rows);
    expect(back.length).toBe(rows.length);
    const bad = back.filter((r, i) => r.values[0] !== rows[i][0] || r.values[1] !== rows[i][1] || r.values[2] !== i);
    expect(bad).toEqual([]);
  });

  it('reads shared strings, booleans, holes and row numbers; unescapes XML', async () => {
    const back = await roundTrip([['a & b <c>', null, true, 1.5], [], ['x', '中文']], { sharedStrings: true });
    expect(back.map((r) => r.number)).toEqual([1, 3]);
    expect(back[0].values).toEqual(['a & b <c>', undefined, true, 1.5]);
    expect(back[1].values).toEqual(['x', '中文']);
    expect(unescapeXml('&#x4e2d;&#25991;&quot;')).toBe('中文"');
  });

  it('turns Excel date serials into the wire formats', () => {
    expect(fromExcelSerial(46348, 'date')).toBe('2026-11-22');
    expect(fromExcelSerial(46348.5, 'datetime')).toBe('2026-11-22 12:00:00');
  });
});
