// Awards as other modules read them (SourcingApi.awards): per awarded inquiry and winning supplier, the
// items it won (material, awarded quantity, price) from the price items the award wrote. A contract is
// filled from one of these; the contract module never reads sourcing's tables itself.
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import type { SourcingTables } from '../generated/tables.js';

export interface AwardedSupplier {
  inquiryId: number;
  inquiryNumber: string;
  title: string;
  supplierId: number;
  currencyCode: string;
  awardedDate: string | null;
  lines: { materialId: number; quantity: number; price: number }[];
}

/** Awarded inquiries' winners, newest first; narrowed to one inquiry and/or one supplier when given. */
export async function awards(db: Db, filter: { inquiryId?: number; supplierId?: number } = {}): Promise<AwardedSupplier[]> {
  let q = typed<SourcingTables>(db)
    .selectFrom('srm_price_item as p')
    .innerJoin('srm_src_inquiry as i', 'i.inquiry_id', 'p.source_inquiry_id')
    .select(['i.inquiry_id', 'i.inquiry_number', 'i.title', 'i.awarded_date', 'p.supplier_id', 'p.currency_code', 'p.material_id', 'p.quantity', 'p.price'])
    .where('i.status', '=', 'AWARDED');
  if (filter.inquiryId !== undefined) q = q.where('i.inquiry_id', '=', filter.inquiryId);
  if (filter.supplierId !== undefined) q = q.where('p.supplier_id', '=', filter.supplierId);
  const rows = await q.orderBy('i.inquiry_id', 'desc').orderBy('p.supplier_id').orderBy('p.price_item_id').limit(2000).execute();
  const out = new Map<string, AwardedSupplier>();
  for (const r of rows) {
    const key = `${r.inquiry_id}:${r.supplier_id}`;
    let a = out.get(key);
    if (!a) {
      a = {
        inquiryId: Number(r.inquiry_id),
        inquiryNumber: r.inquiry_number ?? '',
        title: r.title,
        supplierId: Number(r.supplier_id),
        currencyCode: r.currency_code,
        awardedDate: r.awarded_date === null ? null : String(r.awarded_date),
        lines: [],
      };
      out.set(key, a);
    }
    a.lines.push({ materialId: Number(r.material_id), quantity: Number(r.quantity ?? 0), price: Number(r.price) });
  }
  return [...out.values()];
}
