// Rules of a supplier status change (srmPosSupplierLifecycle): what may be asked (saved, submitted) and
// what its approval does to the supplier master, in the approval's transaction. The request rows are the
// supplier's lifecycle history: who asked what, why, from which state to which, when it took effect.
import type { Db } from '../../../../server/db/connect.js';
import { typed } from '../../../../server/db/typed.js';
import { refuse } from '../../../../server/errors.js';
import type { EntityRules } from '../../../../server/modules/types.js';
import type { BaseApi } from '../../../base/api.js';
import type { SupplierTables } from '../../generated/tables.js';
import { lifecycleDecided } from '../qualification/rules.js';
import { currentStatus, isChangeType, targetStatus, type ChangeType } from './transitions.js';

interface Request {
  supplierId: number;
  change: ChangeType;
  categoryId: number | null;
  endDate: string | null;
}

const today = () => new Date().toISOString().slice(0, 10);

function requestOf(v: Record<string, unknown>): Request {
  if (!isChangeType(v.change_type)) throw refuse('lifecycle.badChange');
  const categoryId = v.category_id === null || v.category_id === undefined ? null : Number(v.category_id);
  const endDate = typeof v.end_date === 'string' && v.end_date ? v.end_date.slice(0, 10) : null;
  return { supplierId: Number(v.supplier_id), change: v.change_type, categoryId, endDate };
}

/** The supplier's state now and the state the request leads to; refuses what the lifecycle does not allow. */
async function check(db: Db, r: Request, ownId: number | null) {
  const t = typed<SupplierTables>(db);
  const supplier = await t.selectFrom('srm_pos_supplier_info').select(['supplier_status']).where('supplier_id', '=', r.supplierId).executeTakeFirst();
  if (!supplier) throw refuse('lifecycle.noSupplier');
  if (r.change === 'QUALIFY' && r.categoryId === null) throw refuse('lifecycle.categoryRequired');
  if (r.endDate !== null && r.endDate <= today()) throw refuse('lifecycle.endDateInPast');
  const categories = await t.selectFrom('srm_pos_supplier_category').select(['category_id', 'status']).where('supplier_id', '=', r.supplierId).execute();
  if (r.change === 'QUALIFY' && categories.some((c) => Number(c.category_id) === r.categoryId && c.status === 'QUALIFIED')) {
    throw refuse('lifecycle.alreadyQualified');
  }
  const from = currentStatus(supplier.supplier_status);
  const to = targetStatus(r.change, from, categories.filter((c) => c.status === 'QUALIFIED').length);
  // One pending change per supplier: two approvals in a row would each be checked against a stale state.
  const pending = await t
    .selectFrom('srm_pos_supplier_lifecycle')
    .select('change_number')
    .where('supplier_id', '=', r.supplierId)
    .where('status', '=', 'SUBMITTED')
    .$call((q) => (ownId === null ? q : q.where('lifecycle_id', '!=', ownId)))
    .executeTakeFirst();
  if (pending) throw refuse('lifecycle.pending', { number: pending.change_number ?? '' });
  return { from, to };
}

async function requestRow(db: Db, id: number) {
  return typed<SupplierTables>(db).selectFrom('srm_pos_supplier_lifecycle').selectAll().where('lifecycle_id', '=', id).executeTakeFirstOrThrow();
}

export const lifecycleRules: EntityRules = {
  async beforeSave(ctx, db, values, id) {
    const merged = id === null ? values : { ...(await requestRow(db, id)), ...values };
    const r = requestOf(merged);
    if (r.change === 'QUALIFY' && r.categoryId !== null) {
      const known = await ctx.app.modules.api<BaseApi>('base').enabledCategoryIds(db, [r.categoryId]);
      if (known.length === 0) throw refuse('lifecycle.unknownCategory');
    }
    // Only a qualification names a category; only a freeze or a blacklisting has an end date.
    if (r.change !== 'QUALIFY') values.category_id = null;
    if (r.change !== 'FREEZE' && r.change !== 'BLACKLIST') values.end_date = null;
    const { from, to } = await check(
      db,
      { ...r, categoryId: r.change === 'QUALIFY' ? r.categoryId : null, endDate: values.end_date === null ? null : r.endDate },
      id,
    );
    values.from_status = from;
    values.to_status = to;
  },
  async beforeTransition(ctx, db, step) {
    if (step.action === 'doReject' && !ctx.internal && !rejectReason(ctx.body)) throw refuse('lifecycle.rejectReasonRequired');
    if (step.action !== 'doSubmit' && step.action !== 'doApproval') return;
    const row = await requestRow(db, step.id);
    const { from, to } = await check(db, requestOf(row), step.id);
    await typed<SupplierTables>(db)
      .updateTable('srm_pos_supplier_lifecycle')
      .set({ from_status: from, to_status: to })
      .where('lifecycle_id', '=', step.id)
      .execute();
  },
  async afterTransition(ctx, db, step) {
    const t = typed<SupplierTables>(db);
    if (step.action === 'doReject') {
      await t
        .updateTable('srm_pos_supplier_lifecycle')
        .set({ reject_reason: rejectReason(ctx.body) })
        .where('lifecycle_id', '=', step.id)
        .execute();
      await lifecycleDecided(ctx, db, step.id, false, rejectReason(ctx.body));
      return;
    }
    if (step.action !== 'doApproval') return;
    const row = await requestRow(db, step.id);
    const r = requestOf(row);
    if (r.change === 'QUALIFY') await qualifyCategory(db, r.supplierId, r.categoryId!, row.reason);
    await t
      .updateTable('srm_pos_supplier_info')
      .set({ supplier_status: row.to_status, last_updated_by: ctx.session.userId })
      .where('supplier_id', '=', r.supplierId)
      .execute();
    await lifecycleDecided(ctx, db, step.id, true, null);
    ctx.events.add('supplier.statusChanged', { lifecycleId: step.id, supplierId: r.supplierId });
  },
};

function rejectReason(body: Record<string, unknown>): string | null {
  const v = body.comment ?? body.reason;
  return typeof v === 'string' && v.trim() ? v.trim().slice(0, 500) : null;
}

async function qualifyCategory(db: Db, supplierId: number, categoryId: number, reason: string): Promise<void> {
  const t = typed<SupplierTables>(db);
  const updated = await t
    .updateTable('srm_pos_supplier_category')
    .set({ status: 'QUALIFIED', reason })
    .where('supplier_id', '=', supplierId)
    .where('category_id', '=', categoryId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await t.insertInto('srm_pos_supplier_category').values({ supplier_id: supplierId, category_id: categoryId, status: 'QUALIFIED', reason }).execute();
  }
}
