// Satisfaction surveys (srmPosSurvey): one template sent to several suppliers at once, each getting its own
// questionnaire (the same engine as qualification); closing the survey closes what was not answered and
// gives the average of the scored answers.
import { refuse } from '../../../../server/errors.js';
import type { EntityRules } from '../../../../server/modules/types.js';
import { assertWorkable, createQuestionnaire, sup, usableTemplate } from './engine.js';

export const surveyRules: EntityRules = {
  async beforeSave(_ctx, db, values, id) {
    const templateId =
      values.template_id ??
      (id === null
        ? null
        : (await sup(db).selectFrom('srm_pos_survey').select('template_id').where('survey_id', '=', id).executeTakeFirstOrThrow()).template_id);
    await usableTemplate(db, Number(templateId), 'SURVEY');
  },
  async beforeTransition(_ctx, db, step) {
    if (step.action !== 'doSend') return;
    const targets = await sup(db).selectFrom('srm_pos_survey_target').select('supplier_id').where('survey_id', '=', step.id).execute();
    if (targets.length === 0) throw refuse('survey.noSupplier');
    const ids = targets.map((t) => Number(t.supplier_id));
    if (new Set(ids).size !== ids.length) throw refuse('survey.duplicateSupplier');
    for (const id of ids) await assertWorkable(db, id);
  },
  async afterTransition(ctx, db, step) {
    const t = sup(db);
    const s = await t.selectFrom('srm_pos_survey').selectAll().where('survey_id', '=', step.id).executeTakeFirstOrThrow();
    if (step.action === 'doSend') {
      await usableTemplate(db, s.template_id, 'SURVEY');
      const targets = await t.selectFrom('srm_pos_survey_target').select(['target_id', 'supplier_id']).where('survey_id', '=', step.id).execute();
      for (const target of targets) {
        const questionnaireId = await createQuestionnaire(db, {
          templateId: s.template_id,
          supplierId: target.supplier_id,
          purpose: 'SURVEY',
          title: s.title,
          dueDate: String(s.due_date).slice(0, 10),
          surveyId: s.survey_id,
          userId: ctx.session.userId,
        });
        await t
          .updateTable('srm_pos_survey_target')
          .set({ questionnaire_id: questionnaireId, answer_status: 'SENT' })
          .where('target_id', '=', target.target_id)
          .execute();
        ctx.events.add('supplier.questionnaireSent', { questionnaireId, supplierId: target.supplier_id });
      }
    }
    if (step.action === 'doClose') {
      await t
        .updateTable('srm_pos_questionnaire')
        .set({ status: 'CLOSED' })
        .where('survey_id', '=', step.id)
        .where('status', 'in', ['SENT', 'SUBMITTED'])
        .execute();
      await t
        .updateTable('srm_pos_survey_target')
        .set({ answer_status: 'CLOSED' })
        .where('survey_id', '=', step.id)
        .where('answer_status', 'in', ['SENT', 'SUBMITTED'])
        .execute();
      const scored = await t
        .selectFrom('srm_pos_survey_target')
        .select('score')
        .where('survey_id', '=', step.id)
        .where('answer_status', '=', 'SCORED')
        .execute();
      const avg = scored.length ? Math.round((scored.reduce((a, r) => a + Number(r.score ?? 0), 0) * 100) / scored.length) / 100 : null;
      await t.updateTable('srm_pos_survey').set({ average_score: avg }).where('survey_id', '=', step.id).execute();
    }
  },
};
