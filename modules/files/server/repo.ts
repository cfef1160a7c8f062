// base_file rows: the metadata of stored files. Bytes are reached only through FileStorage.
import { sql } from 'kysely';
import type { Db } from '../../../server/db/connect.js';
import { auditInsert, typed } from '../../../server/db/typed.js';
import type { FilesTables } from '../generated/tables.js';

export interface FileRow {
  file_id: number;
  file_name: string;
  original_file_name: string | null;
  file_size: number;
  suffix_name: string | null;
  content_type: string | null;
  sha256: string;
  function_id: string | null;
  business_id: number | null;
  file_desc: string | null;
  path: string | null;
  /** attachmentConfig.customData of the upload, as JSON object text. */
  custom_data?: string | null;
  storage_key: string;
  created_by: number | null;
  creation_date: string;
}

/** CONTRACT.md attachment shape, plus what a client may show (description, type, who and when). */
export interface Attachment {
  id: number;
  fileId: number;
  originalFileName: string | null;
  fileName: string;
  fileSize: number;
  suffixName: string | null;
  contentType: string | null;
  fileDesc: string | null;
  functionId: string | null;
  businessId: number | null;
  /** attachmentConfig.customData the file was uploaded with (null without). */
  customData: Record<string, unknown> | null;
  createdBy: number | null;
  creationDate: string;
}

function parseCustomData(raw: string | null | undefined): Record<string, unknown> | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function toAttachment(r: FileRow): Attachment {
  return {
    id: r.file_id,
    fileId: r.file_id,
    originalFileName: r.original_file_name,
    fileName: r.file_name,
    fileSize: r.file_size,
    suffixName: r.suffix_name,
    contentType: r.content_type,
    fileDesc: r.file_desc,
    functionId: r.function_id,
    businessId: r.business_id,
    customData: parseCustomData(r.custom_data),
    createdBy: r.created_by,
    creationDate: r.creation_date,
  };
}

export type NewFile = Omit<FileRow, 'file_id' | 'creation_date' | 'created_by'>;

export async function insertFile(db: Db, f: NewFile, userId: number): Promise<FileRow> {
  return typed<FilesTables>(db)
    .insertInto('base_file')
    .values({
      file_name: f.file_name,
      original_file_name: f.original_file_name,
      file_size: f.file_size,
      suffix_name: f.suffix_name,
      content_type: f.content_type,
      sha256: f.sha256,
      function_id: f.function_id,
      business_id: f.business_id,
      file_desc: f.file_desc,
      path: f.path,
      custom_data: f.custom_data ?? null,
      storage_key: f.storage_key,
      ...auditInsert(userId),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function fileById(db: Db, id: number): Promise<FileRow | undefined> {
  return typed<FilesTables>(db).selectFrom('base_file').selectAll().where('file_id', '=', id).executeTakeFirst();
}

export async function filesByIds(db: Db, ids: number[]): Promise<FileRow[]> {
  if (!ids.length) return [];
  const rows = await typed<FilesTables>(db).selectFrom('base_file').selectAll().where('file_id', 'in', ids).execute();
  const byId = new Map<number, FileRow>(rows.map((r) => [r.file_id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is FileRow => !!r);
}

/** The files among `ids` that belong to one business record (FilesApi.filesOfRecord), in the order asked. */
export async function filesOfRecord(db: Db, functionId: string, businessId: number, ids: number[]): Promise<Attachment[]> {
  return (await filesByIds(db, ids)).filter((f) => f.function_id === functionId && f.business_id === businessId).map(toAttachment);
}

/** Count and combined size of one business record's files. */
export async function recordUsage(db: Db, functionId: string, businessId: number): Promise<{ count: number; bytes: number }> {
  const r = await typed<FilesTables>(db)
    .selectFrom('base_file')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number | null>('file_size').as('bytes')])
    .where('function_id', '=', functionId)
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  return { count: Number(r?.count ?? 0), bytes: Number(r?.bytes ?? 0) };
}

/**
 * Serialises writers of one content address (an upload re-using it, a delete removing its last row).
 * Raw: an advisory lock, not a table; the files API hands it a Db (callers pass their transaction).
 */
export async function lockStorageKey(db: Db, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${'base_file:' + key}))`.execute(db);
}

export async function storageKeyInUse(db: Db, key: string): Promise<boolean> {
  return (await typed<FilesTables>(db).selectFrom('base_file').select('file_id').where('storage_key', '=', key).limit(1).executeTakeFirst()) !== undefined;
}

/** Parses "1,2,3" (or [1,2,3]) into distinct positive ids; null when malformed. */
export function parseIds(raw: unknown, max = 999): number[] | null {
  const parts = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' || typeof raw === 'number' ? String(raw).split(',') : null;
  if (!parts) return null;
  const ids = parts.map((s) => s.trim()).filter(Boolean);
  if (!ids.length || ids.length > max || !ids.every((s) => /^\d{1,15}$/.test(s))) return null;
  return [...new Set(ids.map(Number))].filter((n) => n > 0);
}
