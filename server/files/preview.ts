// Office previews converted on the server (SPEC §5 preview list, issue 4):
//   POST /api/fileServer/v2/file/preview?id=…
// docx → mammoth → HTML (allow-list sanitised); xlsx → exceljs streaming reader → HTML tables (escaped
// cell text, capped sheets/rows/columns); doc/xls/ppt/pptx → LibreOffice headless → PDF bytes when
// `soffice` is on PATH, else status E "needs LibreOffice". HTML is answered as JSON data
// `{kind:'html', html, truncated}`; the client shows it in an `<iframe sandbox srcdoc>` (no scripts).
// Who may preview: exactly who may download (`visibleFile`).
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { execFile } from 'node:child_process';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AppError, refuse } from '../errors.js';
import { ok } from '../http/envelope.js';
import type { FileRow } from './repo.js';
import type { FileService } from './routes.js';
import { idOf, sessionOf, visibleFile } from './routes.js';

export const PREVIEW_MAX_BYTES = Number(process.env.SRM_PREVIEW_MAX_BYTES ?? 20 * 1024 * 1024);
export const PREVIEW_TIMEOUT_MS = Number(process.env.SRM_PREVIEW_TIMEOUT_MS ?? 30_000);
export const XLSX_MAX_SHEETS = 5;
export const XLSX_MAX_ROWS = 2000;
export const XLSX_MAX_COLS = 50;
export const LIBREOFFICE_TYPES = ['doc', 'xls', 'ppt', 'pptx'];

export interface HtmlPreview {
  kind: 'html';
  html: string;
  /** Rows, columns or sheets were left out (xlsx caps). */
  truncated: boolean;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

// ---------------------------------------------------------------------------------------------------
// Allow-list sanitiser for the small tag set mammoth emits. Text between tags is kept as it is
// (mammoth escapes it); tags outside the list are dropped (their text kept), script/style/iframe/object
// elements are dropped with their content; only listed attributes survive, URLs only http(s)/mailto/#
// and images only data:image/(png|jpeg|gif|bmp).
const TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'a', 'img', 'br',
  'table', 'thead', 'tbody', 'tr', 'td', 'th', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'span', 'div', 'hr']);
const DROP_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'noscript', 'textarea', 'title']);
const ATTRS: Record<string, string[]> = { a: ['href', 'id'], img: ['src', 'alt'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'], p: ['id'], span: ['id'] };

function safeUrl(tag: string, name: string, value: string): boolean {
  const v = value.replace(/&#0*58;|&colon;/gi, ':').replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
  if (tag === 'img' && name === 'src') return /^data:image\/(png|jpeg|gif|bmp);base64,[a-z0-9+/=]*$/.test(v);
  if (name === 'href') return v.startsWith('#') || /^(https?:|mailto:)/.test(v);
  return true;
}

export function sanitizeHtml(html: string): string {
  let out = '';
  let dropping: string | null = null;
  let depth = 0;
  const re = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<|>/g;
  let last = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const text = html.slice(last, m.index);
    last = re.lastIndex;
    if (!dropping) out += text;
    const [whole, close, rawName, rawAttrs] = m;
    if (rawName === undefined) {
      // a comment, or a stray < / > outside a tag: escaped (or dropped inside a removed element)
      if (!dropping && (whole === '<' || whole === '>')) out += whole === '<' ? '&lt;' : '&gt;';
      continue;
    }
    const tag = rawName.toLowerCase();
    if (dropping) {
      if (tag === dropping) depth += close ? -1 : 1;
      if (depth === 0) dropping = null;
      continue;
    }
    if (DROP_WITH_CONTENT.has(tag)) {
      if (!close && !/\/\s*$/.test(rawAttrs)) {
        dropping = tag;
        depth = 1;
      }
      continue;
    }
    if (!TAGS.has(tag)) continue;
    if (close) {
      out += `</${tag}>`;
      continue;
    }
    let attrs = '';
    const allowed = ATTRS[tag] ?? [];
    const attrRe = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g;
    for (let a = attrRe.exec(rawAttrs); a; a = attrRe.exec(rawAttrs)) {
      const name = a[1].toLowerCase();
      const value = a[3] ?? a[4] ?? a[5] ?? '';
      if (!allowed.includes(name) || !safeUrl(tag, name, value)) continue;
      attrs += ` ${name}="${value.replace(/"/g, '&quot;').replace(/</g, '&lt;')}"`;
    }
    if (tag === 'a' && attrs.includes('href="http')) attrs += ' target="_blank" rel="noopener noreferrer"';
    out += `<${tag}${attrs}>`;
  }
  if (!dropping) out += html.slice(last);
  return out;
}

// ---------------------------------------------------------------------------------------------------

async function readAll(stream: Readable, max: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).length;
    if (total > max) {
      stream.destroy();
      throw refuse('file.previewTooLarge', { limit: Math.round(max / 1024 / 1024) });
    }
    parts.push(chunk as Buffer);
  }
  return Buffer.concat(parts);
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(refuse('file.previewTimeout')), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

export async function docxToHtml(buffer: Buffer): Promise<HtmlPreview> {
  const mammoth = (await import('mammoth')).default;
  const result = await mammoth.convertToHtml({ buffer });
  return { kind: 'html', html: sanitizeHtml(result.value), truncated: false };
}

/** Text of one exceljs cell value (rich text, hyperlinks, formulas, dates, errors). */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().replace('T00:00:00.000Z', '').replace('T', ' ').replace(/\.\d{3}Z$/, '');
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
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'emit' });
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

