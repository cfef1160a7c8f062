// A saved business record takes over the files its `attachments` fields list that the same user
// uploaded without a business record (a new document gets its key only when first saved).
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { ActionContext, DbRecord } from '../rest/actionContext.js';
import { parseIds } from './repo.js';

export async function claimAttachments(ctx: ActionContext, db: Db, businessId: number, record: DbRecord): Promise<void> {
  const ids = new Set<number>();
  for (const [name, f] of Object.entries(ctx.entity.fields)) {
    if (f?.type !== 'attachments' || record[name] === undefined || record[name] === null || record[name] === '') continue;
    for (const id of parseIds(record[name]) ?? []) ids.add(id);
  }
  if (!ids.size) return;
  await sql`update base_file set function_id = ${ctx.entity.name}, business_id = ${businessId},
      last_updated_by = ${ctx.session.userId}, last_update_date = localtimestamp(0), version_num = version_num + 1
    where file_id in (${sql.join([...ids])}) and created_by = ${ctx.session.userId} and business_id is null
      and (function_id is null or function_id = ${ctx.entity.name})`.execute(db);
}
