// Moving files from one business record to another (FilesApi.moveFiles / claimUploads): a module whose record
// carries files that become another record's on some decision (a supplier's change request approved: its
// new certificate scans become the supplier's, the replaced ones stay with the change as its history).
// Only files that are where the caller says they are move, so a module cannot take anyone else's file.
import type { Db } from '../../../server/db/connect.js';
import { auditUpdate, typed } from '../../../server/db/typed.js';
import type { FilesTables } from '../generated/tables.js';
import { filesByIds, toAttachment, type Attachment } from './repo.js';

/** A business record files belong to (`functionId`: its entity, `businessId`: its key). */
export interface RecordRef {
  functionId: string;
  businessId: number;
}

/** Moves the files among `ids` that belong to `from` onto `to`; answers the moved ones, in the order asked. */
export async function moveFiles(db: Db, from: RecordRef, to: RecordRef, ids: number[], userId: number): Promise<Attachment[]> {
  const mine = (await filesByIds(db, ids)).filter((f) => f.function_id === from.functionId && f.business_id === from.businessId);
  if (!mine.length) return [];
  await typed<FilesTables>(db)
    .updateTable('base_file')
    .set({ function_id: to.functionId, business_id: to.businessId, ...auditUpdate(userId) })
    .where(
      'file_id',
      'in',
      mine.map((f) => f.file_id),
    )
    .execute();
  return mine.map((f) => toAttachment({ ...f, function_id: to.functionId, business_id: to.businessId }));
}

/**
 * Binds to `to` the files among `ids` that `uploadedBy` uploaded and no record holds yet (what the platform's
 * claim does for a record's own attachments fields, here for a module's line that names uploads). Answers the
 * bound ones; anyone else's file, or one a record already holds, is left alone.
 */
export async function claimUploads(db: Db, uploadedBy: number, to: RecordRef, ids: number[]): Promise<Attachment[]> {
  const free = (await filesByIds(db, ids)).filter(
    (f) => f.created_by === uploadedBy && f.business_id === null && (f.function_id === null || f.function_id === to.functionId),
  );
  if (!free.length) return [];
  await typed<FilesTables>(db)
    .updateTable('base_file')
    .set({ function_id: to.functionId, business_id: to.businessId, ...auditUpdate(uploadedBy) })
    .where(
      'file_id',
      'in',
      free.map((f) => f.file_id),
    )
    .where('business_id', 'is', null)
    .execute();
  return free.map((f) => toAttachment({ ...f, function_id: to.functionId, business_id: to.businessId }));
}
