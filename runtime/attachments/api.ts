// File calls of CONTRACT.md "Files and Excel", all through the injected env (signed JSON, signed
// multipart with progress, signed binary download). Endpoint paths come from the module that serves the
// files (service slot `attachments`), in one table that follows the server's docs/files.md.
import { ApiError, type DownloadResult, type RuntimeEnv } from '../env.js';
import { encryptPassword } from '../http/rsa.js';
import { service } from '../registry/services.js';
import { type Attachment, type ServerLimits, isLargeFile, percent, planChunks, remainingChunks, DEFAULT_CHUNK_SIZE, LARGE_FILE_THRESHOLD } from './rules.js';

/** The file service's endpoints (docs/files.md), `{area}/v…/…` as `env.api` takes them. The module that
 *  serves the files provides them (service slot `attachments`, runtime/registry/services.ts). */
export interface AttachmentEndpoints {
  upload: string;
  limits: string;
  imageUpload: string;
  list: string;
  download: string;
  getFileUrl: string;
  batchDelete: string;
  largeInit: string;
  largeUpload: string;
  largeComplete: string;
  largeDownload: string;
  preview: string;
}

/** The RSA key that batchDelete's ids are encrypted with: the login service's, part of the platform. */
const PUBLIC_KEY = 'baseServer/v1/baseLoginService/getPublicKey';

const endpoints = (): AttachmentEndpoints => service('attachments');

/** Upload context of SPEC §3 (path, functionId, businessId, fileDesc) and attachmentConfig.customData. */
export interface UploadContext {
  path?: string;
  functionId?: string;
  businessId?: string | number;
  fileDesc?: string;
  /** attachmentConfig.customData: sent as JSON text, kept with each uploaded file and answered with it. */
  customData?: Record<string, unknown>;
  /** Image upload (SPEC §5): the images route, which accepts gif, jpg, jpeg, png, bmp only. */
  image?: boolean;
}

export type FileEnv = Pick<RuntimeEnv, 'api' | 'upload' | 'download'>;

function need<K extends 'upload' | 'download'>(env: FileEnv, k: K): NonNullable<FileEnv[K]> {
  const fn = env[k];
  if (!fn) throw new ApiError(`RuntimeEnv.${k} is not provided`, 0);
  return fn as NonNullable<FileEnv[K]>;
}

function appendContext(form: FormData, ctx: UploadContext): void {
  for (const key of ['path', 'functionId', 'businessId', 'fileDesc'] as const) {
    const v = ctx[key];
    if (v !== undefined && v !== null && v !== '') form.append(key, String(v));
  }
  if (ctx.customData && Object.keys(ctx.customData).length > 0) form.append('customData', JSON.stringify(ctx.customData));
}

let limitsCache: Promise<ServerLimits | null> | null = null;

/** The server's upload limits, asked once per page load; unavailable → null (the config's limits apply). */
export function serverLimits(env: FileEnv): Promise<ServerLimits | null> {
  if (!limitsCache) {
    limitsCache = env.api<ServerLimits | null>(endpoints().limits, {}).then(
      (a) => (a.data && typeof a.data === 'object' ? a.data : null),
      () => {
        limitsCache = null;
        return null;
      },
    );
  }
  return limitsCache;
}

/** listBaseFile; a status other than S gives an empty list (SPEC §7). */
export async function listAttachments(env: FileEnv, ids: readonly string[]): Promise<Attachment[]> {
  if (ids.length === 0) return [];
  try {
    const answer = await env.api<Attachment[] | null>(endpoints().list, { ids: ids.join(',') });
    return Array.isArray(answer.data) ? answer.data : [];
  } catch (error) {
    if (error instanceof ApiError && error.envelope) return [];
    throw error;
  }
}

