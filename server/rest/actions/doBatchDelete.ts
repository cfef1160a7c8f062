import { ok } from '../../http/envelope.js';
import { AppError, refuse } from '../../errors.js';
import { message } from '../../i18n/messages.js';
import { translateDbError } from '../dbErrors.js';
import type { FamilyAction } from '../actionContext.js';
import { parseId } from '../read.js';
import { deleteOne, deleteVersion } from '../remove.js';

export const doBatchDelete: FamilyAction = async (ctx) => {
  const ids = ctx.body.ids;
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > 1000) throw refuse('rest.idsRequired');
  // Versions, like a single delete's: `versionNums` beside `ids` (same order), or `ids` as `{id, versionNum}`.
  const versions = ctx.body.versionNums;
  if (versions !== undefined && (!Array.isArray(versions) || versions.length !== ids.length)) throw refuse('rest.versionInvalid');
  return ctx.app.db.transaction().execute(async (trx) => {
    for (const [i, raw] of ids.entries()) {
      try {
        const item: { id?: unknown; versionNum?: unknown } = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? raw : { id: raw };
        const version = deleteVersion(Array.isArray(versions) ? versions[i] : item.versionNum);
        await deleteOne(ctx, trx, parseId(ctx, item.id), version);
      } catch (caught) {
        const err = translateDbError(caught, ctx.entity, ctx.lang) ?? caught;
        if (err instanceof AppError && err.httpStatus === 200) throw refuse('rest.rowError', { row: i + 1, message: message(ctx.lang, err.key, err.params) });
        throw err;
      }
    }
    return ok(null);
  });
};
