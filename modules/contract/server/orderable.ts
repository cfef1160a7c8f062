// ContractApi.signedContracts: the signed contracts an order may be made from (order module's
// createFromContract), with their items at the agreed prices. Only SIGNED ones: both sides bound.
import type { Db } from '../../../server/db/connect.js';
import type { OrderableContract } from '../api.js';
import { con } from './store.js';

const day = (d: unknown) => (d == null ? null : d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10));

export async function signedContracts(db: Db, filter: { supplierId?: number; contractId?: number } = {}): Promise<OrderableContract[]> {
  let q = con(db).selectFrom('srm_con_contract').selectAll().where('status', '=', 'SIGNED');
  if (filter.supplierId !== undefined) q = q.where('supplier_id', '=', filter.supplierId);
  if (filter.contractId !== undefined) q = q.where('contract_id', '=', filter.contractId);
  const heads = await q.orderBy('contract_id', 'desc').limit(200).execute();
  if (!heads.length) return [];
  const lines = await con(db)
    .selectFrom('srm_con_contract_line')
    .select(['contract_id', 'line_number', 'material_id', 'quantity', 'price'])
    .where(
      'contract_id',
      'in',
      heads.map((h) => h.contract_id),
    )
    .orderBy('line_number')
    .execute();
  return heads.map((h) => ({
    contractId: h.contract_id,
    contractNumber: h.contract_number ?? '',
    title: h.title ?? '',
    supplierId: Number(h.supplier_id),
    currencyCode: h.currency_code ?? 'CNY',
    startDate: day(h.start_date),
    endDate: day(h.end_date),
    totalAmount: Number(h.total_amount ?? 0),
    lines: lines
      .filter((l) => l.contract_id === h.contract_id && l.material_id != null)
      .map((l) => ({
        lineNumber: Number(l.line_number ?? 0),
        materialId: Number(l.material_id),
        quantity: Number(l.quantity ?? 0),
        price: Number(l.price ?? 0),
      })),
  }));
}
