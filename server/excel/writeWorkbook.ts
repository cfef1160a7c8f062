// Rows into an exceljs streaming workbook, written straight to `out`: the file is never held in
// memory (STACK.md: the in-memory Workbook needs ~900 MB for 50,000 × 20). No shared strings (faster,
// and nothing to keep per distinct text); styles only for the header and number formats.
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
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
  const base = title.replace(/[:\\/?*[\]]/g, ' ').trim().slice(0, 24) || 'Sheet';
  return `${base} ${n}`;
}

export async function writeWorkbook(out: Writable, pages: AsyncIterable<DbRecord[]>, o: WriteOptions): Promise<number> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const perSheet = o.sheetMaxRow - 1;
  let sheet: ExcelJS.Worksheet | null = null;
  let sheets = 0;
  let inSheet = 0;
  let written = 0;
  const newSheet = () => {
    sheet?.commit();
    sheets += 1;
    const ws = wb.addWorksheet(sheetName(o.sheetTitle, sheets), { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = o.columns.map((c) => ({ key: c.key, width: c.width, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
    const header = ws.addRow(o.columns.map((c) => neutralise(c.title)));
    header.font = { bold: true };
    header.commit();
    inSheet = 0;
    return ws;
  };
  // One style object per column, shared by all its cells: exceljs keys its style ids by object
  // (a WeakMap), so a shared object is looked up instead of being rebuilt for every cell.
  const cellStyles = o.columns.map((c): Partial<ExcelJS.Style> => (c.numFmt ? { numFmt: c.numFmt } : {}));
  sheet = newSheet();
  for await (const records of pages) {
    for (const r of records) {
      if (inSheet >= perSheet) sheet = newSheet();
      const row = sheet.addRow(o.columns.map((c) => cellValue(c, r, o.meanings)));
      for (let i = 0; i < cellStyles.length; i++) row.getCell(i + 1).style = cellStyles[i];
      row.commit();
      inSheet += 1;
      written += 1;
    }
    await o.onProgress?.(written);
  }
  sheet.commit();
  await wb.commit();
  return written;
}
