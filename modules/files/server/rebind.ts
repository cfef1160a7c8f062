// Moving files from one business record to another (FilesApi.moveFiles / claimUploads): a module whose record
// carries files that become another record's on some decision (a supplier's change request approved: its
// new certificate scans become the supplier's, the replaced ones stay with the change as its history).
// Only files that are where the caller says they are move, so a module cannot take anyone else's file.
import type { Db } from '../../../server/db/connect.js';
import { auditUpdate, typed } from '../../../server/db/typed.js';
import type { FilesTables } from '../generated/tables.js';
import { toAttachment, type Attachment, type FileRow } from './repo.js';

/** A business record files belong to (`functionId`: its entity, `businessId`: its key). */
export interface RecordRef {
  functionId: string;
  businessId: number;
}

/** The rows an update touched, as attachments in the order `ids` asked for them. */
function inOrder(ids: number[], rows: FileRow[]): Attachment[] {
  const byId = new Map(rows.map((r) => [r.file_id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [toAttachment(r)] : [];
  });
}

/** Moves the files among `ids` that belong to `from` onto `to`; answers the moved ones, in the order asked. */
export async function moveFiles(db: Db, from: RecordRef, to: RecordRef, ids: number[], userId: number): Promise<Attachment[]> {
  if (!ids.length) return [];
  // One statement: only the files still where the caller says they are move.
  const moved = await typed<FilesTables>(db)
    .updateTable('base_file')
    .set({ function_id: to.functionId, business_id: to.businessId, ...auditUpdate(userId) })
    .where('file_id', 'in', ids)
    .where('function_id', '=', from.functionId)
    .where('business_id', '=', from.businessId)
    .returningAll()
    .execute();
  return inOrder(ids, moved);
}

/**
 * Binds to `to` the files among `ids` that `uploadedBy` uploaded and no record holds yet: a saved record's
 * `attachments` fields (claim.ts), a module's line that names uploads. Answers the bound ones; anyone else's
 * file, or one a record already holds, is left alone.
 */
export async function claimUploads(db: Db, uploadedBy: number, to: RecordRef, ids: number[]): Promise<Attachment[]> {
  if (!ids.length) return [];
  const bound = await typed<FilesTables>(db)
    .updateTable('base_file')
    .set({ function_id: to.functionId, business_id: to.businessId, ...auditUpdate(uploadedBy) })
    .where('file_id', 'in', ids)
    .where('created_by', '=', uploadedBy)
    .where('business_id', 'is', null)
    .where((eb) => eb.or([eb('function_id', 'is', null), eb('function_id', '=', to.functionId)]))
    .returningAll()
    .execute();
  return inOrder(ids, bound);
}