/** v2 upload of ordinary files (≤ 100 MB each) in one multipart request. */
export async function uploadFiles(
  env: FileEnv,
  files: readonly File[],
  ctx: UploadContext,
  onProgress?: (pct: number) => void,
  signal?: AbortSignal,
): Promise<Attachment[]> {
  const form = new FormData();
  for (const f of files) form.append('files', f, f.name);
  appendContext(form, ctx);
  const answer = await need(env, 'upload')<Attachment[]>(ctx.image ? endpoints().imageUpload : endpoints().upload, form, {
    signal,
    onProgress: (loaded, total) => onProgress?.(Math.min(99, percent(loaded, total || files.reduce((s, f) => s + f.size, 0)))),
  });
  return (answer.data ?? []).map((a) => ({ ...a, largeFileFlag: 'N' as const }));
}

async function sha256Hex(data: BufferSource): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', data);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

interface LargeInit {
  uploadId: string;
  /** Indexes of the chunks the server already holds (resume). */
  uploadedChunks?: number[];
  chunkSize?: number;
}

const resumeKey = (f: File) => `srm.largeUpload.${f.name}:${f.size}:${f.lastModified}`;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Large-file route (SPEC §5, > 100 MB): init → chunks (each with its SHA-256, retried 3×) → complete
 * with the file hash (SHA-256 over the concatenated chunk hashes). The upload id is remembered per
 * file (name, size, lastModified), so picking the same file again after a broken connection resumes
 * with the chunks the server does not have yet.
 */
export async function uploadLargeFile(
  env: FileEnv,
  file: File,
  ctx: UploadContext,
  onProgress?: (pct: number) => void,
  signal?: AbortSignal,
): Promise<Attachment> {
  const upload = need(env, 'upload');
  const store = storage();
  const previous = store?.getItem(resumeKey(file)) ?? undefined;
  const init = (
    await env.api<LargeInit>(endpoints().largeInit, {
      uploadId: previous,
      fileName: file.name,
      fileSize: file.size,
      chunkSize: DEFAULT_CHUNK_SIZE,
      path: ctx.path,
      functionId: ctx.functionId,
      businessId: ctx.businessId,
      fileDesc: ctx.fileDesc,
      ...(ctx.customData && Object.keys(ctx.customData).length > 0 ? { customData: ctx.customData } : {}),
    })
  ).data;
  store?.setItem(resumeKey(file), init.uploadId);
  const plan = planChunks(file.size, init.chunkSize ?? DEFAULT_CHUNK_SIZE);
  const hashes: string[] = new Array<string>(plan.count);
  const todo = new Set(remainingChunks(plan, init.uploadedChunks ?? []).map((c) => c.index));
  let sent = plan.chunks.filter((c) => !todo.has(c.index)).reduce((s, c) => s + (c.end - c.start), 0);
  for (const chunk of plan.chunks) {
    const blob = file.slice(chunk.start, chunk.end);
    hashes[chunk.index] = await sha256Hex(await blob.arrayBuffer());
    if (!todo.has(chunk.index)) continue;
    for (let attempt = 1; ; attempt++) {
      const form = new FormData();
      form.append('uploadId', init.uploadId);
      form.append('index', String(chunk.index));
      form.append('chunkHash', hashes[chunk.index]);
      form.append('chunk', blob, `${chunk.index}`);
      try {
        await upload(endpoints().largeUpload, form, {
          signal,
          onProgress: (loaded) => onProgress?.(Math.min(99, percent(sent + loaded, file.size))),
        });
        break;
      } catch (error) {
        // A refusal (status E) is final; a network failure is retried, then left for a later resume.
        if (signal?.aborted || (error instanceof ApiError && error.httpStatus !== 0) || attempt >= 3) throw error;
      }
    }
    sent += chunk.end - chunk.start;
    onProgress?.(Math.min(99, percent(sent, file.size)));
  }
  const fileHash = await sha256Hex(new TextEncoder().encode(hashes.join('')));
  const done = (await env.api<Attachment>(endpoints().largeComplete, { uploadId: init.uploadId, fileHash, chunkCount: plan.count })).data;
  store?.removeItem(resumeKey(file));
  return { ...done, largeFileFlag: 'Y' };
}

