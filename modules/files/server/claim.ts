// A saved business record takes over the files its `attachments` fields list that the same user
// uploaded without a business record (a new document gets its key only when first saved).
import type { Db } from '../../../server/db/connect.js';
import type { ActionContext, DbRecord } from '../../../server/rest/actionContext.js';
import { parseIds } from './repo.js';
import { claimUploads } from './rebind.js';

export async function claimAttachments(ctx: ActionContext, db: Db, businessId: number, record: DbRecord): Promise<void> {
  const ids = new Set<number>();
  for (const [name, f] of Object.entries(ctx.entity.fields)) {
    if (f?.type !== 'attachments' || record[name] === undefined || record[name] === null || record[name] === '') continue;
    for (const id of parseIds(record[name]) ?? []) ids.add(id);
  }
  await claimUploads(db, ctx.session.userId, { functionId: ctx.entity.name, businessId }, [...ids]);
}
