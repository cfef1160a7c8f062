import { ok } from '../../http/envelope.js';
import { AppError, refuse } from '../../errors.js';
import { message } from '../../i18n/messages.js';
import { translateDbError } from '../dbErrors.js';
import type { DbRecord, FamilyAction } from '../actionContext.js';
import { loadRecord } from '../read.js';
import { saveOne } from '../write.js';

export const doBatchSaveOrUpdate: FamilyAction = async (ctx) => {
  const list = ctx.body.data;
  if (!Array.isArray(list) || list.length === 0 || list.length > 1000) throw refuse('rest.dataRequired');
  return ctx.app.db.transaction().execute(async (trx) => {
    const saved: DbRecord[] = [];
    for (const [i, record] of list.entries()) {
      try {
        const id = await saveOne(ctx, trx, record as DbRecord);
        saved.push(await loadRecord(ctx, trx, id));
      } catch (caught) {
        const err = translateDbError(caught, ctx.entity, ctx.lang) ?? caught;
        // All or nothing: the first bad record rolls everything back and is named in the message.
        // data names the record (0-based, in the order sent) so a grid can mark its own row.
        if (err instanceof AppError && err.httpStatus === 200) {
          const rowMessage = message(ctx.lang, err.key, err.params);
          throw refuse('rest.rowError', { row: i + 1, message: rowMessage }, { rowIndex: i, rowMessage, errors: err.data ?? null });
        }
        throw err;
      }
    }
    return ok(saved);
  });
};
