// The export's own xlsx writer, read back by exceljs (what users' tools read): sheets, frozen bold
// header, widths, number formats, inline strings with XML specials and characters XML cannot carry.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnLetters, escapeXml, XlsxWriter } from '../../../server/excel/xlsxWriter.js';

async function written(build: (w: XlsxWriter) => Promise<void>, columns: { width: number; numFmt?: string }[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((r) => out.on('end', r));
  await build(new XlsxWriter(out, columns));
  await ended;
  return Buffer.concat(chunks);
}

describe('xlsx writer', () => {
  it('names columns and escapes text', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
    expect(escapeXml('a<b & "c">\u0001\u000b')).toBe('a&lt;b &amp; &quot;c&quot;&gt;');
  });

  it('writes sheets that exceljs reads back with formats, header and values', async () => {
    const file = await written(
      async (w) => {
        await w.addSheet('导出 1', ['名称', '金额', '空']);
        await w.addRow(['  两端空格 ', 1234.5, null]);
        await w.addRow(['<tag> & "q"', -0.25, '']);
        await w.addSheet('导出 2', ['名称', '金额', '空']);
        await w.addRow(['ไทย Tiếng Việt', 7, 'x']);
        await w.finish();
      },
      [{ width: 20 }, { width: 14, numFmt: '#,##0.00' }, { width: 8 }],
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ArrayBuffer);
    expect(wb.worksheets.map((s) => s.name)).toEqual(['导出 1', '导出 2']);
    const [a, b] = wb.worksheets;
    expect(a.getRow(1).values).toEqual([undefined, '名称', '金额', '空']);
    expect(a.getCell('A1').font?.bold).toBe(true);
    expect(a.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(a.getColumn(1).width).toBe(20);
    expect(a.getCell('A2').value).toBe('  两端空格 ');
    expect(a.getCell('B2').value).toBe(1234.5);
    expect(a.getCell('B2').numFmt).toBe('#,##0.00');
    expect(a.getCell('C2').value).toBeNull();
    expect(a.getCell('A3').value).toBe('<tag> & "q"');
    expect(a.getCell('B3').value).toBe(-0.25);
    expect(b.getRow(2).values).toEqual([undefined, 'ไทย Tiếng Việt', 7, 'x']);
  });
});
