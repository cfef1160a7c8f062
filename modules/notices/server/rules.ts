// Save and publish rules of a notice, inside the write's transaction (a refusal undoes everything):
// the rich text is reduced to the allow-listed HTML (a script never reaches a reader), the validity
// dates must be in order, and a notice is published only to an audience that names someone.
import { refuse } from '../../../server/errors.js';
import { sanitizeHtml } from '../../../server/files/sanitizeHtml.js';
import { typed } from '../../../server/db/typed.js';
import type { EntityRules } from '../../../server/modules/types.js';
import type { NoticesTables } from '../generated/tables.js';
import { today } from './visibility.js';

const MAX_CONTENT = 1_000_000;

export const noticeRules: EntityRules = {
  async beforeSave(_ctx, db, values, id) {
    if (typeof values.content === 'string') {
      if (values.content.length > MAX_CONTENT) throw refuse('notice.tooLong', { max: MAX_CONTENT });
      values.content = sanitizeHtml(values.content);
    }
    // The dates as they will be after this save (an update may send only one of them).
    const stored =
      id === null
        ? undefined
        : await typed<NoticesTables>(db).selectFrom('srm_notice').select(['valid_from', 'valid_to']).where('notice_id', '=', id).executeTakeFirst();
    const from = 'valid_from' in values ? values.valid_from : stored?.valid_from;
    const to = 'valid_to' in values ? values.valid_to : stored?.valid_to;
    if (from && to && String(to) < String(from)) throw refuse('notice.datesOrder');
    const audience = 'audience' in values ? values.audience : undefined;
    if (audience === 'INTERNAL' && values.public_flag === 'Y') throw refuse('notice.internalNotPublic');
  },

  async beforeTransition(_ctx, db, step) {
    if (step.action !== 'doPublish') return;
    const t = typed<NoticesTables>(db);
    const n = await t.selectFrom('srm_notice').select(['audience', 'public_flag', 'valid_to', 'title']).where('notice_id', '=', step.id).executeTakeFirst();
    if (!n) return;
    if (n.valid_to && String(n.valid_to) < today()) throw refuse('notice.alreadyExpired', { date: String(n.valid_to) });
    if (n.audience === 'INTERNAL' && n.public_flag === 'Y') throw refuse('notice.internalNotPublic');
    if (n.audience === 'SUPPLIERS') {
      const c = await t
        .selectFrom('srm_notice_supplier')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('notice_id', '=', step.id)
        .executeTakeFirst();
      if (!Number(c?.n)) throw refuse('notice.noSuppliers');
    }
    if (n.audience === 'CATEGORIES') {
      const c = await t
        .selectFrom('srm_notice_category')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('notice_id', '=', step.id)
        .executeTakeFirst();
      if (!Number(c?.n)) throw refuse('notice.noCategories');
    }
  },
};
