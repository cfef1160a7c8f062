// The conversions a preview runs in its sandbox worker (server/worker/sandbox.ts): docx through mammoth,
// xlsx through exceljs's streaming reader, both after the zip check, with caps on sheets, rows and
// columns. Kept apart from the routes so that the worker loads only this and its few imports, not the
// server: under load, a worker that loaded the whole route graph took longer than the time budget.
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { AppError, refuse } from '../../../server/errors.js';
import { checkOfficeZip, type ZipLimits } from '../../../server/excel/zipGuard.js';
import { escapeHtml, sanitizeHtml } from '../../../server/files/sanitizeHtml.js';

/** What a previewed Office zip may expand to (mammoth holds the whole document in memory). */
export const PREVIEW_ZIP_LIMITS: ZipLimits = { maxUnzippedBytes: 100 * 1024 * 1024, maxRatio: 200, maxEntries: 1000 };
export const XLSX_MAX_SHEETS = 5;
export const XLSX_MAX_ROWS = 2000;
export const XLSX_MAX_COLS = 50;
export interface HtmlPreview {
  kind: 'html';
  html: string;
  /** Rows, columns or sheets were left out (xlsx caps). */
  truncated: boolean;
}

export interface PreviewInput {
  ext: 'docx' | 'xlsx';
  path: string;
  size: number;
  timeMs: number;
}

/** The sandbox task: zip check, then the conversion. Runs in whatever thread calls it (the worker). */
export async function previewInThread(input: PreviewInput): Promise<HtmlPreview> {
  try {
    await checkOfficeZip(input.path, input.size, PREVIEW_ZIP_LIMITS, input.ext === 'docx' ? 'word/document.xml' : 'xl/workbook.xml');
  } catch (e) {
    if (e instanceof AppError && e.key === 'excel.zipBomb')
      throw refuse('file.previewTooLarge', { limit: Math.round(PREVIEW_ZIP_LIMITS.maxUnzippedBytes / 1024 / 1024) });
    throw refuse('file.previewFailed');
  }
  if (input.ext === 'docx') return docxToHtml(await readFile(input.path));
  return xlsxToHtml(createReadStream(input.path), Date.now() + input.timeMs);
}

export async function docxToHtml(buffer: Buffer): Promise<HtmlPreview> {
  const mammoth = (await import('mammoth')).default;
  const result = await mammoth.convertToHtml({ buffer });
  return { kind: 'html', html: sanitizeHtml(result.value), truncated: false };
}

/** Text of one exceljs cell value (rich text, hyperlinks, formulas, dates, errors). */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date)
    return Number.isNaN(v.getTime())
      ? ''
      : v
          .toISOString()
          .replace('T00:00:00.000Z', '')
          .replace('T', ' ')
          .replace(/\.\d{3}Z$/, '');
  if (typeof v !== 'object') return String(v);
  const o = v as Record<string, unknown>;
  if (Array.isArray(o.richText)) return (o.richText as { text?: string }[]).map((r) => r.text ?? '').join('');
  if ('result' in o) return cellText(o.result);
  if ('text' in o) return cellText(o.text);
  if ('error' in o) return String(o.error);
  if ('formula' in o || 'sharedFormula' in o) return '';
  return '';
}

export async function xlsxToHtml(stream: Readable, deadline: number): Promise<HtmlPreview> {
  const ExcelJS = (await import('exceljs')).default;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  let html = '';
  let truncated = false;
  let sheets = 0;
  try {
    for await (const ws of reader) {
      if (sheets >= XLSX_MAX_SHEETS) {
        truncated = true;
        break;
      }
      sheets++;
      const sheetName = (ws as unknown as { name?: string }).name ?? `Sheet${sheets}`;
      let rows = 0;
      let body = '';
      for await (const row of ws as unknown as AsyncIterable<{ number: number; values: unknown[] }>) {
        if (Date.now() > deadline) throw refuse('file.previewTimeout');
        if (rows >= XLSX_MAX_ROWS) {
          truncated = true;
          break;
        }
        rows++;
        const values = Array.isArray(row.values) ? row.values : [];
        if (values.length - 1 > XLSX_MAX_COLS) truncated = true;
        const n = Math.min(Math.max(values.length - 1, 0), XLSX_MAX_COLS);
        let tr = `<th>${row.number}</th>`;
        for (let c = 1; c <= n; c++) tr += `<td>${escapeHtml(cellText(values[c]))}</td>`;
        body += `<tr>${tr}</tr>`;
      }
      html += `<h3>${escapeHtml(sheetName)}</h3><table border="1" cellspacing="0" cellpadding="3">${body}</table>`;
    }
  } finally {
    stream.destroy();
  }
  if (truncated) html += '<p><em>…</em></p>';
  return { kind: 'html', html, truncated };
}
