// Rules of a qualification project (srmPosQualification): a POTENTIAL (or already qualified elsewhere)
// supplier and an enabled purchase category, one open project per pair; doSend writes the questionnaire and
// tells the supplier; the site inspection and the sample / trial-batch lines are recorded while it runs;
// doConclude asks the lifecycle for the category's qualification (an SC-… QUALIFY request, submitted: the
// approver decides it on 供应商状态变更 as every status change), whose approval makes the project QUALIFIED
// and whose rejection reopens it; doFail ends it with a reason.
import type { Db } from '../../../../server/db/connect.js';
import { refuse } from '../../../../server/errors.js';
import type { EntityRules } from '../../../../server/modules/types.js';
import type { ActionContext } from '../../../../server/rest/actionContext.js';
import { internalContext, runTransitionIn } from '../../../../server/rest/runTransition.js';
import { saveOne } from '../../../../server/rest/write.js';
import type { BaseApi } from '../../../base/api.js';
import { assertWorkable, createQuestionnaire, sup, usableTemplate } from './engine.js';

const OPEN = ['DRAFT', 'IN_PROGRESS', 'CONCLUDED'];
const reasonOf = (body: Record<string, unknown>) => {
  const v = body.reason ?? body.comment;
  return typeof v === 'string' && v.trim() ? v.trim().slice(0, 500) : null;
};

async function project(db: Db, id: number) {
  return sup(db).selectFrom('srm_pos_qualification').selectAll().where('qualification_id', '=', id).executeTakeFirstOrThrow();
}

async function checkPair(ctx: ActionContext, db: Db, supplierId: number, categoryId: number, ownId: number | null) {
  await assertWorkable(db, supplierId);
  const known = await ctx.app.modules.api<BaseApi>('base').enabledCategoryIds(db, [categoryId]);
  if (known.length === 0) throw refuse('lifecycle.unknownCategory');
  const held = await sup(db)
    .selectFrom('srm_pos_supplier_category')
    .select('status')
    .where('supplier_id', '=', supplierId)
    .where('category_id', '=', categoryId)
    .executeTakeFirst();
  if (held?.status === 'QUALIFIED') throw refuse('lifecycle.alreadyQualified');
  const other = await sup(db)
    .selectFrom('srm_pos_qualification')
    .select('qualification_number')
    .where('supplier_id', '=', supplierId)
    .where('category_id', '=', categoryId)
    .where('status', 'in', OPEN)
    .$call((q) => (ownId === null ? q : q.where('qualification_id', '!=', ownId)))
    .executeTakeFirst();
  if (other) throw refuse('qualification.duplicate', { number: other.qualification_number ?? '' });
}

/** The inspection's score out of 100 from its scored items; a score above its item's maximum is refused. */
async function inspectionScore(db: Db, id: number): Promise<number | null> {
  const items = await sup(db).selectFrom('srm_pos_qual_insp_item').selectAll().where('qualification_id', '=', id).execute();
  let got = 0;
  let top = 0;
  for (const i of items) {
    if (i.score === null) continue;
    if (Number(i.score) > Number(i.max_score)) throw refuse('qualification.scoreAboveMax', { item: i.item_name, max: Number(i.max_score) });
    got += Number(i.score);
    top += Number(i.max_score);
  }
  return top > 0 ? Math.round((got * 10000) / top) / 100 : null;
}

async function checkConclusion(db: Db, id: number) {
  const p = await project(db, id);
  const qn =
    p.questionnaire_id === null
      ? null
      : await sup(db).selectFrom('srm_pos_questionnaire').select('status').where('questionnaire_id', '=', p.questionnaire_id).executeTakeFirst();
  if (qn?.status !== 'SCORED') throw refuse('qualification.questionnaireNotScored');
  const items = await sup(db).selectFrom('srm_pos_qual_insp_item').select('score').where('qualification_id', '=', id).execute();
  if (!p.inspection_date || items.length === 0 || items.some((i) => i.score === null)) throw refuse('qualification.inspectionMissing');
  const trials = await sup(db).selectFrom('srm_pos_qual_trial').select(['trial_type', 'result']).where('qualification_id', '=', id).execute();
  if (!trials.some((t) => t.trial_type === 'SAMPLE') || trials.some((t) => !t.result)) throw refuse('qualification.trialsMissing');
  if (trials.some((t) => t.result === 'FAIL')) throw refuse('qualification.trialFailed');
  return p;
}

