import { ok } from '../../http/envelope.js';
import { AppError, refuse } from '../../errors.js';
import { message } from '../../i18n/messages.js';
import { translateDbError } from '../dbErrors.js';
import type { FamilyAction } from '../actionContext.js';
import { parseId } from '../read.js';
import { deleteOne } from '../remove.js';

export const doBatchDelete: FamilyAction = async (ctx) => {
  const ids = ctx.body.ids;
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > 1000) throw refuse('rest.idsRequired');
  return ctx.app.db.transaction().execute(async (trx) => {
    for (const [i, raw] of ids.entries()) {
      try {
        await deleteOne(ctx, trx, parseId(ctx, raw));
      } catch (caught) {
        const err = translateDbError(caught, ctx.entity, ctx.lang) ?? caught;
        if (err instanceof AppError && err.httpStatus === 200) throw refuse('rest.rowError', { row: i + 1, message: message(ctx.lang, err.key, err.params) });
        throw err;
      }
    }
    return ok(null);
  });
};
