// reloadSupplier (SPEC §7, among the sourcing calls; `srmSrcInquiryRestful/reloadSupplier {id}`): reloads a draft
// inquiry's invited suppliers from what the supplier module says may be invited for its purchase category
// (SupplierApi.eligibleSuppliers: QUALIFIED for the category, never frozen, blacklisted or quit). Suppliers no
// longer eligible are dropped (publishing would refuse them), eligible ones not yet invited are added; the
// buyer may then remove whom it does not want. Answers the inquiry with `reloaded: {added, removed}` (names).
// docs/decisions.md "reloadSupplier".
import { ok } from '../../../server/http/envelope.js';
import type { FamilyAction } from '../../../server/rest/actionContext.js';
import { loadRecord, findRow, parseId } from '../../../server/rest/read.js';
import { auditInsert, lockInTransaction, typed } from '../../../server/db/typed.js';
import { refuse } from '../../../server/errors.js';
import type { SupplierApi } from '../../supplier/api.js';
import type { SourcingTables } from '../generated/tables.js';
import { inquiryState } from './inquiryState.js';

export const reloadSupplier: FamilyAction = async (ctx) =>
  ctx.app.db.transaction().execute(async (trx) => {
    const id = parseId(ctx, ctx.body.id);
    await lockInTransaction(trx, `inquiry:${id}`);
    await findRow(ctx, trx, id);
    if ((await inquiryState(trx, id)).status !== 'DRAFT') throw refuse('sourcing.reloadSupplier.notDraft');
    const t = typed<SourcingTables>(trx);
    const header = await t.selectFrom('srm_src_inquiry').select('category_id').where('inquiry_id', '=', id).executeTakeFirstOrThrow();
    if (header.category_id === null) throw refuse('sourcing.reloadSupplier.noCategory');
    const suppliers = ctx.app.modules.api<SupplierApi>('supplier');
    const eligible = new Set(await suppliers.eligibleSuppliers(Number(header.category_id), trx));
    const invited = (await t.selectFrom('srm_src_inquiry_supplier').select('supplier_id').where('inquiry_id', '=', id).execute()).map((r) =>
      Number(r.supplier_id),
    );
    const removed = invited.filter((s) => !eligible.has(s));
    const added = [...eligible].filter((s) => !invited.includes(s)).sort((a, b) => a - b);
    if (removed.length > 0) await t.deleteFrom('srm_src_inquiry_supplier').where('inquiry_id', '=', id).where('supplier_id', 'in', removed).execute();
    if (added.length > 0)
      await t
        .insertInto('srm_src_inquiry_supplier')
        .values(added.map((supplierId) => ({ inquiry_id: id, supplier_id: supplierId, ...auditInsert(ctx.session.userId) })))
        .execute();
    const names = async (ids: number[]) => Promise.all(ids.map(async (s) => (await suppliers.supplierName(s, trx)) ?? String(s)));
    return ok({ ...(await loadRecord(ctx, trx, id)), reloaded: { added: await names(added), removed: await names(removed) } });
  });
