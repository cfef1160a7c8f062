import { ok } from '../../http/envelope.js';
import type { FamilyAction } from '../actionContext.js';
import { parseId } from '../read.js';
import { deleteOne, deleteVersion } from '../remove.js';

export const deleteAction: FamilyAction = async (ctx) =>
  ctx.app.db.transaction().execute(async (trx) => {
    await deleteOne(ctx, trx, parseId(ctx, ctx.body.id), deleteVersion(ctx.body.versionNum));
    return ok(null);
  });
