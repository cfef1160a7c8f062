// Two reads of spec §7 that CONTRACT.md names without shapes (docs/sourcing.md gives the ones chosen):
// quotations with their lines and ladder prices (listByPageWithLadder, the quotation family's list with
// its row rules: a supplier its own, an internal caller only opened rounds), and the unit an inquiry line
// takes from its material (getMaterialItemUnit, through the base module's public API).
import { ok } from '../../../server/http/envelope.js';
import type { FamilyAction } from '../../../server/rest/actionContext.js';
import { listWith } from '../../../server/rest/actions/listByPage.js';
import { addReferenceDisplays } from '../../../server/rest/references.js';
import { typed } from '../../../server/db/typed.js';
import { refuse } from '../../../server/errors.js';
import type { SourcingTables } from '../generated/tables.js';
import type { BaseApi } from '../../base/api.js';
import { parseLadders, priceAt } from './offers.js';

const MAX_MATERIALS = 200;

/**
 * listByPageWithLadder: the quotation family's listByPage (same params, paging and row rules) with each
 * quotation's `lines`: inquiry line, line number, material, quantity asked, unit, price, ladders, the price
 * at the quantity asked (`unitPrice`), delivery days, remark, awarded quantity.
 */
export const listByPageWithLadder: FamilyAction = async (ctx) => {
  const page = await listWith(ctx, [], 'listByPageWithLadder');
  const quotations = page.data as Record<string, unknown>[];
  const ids = quotations.map((q) => Number(q.quotationId));
  if (ids.length === 0) return page;
  const rows = await typed<SourcingTables>(ctx.app.db)
    .selectFrom('srm_src_quotation_line as l')
    .innerJoin('srm_src_inquiry_line as il', 'il.inquiry_line_id', 'l.inquiry_line_id')
    .select([
      'l.quotation_id',
      'l.quotation_line_id',
      'l.inquiry_line_id',
      'il.line_number',
      'il.material_id',
      'il.quantity',
      'il.uom_code',
      'l.price',
      'l.ladder_prices',
      'l.delivery_days',
      'l.remark',
      'l.awarded_quantity',
    ])
    .where('l.quotation_id', 'in', ids)
    .orderBy('il.line_number')
    .orderBy('l.quotation_line_id')
    .execute();
  const lines = rows.map((r) => {
    const price = r.price === null ? null : Number(r.price);
    const ladders = parseLadders(r.ladder_prices);
    const quantity = Number(r.quantity);
    return {
      quotationId: Number(r.quotation_id),
      quotationLineId: Number(r.quotation_line_id),
      inquiryLineId: Number(r.inquiry_line_id),
      lineNumber: r.line_number === null ? null : Number(r.line_number),
      materialId: Number(r.material_id),
      quantity,
      uomCode: r.uom_code,
      price,
      ladders,
      unitPrice: price === null ? null : priceAt({ price, ladders }, quantity),
      deliveryDays: r.delivery_days === null ? null : Number(r.delivery_days),
      remark: r.remark,
      awardedQuantity: r.awarded_quantity === null ? null : Number(r.awarded_quantity),
    } as Record<string, unknown>;
  });
  const lineEntity = ctx.app.defs.entities.get('srmSrcInquiryLine');
  if (lineEntity) await addReferenceDisplays(ctx.app.db, ctx.app.defs, lineEntity, lines);
  const byQuotation = new Map<number, Record<string, unknown>[]>();
  for (const l of lines) {
    const list = byQuotation.get(Number(l.quotationId)) ?? [];
    list.push(l);
    byQuotation.set(Number(l.quotationId), list);
  }
  return { ...page, data: quotations.map((q) => ({ ...q, lines: byQuotation.get(Number(q.quotationId)) ?? [] })) };
};

/**
 * getMaterialItemUnit {materialId} or {materialIds: [...]} → [{materialId, materialCode, materialName,
 * uomCode, uomName}] for those that exist (uomName: the UOM lookup's meaning in the caller's language).
 */
export const getMaterialItemUnit: FamilyAction = async (ctx) => {
  const raw = ctx.body.materialIds ?? (ctx.body.materialId === undefined ? undefined : [ctx.body.materialId]);
  if (!Array.isArray(raw) || raw.length === 0) throw refuse('sourcing.materialRequired');
  const ids = [...new Set(raw.map(Number))];
  if (ids.some((n) => !Number.isSafeInteger(n) || n <= 0)) throw refuse('sourcing.materialRequired');
  if (ids.length > MAX_MATERIALS) throw refuse('sourcing.tooManyMaterials', { max: MAX_MATERIALS });
  const units = await ctx.app.modules.api<BaseApi>('base').materialUnits(ctx.app.db, ids);
  const names = new Map((await ctx.app.lookups.findDic('UOM', ctx.lang)).map((v) => [v.lookupCode, v.meaning]));
  return ok(
    units.map((u) => ({
      materialId: u.materialId,
      materialCode: u.materialCode,
      materialName: u.materialName,
      uomCode: u.uomCode,
      uomName: names.get(u.uomCode) ?? u.uomCode,
    })),
  );
};
