// exportServer/v1/exportExcelRestful: the export of CONTRACT.md "Files and Excel" (streamed), its
// paged and custom variants (same call, other parameters) and the background variant with the
// user's own list of exports.
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../server/context.js';
import type { Session } from '../../../server/auth/session.js';
import { refuse } from '../../../server/errors.js';
import { bodyOf, sessionOf } from '../../../server/http/routeInput.js';
import { ok } from '../../../server/http/envelope.js';
import { message } from '../../../server/i18n/messages.js';
import { contentDisposition } from '../../../server/files/names.js';
import { entityLabel } from '../../../server/rest/labels.js';
import { authorisedExport, primedPages, XLSX_TYPE } from '../../../server/excel/exportService.js';
import { lookupMeanings } from '../../../server/excel/columns.js';
import { writeWorkbook } from '../../../server/excel/writeWorkbook.js';
import { findJob, listJobs, startExportJob } from './jobs.js';
import type { FileStorage } from '../../../server/files/storage.js';

export const EXPORT_BASE = '/api/exportServer/v1/exportExcelRestful';

const truthy = (v: unknown) => v === true || v === 'Y' || v === 'true' || v === 1 || (typeof v === 'object' && v !== null);

export function registerExportRoutes(server: FastifyInstance, app: AppContext, storage: FileStorage): void {
  server.post(`${EXPORT_BASE}/exportExcel`, async (request, reply) => {
    const session = sessionOf(request);
    const body = bodyOf(request);
    if (truthy(body.backExportParam)) return startBackground(app, storage, session, request, body);
    const { req, ctx } = await authorisedExport(app, session, body, request.lang);
    const { pages } = await primedPages(ctx, req);
    const meanings = await lookupMeanings(app, req.columns, request.lang);
    const out = new PassThrough({ highWaterMark: 1024 * 1024 });
    // After the headers are sent a failure can only cut the connection: the client never gets a
    // file that looks complete but is not.
    writeWorkbook(out, pages, { columns: req.columns, sheetMaxRow: req.sheetMaxRow, sheetTitle: entityLabel(req.entity, request.lang), meanings }).catch(
      (err: unknown) => {
        request.log.error({ err }, 'export failed while streaming');
        out.destroy(err as Error);
      },
    );
    return reply
      .header('Content-Type', XLSX_TYPE)
      .header('Content-Disposition', contentDisposition(req.fileName))
      .header('Cache-Control', 'private, no-store')
      .send(out);
  });

  // SPEC §7: background export takes paramsValue (the export request) and fileName.
  server.post(`${EXPORT_BASE}/doBackExport`, async (request) => {
    const session = sessionOf(request);
    const body = bodyOf(request);
    let params: unknown = body.paramsValue ?? body;
    if (typeof params === 'string') {
      try {
        params = JSON.parse(params) as unknown;
      } catch {
        throw refuse('error.malformed', { detail: 'paramsValue' });
      }
    }
    if (!params || typeof params !== 'object' || Array.isArray(params)) throw refuse('excel.urlAndColumnsRequired');
    return startBackground(app, storage, session, request, { ...(params as Record<string, unknown>), ...(body.fileName ? { fileName: body.fileName } : {}) });
  });

  server.post(`${EXPORT_BASE}/listMyExports`, async (request) => {
    const session = sessionOf(request);
    const body = bodyOf(request);
    const pageIndex = Number.isSafeInteger(body.pageIndex) && (body.pageIndex as number) > 0 ? (body.pageIndex as number) : 1;
    const pageRows = Number.isSafeInteger(body.pageRows) && (body.pageRows as number) > 0 ? Math.min(body.pageRows as number, 200) : 20;
    const { rows, count } = await listJobs(app, session.userId, pageIndex, pageRows);
    return ok(rows, '', { count, curIndex: pageIndex, pageRows });
  });

  server.post(`${EXPORT_BASE}/findExportById`, async (request) => {
    const session = sessionOf(request);
    const id = bodyOf(request).id;
    const job = typeof id === 'number' ? await findJob(app, session.userId, id) : undefined;
    if (!job) throw refuse('excel.jobNotFound');
    return ok(job);
  });
}

async function startBackground(app: AppContext, storage: FileStorage, session: Session, request: FastifyRequest, body: Record<string, unknown>) {
  const { req, ctx } = await authorisedExport(app, session, body, request.lang);
  const { backExportParam: _ignored, ...stored } = body;
  const jobId = await startExportJob(app, storage, ctx, req, stored, request.log);
  return ok({ jobId }, message(request.lang, 'excel.backgroundSubmitted'));
}
