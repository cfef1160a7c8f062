// Orders from a signed contract (issue 17: "created from an award, a contract or approved requisition lines"),
// read through the contract module's public API (ContractApi.signedContracts, never its tables):
// - signedContracts {supplierId?}: the contracts an order may be made from (number, title, supplier, currency,
//   validity, item count, amount), newest first; the buyer's business (a supplier user is refused, 403).
// - createFromContract {contractId, requiredDate, orderDate?, lines?: [{lineNumber, quantity}]}: a draft order
//   of the contract's items at the agreed prices (all items at their contract quantities, or the lines named
//   with the quantities given), titled with the contract's number. Refused: a contract not signed (or
//   unknown), one whose validity ended before the order date, a line not on it, an item-less contract.
import { ok } from '../../../server/http/envelope.js';
import { forbidden, refuse } from '../../../server/errors.js';
import type { FamilyAction } from '../../../server/rest/actionContext.js';
import { internalSourceFilter, supplierNamesOf } from './orderSources.js';
import { loadRecord, parseId } from '../../../server/rest/read.js';
import { saveOne } from '../../../server/rest/write.js';
import type { ContractApi } from '../../contract/api.js';
import { dateOf, quantityOf } from './store.js';

const contracts = (ctx: Parameters<FamilyAction>[0]) => ctx.app.modules.api<ContractApi>('contract');

export const signedContracts: FamilyAction = async (ctx) => {
  const list = await contracts(ctx).signedContracts(ctx.app.db, internalSourceFilter(ctx));
  const names = await supplierNamesOf(
    ctx,
    list.map((c) => c.supplierId),
  );
  return ok(
    list.map((c) => ({
      contractId: c.contractId,
      contractNumber: c.contractNumber,
      title: c.title,
      supplierId: c.supplierId,
      supplierName: names.get(c.supplierId) ?? null,
      currencyCode: c.currencyCode,
      startDate: c.startDate,
      endDate: c.endDate,
      items: c.lines.length,
      amount: c.totalAmount,
    })),
  );
};

export const createFromContract: FamilyAction = async (ctx) => {
  if (ctx.session.userType === 'EXTERNAL') throw forbidden('auth.forbidden');
  const contractId = parseId(ctx, ctx.body.contractId);
  const orderDate = ctx.body.orderDate === undefined ? new Date().toISOString().slice(0, 10) : dateOf(ctx.body.orderDate, 'orderDate');
  const requiredDate = dateOf(ctx.body.requiredDate, 'requiredDate');
  const [c] = await contracts(ctx).signedContracts(ctx.app.db, { contractId });
  if (!c) throw refuse('order.fromContract.notSigned', { contract: contractId });
  if (c.endDate && c.endDate < orderDate) throw refuse('order.fromContract.expired', { contract: c.contractNumber, end: c.endDate });
  if (c.lines.length === 0) throw refuse('order.fromContract.none', { contract: c.contractNumber });
  const chosen = Array.isArray(ctx.body.lines)
    ? (ctx.body.lines as { lineNumber?: unknown; quantity?: unknown }[]).map((l, i) => {
        const line = c.lines.find((x) => x.lineNumber === Number(l.lineNumber));
        if (!line) throw refuse('order.fromContract.notOnContract', { line: i + 1, contract: c.contractNumber });
        return { line, quantity: quantityOf(l.quantity, 'quantity') };
      })
    : c.lines.map((line) => ({ line, quantity: line.quantity }));
  if (chosen.length === 0) throw refuse('order.fromContract.none', { contract: c.contractNumber });
  return ctx.app.db.transaction().execute(async (db) => {
    const id = await saveOne({ ...ctx, writeScope: undefined }, db, {
      supplierId: c.supplierId,
      orderDate,
      currencyCode: c.currencyCode,
      title: c.contractNumber,
      lines: chosen.map(({ line, quantity }) => ({ materialId: line.materialId, quantity, price: line.price, requiredDate })),
    });
    return ok(await loadRecord(ctx, db, id));
  });
};
