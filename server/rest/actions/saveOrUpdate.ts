import { ok } from '../../http/envelope.js';
import type { DbRecord, FamilyAction } from '../actionContext.js';
import { loadRecord } from '../read.js';
import { saveOne } from '../write.js';

export const saveOrUpdate: FamilyAction = async (ctx) =>
  ctx.app.db.transaction().execute(async (trx) => {
    const id = await saveOne(ctx, trx, ctx.body as DbRecord);
    return ok(await loadRecord(ctx, trx, id));
  });
