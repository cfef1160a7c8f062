// Files above the large-file threshold: chunked, resumable upload, each chunk and the whole file
// checked by SHA-256, assembled by streaming; unfinished uploads swept after `orphanHours`.
//
// Routes and bodies: docs/files.md "Large files".
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Session } from '../../../server/auth/session.js';
import { refuse, unauthorized } from '../../../server/errors.js';
import { ok } from '../../../server/http/envelope.js';
import { RecordAccess } from './access.js';
import { cleanOriginalName, extensionOf, sanitiseFileName } from '../../../server/files/names.js';
import { fileById, type FileRow } from './repo.js';
import { Sniffer } from '../../../server/files/sniff.js';
import { receive, sendFile, sniffing } from '../../../server/files/transfer.js';
import { checkExtension, checkRecordLimits, commitFiles, uploadContext, type FileService } from './routes.js';

interface UploadMeta {
  uploadId: string;
  userId: number;
  fileName: string;
  originalFileName: string;
  ext: string;
  fileSize: number;
  /** SHA-256 of the whole file when the client gave it at init (else `fileHash` is checked at complete). */
  sha256: string | null;
  chunkSize: number;
  chunkCount: number;
  context: { functionId: string | null; businessId: number | null; fileDesc: string | null; path: string | null; customData?: string | null };
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
  return names
    .filter((n) => /^\d+$/.test(n))
    .map(Number)
    .sort((a, b) => a - b);
}

const state = async (svc: FileService, meta: UploadMeta) => {
  const have = await received(svc, meta);
  return {
    uploadId: meta.uploadId,
    fileName: meta.fileName,
    fileSize: meta.fileSize,
    chunkSize: meta.chunkSize,
    chunkCount: meta.chunkCount,
    received: have,
    uploadedChunks: have,
  };
};

