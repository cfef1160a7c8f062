// Excel test helpers: signed calls answered with bytes, signed multipart uploads, reading an xlsx back.
import ExcelJS from 'exceljs';
import { signedHeaders, type Answer, type SignedClient } from './signedClient.js';

export const EXPORT = 'exportServer/v1/exportExcelRestful';
export const IMPORT = 'exportServer/v1/importExcelRestful';

export interface Bin {
  http: number;
  headers: Headers;
  body: Buffer;
  json?: Answer;
}

/** A signed JSON POST whose answer may be a file (or a JSON envelope). */
export async function binCall(c: SignedClient, path: string, body: unknown, opts: { lang?: string; query?: string } = {}): Promise<Bin> {
  const full = `/api/${path}`;
  const text = JSON.stringify(body);
  const headers = signedHeaders(c.session!, full, text, { lang: opts.lang ?? c.lang });
  const res = await fetch(c.baseUrl + full + (opts.query ? `?${opts.query}` : ''), { method: 'POST', headers, body: text });
  const buf = Buffer.from(await res.arrayBuffer());
  const json = (res.headers.get('content-type') ?? '').startsWith('application/json')
    ? ({ http: res.status, ...(JSON.parse(buf.toString('utf8')) as Omit<Answer, 'http'>) } as Answer)
    : undefined;
  return { http: res.status, headers: res.headers, body: buf, json };
}

/** A stored file's bytes through the ordinary file download. */
export async function downloadFile(c: SignedClient, id: number): Promise<Bin> {
  const full = '/api/fileServer/v2/file/download';
  const headers = signedHeaders(c.session!, full, '', { lang: c.lang });
  const res = await fetch(`${c.baseUrl}${full}?id=${id}`, { method: 'POST', headers, body: '' });
  const buf = Buffer.from(await res.arrayBuffer());
  const json = (res.headers.get('content-type') ?? '').startsWith('application/json')
    ? ({ http: res.status, ...(JSON.parse(buf.toString('utf8')) as Omit<Answer, 'http'>) } as Answer)
    : undefined;
  return { http: res.status, headers: res.headers, body: buf, json };
}

export async function uploadImport<T = unknown>(
  c: SignedClient,
  file: { name: string; data: Buffer },
  fields: Record<string, string>,
  lang?: string,
): Promise<Answer<T>> {
  const full = `/api/${IMPORT}/importExcel`;
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(file.data)]), file.name);
  const headers = signedHeaders(c.session!, full, '', { lang: lang ?? c.lang });
  delete headers['content-type'];
  const res = await fetch(c.baseUrl + full, { method: 'POST', headers, body: form });
  return { http: res.status, ...((await res.json()) as Omit<Answer, 'http'>) } as Answer<T>;
}

export interface SheetData {
  name: string;
  rows: unknown[][];
  /** numFmt of each cell of the first data row. */
  formats: (string | undefined)[];
  cellTypes: ExcelJS.ValueType[];
}

/** Every sheet's rows (values as exceljs reads them back) from an xlsx. */
export async function readXlsx(buf: Buffer): Promise<SheetData[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb.worksheets.map((ws) => {
    const rows: unknown[][] = [];
    ws.eachRow({ includeEmpty: false }, (row) => rows.push((row.values as unknown[]).slice(1)));
    const second = ws.getRow(2);
    const formats: (string | undefined)[] = [];
    const cellTypes: ExcelJS.ValueType[] = [];
    second.eachCell({ includeEmpty: true }, (cell) => {
      formats.push(cell.numFmt);
      cellTypes.push(cell.type);
    });
    return { name: ws.name, rows, formats, cellTypes };
  });
}

/** An xlsx with these rows (first row = header) on its first sheet. */
export async function makeXlsx(rows: unknown[][], hiddenSecondRow = false): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  rows.forEach((r, i) => {
    const row = ws.addRow(r);
    if (hiddenSecondRow && i === 1) row.hidden = true;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
