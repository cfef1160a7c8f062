// The pure rules of the attachment widget (SPEC §2, §4 "Upload"/"Attachments", §5, §9): limits and
// their messages, the id string, preview kinds, JSON errors hidden in binary answers, large-file chunks.
// No React, no network: unit-tested in tests/unit/runtime/attachments.test.ts.

/** SPEC §9 */
export const DEFAULT_MAX_FILE_SIZE = 2147483648;
export const DEFAULT_MAX_COUNT = 999;
/** Above this a file goes through the large-file routes (strictly greater, SPEC §5). */
export const LARGE_FILE_THRESHOLD = 104857600;
export const DEFAULT_CHUNK_SIZE = 8 * 1024 * 1024;
export const PREVIEW_EXTENSIONS = ['gif', 'jpg', 'jpeg', 'png', 'bmp', 'txt', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'pdf'] as const;
export const IMAGE_EXTENSIONS = ['gif', 'jpg', 'jpeg', 'png', 'bmp'] as const;

/** SPEC §3 Attachment, as listBaseFile and upload answer it. */
export interface Attachment {
  id: number | string;
  fileId?: string;
  originalFileName: string;
  fileName?: string;
  fileSize: number;
  suffixName?: string;
  /** Y when the file lives in the large-file store. */
  largeFileFlag?: 'Y' | 'N';
}

export interface AttachmentLimits {
  /** Per-file limit in bytes (default 2147483648). */
  maxFileSize?: number;
  /** Total of all attachments in bytes; -1 or absent = unlimited. */
  totalSize?: number;
  /** Attachment count cap (default 999). */
  maxCount?: number;
  /** Allowed extensions, case-insensitive, without dots; empty/absent = any. */
  extensions?: readonly string[];
  /** Image upload: only gif, jpg, jpeg, png, bmp. */
  imageOnly?: boolean;
}

/** A refusal: an i18n key under `attachment.` plus its variables. */
export interface Refusal {
  key: string;
  vars?: Record<string, string | number>;
}

export interface FileLike {
  name: string;
  size: number;
}

export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot <= 0 || dot === base.length - 1 ? '' : base.slice(dot + 1).toLowerCase();
}

export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return u === 0 ? `${v} B` : `${v.toFixed(v >= 100 ? 0 : v >= 10 ? 1 : 2)} ${units[u]}`;
}

const mb = (bytes: number) => Math.round((bytes / 1048576) * 100) / 100;

/**
 * Checks the files a user picked against the limits and the attachments already there, in the order
 * the old widget did: count, image type, extension, per-file size, total size. The first refusal wins;
 * nothing is sent when any file is refused.
 */
export function checkFiles(files: readonly FileLike[], existing: readonly Pick<Attachment, 'fileSize'>[], limits: AttachmentLimits = {}): Refusal | null {
  const maxCount = limits.maxCount ?? DEFAULT_MAX_COUNT;
  const maxFileSize = limits.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
  const totalSize = limits.totalSize ?? -1;
  if (files.length === 0) return null;
  if (existing.length + files.length > maxCount) return { key: 'attachment.tooMany', vars: { max: maxCount } };
  const allowed = (limits.extensions ?? []).map((e) => e.replace(/^\./, '').toLowerCase()).filter(Boolean);
  for (const file of files) {
    const ext = extensionOf(file.name);
    if (limits.imageOnly && !(IMAGE_EXTENSIONS as readonly string[]).includes(ext)) {
      return { key: 'attachment.imageType', vars: { types: IMAGE_EXTENSIONS.join(', ') } };
    }
    if (allowed.length > 0 && !allowed.includes(ext)) {
      return { key: 'attachment.extension', vars: { ext: ext || '-', allowed: allowed.join(', ') } };
    }
    if (file.size > maxFileSize) return { key: 'attachment.fileTooLarge', vars: { name: file.name, max: mb(maxFileSize) } };
    if (file.size === 0) return { key: 'attachment.emptyFile', vars: { name: file.name } };
  }
  if (totalSize >= 0) {
    const current = existing.reduce((s, a) => s + (Number(a.fileSize) || 0), 0);
    const adding = files.reduce((s, f) => s + f.size, 0);
    if (current + adding > totalSize) return { key: 'attachment.totalTooLarge', vars: { max: mb(totalSize) } };
  }
  return null;
}

/** Upload button disabled once the cap is reached (SPEC §5). */
export function countReached(count: number, limits: AttachmentLimits = {}): boolean {
  return count >= (limits.maxCount ?? DEFAULT_MAX_COUNT);
}

/** The ids of a business record's `attachments` field ("1,2,3"), trimmed, without blanks or repeats. */
export function parseIds(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  const raw = Array.isArray(value) ? value.map(String) : String(value).split(',');
  const seen = new Set<string>();
  for (const part of raw) {
    const id = part.trim();
    if (id) seen.add(id);
  }
  return [...seen];
}

/** The id string rebuilt from the attachment list (SPEC §4: on every upload and delete). */
export function buildIds(list: readonly Pick<Attachment, 'id'>[]): string {
  return parseIds(list.map((a) => String(a.id))).join(',');
}

/** The list after an upload: new files appended, an id already present not repeated. */
export function appendAttachments(list: readonly Attachment[], added: readonly Attachment[]): Attachment[] {
  const ids = new Set(list.map((a) => String(a.id)));
  return [...list, ...added.filter((a) => !ids.has(String(a.id)))];
}

export function removeAttachment(list: readonly Attachment[], id: Attachment['id']): Attachment[] {
  return list.filter((a) => String(a.id) !== String(id));
}

