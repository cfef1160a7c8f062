// The file endpoints of CONTRACT.md "Files and Excel" (fileServer area) and the large-file routes.
// Registered in their own encapsulated plugin so multipart and raw-byte bodies stay local to them.
import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { AppContext } from '../../../server/context.js';
import type { Db } from '../../../server/db/connect.js';
import type { Session } from '../../../server/auth/session.js';
import { decryptOaep } from '../../../server/auth/rsaKeys.js';
import { forbidden, refuse } from '../../../server/errors.js';
import { bodyOf, sessionOf } from '../../../server/http/routeInput.js';
import { issueTicket } from '../../../server/auth/tickets.js';
import { sql } from 'kysely';
import { ok } from '../../../server/http/envelope.js';
import { RecordAccess } from './access.js';
import { cleanOriginalName, extensionOf, sanitiseFileName } from '../../../server/files/names.js';
import { fileOptionsFromEnv, type FileOptions } from './options.js';
import {
  fileById,
  filesByIds,
  insertFile,
  lockStorageKey,
  parseIds,
  recordUsage,
  storageKeyInUse,
  toAttachment,
  type Attachment,
  type FileRow,
} from './repo.js';
import { IMAGE_EXTENSIONS, Sniffer, TYPES } from '../../../server/files/sniff.js';
import { LocalFileStorage, type FileStorage } from '../../../server/files/storage.js';
import { receive, sendFile, sniffing } from '../../../server/files/transfer.js';
import { uniqueNames, zipStream, ZIP_MAX_BYTES } from '../../../server/files/zip.js';
import { registerLargeFileRoutes } from './largeFile.js';
import { registerPreviewRoutes } from './preview.js';

const MB = 1024 * 1024;
const mb = (bytes: number) => Math.round((bytes / MB) * 100) / 100;

export interface FileService {
  app: AppContext;
  storage: FileStorage;
  opts: FileOptions;
}

function queryOf(req: FastifyRequest): Record<string, string> {
  return (req.query ?? {}) as Record<string, string>;
}

/** The one id a call names, from the query (?id=) or the JSON body ({id}). */
export function idOf(req: FastifyRequest): number {
  const raw = queryOf(req).id ?? bodyOf(req).id ?? bodyOf(req).fileId;
  const ids = parseIds(raw, 1);
  if (!ids?.length) throw refuse('file.idsRequired');
  return ids[0];
}

/** §5: the extension must be one the server can check, and in the configured list when there is one. */
export function checkExtension(opts: FileOptions, ext: string, mode: 'file' | 'image'): void {
  if (mode === 'image' && !IMAGE_EXTENSIONS.includes(ext)) throw refuse('file.imageTypeOnly', { types: IMAGE_EXTENSIONS.join(', ') });
  const allowed = opts.allowedExtensions.length ? opts.allowedExtensions.filter((e) => Object.hasOwn(TYPES, e)) : Object.keys(TYPES);
  if (!allowed.includes(ext)) throw refuse('file.extensionNotAllowed', { ext: ext || '?', allowed: allowed.join(', ') });
}

/** Upload context fields, checked: functionId names a family, businessId a record the user may edit. */
export async function uploadContext(svc: FileService, access: RecordAccess, fields: Record<string, unknown>) {
  const text = (v: unknown, max: number) => (typeof v === 'string' || typeof v === 'number' ? cleanOriginalName(String(v)).trim().slice(0, max) || null : null);
  const functionId = text(fields.functionId, 80);
  const rawBusiness = text(fields.businessId, 20);
  let businessId: number | null = null;
  if (rawBusiness !== null) {
    if (!/^\d{1,15}$/.test(rawBusiness) || Number(rawBusiness) <= 0) throw refuse('error.malformed', { detail: 'businessId' });
    businessId = Number(rawBusiness);
    if (!functionId) throw refuse('file.unknownFunction', { functionId: '' });
  }
  if (functionId !== null && !svc.app.defs.entities.has(functionId)) throw refuse('file.unknownFunction', { functionId });
  if (functionId !== null && businessId !== null) await access.assertMayAttach(functionId, businessId);
  return { functionId, businessId, fileDesc: text(fields.fileDesc, 500), path: text(fields.path, 255), customData: customDataOf(fields.customData) };
}

/** Longest customData kept (JSON text; the column's length). */
export const CUSTOM_DATA_MAX = 2000;

