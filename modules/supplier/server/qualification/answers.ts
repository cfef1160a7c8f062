// A questionnaire's life: the supplier saves answers as a draft (doSaveAnswers) and submits them (doSubmit:
// required answers checked, choice and scale answers scored); the buyer scores the text and file answers
// (doScoreAnswers) and finishes (doScore: the weighted total), or returns it with a reason (doReturn), or
// closes it unanswered (doClose). Ownership keeps a supplier to its own questionnaires ("does not exist").
import type { Db } from '../../../../server/db/connect.js';
import { auditUpdate } from '../../../../server/db/typed.js';
import { refuse } from '../../../../server/errors.js';
import { ok } from '../../../../server/http/envelope.js';
import type { EntityRules } from '../../../../server/modules/types.js';
import type { FamilyAction } from '../../../../server/rest/actionContext.js';
import { findRow, loadRecord, parseId } from '../../../../server/rest/read.js';
import { autoScore, CHOICE, sup, weightedTotal } from './engine.js';
import { questionnaireMoved } from './follow.js';

const listOf = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object') : []);

async function answerRows(db: Db, id: number) {
  return sup(db).selectFrom('srm_pos_qn_answer').selectAll().where('questionnaire_id', '=', id).orderBy('line_number').execute();
}

async function openQuestionnaire(ctx: Parameters<FamilyAction>[0], db: Db, id: number, status: string) {
  await findRow(ctx, db, id);
  const q = await sup(db).selectFrom('srm_pos_questionnaire').selectAll().where('questionnaire_id', '=', id).forUpdate().executeTakeFirstOrThrow();
  if (q.status !== status) throw refuse(status === 'SENT' ? 'qn.notOpen' : 'qn.notSubmitted', { number: q.questionnaire_number ?? '' });
  return q;
}

/** {id, answers: [{answerId, text?, options?: string[], files?}]}: the supplier's draft, while SENT. */
export const doSaveAnswers: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  return ctx.app.db.transaction().execute(async (db) => {
    await openQuestionnaire(ctx, db, id, 'SENT');
    const rows = new Map((await answerRows(db, id)).map((r) => [Number(r.answer_id), r]));
    for (const a of listOf(ctx.body.answers)) {
      const row = rows.get(Number(a.answerId));
      if (!row) throw refuse('error.malformed', { detail: 'answerId' });
      const options = Array.isArray(a.options) ? a.options.map(String) : [];
      if (CHOICE.includes(row.question_type ?? '')) {
        const allowed = (JSON.parse(row.options_json ?? '[]') as { code: string }[]).map((o) => o.code);
        if (options.some((o) => !allowed.includes(o)) || (row.question_type === 'SINGLE' && options.length > 1))
          throw refuse('qn.badOption', { line: row.line_number ?? '' });
      }
      const text = typeof a.text === 'string' ? a.text.trim().slice(0, 2000) : a.text === undefined || a.text === null ? null : String(a.text);
      if (row.question_type === 'SCALE' && text && !/^\d+$/.test(text)) throw refuse('qn.badScale', { line: row.line_number ?? '' });
      await sup(db)
        .updateTable('srm_pos_qn_answer')
        .set({
          answer_text: text || null,
          answer_options: options.length ? options.join(',') : null,
          answer_files: typeof a.files === 'string' && a.files ? a.files.slice(0, 4000) : null,
          ...auditUpdate(ctx.session.userId),
        })
        .where('answer_id', '=', row.answer_id)
        .execute();
    }
    return ok(await loadRecord(ctx, db, id));
  });
};

/** {id, scores: [{answerId, score}]}: the buyer's scores, while SUBMITTED; each within the question's maximum. */
export const doScoreAnswers: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  return ctx.app.db.transaction().execute(async (db) => {
    await openQuestionnaire(ctx, db, id, 'SUBMITTED');
    const rows = new Map((await answerRows(db, id)).map((r) => [Number(r.answer_id), r]));
    for (const s of listOf(ctx.body.scores)) {
      const row = rows.get(Number(s.answerId));
      if (!row) throw refuse('error.malformed', { detail: 'answerId' });
      const score = Number(s.score);
      if (s.score === null || s.score === '' || !Number.isFinite(score) || score < 0 || score > Number(row.max_score ?? 0)) {
        throw refuse('qn.badScore', { line: row.line_number ?? '', max: Number(row.max_score ?? 0) });
      }
      await sup(db)
        .updateTable('srm_pos_qn_answer')
        .set({ score, ...auditUpdate(ctx.session.userId) })
        .where('answer_id', '=', row.answer_id)
        .execute();
    }
    return ok(await loadRecord(ctx, db, id));
  });
};

const answered = (r: { question_type: string | null; answer_text: string | null; answer_options: string | null; answer_files: string | null }) =>
  CHOICE.includes(r.question_type ?? '') ? !!r.answer_options : r.question_type === 'FILE' ? !!r.answer_files : !!r.answer_text;

export const questionnaireRules: EntityRules = {
  async beforeTransition(ctx, db, step) {
    const rows = await answerRows(db, step.id);
    if (step.action === 'doSubmit') {
      const missing = rows.filter((r) => r.required_flag !== 'N' && !answered(r)).map((r) => r.line_number);
      if (missing.length) throw refuse('qn.missingAnswers', { lines: missing.join(', ') });
      for (const r of rows) {
        const score = await autoScore(db, r);
        await sup(db).updateTable('srm_pos_qn_answer').set({ score }).where('answer_id', '=', r.answer_id).execute();
      }
    }
    if (step.action === 'doScore') {
      const unscored = rows.filter((r) => r.score === null).map((r) => r.line_number);
      if (unscored.length) throw refuse('qn.unscored', { lines: unscored.join(', ') });
      await sup(db)
        .updateTable('srm_pos_questionnaire')
        .set({ total_score: weightedTotal(rows) })
        .where('questionnaire_id', '=', step.id)
        .execute();
    }
    if (step.action === 'doReturn') {
      const reason = typeof ctx.body.reason === 'string' ? ctx.body.reason.trim() : '';
      if (!reason) throw refuse('qn.reasonRequired');
      await sup(db)
        .updateTable('srm_pos_questionnaire')
        .set({ return_reason: reason.slice(0, 500) })
        .where('questionnaire_id', '=', step.id)
        .execute();
    }
  },
  async afterTransition(_ctx, db, step) {
    await questionnaireMoved(db, step.id);
  },
};