const MIN_CHUNK = 64 * 1024;
const MAX_CHUNK = 64 * 1024 * 1024;

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
  f.addContentTypeParser('application/octet-stream', (req, _payload, done) => {
    req.bodyKind = 'stream';
    done(null);
  });

  const init = async (req: FastifyRequest) => {
    const s = session(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const rawName = typeof body.fileName === 'string' ? body.fileName : '';
    const fileName = sanitiseFileName(rawName);
    const ext = extensionOf(fileName);
    checkExtension(opts, ext, 'file');
    const fileSize = body.fileSize;
    if (typeof fileSize !== 'number' || !Number.isSafeInteger(fileSize) || fileSize <= 0) throw refuse('error.malformed', { detail: 'fileSize' });
    if (fileSize > opts.maxFileBytes) throw refuse('file.tooLarge', { name: fileName, limit: Math.round((opts.maxFileBytes / MB) * 100) / 100 });
    const sha256 = typeof body.sha256 === 'string' && body.sha256 ? body.sha256.toLowerCase() : null;
    if (sha256 !== null && !/^[0-9a-f]{64}$/.test(sha256)) throw refuse('error.malformed', { detail: 'sha256' });
    const context = await uploadContext(svc, new RecordAccess(svc.app, s, req.lang), body);
    await checkRecordLimits(svc, context.functionId, context.businessId, { count: 1, bytes: fileSize });
    // Resume: the upload id the client remembered, or (with the whole-file hash) the same user sending the same content.
    const candidates = [body.uploadId, sha256 ? createHash('sha256').update(`${s.userId}:${sha256}:${fileSize}:${fileName}`).digest('hex').slice(0, 32) : null];
    for (const id of candidates) {
      if (typeof id !== 'string' || !id) continue;
      const existing = await loadMeta(svc, s, id).catch(() => null);
      if (existing && existing.fileSize === fileSize && existing.fileName === fileName && (sha256 === null || existing.sha256 === sha256)) {
        await utimes(join(uploadsDir(svc), id, 'meta.json'), new Date(), new Date());
        return ok(await state(svc, existing));
      }
    }
    const uploadId = sha256 ? (candidates[1] as string) : randomBytes(16).toString('hex');
    const asked = typeof body.chunkSize === 'number' && Number.isSafeInteger(body.chunkSize) ? body.chunkSize : opts.chunkBytes;
    const chunkSize = Math.min(Math.max(asked, Math.min(MIN_CHUNK, opts.chunkBytes)), MAX_CHUNK);
    const meta: UploadMeta = {
      uploadId,
      userId: s.userId,
      fileName,
      originalFileName: cleanOriginalName(rawName),
      ext,
      fileSize,
      sha256,
      chunkSize,
      chunkCount: Math.ceil(fileSize / chunkSize),
      context,
    };
    const dir = join(uploadsDir(svc), uploadId);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'meta.json'), JSON.stringify(meta));
    return ok(await state(svc, meta));
  };

  /** One chunk into the upload's folder: index in range, exact length, its SHA-256 as announced. */
  const storeChunk = async (s: Session, uploadId: unknown, rawIndex: unknown, rawSha: unknown, source: Readable, declared: number) => {
    const meta = await loadMeta(svc, s, uploadId);
    const index = /^\d{1,9}$/.test(String(rawIndex ?? '')) ? Number(rawIndex) : -1;
    if (index < 0 || index >= meta.chunkCount) throw refuse('file.badChunk', { index: String(rawIndex ?? '') });
    const expected = chunkLength(meta, index);
    if (Number.isFinite(declared) && declared !== expected) throw refuse('file.badChunk', { index });
    const sha = String(rawSha ?? '').toLowerCase();
    if (!/^[0-9a-f]{64}$/.test(sha)) throw refuse('error.malformed', { detail: 'sha256' });
    const dir = join(uploadsDir(svc), meta.uploadId);
    const tmp = join(dir, `${index}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      const r = await receive(source, tmp, (_c, size) => {
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

  /** Raw body (PUT, application/octet-stream) with ?uploadId&index&sha256. */
  const rawChunk = async (req: FastifyRequest) => {
    const q = (req.query ?? {}) as Record<string, string>;
    return storeChunk(session(req), q.uploadId, q.index, q.sha256 ?? q.chunkHash, req.raw, Number(req.headers['content-length']));
  };

  /** Multipart: fields uploadId, index, chunkHash (or sha256) first, then the file part `chunk`. */
  const multipartChunk = async (req: FastifyRequest) => {
    const s = session(req);
    const fields: Record<string, string> = {};
    for await (const part of req.parts({ limits: { files: 1, fields: 10, fieldSize: 1024, fileSize: MAX_CHUNK + 1 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      return storeChunk(s, fields.uploadId, fields.index, fields.chunkHash ?? fields.sha256, part.file, NaN);
    }
    throw refuse('file.noFile');
  };

  f.post(`${BASE}/upload`, { config: { streamBody: ['multipart'] } }, async (req) => (req.isMultipart() ? multipartChunk(req) : init(req)));
  f.post(`${BASE}/init`, init);
  f.put(`${BASE}/upload`, { config: { streamBody: ['stream'] } }, rawChunk);
  f.post(`${BASE}/upload/chunk`, { config: { streamBody: ['stream'] } }, rawChunk);

  f.post(`${BASE}/upload/status`, async (req) =>
    ok(await state(svc, await loadMeta(svc, session(req), ((req.body ?? {}) as Record<string, unknown>).uploadId))),
  );

  f.post(`${BASE}/upload/cancel`, async (req) => {
    const meta = await loadMeta(svc, session(req), ((req.body ?? {}) as Record<string, unknown>).uploadId);
    await rm(join(uploadsDir(svc), meta.uploadId), { recursive: true, force: true });
    return ok(null);
  });

  const complete = async (req: FastifyRequest) => {
    const s = session(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const meta = await loadMeta(svc, s, body.uploadId);
    if (meta.sha256 === null && (typeof body.fileHash !== 'string' || !/^[0-9a-fA-F]{64}$/.test(body.fileHash)))
      throw refuse('error.malformed', { detail: 'fileHash' });
    const have = new Set(await received(svc, meta));
    const missing = Array.from({ length: meta.chunkCount }, (_, i) => i).filter((i) => !have.has(i));
    if (missing.length) throw refuse('file.missingChunks', { missing: missing.slice(0, 20).join(', ') + (missing.length > 20 ? ', …' : '') });
    // Permission and limits again: they may have changed since the upload began.
    const context = await uploadContext(svc, new RecordAccess(svc.app, s, req.lang), meta.context);
    await checkRecordLimits(svc, context.functionId, context.businessId, { count: 1, bytes: meta.fileSize });
    const dir = join(uploadsDir(svc), meta.uploadId);
    const staged = await svc.storage.stagingPath();
    const joined = new PassThrough({ highWaterMark: 256 * 1024 });
    // Without the whole-file hash at init, the client proves the content by the SHA-256 of its chunk hashes (hex, concatenated).
    const chunkHashes: string[] = [];
    (async () => {
      for (let i = 0; i < meta.chunkCount; i++) {
        const h = createHash('sha256');
        for await (const c of createReadStream(join(dir, String(i)), { highWaterMark: 256 * 1024 })) {
          h.update(c as Buffer);
          if (!joined.write(c)) await new Promise((r) => joined.once('drain', r));
        }
        chunkHashes.push(h.digest('hex'));
      }
      joined.end();
    })().catch((err) => joined.destroy(err as Error));
    try {
      const sniffer = new Sniffer(meta.ext);
      const r = await receive(joined, staged, sniffing(sniffer, meta.fileName, meta.ext));
      const verdict = sniffer.finish();
      const proof = meta.sha256 ?? '';
      const byChunks = createHash('sha256').update(chunkHashes.join('')).digest('hex');
      if (r.size !== meta.fileSize || (meta.sha256 !== null ? r.sha256 !== proof : byChunks !== String(body.fileHash).toLowerCase())) {
        await rm(dir, { recursive: true, force: true });
        throw refuse('file.hashMismatch');
      }
      if (!verdict.ok) {
        await rm(dir, { recursive: true, force: true });
        throw refuse(verdict.key, { name: meta.fileName, ext: meta.ext });
      }
      const out = await commitFiles(
        svc,
        s,
        [
          {
            staged,
            sha256: r.sha256,
            size: r.size,
            fileName: meta.fileName,
            originalFileName: meta.originalFileName,
            ext: meta.ext,
            contentType: verdict.contentType,
          },
        ],
        context,
      );
      await rm(dir, { recursive: true, force: true });
      return ok(out[0]);
    } finally {
      await rm(staged, { force: true });
    }
  };
  f.post(`${BASE}/upload/complete`, complete);
  f.post(`${BASE}/complete`, complete);

  const download = async (req: FastifyRequest, reply: FastifyReply) => {
    const s = session(req);
    const q = (req.query ?? {}) as Record<string, string>;
    const id = /^\d{1,15}$/.test(q.id ?? '') ? Number(q.id) : 0;
    const row: FileRow | undefined = id ? await fileById(svc.app.db, id) : undefined;
    if (!row || !(await new RecordAccess(svc.app, s, req.lang).canSee(row))) throw refuse('file.notFound');
    return sendFile(req, reply, svc.storage, row);
  };
  f.get(`${BASE}/download`, { config: { ticket: 'file' } }, download);
  f.post(`${BASE}/download`, download);

  if (opts.sweepIntervalMs > 0) {
    const timer = setInterval(() => void sweepOrphans(svc).catch((err) => f.log.warn({ err }, 'large-file sweep failed')), opts.sweepIntervalMs);
    timer.unref();
    f.addHook('onClose', async () => clearInterval(timer));
  }
}
