// What the new-order panels' source lists (awards, signed contracts) share: internal users only (they name
// every supplier and price), an optional supplier filter, and the suppliers' names asked once each.
import { forbidden } from '../../../server/errors.js';
import type { ActionContext } from '../../../server/rest/actionContext.js';
import { parseId } from '../../../server/rest/read.js';
import type { SupplierApi } from '../../supplier/api.js';

/** The list's filter: `{supplierId}` when the body names one. Refused for supplier users. */
export function internalSourceFilter(ctx: ActionContext): { supplierId?: number } {
  if (ctx.session.userType === 'EXTERNAL') throw forbidden('auth.forbidden');
  const id = ctx.body.supplierId;
  return id === undefined || id === null ? {} : { supplierId: parseId(ctx, id) };
}

/** Each distinct supplier's name, asked once through the supplier module's API. */
export async function supplierNamesOf(ctx: ActionContext, ids: readonly number[]): Promise<Map<number, string | null>> {
  const names = new Map<number, string | null>();
  for (const id of new Set(ids)) names.set(id, await ctx.app.modules.api<SupplierApi>('supplier').supplierName(id));
  return names;
}
