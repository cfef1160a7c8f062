// Who sees which notice (the one place that decides it; every read route goes through here):
// - anyone, without a session: published, public, valid today, in the visitor's language, never internal;
// - a supplier's user: published and valid, for all suppliers, or naming its supplier, or naming a
//   category its supplier belongs to — never a notice targeted at another supplier;
// - an internal user: every published, valid notice.
import type { SelectQueryBuilder } from 'kysely';
import type { AppContext } from '../../../server/context.js';
import type { Session } from '../../../server/auth/session.js';
import type { NoticesTables } from '../generated/tables.js';

type NoticeQuery<O> = SelectQueryBuilder<NoticesTables & { n: NoticesTables['srm_notice'] }, 'n', O>;

/** Today on the server's clock, as the date columns hold it. */
export function today(now = new Date()): string {
  const p = (v: number) => String(v).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

export function publishedAndValid<O>(q: NoticeQuery<O>, day: string): NoticeQuery<O> {
  return q
    .where('n.status', '=', 'PUBLISHED')
    .where((eb) => eb.or([eb('n.valid_from', 'is', null), eb('n.valid_from', '<=', day)]))
    .where((eb) => eb.or([eb('n.valid_to', 'is', null), eb('n.valid_to', '>=', day)]));
}

export function publicOnes<O>(q: NoticeQuery<O>, lang: string, day: string): NoticeQuery<O> {
  return publishedAndValid(q, day).where('n.public_flag', '=', 'Y').where('n.audience', '<>', 'INTERNAL').where('n.language_code', '=', lang);
}

/** The purchase categories a supplier belongs to, when the supplier module can tell (SupplierApi.categoriesOf);
 *  until it can, notices for categories reach no supplier (docs/notices.md). */
export async function supplierCategories(app: AppContext, supplierId: number): Promise<number[]> {
  let api: { categoriesOf?: (supplierId: number) => Promise<number[]> };
  try {
    api = app.modules.api('supplier');
  } catch {
    return [];
  }
  return typeof api.categoriesOf === 'function' ? api.categoriesOf(supplierId) : [];
}

export async function visibleTo<O>(app: AppContext, q: NoticeQuery<O>, session: Session, day: string): Promise<NoticeQuery<O>> {
  const valid = publishedAndValid(q, day);
  if (session.userType === 'INTERNAL') return valid;
  const supplierId = session.supplierId;
  if (!supplierId) return valid.where('n.audience', '=', 'ALL_SUPPLIERS');
  const categories = await supplierCategories(app, supplierId);
  return valid.where((eb) =>
    eb.or([
      eb('n.audience', '=', 'ALL_SUPPLIERS'),
      eb.and([
        eb('n.audience', '=', 'SUPPLIERS'),
        eb.exists(
          eb.selectFrom('srm_notice_supplier as s').select('s.notice_id').whereRef('s.notice_id', '=', 'n.notice_id').where('s.supplier_id', '=', supplierId),
        ),
      ]),
      ...(categories.length
        ? [
            eb.and([
              eb('n.audience', '=', 'CATEGORIES'),
              eb.exists(
                eb
                  .selectFrom('srm_notice_category as c')
                  .select('c.notice_id')
                  .whereRef('c.notice_id', '=', 'n.notice_id')
                  .where('c.category_id', 'in', categories),
              ),
            ]),
          ]
        : []),
    ]),
  );
}
