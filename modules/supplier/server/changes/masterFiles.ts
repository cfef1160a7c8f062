// The master's plain attachments a supplier may name in a change request's REMOVED / REPLACED file line.
// `listMasterFiles` is what the portal's picker cell offers (attachmentConfig.pickFrom on myChangeEdit): the
// files of the signed-in supplier's own master, never another's — the supplier comes from the session only, a
// supplierId in the body is not read. `describePickedFiles` runs when the change is saved: a line may name
// only those files (anything else is refused, nothing saved) and gets their names and sizes, so the supplier
// sees what it picked before it submits. Files are reached through the files module's api, never its table.
import type { Db } from '../../../../server/db/connect.js';
import { typed } from '../../../../server/db/typed.js';
import { refuse } from '../../../../server/errors.js';
import { ok } from '../../../../server/http/envelope.js';
import type { ActionContext, FamilyAction } from '../../../../server/rest/actionContext.js';
import type { Attachment, FilesApi } from '../../../files/api.js';
import type { SupplierTables } from '../../generated/tables.js';
import { describeFiles, ids } from './fileChanges.js';

const MASTER = 'srmPosSupplierInfo';

/** The caller's own supplier: a change request is only ever a supplier's own (as the entity's beforeSave says). */
export function ownSupplier(ctx: ActionContext): number {
  if (ctx.session.userType !== 'EXTERNAL' || !ctx.session.supplierId) throw refuse('change.supplierOnly');
  return ctx.session.supplierId;
}

/** The plain attachments the supplier's master holds now, in the master's order. */
async function masterFiles(ctx: ActionContext, db: Db, supplierId: number): Promise<Attachment[]> {
  const master = await typed<SupplierTables>(db)
    .selectFrom('srm_pos_supplier_info')
    .select('attachment_ids')
    .where('supplier_id', '=', supplierId)
    .executeTakeFirst();
  if (!master) return [];
  return ctx.app.modules.api<FilesApi>('files').filesOfRecord(db, MASTER, supplierId, ids(master.attachment_ids));
}

/** `srmPosSupplierChangeRestful/listMasterFiles {}` → the attachments (id, name, size, upload date) of the caller's master. */
export const listMasterFiles: FamilyAction = async (ctx) => {
  const files = await masterFiles(ctx, ctx.app.db, ownSupplier(ctx));
  return ok(
    files.map((f) => ({
      id: f.id,
      fileId: f.fileId,
      originalFileName: f.originalFileName ?? f.fileName,
      fileName: f.fileName,
      fileSize: f.fileSize,
      suffixName: f.suffixName,
      creationDate: f.creationDate,
    })),
  );
};

/**
 * After a save (the lines written, same transaction): every plain-attachment line's picked files must be the
 * caller's master's; their names and sizes are kept on the line (oldFiles). Certificate lines are left to the
 * submission, which fills them from the certificate.
 */
export async function describePickedFiles(ctx: ActionContext, db: Db, changeId: number): Promise<void> {
  const t = typed<SupplierTables>(db);
  const lines = await t.selectFrom('srm_pos_supplier_change_file').selectAll().where('change_id', '=', changeId).orderBy('line_number').execute();
  const plain = lines.filter((l) => !(l.cert_name ?? '').trim());
  if (!plain.length) return;
  const own = plain.some((l) => ids(l.old_file_ids).length) ? await masterFiles(ctx, db, ownSupplier(ctx)) : [];
  for (const [i, line] of lines.entries()) {
    if (!plain.includes(line)) continue;
    // Nothing picked (an added file, a replacement matched by name): no stale names either.
    const picked = ids(line.old_file_ids);
    const found = picked.map((id) => own.find((f) => f.id === id));
    if (found.some((f) => !f)) throw refuse('change.fileNotOnMaster', { line: i + 1 });
    await t
      .updateTable('srm_pos_supplier_change_file')
      .set({ old_files: describeFiles(found as Attachment[]) })
      .where('change_file_id', '=', line.change_file_id)
      .execute();
  }
}
