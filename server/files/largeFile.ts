// Files above the large-file threshold: chunked, resumable upload, each chunk and the whole file
// checked by SHA-256, assembled by streaming; unfinished uploads swept after `orphanHours`.
//
//   POST /api/largeFileServer/v1/largeFile/upload           {fileName, fileSize, sha256, functionId?, businessId?, fileDesc?, path?}
//        → {uploadId, chunkSize, chunkCount, received: [indexes]}  (the same upload again resumes it)
//   PUT  /api/largeFileServer/v1/largeFile/upload?uploadId=…&index=…&sha256=…   body: the chunk (application/octet-stream)
//   POST /api/largeFileServer/v1/largeFile/upload/status    {uploadId} → as above
//   POST /api/largeFileServer/v1/largeFile/upload/complete  {uploadId} → [attachment]
//   POST /api/largeFileServer/v1/largeFile/upload/cancel    {uploadId}
//   GET  /api/largeFileServer/v1/largeFile/download?id=…    (signed, or ?ticket=) with HTTP Range
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Session } from '../auth/session.js';
import { refuse, unauthorized } from '../errors.js';
import { ok } from '../http/envelope.js';
import { RecordAccess } from './access.js';
import { cleanOriginalName, extensionOf, sanitiseFileName } from './names.js';
import { fileById, type FileRow } from './repo.js';
import { Sniffer } from './sniff.js';
import { receive, sendFile, sniffing } from './transfer.js';
import { checkExtension, checkRecordLimits, commitFiles, ticketDownload, uploadContext, type FileService } from './routes.js';

interface UploadMeta {
  uploadId: string;
  userId: number;
  fileName: string;
  originalFileName: string;
  ext: string;
  fileSize: number;
  sha256: string;
  chunkSize: number;
  chunkCount: number;
  context: { functionId: string | null; businessId: number | null; fileDesc: string | null; path: string | null };
}

const BASE = '/api/largeFileServer/v1/largeFile';
const MB = 1024 * 1024;

function uploadsDir(svc: FileService): string {
  return join(svc.app.config.dataDir, 'files', 'uploads');
}

function session(req: FastifyRequest): Session {
  if (!req.session) throw unauthorized('auth.noSession');
  return req.session;
}

async function loadMeta(svc: FileService, s: Session, uploadId: unknown): Promise<UploadMeta> {
  if (typeof uploadId !== 'string' || !/^[0-9a-f]{32}$/.test(uploadId)) throw refuse('file.uploadNotFound');
  try {
    const meta = JSON.parse(await readFile(join(uploadsDir(svc), uploadId, 'meta.json'), 'utf8')) as UploadMeta;
    if (meta.userId !== s.userId) throw new Error('not yours');
    return meta;
  } catch {
    throw refuse('file.uploadNotFound');
  }
}

async function received(svc: FileService, meta: UploadMeta): Promise<number[]> {
  const names = await readdir(join(uploadsDir(svc), meta.uploadId)).catch(() => [] as string[]);
  return names.filter((n) => /^\d+$/.test(n)).map(Number).sort((a, b) => a - b);
}

const state = async (svc: FileService, meta: UploadMeta) => ({
  uploadId: meta.uploadId,
  fileName: meta.fileName,
  fileSize: meta.fileSize,
  chunkSize: meta.chunkSize,
  chunkCount: meta.chunkCount,
  received: await received(svc, meta),
});

function chunkLength(meta: UploadMeta, index: number): number {
  return index < meta.chunkCount - 1 ? meta.chunkSize : meta.fileSize - meta.chunkSize * (meta.chunkCount - 1);
}