/** attachmentConfig.customData (JSON text in a multipart field, an object in a JSON body) → JSON object text or null. */
export function customDataOf(raw: unknown): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      throw refuse('file.badCustomData', { max: CUSTOM_DATA_MAX });
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw refuse('file.badCustomData', { max: CUSTOM_DATA_MAX });
  const text = JSON.stringify(value);
  if (text.length > CUSTOM_DATA_MAX) throw refuse('file.badCustomData', { max: CUSTOM_DATA_MAX });
  return text === '{}' ? null : text;
}

/** SPEC §5: count and combined-size limits of one business record. */
export async function checkRecordLimits(
  svc: FileService,
  functionId: string | null,
  businessId: number | null,
  adding: { count: number; bytes: number },
): Promise<void> {
  if (functionId === null || businessId === null) {
    if (adding.count > svc.opts.maxFiles) throw refuse('file.tooMany', { max: svc.opts.maxFiles });
    if (svc.opts.totalCapBytes >= 0 && adding.bytes > svc.opts.totalCapBytes) throw refuse('file.totalExceeded', { limit: mb(svc.opts.totalCapBytes) });
    return;
  }
  const used = await recordUsage(svc.app.db, functionId, businessId);
  if (used.count + adding.count > svc.opts.maxFiles) throw refuse('file.tooMany', { max: svc.opts.maxFiles });
  if (svc.opts.totalCapBytes >= 0 && used.bytes + adding.bytes > svc.opts.totalCapBytes)
    throw refuse('file.totalExceeded', { limit: mb(svc.opts.totalCapBytes) });
}

interface Staged {
  staged: string;
  sha256: string;
  size: number;
  fileName: string;
  originalFileName: string;
  ext: string;
  contentType: string;
}

/** Stores staged files and their rows in one transaction; a content address is locked while it is written. */
export async function commitFiles(
  svc: FileService,
  session: Session,
  files: Staged[],
  ctx: { functionId: string | null; businessId: number | null; fileDesc: string | null; path: string | null; customData?: string | null },
): Promise<Attachment[]> {
  return svc.app.db.transaction().execute(async (trx) => {
    const out: Attachment[] = [];
    for (const s of files) {
      await lockStorageKey(trx, s.sha256);
      const row = await insertFile(
        trx,
        {
          file_name: s.fileName,
          original_file_name: s.originalFileName,
          file_size: s.size,
          suffix_name: s.ext,
          content_type: s.contentType,
          sha256: s.sha256,
          function_id: ctx.functionId,
          business_id: ctx.businessId,
          file_desc: ctx.fileDesc,
          path: ctx.path,
          custom_data: ctx.customData ?? null,
          storage_key: s.sha256,
        },
        session.userId,
      );
      await svc.storage.putStaged(s.sha256, s.staged);
      out.push(toAttachment(row));
    }
    return out;
  });
}

/**
 * Where a delegated upload goes (FilesApi.receiveDelegated): a module that authorised the caller its own way
 * (the public registration's link token) names the record and the user recorded as uploader; `allowed`
 * narrows the extensions, `maxFiles` the files of that record.
 */
export interface DelegatedTarget {
  functionId: string;
  businessId: number;
  userId: number;
  allowed?: readonly string[];
  maxFiles?: number;
}
export type DelegatedResolve = (fields: Record<string, string>) => Promise<DelegatedTarget>;
/** Limits applied while the body streams (narrower than the configured ones only). */
export interface DelegatedLimits {
  maxFileBytes?: number;
  maxFiles?: number;
  /** Extensions taken (within the configured ones): another type is refused before its bytes are read. */
  allowedExtensions?: readonly string[];
}

