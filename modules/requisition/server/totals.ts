// A requisition's total (CONTRACT.md "Minimum record shapes": Σ quantity × unitPrice of its lines, in the
// header's currency) and that total in CNY at the rate of its request date (base data's rates), offered
// to conditions on the document (workflow gateways and bindings) as its facts.
import type { Db } from '../../../server/db/connect.js';
import type { AppContext } from '../../../server/context.js';
import { typed } from '../../../server/db/typed.js';
import type { BaseApi } from '../../base/api.js';
import type { RequisitionTables } from '../generated/tables.js';
import type { RequisitionTotal } from '../api.js';

export async function requisitionTotal(app: Pick<AppContext, 'modules'>, db: Db, requisitionId: number): Promise<RequisitionTotal | null> {
  const t = typed<RequisitionTables>(db);
  const header = await t
    .selectFrom('srm_po_requisition')
    .select(['currency_code', 'request_date'])
    .where('requisition_id', '=', requisitionId)
    .executeTakeFirst();
  if (!header) return null;
  const lines = await t.selectFrom('srm_po_requisition_line').select(['quantity', 'unit_price']).where('requisition_id', '=', requisitionId).execute();
  // Cents, so that the sum of many lines does not drift.
  const cents = lines.reduce((sum, l) => sum + Math.round(Number(l.quantity) * Number(l.unit_price ?? 0) * 100), 0);
  const totalAmount = cents / 100;
  const currency = header.currency_code ?? 'CNY';
  const rate = await app.modules.api<BaseApi>('base').rateToCny(db, currency, header.request_date);
  return { currencyCode: currency, totalAmount, totalAmountCny: rate === null ? null : Math.round(totalAmount * rate * 100) / 100 };
}