/** `soffice` on PATH (SRM_SOFFICE overrides). */
export function sofficePath(): string | null {
  if (process.env.SRM_SOFFICE) return existsSync(process.env.SRM_SOFFICE) ? process.env.SRM_SOFFICE : null;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    for (const name of ['soffice', 'libreoffice']) {
      const p = join(dir, name);
      if (existsSync(p)) return p;
    }
  }
  return null;
}

async function libreOfficeToPdf(soffice: string, input: Buffer, ext: string): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'srm-preview-'));
  try {
    const src = join(dir, `in.${ext}`);
    await writeFile(src, input);
    await new Promise<void>((resolve, reject) => {
      execFile(
        soffice,
        [`-env:UserInstallation=file://${join(dir, 'profile')}`, '--headless', '--norestore', '--nologo', '--convert-to', 'pdf', '--outdir', dir, src],
        { timeout: PREVIEW_TIMEOUT_MS, killSignal: 'SIGKILL', maxBuffer: 1024 * 1024 },
        (err) => (err ? reject(err) : resolve()),
      );
    }).catch(() => {
      throw refuse('file.previewFailed');
    });
    const out = join(dir, 'in.pdf');
    if (!existsSync(out)) throw refuse('file.previewFailed');
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function extOf(row: FileRow): string {
  return (row.suffix_name ?? '').replace(/^\./, '').toLowerCase();
}

export function registerPreviewRoutes(f: FastifyInstance, svc: FileService): void {
  f.post('/api/fileServer/v2/file/preview', async (req, reply) => {
    const row = await visibleFile(svc, sessionOf(req), req, idOf(req));
    const ext = extOf(row);
    if (ext !== 'docx' && ext !== 'xlsx' && !LIBREOFFICE_TYPES.includes(ext)) throw refuse('file.previewUnsupported', { ext: ext || '?' });
    if (row.file_size > PREVIEW_MAX_BYTES) throw refuse('file.previewTooLarge', { limit: Math.round(PREVIEW_MAX_BYTES / 1024 / 1024) });
    const deadline = Date.now() + PREVIEW_TIMEOUT_MS;
    reply.header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'private, no-store');
    if (ext === 'xlsx') {
      try {
        return ok(await withTimeout(xlsxToHtml(svc.storage.get(row.storage_key), deadline), PREVIEW_TIMEOUT_MS));
      } catch (e) {
        if (e instanceof AppError) throw e;
        req.log.warn({ err: e, fileId: row.file_id }, 'xlsx preview failed');
        throw refuse('file.previewFailed');
      }
    }
    if (ext === 'docx') {
      const buffer = await readAll(svc.storage.get(row.storage_key), PREVIEW_MAX_BYTES);
      try {
        return ok(await withTimeout(docxToHtml(buffer), PREVIEW_TIMEOUT_MS));
      } catch (e) {
        if (e instanceof AppError) throw e;
        req.log.warn({ err: e, fileId: row.file_id }, 'docx preview failed');
        throw refuse('file.previewFailed');
      }
    }
    const soffice = sofficePath();
    if (!soffice) throw refuse('file.previewNeedsLibreOffice', { ext });
    const pdf = await libreOfficeToPdf(soffice, await readAll(svc.storage.get(row.storage_key), PREVIEW_MAX_BYTES), ext);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="preview.pdf"; filename*=UTF-8''preview.pdf`)
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .send(pdf);
  });
}