async function receiveUpload(svc: FileService, req: FastifyRequest, mode: 'file' | 'image', delegated?: DelegatedResolve): Promise<Attachment[]> {
  const session: Session = delegated
    ? { authorizationCode: '', signKey: '', userId: 0, userName: '', userType: 'INTERNAL', supplierId: null, createdAt: 0 }
    : sessionOf(req);
  const { opts } = svc;
  if (!req.isMultipart()) throw refuse('file.noFile');
  const declared = Number(req.headers['content-length']);
  // A declared body beyond what any allowed upload can be is refused before a byte of it is read.
  if (Number.isFinite(declared) && opts.totalCapBytes >= 0 && declared > opts.totalCapBytes + MB)
    throw refuse('file.totalExceeded', { limit: mb(opts.totalCapBytes) });
  if (Number.isFinite(declared) && declared > opts.maxFileBytes * Math.min(opts.maxFiles, 10) + MB)
    throw refuse('file.bodyTooLarge', { limit: mb(opts.maxFileBytes) });
  const staged: Staged[] = [];
  const fields: Record<string, string> = {};
  let total = 0;
  try {
    const parts = req.parts({ limits: { fileSize: opts.maxFileBytes + 1, files: opts.maxFiles, fields: 20, fieldSize: 4096, parts: opts.maxFiles + 20 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      const originalFileName = cleanOriginalName(part.filename ?? '');
      const fileName = sanitiseFileName(part.filename ?? '');
      const ext = extensionOf(fileName);
      checkExtension(opts, ext, mode);
      const target = await svc.storage.stagingPath();
      const sniffer = new Sniffer(ext);
      const sniff = sniffing(sniffer, fileName, ext);
      const entry: Staged = { staged: target, sha256: '', size: 0, fileName, originalFileName, ext, contentType: '' };
      staged.push(entry);
      const r = await receive(part.file, target, (chunk, size) => {
        total += chunk.length;
        if (size > opts.maxFileBytes) throw refuse('file.tooLarge', { name: fileName, limit: mb(opts.maxFileBytes) });
        if (opts.totalCapBytes >= 0 && total > opts.totalCapBytes) throw refuse('file.totalExceeded', { limit: mb(opts.totalCapBytes) });
        sniff(chunk);
      });
      const verdict = sniffer.finish();
      if (!verdict.ok) throw refuse(verdict.key, { name: fileName, ext });
      Object.assign(entry, r, { contentType: verdict.contentType });
    }
    if (!staged.length) throw refuse('file.noFile');
    if (delegated) {
      const t = await delegated(fields);
      if (t.allowed)
        for (const s of staged) if (!t.allowed.includes(s.ext)) throw refuse('file.extensionNotAllowed', { ext: s.ext || '?', allowed: t.allowed.join(', ') });
      // The record's own count limit when the module names one (the request's was applied while streaming).
      const limited = t.maxFiles === undefined ? svc : { ...svc, opts: { ...opts, maxFiles: t.maxFiles } };
      await checkRecordLimits(limited, t.functionId, t.businessId, { count: staged.length, bytes: total });
      const ctx = { functionId: t.functionId, businessId: t.businessId, fileDesc: null, path: null };
      return await commitFiles(svc, { ...session, userId: t.userId }, staged, ctx);
    }
    const access = new RecordAccess(svc.app, session, req.lang);
    const ctx = await uploadContext(svc, access, fields);
    await checkRecordLimits(svc, ctx.functionId, ctx.businessId, { count: staged.length, bytes: total });
    return await commitFiles(svc, session, staged, ctx);
  } catch (err) {
    const e = err as { code?: string };
    if (e.code === 'FST_FILES_LIMIT' || e.code === 'FST_PARTS_LIMIT') throw refuse('file.tooMany', { max: opts.maxFiles });
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw refuse('file.bodyTooLarge', { limit: mb(opts.maxFileBytes) });
    throw err;
  } finally {
    await Promise.all(staged.map((s) => rm(s.staged, { force: true })));
  }
}

/** A file the caller may see, or the refusal that does not tell "not yours" from "gone". */
export async function visibleFile(svc: FileService, session: Session, req: FastifyRequest, id: number): Promise<FileRow> {
  const f = await fileById(svc.app.db, id);
  if (!f || !(await new RecordAccess(svc.app, session, req.lang).canSee(f))) throw refuse('file.notFound');
  return f;
}

/** Deletes rows and, when no row uses it any more, the stored content (under the content address lock). */
async function deleteFiles(svc: FileService, session: Session, req: FastifyRequest, ids: number[]): Promise<void> {
  const access = new RecordAccess(svc.app, session, req.lang);
  const rows = await filesByIds(svc.app.db, ids);
  if (rows.length !== ids.length) throw refuse('file.notFound');
  for (const f of rows) {
    if (!(await access.canSee(f))) throw refuse('file.notFound');
    if (!(await access.canDelete(f))) throw forbidden('auth.forbidden');
  }
  const released = await svc.app.db.transaction().execute(async (trx) => {
    for (const f of rows) await sql`delete from base_file where file_id = ${f.file_id}`.execute(trx);
    return [...new Set(rows.map((f) => f.storage_key))];
  });
  // After the commit: content no row uses any more is removed, under its lock (an upload of the same
  // content holds that lock until its row is committed, so it is either seen here or re-stores the bytes).
  for (const key of released) {
    await svc.app.db.transaction().execute(async (trx) => {
      await lockStorageKey(trx, key);
      if (!(await storageKeyInUse(trx, key))) await svc.storage.delete(key);
    });
  }
}

/** The file service of an application (its local store under DATA_DIR/files). */
export function fileService(app: AppContext, opts: FileOptions = fileOptionsFromEnv()): FileService {
  return { app, storage: new LocalFileStorage(join(app.config.dataDir, 'files')), opts };
}

/** The bytes of a record's files (FilesApi.bytesOfRecordFiles): only files that belong to that record, none
 *  larger than `maxBytes` (read whole into memory). */
export async function bytesOfRecordFiles(
  app: AppContext,
  db: Db,
  functionId: string,
  businessId: number,
  ids: number[],
  maxBytes: number,
): Promise<{ file: Attachment; bytes: Buffer }[]> {
  const svc = fileService(app);
  const rows = (await filesByIds(db, ids)).filter(
    (r) => r.function_id === functionId && Number(r.business_id) === businessId && Number(r.file_size) <= maxBytes,
  );
  const out: { file: Attachment; bytes: Buffer }[] = [];
  for (const r of rows) {
    const chunks: Buffer[] = [];
    for await (const c of svc.storage.get(r.storage_key)) chunks.push(c as Buffer);
    out.push({ file: toAttachment(r), bytes: Buffer.concat(chunks) });
  }
  return out;
}

/** A multipart upload another module authorised (FilesApi.receiveDelegated); the route must take multipart. */
export function receiveDelegated(app: AppContext, req: FastifyRequest, resolve: DelegatedResolve, limits?: DelegatedLimits): Promise<Attachment[]> {
  const svc = fileService(app);
  const opts = { ...svc.opts };
  // Narrower than the configured limits only, and known before a byte is read (a public page's upload).
  if (limits?.maxFileBytes !== undefined) opts.maxFileBytes = Math.min(opts.maxFileBytes, limits.maxFileBytes);
  if (limits?.maxFiles !== undefined) opts.maxFiles = Math.min(opts.maxFiles, limits.maxFiles);
  if (limits?.allowedExtensions)
    opts.allowedExtensions = opts.allowedExtensions.length
      ? opts.allowedExtensions.filter((e) => limits.allowedExtensions!.includes(e))
      : [...limits.allowedExtensions];
  return receiveUpload({ ...svc, opts }, req, 'file', resolve);
}

export function registerFileRoutes(server: FastifyInstance, app: AppContext, opts: FileOptions = fileOptionsFromEnv()): void {
  const svc: FileService = fileService(app, opts);
  server.register(async (f) => {
    await f.register(fastifyMultipart, { throwFileSizeLimit: false });
    // An upload refused while its body is still arriving is answered at once and its connection closed:
    // the rest of the body is never read (a connection left paused would otherwise linger).
    f.addHook('onSend', async (req, reply, payload) => {
      if (!req.raw.complete) reply.header('Connection', 'close');
      return payload;
    });
    f.addHook('onResponse', async (req) => {
      if (!req.raw.complete) req.raw.socket?.destroy();
    });
    const V2 = '/api/fileServer/v2/file';
    const IMG = '/api/fileServer/v2/images';

    // The limits the widget checks before sending (the server enforces them again).
    f.post(`${V2}/limits`, async () =>
      ok({
        maxFileBytes: opts.maxFileBytes,
        totalCapBytes: opts.totalCapBytes,
        maxFiles: opts.maxFiles,
        allowedExtensions: opts.allowedExtensions.length ? opts.allowedExtensions.filter((e) => Object.hasOwn(TYPES, e)) : Object.keys(TYPES),
        imageExtensions: IMAGE_EXTENSIONS,
        largeFileThreshold: opts.largeFileThreshold,
        chunkBytes: opts.chunkBytes,
      }),
    );
    f.post(`${V2}/upload`, { config: { streamBody: ['multipart'] } }, async (req) => ok(await receiveUpload(svc, req, 'file')));
    f.post(`${IMG}/upload`, { config: { streamBody: ['multipart'] } }, async (req) => ok(await receiveUpload(svc, req, 'image')));

    f.post('/api/fileServer/v1/baseFileRestful/listBaseFile', async (req) => {
      const session = sessionOf(req);
      const raw = bodyOf(req).ids;
      if (raw === undefined || raw === null || raw === '') return ok([]);
      const ids = parseIds(raw);
      if (!ids) throw refuse('file.idsRequired');
      const access = new RecordAccess(app, session, req.lang);
      const out: Attachment[] = [];
      for (const row of await filesByIds(app.db, ids)) if (await access.canSee(row)) out.push(toAttachment(row));
      return ok(out);
    });

    const download = async (req: FastifyRequest, reply: FastifyReply) =>
      sendFile(req, reply, svc.storage, await visibleFile(svc, sessionOf(req), req, idOf(req)));
    f.post(`${V2}/download`, download);
    f.post(`${V2}/downloadBody`, download);
    f.get(`${V2}/download`, { config: { ticket: 'file' } }, download);

    const imageOnly = (row: FileRow) => {
      if (!IMAGE_EXTENSIONS.includes(row.suffix_name ?? '')) throw refuse('file.imageTypeOnly', { types: IMAGE_EXTENSIONS.join(', ') });
    };
    const imageDownload = async (req: FastifyRequest, reply: FastifyReply) => {
      const row = await visibleFile(svc, sessionOf(req), req, idOf(req));
      imageOnly(row);
      return sendFile(req, reply, svc.storage, row);
    };
    f.post(`${IMG}/download`, imageDownload);
    f.get(`${IMG}/download`, { config: { ticket: 'file' } }, imageDownload);

    f.post(`${V2}/getFileUrl`, async (req) => {
      const session = sessionOf(req);
      const row = await visibleFile(svc, session, req, idOf(req));
      const ticket = await issueTicket(app, session, `file:${row.file_id}`, opts.ticketSeconds);
      const image = IMAGE_EXTENSIONS.includes(row.suffix_name ?? '');
      return ok({ url: `${image ? IMG : V2}/download?id=${row.file_id}&ticket=${ticket}`, ticket, expiresIn: opts.ticketSeconds });
    });

    f.post(`${V2}/batchDownload`, async (req, reply) => {
      const session = sessionOf(req);
      const ids = parseIds(queryOf(req).fileIds ?? bodyOf(req).fileIds ?? bodyOf(req).ids);
      if (!ids) throw refuse('file.idsRequired');
      const access = new RecordAccess(app, session, req.lang);
      const rows: FileRow[] = [];
      for (const row of await filesByIds(app.db, ids)) if (await access.canSee(row)) rows.push(row);
      if (!rows.length) throw refuse('file.notFound');
      if (rows.reduce((s, r) => s + r.file_size + 200, 0) > ZIP_MAX_BYTES) throw refuse('file.zipTooLarge');
      const names = uniqueNames(rows.map((r) => r.file_name));
      const zip = zipStream(rows.map((r, i) => ({ name: names[i], size: r.file_size, open: () => svc.storage.get(r.storage_key) })));
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="files.zip"; filename*=UTF-8''files.zip`)
        .header('Cache-Control', 'private, no-store')
        .send(zip);
    });

    f.post(`${V2}/copy`, async (req) => {
      const session = sessionOf(req);
      const source = await visibleFile(svc, session, req, idOf(req));
      const access = new RecordAccess(app, session, req.lang);
      const body = bodyOf(req);
      const ctx = await uploadContext(svc, access, {
        functionId: body.functionId,
        businessId: body.businessId,
        fileDesc: body.fileDesc ?? source.file_desc,
        path: body.path ?? source.path,
      });
      await checkRecordLimits(svc, ctx.functionId, ctx.businessId, { count: 1, bytes: source.file_size });
      const row = await app.db.transaction().execute(async (trx) => {
        await lockStorageKey(trx, source.storage_key);
        if (!(await svc.storage.exists(source.storage_key))) throw refuse('file.notFound');
        return insertFile(
          trx,
          { ...source, function_id: ctx.functionId, business_id: ctx.businessId, file_desc: ctx.fileDesc, path: ctx.path },
          session.userId,
        );
      });
      return ok(toAttachment(row));
    });

    f.post(`${V2}/delete`, async (req) => {
      await deleteFiles(svc, sessionOf(req), req, [idOf(req)]);
      return ok(null);
    });

    f.post(`${V2}/batchDelete`, async (req) => {
      const cipher = bodyOf(req).fileIds;
      if (typeof cipher !== 'string' || !cipher) throw refuse('file.idsRequired');
      const plain = decryptOaep(app.keys, cipher);
      if (plain === null) throw refuse('file.badCipher');
      const ids = parseIds(plain);
      if (!ids) throw refuse('file.idsRequired');
      await deleteFiles(svc, sessionOf(req), req, ids);
      return ok(null);
    });

    registerLargeFileRoutes(f, svc);
    registerPreviewRoutes(f, svc);
  });
}
