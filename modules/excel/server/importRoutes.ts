// exportServer/v1/importExcelRestful: the template of a family and the import of a filled one.
// The upload is staged to disk with a size limit, its first bytes and its zip checked (sniff +
// zipGuard) before exceljs parses it; every row is validated before anything is saved.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import ExcelJS from 'exceljs';
import type { AppContext } from '../../../server/context.js';
import { refuse } from '../../../server/errors.js';
import { ok } from '../../../server/http/envelope.js';
import { message, type Language } from '../../../server/i18n/messages.js';
import { contentDisposition, extensionOf } from '../../../server/files/names.js';
import type { FilesApi } from '../../files/api.js';
import { Sniffer } from '../../../server/files/sniff.js';
import type { FileStorage } from '../../../server/files/storage.js';
import { receive, sniffing } from '../../../server/files/transfer.js';
import type { ActionContext } from '../../../server/rest/actionContext.js';
import { entityLabel } from '../../../server/rest/labels.js';
import { neutralise } from '../../../server/excel/columns.js';
import { XLSX_TYPE } from '../../../server/excel/exportService.js';
import { bodyOf, sessionOf } from '../../../server/http/routeInput.js';
import { importOptionsFromEnv, type ImportOptions } from '../../../server/excel/importOptions.js';
import { authorisedImport, type ImportColumn } from '../../../server/excel/importTarget.js';
import { readSheet, type ReadSheet } from '../../../server/excel/readSheet.js';
import { saveRows, validateRows, type RowResult } from '../../../server/excel/importRows.js';
import { PendingEvents } from '../../../server/events/domainEvents.js';
import { afterWrite } from '../../../server/rest/afterWrite.js';

export const IMPORT_BASE = '/api/exportServer/v1/importExcelRestful';
const MB = 1024 * 1024;
const mb = (bytes: number) => Math.round((bytes / MB) * 100) / 100;

/** The template: titles in the user's language (required ones marked *), then a hidden row of field keys. */
export async function writeTemplate(columns: ImportColumn[], sheetTitle: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetTitle.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1', { views: [{ state: 'frozen', ySplit: 2 }] });
  ws.columns = columns.map((c) => ({ key: c.key, width: Math.max(14, c.title.length * 2 + 4), style: { numFmt: '@' } }));
  const header = ws.addRow(columns.map((c) => (c.required ? `${c.title} *` : c.title)));
  header.font = { bold: true };
  columns.forEach((c, i) => {
    if (c.required) header.getCell(i + 1).font = { bold: true, color: { argb: 'FFF53F3F' } };
  });
  const keys = ws.addRow(columns.map((c) => c.key));
  keys.hidden = true;
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The uploaded rows again with an error column, stored as a file of the user (downloadable by them only). */
async function storeErrorReport(
  app: AppContext,
  storage: FileStorage,
  ctx: ActionContext,
  sheet: ReadSheet,
  results: RowResult[],
  lang: Language,
): Promise<number> {
  const staged = await storage.stagingPath();
  try {
    const file = createWriteStream(staged);
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: file, useStyles: true, useSharedStrings: false });
    const ws = wb.addWorksheet(entityLabel(ctx.entity, lang).slice(0, 31));
    const width = sheet.header.length;
    const head = ws.addRow([...sheet.header.map((h) => (h === null ? null : neutralise(String(h)))), message(lang, 'excel.errorColumn')]);
    head.font = { bold: true };
    head.commit();
    sheet.rows.forEach((r, i) => {
      const cells = Array.from({ length: width }, (_, k) => {
        const v = r.cells[k];
        return v === null || v === undefined ? null : typeof v === 'number' ? v : neutralise(String(v));
      });
      const row = ws.addRow([...cells, results[i].errors.join('; ') || null]);
      if (results[i].errors.length) row.getCell(width + 1).font = { color: { argb: 'FFF53F3F' } };
      row.commit();
    });
    ws.commit();
    await wb.commit();
    await finished(file);
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(staged)) hash.update(chunk as Buffer);
    const sha256 = hash.digest('hex');
    const size = (await stat(staged)).size;
    const name = `${entityLabel(ctx.entity, lang)}-${message(lang, 'excel.errorColumn')}.xlsx`;
    return await app.db.transaction().execute(async (trx) => {
      const files = app.modules.api<FilesApi>('files');
      await files.lockStorageKey(trx, sha256);
      const f = await files.insertFile(
        trx,
        {
          file_name: name,
          original_file_name: name,
          file_size: size,
          suffix_name: 'xlsx',
          content_type: XLSX_TYPE,
          sha256,
          function_id: null,
          business_id: null,
          file_desc: null,
          path: 'import-errors',
          storage_key: sha256,
        },
        ctx.session.userId,
      );
      await storage.putStaged(sha256, staged);
      return f.file_id;
    });
  } finally {
    await rm(staged, { force: true });
  }
}

