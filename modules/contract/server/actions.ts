// The contract steps that carry a reason (CONTRACT.md: doRefuse {id, reason}, doTerminate {id, reason}) and
// the change: the contract as it was is kept as a version, its version number goes up and it starts again
// as a draft (approval, confirmation, both signatures). Each runs in one transaction on the locked contract.
import { ok } from '../../../server/http/envelope.js';
import { refuse } from '../../../server/errors.js';
import { auditInsert, auditUpdate, dbNow } from '../../../server/db/typed.js';
import type { FamilyAction } from '../../../server/rest/actionContext.js';
import { findRow, loadRecord, parseId } from '../../../server/rest/read.js';
import { con, expectState, lockedContract, reasonOf, sideOf } from './store.js';

/** doRefuse {id, reason}: the supplier refuses a contract sent to it; the buyer may edit and submit again. */
export const doRefuse: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  if (sideOf(ctx) !== 'SUPPLIER') throw refuse('contract.refuse.supplierOnly');
  const reason = reasonOf(ctx.body.reason);
  return ctx.app.db.transaction().execute(async (db) => {
    const c = await lockedContract(ctx, db, id);
    expectState(c, ['SENT'], 'contract.refuse.wrongState');
    await con(db)
      .updateTable('srm_con_contract')
      .set({ status: 'REFUSED', refuse_reason: reason, ...auditUpdate(ctx.session.userId) })
      .where('contract_id', '=', id)
      .execute();
    ctx.events.add('contract.answered', {
      contractId: id,
      contractNumber: c.contract_number ?? '',
      supplierId: Number(c.supplier_id),
      buyerId: Number(c.created_by ?? 0),
      status: 'REFUSED',
    });
    return ok(await loadRecord(ctx, db, id));
  });
};

/** States in which the buyer may end a contract: once approved, until it is terminated. */
const TERMINABLE = ['APPROVED', 'SENT', 'CONFIRMED', 'SIGNING', 'SIGNED'];

/** doTerminate {id, reason}: the buyer ends a live contract; the supplier is told. */
export const doTerminate: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  const reason = reasonOf(ctx.body.reason);
  return ctx.app.db.transaction().execute(async (db) => {
    const c = await lockedContract(ctx, db, id);
    expectState(c, TERMINABLE, 'contract.terminate.wrongState');
    await con(db)
      .updateTable('srm_con_contract')
      .set({ status: 'TERMINATED', terminate_reason: reason, terminated_date: dbNow(), ...auditUpdate(ctx.session.userId) })
      .where('contract_id', '=', id)
      .execute();
    ctx.events.add('contract.terminated', { contractId: id, contractNumber: c.contract_number ?? '', supplierId: Number(c.supplier_id) });
    return ok(await loadRecord(ctx, db, id));
  });
};

/** States a change starts from: sent, answered or signed (a draft is simply edited). */
const CHANGEABLE = ['APPROVED', 'SENT', 'CONFIRMED', 'REFUSED', 'SIGNING', 'SIGNED'];

/** doChange {id, reason}: version n is kept (header, items, signatures); version n+1 is a draft to edit. */
export const doChange: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  const reason = reasonOf(ctx.body.reason);
  return ctx.app.db.transaction().execute(async (db) => {
    const c = await lockedContract(ctx, db, id);
    expectState(c, CHANGEABLE, 'contract.change.wrongState');
    const userId = ctx.session.userId;
    const before = await loadRecord(ctx, db, id);
    await con(db)
      .insertInto('srm_con_contract_version')
      .values({
        contract_id: id,
        supplier_id: c.supplier_id,
        version_no: c.version_no ?? 1,
        status: c.status,
        change_reason: reason,
        snapshot: JSON.stringify(before),
        ...auditInsert(userId),
      })
      .execute();
    await con(db)
      .updateTable('srm_con_contract')
      .set({
        status: 'DRAFT',
        version_no: Number(c.version_no ?? 1) + 1,
        change_reason: reason,
        refuse_reason: null,
        submitted_date: null,
        approved_date: null,
        sent_date: null,
        confirmed_date: null,
        buyer_signed_name: null,
        buyer_signed_date: null,
        supplier_signed_name: null,
        supplier_signed_date: null,
        document_hash: null,
        ...auditUpdate(userId),
      })
      .where('contract_id', '=', id)
      .execute();
    return ok(await loadRecord(ctx, db, id));
  });
};

/** findVersions {id}: the kept versions of a contract, newest first (a supplier: only of its own). */
export const findVersions: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  await findRow(ctx, ctx.app.db, id);
  const rows = await con(ctx.app.db)
    .selectFrom('srm_con_contract_version')
    .select(['contract_version_id', 'version_no', 'status', 'change_reason', 'snapshot', 'creation_date'])
    .where('contract_id', '=', id)
    .orderBy('version_no', 'desc')
    .execute();
  return ok(
    rows.map((r) => ({
      contractVersionId: Number(r.contract_version_id),
      versionNo: Number(r.version_no),
      status: r.status,
      changeReason: r.change_reason,
      changedAt: String(r.creation_date),
      snapshot: JSON.parse(r.snapshot ?? '{}') as unknown,
    })),
  );
};
