// Rows into a streaming workbook (xlsxWriter.ts), written straight to `out`: the file is never held
// in memory (STACK.md: exceljs' in-memory Workbook needs ~900 MB for 50,000 × 20). Inline strings (no
// shared-strings table to keep), styles only for the bold header and the number formats.
import type { Writable } from 'node:stream';
import { XlsxWriter } from './xlsxWriter.js';
import type { DbRecord } from '../rest/actionContext.js';
import { cellValue, neutralise, type ExportColumn } from './columns.js';

export interface WriteOptions {
  columns: ExportColumn[];
  /** SPEC §9 sheetMaxRow counts the header row: 20001 = a header and 20000 rows. */
  sheetMaxRow: number;
  sheetTitle: string;
  meanings: Map<string, Map<string, string>>;
  /** Called after every page with the rows written so far. */
  onProgress?(rows: number): Promise<void> | void;
}

/** Excel sheet names: at most 31 characters, none of : \ / ? * [ ]. */
function sheetName(title: string, n: number): string {
  const base =
    title
      .replace(/[:\\/?*[\]]/g, ' ')
      .trim()
      .slice(0, 24) || 'Sheet';
  return `${base} ${n}`;
}

export async function writeWorkbook(out: Writable, pages: AsyncIterable<DbRecord[]>, o: WriteOptions): Promise<number> {
  const xlsx = new XlsxWriter(
    out,
    o.columns.map((c) => ({ width: c.width, numFmt: c.numFmt })),
  );
  const header = o.columns.map((c) => neutralise(c.title));
  const perSheet = o.sheetMaxRow - 1;
  let sheets = 0;
  let inSheet = 0;
  let written = 0;
  const newSheet = async () => {
    sheets += 1;
    await xlsx.addSheet(sheetName(o.sheetTitle, sheets), header);
    inSheet = 0;
  };
  await newSheet();
  for await (const records of pages) {
    for (const r of records) {
      if (inSheet >= perSheet) await newSheet();
      await xlsx.addRow(o.columns.map((c) => cellValue(c, r, o.meanings)));
      inSheet += 1;
      written += 1;
    }
    await o.onProgress?.(written);
  }
  await xlsx.finish();
  return written;
}