/** Stages the one uploaded file (size limit, content sniffed as it arrives) and reads the form fields. */
async function receiveWorkbook(
  req: FastifyRequest,
  storage: FileStorage,
  opts: ImportOptions,
): Promise<{ path: string | null; size: number; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw refuse('excel.noFile');
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > opts.maxBytes + MB) throw refuse('excel.fileTooLarge', { limit: mb(opts.maxBytes) });
  const fields: Record<string, string> = {};
  let path: string | null = null;
  let size = 0;
  try {
    for await (const part of req.parts({ limits: { fileSize: opts.maxBytes + 1, files: 1, fields: 10, fieldSize: 4096, parts: 12 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      if (extensionOf(part.filename ?? '') !== 'xlsx') {
        part.file.resume();
        throw refuse('excel.notXlsx');
      }
      path = await storage.stagingPath();
      const sniffer = new Sniffer('xlsx');
      const sniff = sniffing(sniffer, part.filename ?? '', 'xlsx');
      const r = await receive(part.file, path, (chunk, total) => {
        if (total > opts.maxBytes) throw refuse('excel.fileTooLarge', { limit: mb(opts.maxBytes) });
        sniff(chunk);
      });
      if (!sniffer.finish().ok) throw refuse('excel.notXlsx');
      size = r.size;
    }
  } catch (err) {
    if (path) await rm(path, { force: true });
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refuse('excel.fileTooLarge', { limit: mb(opts.maxBytes) });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw refuse('excel.noFile');
    if ((err as { key?: string }).key === 'file.contentMismatch' || (err as { key?: string }).key === 'file.empty') throw refuse('excel.notXlsx');
    throw err;
  }
  return { path, size, fields };
}

export function registerImportRoutes(server: FastifyInstance, app: AppContext, storage: FileStorage, opts: ImportOptions = importOptionsFromEnv()): void {
  server.post(`${IMPORT_BASE}/downloadImportTemplate`, async (request, reply) => {
    const session = sessionOf(request);
    const target = await authorisedImport(app, session, bodyOf(request), request.lang);
    const title = entityLabel(target.entity, request.lang);
    const buf = await writeTemplate(target.columns, title);
    return reply
      .header('Content-Type', XLSX_TYPE)
      .header('Content-Disposition', contentDisposition(`${title}.xlsx`))
      .header('Cache-Control', 'private, no-store')
      .send(buf);
  });

  server.register(async (f) => {
    await f.register(fastifyMultipart, { throwFileSizeLimit: false });
    f.addHook('onSend', async (req, reply, payload) => {
      if (!req.raw.complete) reply.header('Connection', 'close');
      return payload;
    });
    f.post(`${IMPORT_BASE}/importExcel`, { config: { streamBody: ['multipart'] } }, async (request, reply) => {
      const session = sessionOf(request);
      const lang = request.lang;
      const upload = await receiveWorkbook(request, storage, opts);
      try {
        if (!upload.path) throw refuse('excel.noFile');
        const target = await authorisedImport(app, session, upload.fields, lang);
        // Zip check and reading run in a sandbox worker (time and memory budget), off the event loop.
        const sheet = await readSheet(upload.path, upload.size, target.entity, target.columns, opts.maxRows, opts);
        const ctx: ActionContext = { app, entity: target.entity, session, lang, body: {}, events: new PendingEvents() };
        const validated = await validateRows(ctx, target.columns, sheet);
        const { results } = validated;
        const bad = results.filter((r) => r.errors.length > 0);
        if (bad.length) {
          const reportFileId = await storeErrorReport(app, storage, ctx, sheet, results, lang);
          return reply.send({
            status: 'E',
            msg: message(lang, 'excel.rowsInvalid', { count: bad.length }),
            data: { total: results.length, saved: 0, errorCount: bad.length, reportFileId, rows: bad.slice(0, 1000) },
          });
        }
        const saved = await saveRows(ctx, validated);
        // Committed: drop what the entity's caches derived, then tell the modules' subscribers (as a family save does).
        await afterWrite(app, ctx.entity);
        await app.events.deliver(ctx.events);
        return ok({ total: results.length, saved, errorCount: 0, reportFileId: null, rows: [] }, message(lang, 'excel.imported', { count: saved }));
      } finally {
        if (upload.path) await rm(upload.path, { force: true });
      }
    });
  });
}
