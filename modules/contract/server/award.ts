// Contracts from an award, read through the sourcing module's public API (never its tables):
// awardedInquiries lists the awards a contract may be made from; createFromAward {inquiryId, supplierId,
// templateId, title?, startDate?, endDate?} makes a draft with the won items and the template's text.
import { ok } from '../../../server/http/envelope.js';
import { refuse } from '../../../server/errors.js';
import type { FamilyAction } from '../../../server/rest/actionContext.js';
import { loadRecord, parseId } from '../../../server/rest/read.js';
import { saveOne } from '../../../server/rest/write.js';
import type { SourcingApi } from '../../sourcing/api.js';
import type { SupplierApi } from '../../supplier/api.js';
import { con } from './store.js';
import { fillFromTemplate } from './contractRules.js';

const dateOf = (raw: unknown, fallback: string) => {
  if (raw === undefined || raw === null || raw === '') return fallback;
  if (typeof raw !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) throw refuse('contract.badDate');
  return raw;
};

export const awardedInquiries: FamilyAction = async (ctx) => {
  const list = await ctx.app.modules.api<SourcingApi>('sourcing').awards(ctx.app.db);
  const names = new Map<number, string | null>();
  for (const id of new Set(list.map((a) => a.supplierId))) names.set(id, await ctx.app.modules.api<SupplierApi>('supplier').supplierName(id));
  return ok(list.map((a) => ({ ...a, supplierName: names.get(a.supplierId) ?? null, amount: a.lines.reduce((s, l) => s + l.quantity * l.price, 0) })));
};

export const createFromAward: FamilyAction = async (ctx) => {
  const inquiryId = parseId(ctx, ctx.body.inquiryId);
  const supplierId = parseId(ctx, ctx.body.supplierId);
  const templateId = parseId(ctx, ctx.body.templateId);
  const [award] = await ctx.app.modules.api<SourcingApi>('sourcing').awards(ctx.app.db, { inquiryId, supplierId });
  if (!award) throw refuse('contract.award.none');
  const today = new Date().toISOString().slice(0, 10);
  const yearOn = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  const startDate = dateOf(ctx.body.startDate, today);
  const endDate = dateOf(ctx.body.endDate, yearOn);
  return ctx.app.db.transaction().execute(async (db) => {
    const id = await saveOne({ ...ctx, writeScope: undefined }, db, {
      title: typeof ctx.body.title === 'string' && ctx.body.title.trim() ? ctx.body.title.trim().slice(0, 200) : award.title,
      supplierId,
      templateId,
      currencyCode: award.currencyCode,
      totalAmount: 0,
      startDate,
      endDate,
      lines: award.lines.map((l) => ({ materialId: l.materialId, quantity: l.quantity, price: l.price })),
    });
    // The source is server-kept (readOnly); the text is filled again so that it can name it.
    await con(db)
      .updateTable('srm_con_contract')
      .set({ source_inquiry_id: inquiryId, source_number: award.inquiryNumber, content: null })
      .where('contract_id', '=', id)
      .execute();
    await fillFromTemplate(ctx, db, id);
    return ok(await loadRecord(ctx, db, id));
  });
};
