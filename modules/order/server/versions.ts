// Change orders keep versions: before a released order changes (supplier changes accepted, a buyer's
// revision), its header and lines as they were are stored as one snapshot row of srm_po_order_version.
import { ok } from '../../../server/http/envelope.js';
import { auditInsert } from '../../../server/db/typed.js';
import type { Db } from '../../../server/db/connect.js';
import type { FamilyAction } from '../../../server/rest/actionContext.js';
import { findRow, parseId } from '../../../server/rest/read.js';
import { po } from './store.js';

export async function keepVersion(db: Db, orderId: number, userId: number, reason: string): Promise<void> {
  const header = await po(db).selectFrom('srm_po_order').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
  const lines = await po(db).selectFrom('srm_po_order_line').selectAll().where('order_id', '=', orderId).orderBy('line_number').execute();
  await po(db)
    .insertInto('srm_po_order_version')
    .values({ order_id: orderId, revision: header.revision ?? 0, change_reason: reason, snapshot: JSON.stringify({ header, lines }), ...auditInsert(userId) })
    .execute();
}

/** findVersions {id} → the order's earlier revisions, newest first: {revision, changeReason, createdAt, header, lines}. */
export const findVersions: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  await findRow(ctx, ctx.app.db, id); // the row rule: a supplier only reads its own orders' history
  const rows = await po(ctx.app.db)
    .selectFrom('srm_po_order_version')
    .select(['revision', 'change_reason', 'creation_date', 'snapshot'])
    .where('order_id', '=', id)
    .orderBy('order_version_id', 'desc')
    .execute();
  return ok(
    rows.map((r) => {
      const s = JSON.parse(r.snapshot ?? '{}') as { header?: Record<string, unknown>; lines?: Record<string, unknown>[] };
      return { revision: r.revision, changeReason: r.change_reason, createdAt: r.creation_date, header: s.header ?? null, lines: s.lines ?? [] };
    }),
  );
};
