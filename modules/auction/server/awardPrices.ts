// The award's price items (docs/auction.md "Price items"): a bid is the total price of the whole lot (every
// line at its quantity), so the winner's total is split over the lines by weight = quantity × the
// material's latest unit price in the price library (same currency); when a line's material has no price
// there, by quantity alone (every line the same unit price). Unit price = share / quantity, 4 decimals.
// Written through SourcingApi inside the award transaction: the award and its prices commit together.
import type { Db } from '../../../server/db/connect.js';
import type { AppContext } from '../../../server/context.js';
import type { SourcingApi } from '../../sourcing/api.js';
import { tables, type AuctionRow } from './repo.js';

interface Line {
  materialId: number;
  quantity: number;
}

/** Unit price per line so that Σ unit × quantity ≈ total (rounding to 4 decimals aside). */
export function unitPrices(total: number, lines: readonly Line[], reference: ReadonlyMap<number, number | null>): number[] {
  const byReference = lines.every((l) => (reference.get(l.materialId) ?? 0) > 0);
  const weights = lines.map((l) => l.quantity * (byReference ? reference.get(l.materialId)! : 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  return lines.map((l, i) => (sum > 0 && l.quantity > 0 ? Math.round(((total * weights[i]) / sum / l.quantity) * 10_000) / 10_000 : 0));
}

export async function writeAwardPrices(app: AppContext, trx: Db, a: AuctionRow, supplierId: number, total: number, userId: number) {
  const rows = await tables(trx)
    .selectFrom('srm_src_auction_line')
    .select(['material_id', 'quantity'])
    .where('auction_id', '=', a.auctionId)
    .orderBy('line_number')
    .orderBy('auction_line_id')
    .execute();
  const lines = rows.filter((r) => r.material_id != null).map((r) => ({ materialId: Number(r.material_id), quantity: Number(r.quantity ?? 0) }));
  if (!lines.length) return;
  const sourcing = app.modules.api<SourcingApi>('sourcing');
  const reference = await sourcing.latestUnitPrices(trx, [...new Set(lines.map((l) => l.materialId))], a.currencyCode);
  const prices = unitPrices(total, lines, reference);
  const { validFrom, validTo } = await sourcing.defaultValidity(trx);
  await sourcing.recordPriceItems(
    trx,
    lines.map((l, i) => ({
      supplierId,
      materialId: l.materialId,
      price: prices[i],
      currencyCode: a.currencyCode,
      quantity: l.quantity,
      validFrom,
      validTo,
      sourceType: 'AUCTION',
      sourceId: a.auctionId,
      sourceNumber: a.auctionNumber,
    })),
    userId,
  );
}