/** Ordinary files in one request, each large file through the large-file route; progress over all bytes. */
export async function uploadAll(
  env: FileEnv,
  files: readonly File[],
  ctx: UploadContext,
  onProgress?: (pct: number) => void,
  signal?: AbortSignal,
  threshold: number = LARGE_FILE_THRESHOLD,
): Promise<Attachment[]> {
  const small = files.filter((f) => !isLargeFile(f.size, threshold));
  const large = files.filter((f) => isLargeFile(f.size, threshold));
  const total = files.reduce((s, f) => s + f.size, 0) || 1;
  let done = 0;
  const result: Attachment[] = [];
  const part = (bytes: number) => (pct: number) => onProgress?.(Math.min(99, percent(done + (bytes * pct) / 100, total)));
  if (small.length) {
    const bytes = small.reduce((s, f) => s + f.size, 0);
    result.push(...(await uploadFiles(env, small, ctx, part(bytes), signal)));
    done += bytes;
  }
  for (const f of large) {
    result.push(await uploadLargeFile(env, f, ctx, part(f.size), signal));
    done += f.size;
  }
  onProgress?.(100);
  return result;
}

export async function downloadAttachment(env: FileEnv, a: Pick<Attachment, 'id' | 'largeFileFlag' | 'fileSize'>): Promise<DownloadResult> {
  const id = encodeURIComponent(String(a.id));
  const large = a.largeFileFlag === 'Y' || (a.largeFileFlag === undefined && isLargeFile(Number(a.fileSize) || 0));
  // Signed POST on both routes: the GET variants are for ticket links (getFileUrl), not for signed calls.
  return need(env, 'download')(`${large ? endpoints().largeDownload : endpoints().download}?id=${id}`, { method: 'POST' });
}

/** Office types the server converts to HTML itself (mammoth / exceljs); the others go through LibreOffice → PDF. */
export const HTML_PREVIEW_EXTENSIONS = ['docx', 'xlsx'] as const;

export interface HtmlPreview {
  kind: 'html';
  html: string;
  truncated: boolean;
}

/** docx/xlsx converted on the server: sanitised HTML as JSON data (shown in a sandboxed iframe). */
export async function previewHtml(env: FileEnv, id: Attachment['id']): Promise<HtmlPreview> {
  return (await env.api<HtmlPreview>(endpoints().preview, { id })).data;
}

/** doc/xls/ppt/pptx converted by LibreOffice on the server: PDF bytes (status E when it is not installed). */
export async function previewPdf(env: FileEnv, id: Attachment['id']): Promise<Blob> {
  return (await need(env, 'download')(`${endpoints().preview}?id=${encodeURIComponent(String(id))}`, { method: 'POST' })).blob;
}

/** A short-lived ticket URL for `<img>`/PDF viewing (CONTRACT.md: downloads opened as links). */
export async function fileUrl(env: FileEnv, id: Attachment['id']): Promise<string> {
  const data = (await env.api<string | { url: string }>(endpoints().getFileUrl, { id })).data;
  return typeof data === 'string' ? data : data.url;
}

/** Batch delete: the file ids RSA-OAEP encrypted with the server's public key (SPEC §7). */
export async function deleteAttachments(env: FileEnv, ids: readonly Attachment['id'][]): Promise<void> {
  const key = (await env.api<string>(PUBLIC_KEY, {})).data;
  const fileIds = await encryptPassword(key, ids.map(String).join(','));
  await env.api(endpoints().batchDelete, { fileIds });
}

/** Saves a Blob under a name through a temporary object URL. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Saves a file an answer carried as base64 (a generated PDF: contract, labels) under its name. */
export function saveBase64(base64: string, name: string, type: string): void {
  saveBlob(new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type }), name);
}