/** Removes unfinished uploads and staging files not touched for `maxAgeMs`. Returns how many were removed. */
export async function sweepOrphans(svc: FileService, maxAgeMs = svc.opts.orphanHours * 3600_000): Promise<number> {
  let removed = 0;
  const now = Date.now();
  const dir = uploadsDir(svc);
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const meta = await stat(join(dir, name, 'meta.json')).catch(() => null);
    const at = meta?.mtimeMs ?? (await stat(join(dir, name)).catch(() => null))?.mtimeMs ?? 0;
    if (now - at > maxAgeMs) {
      await rm(join(dir, name), { recursive: true, force: true });
      removed++;
    }
  }
  const tmp = join(svc.app.config.dataDir, 'files', 'tmp');
  for (const name of await readdir(tmp).catch(() => [] as string[])) {
    const st = await stat(join(tmp, name)).catch(() => null);
    if (st && now - st.mtimeMs > maxAgeMs) {
      await rm(join(tmp, name), { force: true });
      removed++;
    }
  }
  return removed;
}

export function registerLargeFileRoutes(f: FastifyInstance, svc: FileService): void {
  const { opts } = svc;
  // Chunk bodies are streamed to disk by the handler, never buffered by a parser.
  f.addContentTypeParser('application/octet-stream', (_req, _payload, done) => done(null));

  f.post(`${BASE}/upload`, async (req) => {
    const s = session(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const rawName = typeof body.fileName === 'string' ? body.fileName : '';
    const fileName = sanitiseFileName(rawName);
    const ext = extensionOf(fileName);
    checkExtension(opts, ext, 'file');
    const fileSize = body.fileSize;
    if (typeof fileSize !== 'number' || !Number.isSafeInteger(fileSize) || fileSize <= 0) throw refuse('error.malformed', { detail: 'fileSize' });
    if (fileSize > opts.maxFileBytes) throw refuse('file.tooLarge', { name: fileName, limit: Math.round(opts.maxFileBytes / MB) });
    const sha256 = typeof body.sha256 === 'string' ? body.sha256.toLowerCase() : '';
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw refuse('error.malformed', { detail: 'sha256' });
    const context = await uploadContext(svc, new RecordAccess(svc.app, s, req.lang), body);
    await checkRecordLimits(svc, context.functionId, context.businessId, { count: 1, bytes: fileSize });
    // The same user sending the same content again gets the same upload back: that is the resume.
    const uploadId = createHash('sha256').update(`${s.userId}:${sha256}:${fileSize}:${fileName}`).digest('hex').slice(0, 32);
    const dir = join(uploadsDir(svc), uploadId);
    try {
      const existing = await loadMeta(svc, s, uploadId);
      await utimes(join(dir, 'meta.json'), new Date(), new Date());
      return ok(await state(svc, existing));
    } catch {
      /* a new upload */
    }
    const chunkSize = opts.chunkBytes;
    const meta: UploadMeta = {
      uploadId, userId: s.userId, fileName, originalFileName: cleanOriginalName(rawName), ext, fileSize, sha256,
      chunkSize, chunkCount: Math.ceil(fileSize / chunkSize), context,
    };
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'meta.json'), JSON.stringify(meta));
    return ok(await state(svc, meta));
  });

  const chunk = async (req: FastifyRequest) => {
    const s = session(req);
    const q = (req.query ?? {}) as Record<string, string>;
    const meta = await loadMeta(svc, s, q.uploadId);
    const index = /^\d{1,9}$/.test(q.index ?? '') ? Number(q.index) : -1;
    if (index < 0 || index >= meta.chunkCount) throw refuse('file.badChunk', { index: q.index ?? '' });
    const expected = chunkLength(meta, index);
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared !== expected) throw refuse('file.badChunk', { index });
    const sha = String(q.sha256 ?? '').toLowerCase();
    if (!/^[0-9a-f]{64}$/.test(sha)) throw refuse('error.malformed', { detail: 'sha256' });
    const dir = join(uploadsDir(svc), meta.uploadId);
    const tmp = join(dir, `${index}.${Date.now()}.tmp`);
    try {
      const r = await receive(req.raw, tmp, (_c, size) => {
        if (size > expected) throw refuse('file.badChunk', { index });
      });
      if (r.size !== expected) throw refuse('file.badChunk', { index });
      if (r.sha256 !== sha) throw refuse('file.chunkHashMismatch', { index });
      await rename(tmp, join(dir, String(index)));
      await utimes(join(dir, 'meta.json'), new Date(), new Date());
    } finally {
      await rm(tmp, { force: true });
    }
    return ok(await state(svc, meta));
  };
  f.put(`${BASE}/upload`, chunk);
  f.post(`${BASE}/upload/chunk`, chunk);

  f.post(`${BASE}/upload/status`, async (req) => ok(await state(svc, await loadMeta(svc, session(req), ((req.body ?? {}) as Record<string, unknown>).uploadId))));

  f.post(`${BASE}/upload/cancel`, async (req) => {
    const meta = await loadMeta(svc, session(req), ((req.body ?? {}) as Record<string, unknown>).uploadId);
    await rm(join(uploadsDir(svc), meta.uploadId), { recursive: true, force: true });
    return ok(null);
  });

  f.post(`${BASE}/upload/complete`, async (req) => {
    const s = session(req);
    const meta = await loadMeta(svc, s, ((req.body ?? {}) as Record<string, unknown>).uploadId);
    const have = new Set(await received(svc, meta));
    const missing = Array.from({ length: meta.chunkCount }, (_, i) => i).filter((i) => !have.has(i));
    if (missing.length) throw refuse('file.missingChunks', { missing: missing.slice(0, 20).join(', ') + (missing.length > 20 ? ', …' : '') });
    // Permission and limits again: they may have changed since the upload began.
    const context = await uploadContext(svc, new RecordAccess(svc.app, s, req.lang), meta.context);
    await checkRecordLimits(svc, context.functionId, context.businessId, { count: 1, bytes: meta.fileSize });
    const dir = join(uploadsDir(svc), meta.uploadId);
    const staged = await svc.storage.stagingPath();
    const joined = new PassThrough({ highWaterMark: 256 * 1024 });
    (async () => {
      for (let i = 0; i < meta.chunkCount; i++) {
        for await (const c of createReadStream(join(dir, String(i)), { highWaterMark: 256 * 1024 })) {
          if (!joined.write(c)) await new Promise((r) => joined.once('drain', r));
        }
      }
      joined.end();
    })().catch((err) => joined.destroy(err as Error));
    try {
      const sniffer = new Sniffer(meta.ext);
      const r = await receive(joined, staged, sniffing(sniffer, meta.fileName, meta.ext));
      const verdict = sniffer.finish();
      if (r.sha256 !== meta.sha256 || r.size !== meta.fileSize) {
        await rm(dir, { recursive: true, force: true });
        throw refuse('file.hashMismatch');
      }
      if (!verdict.ok) {
        await rm(dir, { recursive: true, force: true });
        throw refuse(verdict.key, { name: meta.fileName, ext: meta.ext });
      }
      const out = await commitFiles(svc, s, [{ staged, sha256: r.sha256, size: r.size, fileName: meta.fileName, originalFileName: meta.originalFileName, ext: meta.ext, contentType: verdict.contentType }], context);
      await rm(dir, { recursive: true, force: true });
      return ok(out);
    } finally {
      await rm(staged, { force: true });
    }
  });

  const download = async (req: FastifyRequest, reply: FastifyReply) => {
    const s = session(req);
    const q = (req.query ?? {}) as Record<string, string>;
    const id = /^\d{1,15}$/.test(q.id ?? '') ? Number(q.id) : 0;
    const row: FileRow | undefined = id ? await fileById(svc.app.db, id) : undefined;
    if (!row || !(await new RecordAccess(svc.app, s, req.lang).canSee(row))) throw refuse('file.notFound');
    return sendFile(req, reply, svc.storage, row);
  };
  f.get(`${BASE}/download`, { onRequest: ticketDownload(svc) }, download);
  f.post(`${BASE}/download`, download);

  if (opts.sweepIntervalMs > 0) {
    const timer = setInterval(() => void sweepOrphans(svc).catch((err) => f.log.warn({ err }, 'large-file sweep failed')), opts.sweepIntervalMs);
    timer.unref();
    f.addHook('onClose', async () => clearInterval(timer));
  }
}
