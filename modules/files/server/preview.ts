// Office previews converted on the server (SPEC §5 preview list, issue 4):
//   POST /api/fileServer/v2/file/preview?id=…
// docx → mammoth → HTML (allow-list sanitised); xlsx → exceljs streaming reader → HTML tables (escaped
// cell text, capped sheets/rows/columns); doc/xls/ppt/pptx → LibreOffice headless → PDF bytes when
// `soffice` is on PATH, else status E "needs LibreOffice". HTML is answered as JSON data
// `{kind:'html', html, truncated}`; the client shows it in an `<iframe sandbox srcdoc>` (no scripts).
// Who may preview: exactly who may download (`visibleFile`).
// The docx and xlsx conversions run in a sandbox worker (server/worker/sandbox.ts) with a time and a
// memory budget: the stored file is staged to disk, its zip checked there (zipGuard: entries, real
// inflated size), then converted; a thread over budget is terminated, the server process never waits
// on it or grows with it (docs/security.md "Hostile input").
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { execFile } from 'node:child_process';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AppError, refuse } from '../../../server/errors.js';
import { ok } from '../../../server/http/envelope.js';
import { runSandboxed } from '../../../server/worker/sandbox.js';
import type { HtmlPreview, PreviewInput } from './previewConvert.js';
import type { FileRow } from './repo.js';
import type { FileService } from './routes.js';
import { idOf, visibleFile } from './routes.js';
import { sessionOf } from '../../../server/http/routeInput.js';

export const PREVIEW_MAX_BYTES = Number(process.env.SRM_PREVIEW_MAX_BYTES ?? 20 * 1024 * 1024);
export const PREVIEW_TIMEOUT_MS = Number(process.env.SRM_PREVIEW_TIMEOUT_MS ?? 30_000);
/** The conversion's budgets, read at each call (tests and operators may change them without a restart). */
const previewBudget = () => ({
  timeMs: Number(process.env.SRM_PREVIEW_TIMEOUT_MS ?? PREVIEW_TIMEOUT_MS),
  memoryMb: Number(process.env.SRM_PREVIEW_MEMORY_MB ?? 512),
});
export const LIBREOFFICE_TYPES = ['doc', 'xls', 'ppt', 'pptx'];

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

/** The stored file staged to disk, converted in a sandbox worker within SRM_PREVIEW_TIMEOUT_MS and SRM_PREVIEW_MEMORY_MB. */
async function convertSandboxed(svc: FileService, row: FileRow, ext: 'docx' | 'xlsx'): Promise<HtmlPreview> {
  const staged = await svc.storage.stagingPath();
  try {
    await pipeline(svc.storage.get(row.storage_key), createWriteStream(staged));
    const budget = previewBudget();
    const input: PreviewInput = { ext, path: staged, size: (await stat(staged)).size, timeMs: budget.timeMs };
    return await runSandboxed<HtmlPreview>({ module: new URL('./previewConvert.ts', import.meta.url), export: 'previewInThread' }, input, {
      ...budget,
      timeoutKey: 'file.previewTimeout',
      memoryKey: 'file.previewMemory',
    });
  } finally {
    await rm(staged, { force: true });
  }
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
    reply.header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'private, no-store');
    if (ext === 'xlsx' || ext === 'docx') {
      try {
        return ok(await convertSandboxed(svc, row, ext));
      } catch (e) {
        if (e instanceof AppError) throw e;
        req.log.warn({ err: e, fileId: row.file_id }, `${ext} preview failed`);
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
