// Background exports: a row in srm_base_export_job per request, run in this process; the finished
// file is stored through the file storage as a base_file row of the requesting user, so the normal
// file download (uploader's access) serves it to that user only.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../../server/context.js';
import { AppError } from '../../../server/errors.js';
import { languageOf, message } from '../../../server/i18n/messages.js';
import type { FilesApi } from '../../files/api.js';
import type { FileStorage } from '../../../server/files/storage.js';
import type { ActionContext } from '../../../server/rest/actionContext.js';
import { entityLabel } from '../../../server/rest/labels.js';
import type { ExportRequest } from '../../../server/excel/exportRequest.js';
import { lookupMeanings } from '../../../server/excel/columns.js';
import { writeWorkbook } from '../../../server/excel/writeWorkbook.js';
import { primedPages, XLSX_TYPE } from '../../../server/excel/exportService.js';

export type JobStatus = 'RUNNING' | 'DONE' | 'FAILED';

export interface ExportJob {
  jobId: number;
  fileName: string;
  jobStatus: JobStatus;
  progress: number;
  rowCount: number;
  totalRows: number | null;
  fileId: number | null;
  errorMsg: string | null;
  creationDate: string;
  finishedAt: string | null;
}

const SELECT = sql`select job_id as "jobId", file_name as "fileName", job_status as "jobStatus", coalesce(progress, 0) as progress,
  coalesce(row_count, 0) as "rowCount", total_rows as "totalRows", file_id as "fileId", error_msg as "errorMsg",
  creation_date as "creationDate", finished_at as "finishedAt" from srm_base_export_job`;

export async function listJobs(app: AppContext, userId: number, pageIndex: number, pageRows: number): Promise<{ rows: ExportJob[]; count: number }> {
  const rows = (
    await sql<ExportJob>`${SELECT} where user_id = ${userId} order by job_id desc limit ${pageRows} offset ${(pageIndex - 1) * pageRows}`.execute(app.db)
  ).rows;
  const count = (await sql<{ n: number }>`select count(*)::bigint as n from srm_base_export_job where user_id = ${userId}`.execute(app.db)).rows[0].n;
  return { rows, count: Number(count) };
}

export async function findJob(app: AppContext, userId: number, jobId: number): Promise<ExportJob | undefined> {
  return (await sql<ExportJob>`${SELECT} where user_id = ${userId} and job_id = ${jobId}`.execute(app.db)).rows[0];
}

async function update(app: AppContext, jobId: number, values: Record<string, unknown>): Promise<void> {
  const set = sql.join(Object.entries(values).map(([c, v]) => sql`${sql.ref(c)} = ${v}`));
  await sql`update srm_base_export_job set ${set}, last_update_date = localtimestamp(0) where job_id = ${jobId}`.execute(app.db);
}

/** Jobs this process is running now. */
const inFlight = new Set<number>();

/**
 * A job runs inside the server process that started it (one server process per database), so a job
 * RUNNING in the table but not in this process was cut off by a restart: it can never finish. Mark it
 * failed, in the language it was requested in, so the user sees why and exports again. Run at start-up.
 */
export async function failInterruptedJobs(app: AppContext): Promise<number> {
  const running = (
    await sql<{ jobId: number; language: string | null }>`select job_id as "jobId", language from srm_base_export_job where job_status = 'RUNNING'`.execute(
      app.db,
    )
  ).rows;
  const cutOff = running.filter((job) => !inFlight.has(job.jobId));
  for (const job of cutOff) {
    const msg = message(languageOf(job.language ?? undefined), 'excel.jobInterrupted');
    await sql`update srm_base_export_job set job_status = 'FAILED', error_msg = ${msg}, finished_at = localtimestamp(0), last_update_date = localtimestamp(0)
      where job_id = ${job.jobId} and job_status = 'RUNNING'`.execute(app.db);
  }
  return cutOff.length;
}

/** Starts the job and answers its id at once; the work continues after the request has ended. */
export async function startExportJob(
  app: AppContext,
  storage: FileStorage,
  ctx: ActionContext,
  req: ExportRequest,
  body: Record<string, unknown>,
  log: FastifyBaseLogger,
): Promise<number> {
  const userId = ctx.session.userId;
  const row = (
    await sql<{
      id: number;
    }>`insert into srm_base_export_job (user_id, file_name, request_json, language, job_status, progress, row_count, created_by, last_updated_by)
    values (${userId}, ${req.fileName}, ${JSON.stringify(body)}, ${ctx.lang}, 'RUNNING', 0, 0, ${userId}, ${userId}) returning job_id as id`.execute(app.db)
  ).rows[0];
  inFlight.add(row.id);
  void runJob(app, storage, ctx, req, row.id)
    .catch(async (err: unknown) => {
      if (!(err instanceof AppError)) log.error({ err }, 'background export failed');
      const msg = err instanceof AppError ? message(ctx.lang, err.key, err.params) : message(ctx.lang, 'error.internal');
      await update(app, row.id, { job_status: 'FAILED', error_msg: msg.slice(0, 1000), finished_at: sql`localtimestamp(0)` }).catch(() => {});
    })
    .finally(() => inFlight.delete(row.id));
  return row.id;
}

async function runJob(app: AppContext, storage: FileStorage, ctx: ActionContext, req: ExportRequest, jobId: number): Promise<void> {
  const staged = await storage.stagingPath();
  try {
    const { pages, total } = await primedPages(ctx, req);
    const totalRows = await total();
    await update(app, jobId, { total_rows: totalRows });
    const hash = createHash('sha256');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    const file = createWriteStream(staged);
    meter.pipe(file);
    const meanings = await lookupMeanings(app, req.columns, ctx.lang);
    const rows = await writeWorkbook(meter, pages, {
      columns: req.columns,
      sheetMaxRow: req.sheetMaxRow,
      sheetTitle: entityLabel(req.entity, ctx.lang),
      meanings,
      onProgress: (n) => update(app, jobId, { row_count: n, progress: totalRows > 0 ? Math.min(99, Math.floor((n * 100) / totalRows)) : 0 }),
    });
    meter.end();
    await finished(file);
    const sha256 = hash.digest('hex');
    await app.db.transaction().execute(async (trx) => {
      const files = app.modules.api<FilesApi>('files');
      await files.lockStorageKey(trx, sha256);
      const f = await files.insertFile(
        trx,
        {
          file_name: req.fileName,
          original_file_name: req.fileName,
          file_size: size,
          suffix_name: 'xlsx',
          content_type: XLSX_TYPE,
          sha256,
          function_id: null,
          business_id: null,
          file_desc: null,
          path: 'export',
          storage_key: sha256,
        },
        ctx.session.userId,
      );
      await storage.putStaged(sha256, staged);
      await sql`update srm_base_export_job set job_status = 'DONE', progress = 100, row_count = ${rows}, file_id = ${f.file_id},
        finished_at = localtimestamp(0), last_update_date = localtimestamp(0) where job_id = ${jobId}`.execute(trx);
    });
  } finally {
    await rm(staged, { force: true });
  }
}
