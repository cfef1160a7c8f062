// Facts of an order for conditions (the PO_APPROVAL gateway, bindings): its total and that total in CNY
// at the rate of its order date (base data's rates; null when there is none).
import type { DocumentFacts } from '../../../server/modules/types.js';
import type { BaseApi } from '../../base/api.js';
import { po, refreshOrderTotal } from './store.js';

export const orderFacts: DocumentFacts = async (db, id, app) => {
  const o = await po(db).selectFrom('srm_po_order').select(['currency_code', 'order_date']).where('order_id', '=', id).executeTakeFirst();
  if (!o) return {};
  const total = await refreshOrderTotal(db, id);
  const rate = await app.modules.api<BaseApi>('base').rateToCny(db, o.currency_code, o.order_date);
  return { totalAmount: total, totalAmountCny: rate === null ? null : Math.round(total * rate * 100) / 100 };
};
