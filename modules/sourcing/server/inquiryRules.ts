// Inquiry rules inside the write's transaction: invited suppliers must be eligible for the category
// (supplier module's answer), and publishing needs lines, suppliers and a deadline still ahead.
import { sql } from 'kysely';
import type { EntityRules } from '../../../server/modules/types.js';
import type { ActionContext } from '../../../server/rest/actionContext.js';
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import { refuse } from '../../../server/errors.js';
import type { SupplierApi } from '../../supplier/api.js';
import type { SourcingTables } from '../generated/tables.js';
import { inquiryReadFilter } from './sealed.js';
import { afterAwardStep, beforeAwardStep } from './awardFlow.js';
import { defaultTemplate, rulesOfTemplate, STANDARD_RULES, templateById } from './offerRules.js';

async function checkSuppliers(ctx: ActionContext, db: Db, inquiryId: number): Promise<number[]> {
  const t = typed<SourcingTables>(db);
  const header = await t.selectFrom('srm_src_inquiry').select(['category_id']).where('inquiry_id', '=', inquiryId).executeTakeFirstOrThrow();
  const rows = await t.selectFrom('srm_src_inquiry_supplier').select(['supplier_id']).where('inquiry_id', '=', inquiryId).execute();
  const ids = rows.map((r) => Number(r.supplier_id));
  const suppliers = ctx.app.modules.api<SupplierApi>('supplier');
  const seen = new Set<number>();
  for (const id of ids) {
    const name = (await suppliers.supplierName(id, db)) ?? String(id);
    if (seen.has(id)) throw refuse('sourcing.duplicateSupplier', { supplier: name });
    seen.add(id);
  }
  const eligible = new Set(await suppliers.eligibleSuppliers(Number(header.category_id), db));
  for (const id of ids) {
    if (!eligible.has(id)) throw refuse('sourcing.notEligible', { supplier: (await suppliers.supplierName(id, db)) ?? String(id) });
  }
  return ids;
}

/** The rules a publish copies: the inquiry's template (which must be enabled), else the default one. */
async function publishedRules(db: Db, inquiryId: number) {
  const row = await typed<SourcingTables>(db)
    .selectFrom('srm_src_inquiry')
    .select('offer_template_id')
    .where('inquiry_id', '=', inquiryId)
    .executeTakeFirstOrThrow();
  const template = row.offer_template_id ? await templateById(db, Number(row.offer_template_id)) : await defaultTemplate(db);
  if (row.offer_template_id && (!template || template.enabled_flag === 'N'))
    throw refuse('sourcing.templateDisabled', { template: template ? `${template.template_code} ${template.template_name}` : String(row.offer_template_id) });
  return template ? rulesOfTemplate(template) : STANDARD_RULES;
}

export const inquiryRules: EntityRules = {
  readFilter: inquiryReadFilter,
  // A new inquiry without a template gets the default one (STANDARD).
  async beforeSave(_ctx, db, values, id) {
    if (id !== null || (values.offer_template_id !== undefined && values.offer_template_id !== null)) return;
    const template = await defaultTemplate(db);
    if (template) values.offer_template_id = Number(template.offer_template_id);
  },
  // Only a draft goes away: a published inquiry has invitations and quotes to keep (cancel or close it).
  async beforeDelete(_ctx, db, id) {
    const row = await typed<SourcingTables>(db).selectFrom('srm_src_inquiry').select('status').where('inquiry_id', '=', id).executeTakeFirst();
    if (row && row.status !== 'DRAFT') throw refuse('sourcing.deleteOnlyDraft');
  },
  async afterLines(ctx, db, id) {
    await checkSuppliers(ctx, db, id);
  },
  async beforeTransition(ctx, db, step) {
    await beforeAwardStep(ctx, db, step);
    if (step.action !== 'doPublish') return;
    const t = typed<SourcingTables>(db);
    const lines = await t.selectFrom('srm_src_inquiry_line').select(['inquiry_line_id']).where('inquiry_id', '=', step.id).execute();
    if (lines.length === 0) throw refuse('sourcing.noLines');
    const ids = await checkSuppliers(ctx, db, step.id);
    if (ids.length === 0) throw refuse('sourcing.noSuppliers');
    const future = await t
      .selectFrom('srm_src_inquiry')
      .select(sql<boolean>`deadline > localtimestamp(0)`.as('ahead'))
      .where('inquiry_id', '=', step.id)
      .executeTakeFirstOrThrow();
    if (!future.ahead) throw refuse('sourcing.deadlinePassed');
    await publishedRules(db, step.id);
  },
  async afterTransition(ctx, db, step) {
    await afterAwardStep(ctx, db, step);
    if (step.action !== 'doPublish') return;
    const t = typed<SourcingTables>(db);
    await t
      .updateTable('srm_src_inquiry_supplier')
      .set({ quote_status: 'NOT_QUOTED', round_number: 1, decline_reason: null })
      .where('inquiry_id', '=', step.id)
      .execute();
    // The template's rules as they are now stay with the inquiry (a later edit of the template changes nothing here).
    await t
      .updateTable('srm_src_inquiry')
      .set({ offer_rules: JSON.stringify(await publishedRules(db, step.id)) })
      .where('inquiry_id', '=', step.id)
      .execute();
    const h = await t.selectFrom('srm_src_inquiry').select(['inquiry_number', 'title', 'deadline']).where('inquiry_id', '=', step.id).executeTakeFirstOrThrow();
    const suppliers = await t.selectFrom('srm_src_inquiry_supplier').select(['supplier_id']).where('inquiry_id', '=', step.id).execute();
    ctx.events.add('inquiry.published', {
      inquiryId: step.id,
      inquiryNumber: h.inquiry_number ?? '',
      title: h.title,
      deadline: String(h.deadline),
      supplierIds: suppliers.map((s) => Number(s.supplier_id)),
      senderId: ctx.session.userId,
    });
  },
};
