import type { Db } from '../db/connect.js';
import type { ActionContext } from './actionContext.js';

/** The status as the user reads it (its lookup meaning), for messages. */
export async function statusLabel(ctx: ActionContext, code: unknown, db: Db): Promise<string> {
  const type = ctx.entity.status ? ctx.entity.fields[ctx.entity.status.field]?.lookup : undefined;
  if (!type) return String(code);
  const values = await ctx.app.lookups.findDic(type, ctx.lang, db);
  return values.find((v) => v.lookupCode === code)?.meaning ?? String(code);
}
