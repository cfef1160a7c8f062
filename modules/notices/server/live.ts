// A notice published or withdrawn tells the browsers of its audience (after the commit) with a "notice"
// frame on /srm-ws, so the homes reload their list without a page reload. The frame carries no title or
// id (only the event and its time): each browser re-reads through its own visibility rule, so a frame never tells a supplier anything.
import type { AppContext } from '../../../server/context.js';
import type { DomainEvents } from '../../../server/events/domainEvents.js';
import { typed } from '../../../server/db/typed.js';
import type { AdminApi } from '../../admin/api.js';
import type { PushApi } from '../../push/api.js';
import type { NoticesTables } from '../generated/tables.js';

export async function noticeChanged(e: DomainEvents['entity.transitioned'], app: AppContext): Promise<void> {
  if (e.entity !== 'srmNotice' || (e.action !== 'doPublish' && e.action !== 'doWithdraw')) return;
  const t = typed<NoticesTables>(app.db);
  const n = await t.selectFrom('srm_notice').select(['audience']).where('notice_id', '=', e.id).executeTakeFirst();
  if (!n) return;
  const admin = app.modules.api<AdminApi>('admin');
  const internal = await admin.activeUsersOfType(app.db, 'INTERNAL');
  let external: { userId: number }[] = [];
  if (n.audience === 'ALL_SUPPLIERS' || n.audience === 'CATEGORIES') external = await admin.activeUsersOfType(app.db, 'EXTERNAL');
  if (n.audience === 'SUPPLIERS') {
    const ids = await t.selectFrom('srm_notice_supplier').select('supplier_id').where('notice_id', '=', e.id).execute();
    external = await admin.activeUsersOfType(
      app.db,
      'EXTERNAL',
      ids.map((r) => Number(r.supplier_id)),
    );
  }
  const users = [...internal, ...external].map((u) => u.userId);
  // `at`: when it was handed to push (ms since the epoch), so readers and the bench can see the delay.
  await app.modules.api<PushApi>('push').publish(users, 'notice', { event: e.action === 'doPublish' ? 'published' : 'withdrawn', at: Date.now() });
}