/** Orders listBaseFile's answer like the id string (the user's order of upload). */
export function orderByIds(list: readonly Attachment[], ids: readonly string[]): Attachment[] {
  const byId = new Map(list.map((a) => [String(a.id), a]));
  return ids.map((id) => byId.get(id)).filter((a): a is Attachment => a !== undefined);
}

export type PreviewKind = 'image' | 'text' | 'pdf' | 'office' | 'none';

export function previewKind(nameOrExt: string): PreviewKind {
  const ext = nameOrExt.includes('.') ? extensionOf(nameOrExt) : nameOrExt.toLowerCase();
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return 'image';
  if (ext === 'txt') return 'text';
  if (ext === 'pdf') return 'pdf';
  if ((PREVIEW_EXTENSIONS as readonly string[]).includes(ext)) return 'office';
  return 'none';
}

export function attachmentExtension(a: Pick<Attachment, 'suffixName' | 'originalFileName'>): string {
  const s = (a.suffixName ?? '').replace(/^\./, '').toLowerCase();
  return s || extensionOf(a.originalFileName);
}

export function isLargeFile(size: number, threshold: number = LARGE_FILE_THRESHOLD): boolean {
  return size > threshold;
}

/** The large-file flag of SPEC §4: Y while the file being uploaded is above the threshold. */
export function largeFileFlag(size: number, threshold: number = LARGE_FILE_THRESHOLD): 'Y' | 'N' {
  return isLargeFile(size, threshold) ? 'Y' : 'N';
}

/** What `fileServer/v2/file/limits` answers (docs/files.md): the server's own limits. */
export interface ServerLimits {
  maxFileBytes?: number;
  totalCapBytes?: number;
  maxFiles?: number;
  allowedExtensions?: string[];
  largeFileThreshold?: number;
  chunkBytes?: number;
}

export type EffectiveLimits = AttachmentLimits & { largeFileThreshold: number };

/**
 * The limits the widget checks: the stricter of the field's config and the server's limits (the
 * server enforces its own again); extensions are those both allow.
 */
export function mergeLimits(config: AttachmentLimits, server: ServerLimits | null | undefined): EffectiveLimits {
  const sv = server ?? {};
  const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const capA = config.totalSize ?? -1;
  const capB = num(sv.totalCapBytes) ?? -1;
  const totalSize = capA >= 0 && capB >= 0 ? Math.min(capA, capB) : capA >= 0 ? capA : capB;
  const norm = (list: readonly string[] | undefined) => (list ?? []).map((e) => e.replace(/^\./, '').toLowerCase()).filter(Boolean);
  const mine = norm(config.extensions);
  const theirs = norm(Array.isArray(sv.allowedExtensions) ? sv.allowedExtensions : undefined);
  const extensions = mine.length && theirs.length ? mine.filter((e) => theirs.includes(e)) : mine.length ? mine : theirs;
  return {
    maxFileSize: Math.min(config.maxFileSize ?? DEFAULT_MAX_FILE_SIZE, num(sv.maxFileBytes) ?? Infinity),
    totalSize,
    maxCount: Math.min(config.maxCount ?? DEFAULT_MAX_COUNT, num(sv.maxFiles) ?? Infinity),
    extensions: mine.length && theirs.length && extensions.length === 0 ? ['-'] : extensions,
    imageOnly: config.imageOnly,
    largeFileThreshold: num(sv.largeFileThreshold) ?? LARGE_FILE_THRESHOLD,
  };
}

export interface ErrorEnvelope {
  status: 'E';
  msg: string;
}

/** The JSON error a binary endpoint answers instead of bytes (SPEC §7: shown as an error). */
export function parseErrorText(text: string): ErrorEnvelope | null {
  const t = text.trim();
  if (!t.startsWith('{') || t.length > 65536) return null;
  try {
    const v = JSON.parse(t) as unknown;
    if (typeof v === 'object' && v !== null && (v as { status?: unknown }).status === 'E') {
      const msg = (v as { msg?: unknown }).msg;
      return { status: 'E', msg: typeof msg === 'string' ? msg : '' };
    }
  } catch {
    return null;
  }
  return null;
}

/** Whether a downloaded Blob is really a JSON `{status:"E"}` envelope; reads at most 64 KB. */
export async function errorInBlob(blob: Blob): Promise<ErrorEnvelope | null> {
  const type = blob.type.toLowerCase();
  const maybeJson = type.includes('json') || type.startsWith('text/') || type === '' || blob.size < 4096;
  if (!maybeJson || blob.size > 65536) return null;
  return parseErrorText(await blob.text());
}

export interface ChunkPlan {
  chunkSize: number;
  count: number;
  chunks: { index: number; start: number; end: number }[];
}

/** Splits a large file into chunks (the last one shorter); `end` is exclusive. */
export function planChunks(size: number, chunkSize: number = DEFAULT_CHUNK_SIZE): ChunkPlan {
  if (!(chunkSize > 0)) throw new Error('chunkSize must be positive');
  const count = Math.max(1, Math.ceil(size / chunkSize));
  const chunks = Array.from({ length: count }, (_, index) => ({ index, start: index * chunkSize, end: Math.min(size, (index + 1) * chunkSize) }));
  return { chunkSize, count, chunks };
}

/** The chunks still to send when resuming: those the server does not already hold. */
export function remainingChunks(plan: ChunkPlan, uploaded: readonly number[]): ChunkPlan['chunks'] {
  const done = new Set(uploaded);
  return plan.chunks.filter((c) => !done.has(c.index));
}

/** Overall percentage of an upload from bytes sent (0–100, integer; 100 only when done). */
export function percent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.floor((loaded / total) * 100)));
}