export const qualificationRules: EntityRules = {
  async beforeSave(ctx, db, values, id) {
    const merged = id === null ? values : { ...(await project(db, id)), ...values };
    await checkPair(ctx, db, Number(merged.supplier_id), Number(merged.category_id), id);
    await usableTemplate(db, Number(merged.template_id), 'QUALIFICATION');
  },
  async afterLines(_ctx, db, id) {
    await sup(db)
      .updateTable('srm_pos_qualification')
      .set({ inspection_score: await inspectionScore(db, id) })
      .where('qualification_id', '=', id)
      .execute();
  },
  async beforeTransition(ctx, db, step) {
    if ((step.action === 'doQualify' || step.action === 'doReopen') && !ctx.internal) throw refuse('qualification.byLifecycle');
    if (step.action === 'doSend') {
      const p = await project(db, step.id);
      await checkPair(ctx, db, p.supplier_id, p.category_id, step.id);
    }
    if (step.action === 'doConclude') await checkConclusion(db, step.id);
    if (step.action === 'doFail' && !reasonOf(ctx.body)) throw refuse('qualification.reasonRequired');
  },
  async afterTransition(ctx, db, step) {
    const p = await project(db, step.id);
    const t = sup(db);
    const userId = ctx.session.userId;
    if (step.action === 'doSend') {
      await usableTemplate(db, p.template_id, 'QUALIFICATION');
      const questionnaireId = await createQuestionnaire(db, {
        templateId: p.template_id,
        supplierId: p.supplier_id,
        purpose: 'QUALIFICATION',
        title: p.qualification_number ?? '',
        dueDate: String(p.due_date).slice(0, 10),
        qualificationId: p.qualification_id,
        userId,
      });
      await t.updateTable('srm_pos_qualification').set({ questionnaire_id: questionnaireId }).where('qualification_id', '=', step.id).execute();
      ctx.events.add('supplier.questionnaireSent', { questionnaireId, supplierId: p.supplier_id });
    }
    if (step.action === 'doConclude') {
      const actor = { session: ctx.session, lang: ctx.lang, events: ctx.events };
      const lcCtx = { ...internalContext(ctx.app, 'srmPosSupplierLifecycle', actor), writeScope: undefined };
      const reason = `${p.qualification_number ?? ''} ${p.conclusion_remark ?? ''}`.trim();
      const lifecycleId = await saveOne(lcCtx, db, { supplierId: p.supplier_id, changeType: 'QUALIFY', categoryId: p.category_id, reason });
      await t.updateTable('srm_pos_qualification').set({ lifecycle_id: lifecycleId, fail_reason: null }).where('qualification_id', '=', step.id).execute();
      await runTransitionIn(ctx.app, db, actor, 'srmPosSupplierLifecycle', 'doSubmit', lifecycleId);
    }
    if (step.action === 'doFail') {
      await t
        .updateTable('srm_pos_qualification')
        .set({ fail_reason: reasonOf(ctx.body) })
        .where('qualification_id', '=', step.id)
        .execute();
      if (p.questionnaire_id !== null) {
        await t
          .updateTable('srm_pos_questionnaire')
          .set({ status: 'CLOSED' })
          .where('questionnaire_id', '=', p.questionnaire_id)
          .where('status', 'in', ['SENT', 'SUBMITTED'])
          .execute();
      }
    }
  },
};

/** Called by the lifecycle's rules when a status change is approved or rejected: the project that asked for it follows. */
export async function lifecycleDecided(ctx: ActionContext, db: Db, lifecycleId: number, approved: boolean, reason: string | null): Promise<void> {
  const p = await sup(db).selectFrom('srm_pos_qualification').select(['qualification_id', 'status']).where('lifecycle_id', '=', lifecycleId).executeTakeFirst();
  if (!p || p.status !== 'CONCLUDED') return;
  const actor = { session: ctx.session, lang: ctx.lang, events: ctx.events };
  await runTransitionIn(ctx.app, db, actor, 'srmPosQualification', approved ? 'doQualify' : 'doReopen', Number(p.qualification_id));
  if (!approved) await sup(db).updateTable('srm_pos_qualification').set({ fail_reason: reason }).where('qualification_id', '=', p.qualification_id).execute();
}
