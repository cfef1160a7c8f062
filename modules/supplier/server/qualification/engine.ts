// The questionnaire engine shared by qualification projects and satisfaction surveys: a questionnaire is a
// copy of a template's questions (texts in four languages and the options, without their scores, which the
// supplier never sees) sent to one supplier; choice and scale answers are scored from the question bank,
// text and file answers by the buyer; the total is weighted and given out of 100.
import type { Db } from '../../../../server/db/connect.js';
import { auditInsert, typed } from '../../../../server/db/typed.js';
import { refuse } from '../../../../server/errors.js';
import { nextDocumentNumber } from '../../../../server/rest/numbering.js';
import type { SupplierTables } from '../../generated/tables.js';

export const sup = (db: Db) => typed<SupplierTables>(db);
export const CHOICE = ['SINGLE', 'MULTI'];
/** Supplier states no qualification or survey may be sent to. */
export const BARRED = ['FROZEN', 'BLACKLIST', 'BLACKLISTED', 'QUIT'];

export interface QuestionText {
  CN: string;
  EN: string;
  TH: string;
  VN: string;
}
export interface SentOption {
  code: string;
  text: QuestionText;
}

/** Refuses a supplier that does not exist or may not be worked with (frozen, blacklisted, quit). */
export async function assertWorkable(db: Db, supplierId: number): Promise<string> {
  const s = await sup(db)
    .selectFrom('srm_pos_supplier_info')
    .select(['supplier_name', 'supplier_status'])
    .where('supplier_id', '=', supplierId)
    .executeTakeFirst();
  if (!s) throw refuse('lifecycle.noSupplier');
  if (BARRED.includes(s.supplier_status ?? '')) throw refuse('qualification.barred', { supplier: s.supplier_name });
  return s.supplier_name;
}

/** The template, refused unless enabled, of the given purpose and with at least one question. */
export async function usableTemplate(db: Db, templateId: number, purpose: 'QUALIFICATION' | 'SURVEY') {
  const tpl = await sup(db).selectFrom('srm_pos_qn_template').selectAll().where('template_id', '=', templateId).executeTakeFirst();
  if (!tpl || tpl.enabled_flag === 'N' || tpl.purpose !== purpose) throw refuse('qn.badTemplate');
  return tpl;
}

export interface NewQuestionnaire {
  templateId: number;
  supplierId: number;
  purpose: 'QUALIFICATION' | 'SURVEY';
  title: string;
  dueDate: string;
  qualificationId?: number;
  surveyId?: number;
  userId: number;
}

/** Writes the questionnaire and one answer row per template question; answers its id. */
export async function createQuestionnaire(db: Db, q: NewQuestionnaire): Promise<number> {
  const t = sup(db);
  const items = await t
    .selectFrom('srm_pos_qn_template_line as l')
    .innerJoin('srm_pos_question as q', 'q.question_id', 'l.question_id')
    .select([
      'l.section_name',
      'l.weight',
      'l.required_flag',
      'q.question_id',
      'q.question_type',
      'q.text_cn',
      'q.text_en',
      'q.text_th',
      'q.text_vn',
      'q.max_score',
      'q.scale_max',
    ])
    .where('l.template_id', '=', q.templateId)
    .orderBy('l.line_number')
    .execute();
  if (items.length === 0) throw refuse('qn.badTemplate');
  const options = await t
    .selectFrom('srm_pos_question_option')
    .selectAll()
    .where(
      'question_id',
      'in',
      items.map((i) => i.question_id),
    )
    .orderBy('line_number')
    .execute();
  const row = await t
    .insertInto('srm_pos_questionnaire')
    .values({
      questionnaire_number: await nextDocumentNumber(db, 'QN'),
      title: q.title.slice(0, 200),
      purpose: q.purpose,
      supplier_id: q.supplierId,
      template_id: q.templateId,
      qualification_id: q.qualificationId ?? null,
      survey_id: q.surveyId ?? null,
      due_date: q.dueDate,
      status: 'SENT',
      ...auditInsert(q.userId),
    })
    .returning('questionnaire_id')
    .executeTakeFirstOrThrow();
  const id = Number(row.questionnaire_id);
  let n = 0;
  for (const i of items) {
    n += 10;
    const sent: SentOption[] | { scaleMax: number } = CHOICE.includes(i.question_type)
      ? options
          .filter((o) => Number(o.question_id) === Number(i.question_id))
          .map((o) => ({ code: o.option_code, text: { CN: o.text_cn, EN: o.text_en, TH: o.text_th, VN: o.text_vn } }))
      : { scaleMax: Number(i.scale_max ?? 5) };
    await t
      .insertInto('srm_pos_qn_answer')
      .values({
        questionnaire_id: id,
        line_number: n,
        section_name: i.section_name,
        question_id: i.question_id,
        question_type: i.question_type,
        question_text: JSON.stringify({ CN: i.text_cn, EN: i.text_en, TH: i.text_th, VN: i.text_vn }),
        options_json: JSON.stringify(sent),
        required_flag: i.required_flag === 'N' ? 'N' : 'Y',
        weight: i.weight,
        max_score: i.max_score,
        ...auditInsert(q.userId),
      })
      .execute();
  }
  return id;
}

/** The automatic score of a choice or scale answer (null for text and file answers: the buyer scores them). */
export async function autoScore(
  db: Db,
  a: { question_id: number | null; question_type: string | null; answer_options: string | null; answer_text: string | null; max_score: number | string | null },
) {
  const max = Number(a.max_score ?? 0);
  if (a.question_type === 'SCALE') {
    const q = await sup(db).selectFrom('srm_pos_question').select('scale_max').where('question_id', '=', Number(a.question_id)).executeTakeFirst();
    const top = Number(q?.scale_max ?? 5);
    const v = Number(a.answer_text);
    return Number.isFinite(v) && v >= 1 ? Math.round((max * Math.min(v, top) * 100) / top) / 100 : 0;
  }
  if (!CHOICE.includes(a.question_type ?? '')) return null;
  const chosen = (a.answer_options ?? '').split(',').filter(Boolean);
  if (chosen.length === 0) return 0;
  const opts = await sup(db).selectFrom('srm_pos_question_option').select(['option_code', 'score']).where('question_id', '=', Number(a.question_id)).execute();
  const sum = opts.filter((o) => chosen.includes(o.option_code)).reduce((s, o) => s + Number(o.score ?? 0), 0);
  return Math.min(sum, max);
}

/** The weighted total out of 100 of scored answers (null when nothing can be scored). */
export function weightedTotal(rows: { weight: unknown; max_score: unknown; score: unknown }[]): number | null {
  let got = 0;
  let top = 0;
  for (const r of rows) {
    const w = Number(r.weight ?? 1);
    top += w * Number(r.max_score ?? 0);
    got += w * Number(r.score ?? 0);
  }
  return top > 0 ? Math.round((got * 10000) / top) / 100 : null;
}
