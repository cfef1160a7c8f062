// Save and transition rules of contracts: item amounts and the contract amount follow the items (when it
// has any); a contract saved from a template with no text gets the template's body with its variables
// filled and its terms; the watermark falls back to the template's, then to the default one. Sending to
// the supplier raises `contract.sent` (the message follows after the commit).
import type { EntityRules } from '../../../server/modules/types.js';
import type { ActionContext } from '../../../server/rest/actionContext.js';
import type { Db } from '../../../server/db/connect.js';
import { auditUpdate } from '../../../server/db/typed.js';
import { refuse } from '../../../server/errors.js';
import { loadRecord } from '../../../server/rest/read.js';
import { con } from './store.js';
import { renderTemplate } from './render.js';

/** A contract with a template and no text gets the template's text; its watermark falls back to the
 *  template's, then to the default watermark. */
export async function fillFromTemplate(ctx: ActionContext, db: Db, id: number) {
  const c = await con(db)
    .selectFrom('srm_con_contract')
    .select(['template_id', 'content', 'watermark_id'])
    .where('contract_id', '=', id)
    .executeTakeFirstOrThrow();
  let watermark = c.watermark_id === null ? null : Number(c.watermark_id);
  if (c.template_id !== null && !(c.content ?? '').trim()) {
    const r = await loadRecord(ctx, db, id);
    const filled = await renderTemplate(db, Number(c.template_id), {
      contractNumber: r.contractNumber as string,
      title: r.title as string,
      supplierName: (r.supplierIdDisplay as string) ?? '',
      totalAmount: Number(r.totalAmount).toFixed(2),
      currencyCode: r.currencyCode as string,
      startDate: r.startDate as string,
      endDate: r.endDate as string,
      sourceNumber: (r.sourceNumber as string) ?? '',
    });
    if (!filled) throw refuse('contract.templateUnknown');
    await con(db).updateTable('srm_con_contract').set({ content: filled.text }).where('contract_id', '=', id).execute();
    watermark ??= filled.watermarkId;
  }
  if (watermark === null) {
    const d = await con(db)
      .selectFrom('srm_con_watermark')
      .select('watermark_id')
      .where('default_flag', '=', 'Y')
      .where('enabled_flag', '=', 'Y')
      .executeTakeFirst();
    watermark = d ? Number(d.watermark_id) : null;
  }
  if (watermark !== null) await con(db).updateTable('srm_con_contract').set({ watermark_id: watermark }).where('contract_id', '=', id).execute();
}

const cents = (n: unknown) => Math.round(Number(n ?? 0) * 10_000);

export const contractRules: EntityRules = {
  async beforeSave(_ctx, _db, values) {
    if (values.start_date && values.end_date && String(values.end_date) < String(values.start_date)) throw refuse('contract.endBeforeStart');
  },
  async afterLines(ctx, db, id) {
    const lines = await con(db).selectFrom('srm_con_contract_line').select(['contract_line_id', 'quantity', 'price']).where('contract_id', '=', id).execute();
    let total = 0;
    for (const l of lines) {
      const amount = Math.round((cents(l.quantity) * cents(l.price)) / 10_000) / 10_000;
      total += amount;
      await con(db).updateTable('srm_con_contract_line').set({ amount }).where('contract_line_id', '=', l.contract_line_id).execute();
    }
    if (lines.length)
      await con(db)
        .updateTable('srm_con_contract')
        .set({ total_amount: Math.round(total * 10_000) / 10_000 })
        .where('contract_id', '=', id)
        .execute();
    await fillFromTemplate(ctx, db, id);
  },
  async beforeTransition(_ctx, db, step) {
    if (step.action !== 'doSubmit') return;
    const c = await con(db).selectFrom('srm_con_contract').select(['content', 'total_amount']).where('contract_id', '=', step.id).executeTakeFirstOrThrow();
    if (!(c.content ?? '').trim()) throw refuse('contract.noText');
  },
  async afterTransition(ctx, db, step) {
    if (step.action !== 'doSendConfirm' && step.action !== 'doConfirm') return;
    const c = await con(db)
      .selectFrom('srm_con_contract')
      .select(['contract_number', 'supplier_id', 'created_by'])
      .where('contract_id', '=', step.id)
      .executeTakeFirstOrThrow();
    const base = { contractId: step.id, contractNumber: c.contract_number ?? '', supplierId: Number(c.supplier_id) };
    if (step.action === 'doSendConfirm') {
      // A contract sent again after a refusal starts without the old answer.
      await con(db)
        .updateTable('srm_con_contract')
        .set({ refuse_reason: null, ...auditUpdate(ctx.session.userId) })
        .where('contract_id', '=', step.id)
        .execute();
      ctx.events.add('contract.sent', base);
    } else ctx.events.add('contract.answered', { ...base, buyerId: Number(c.created_by ?? 0), status: 'CONFIRMED' });
  },
  async beforeDelete(_ctx, db, id) {
    const c = await con(db).selectFrom('srm_con_contract').select('status').where('contract_id', '=', id).executeTakeFirst();
    if (c && c.status !== 'DRAFT') throw refuse('contract.deleteDraftOnly');
  },
};
