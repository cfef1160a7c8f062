// A saved business record takes over the files its `attachments` fields list that the same user
// uploaded without a business record (a new document gets its key only when first saved).
import type { Db } from '../../../server/db/connect.js';
import { auditUpdate, typed } from '../../../server/db/typed.js';
import type { ActionContext, DbRecord } from '../../../server/rest/actionContext.js';
import type { FilesTables } from '../generated/tables.js';
import { parseIds } from './repo.js';

export async function claimAttachments(ctx: ActionContext, db: Db, businessId: number, record: DbRecord): Promise<void> {
  const ids = new Set<number>();
  for (const [name, f] of Object.entries(ctx.entity.fields)) {
    if (f?.type !== 'attachments' || record[name] === undefined || record[name] === null || record[name] === '') continue;
    for (const id of parseIds(record[name]) ?? []) ids.add(id);
  }
  if (!ids.size) return;
  await typed<FilesTables>(db)
    .updateTable('base_file')
    .set({ function_id: ctx.entity.name, business_id: businessId, ...auditUpdate(ctx.session.userId) })
    .where('file_id', 'in', [...ids])
    .where('created_by', '=', ctx.session.userId)
    .where('business_id', 'is', null)
    .where((eb) => eb.or([eb('function_id', 'is', null), eb('function_id', '=', ctx.entity.name)]))
    .execute();
}
