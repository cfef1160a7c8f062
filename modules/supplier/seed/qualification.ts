// Demo qualification: the question bank, two templates, qualification projects in every state (东莞立信,
// the demo's POTENTIAL supplier, in DRAFT, IN_PROGRESS with an overdue and with a submitted questionnaire,
// and CONCLUDED with the QUALIFY request that waits for approval; Hanoi Cable QUALIFIED through its approved
// request; 无锡旭日 FAILED) and satisfaction surveys (DRAFT, SENT to three demo suppliers — supplier02's
// still to answer — and CLOSED). Written through the module's own tables and questionnaire engine.
import type { Db } from '../../../server/db/connect.js';
import { auditInsert, typed } from '../../../server/db/typed.js';
import type { DemoContext, DemoStep } from '../../../server/modules/types.js';
import { nextDocumentNumber } from '../../../server/rest/numbering.js';
import type { SupplierTables } from '../generated/tables.js';
import { autoScore, createQuestionnaire, weightedTotal } from '../server/qualification/engine.js';
import { QUESTIONS, TEMPLATES } from './qualificationData.js';
import { scanQuestionnaires } from '../server/warnings/questionnaireScan.js';

const dayPlus = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function bank(db: Db, userId: number): Promise<Map<string, number>> {
  const t = typed<SupplierTables>(db);
  const ids = new Map<string, number>();
  for (const q of QUESTIONS) {
    const [cn, en, th, vn] = q.text;
    const row = await t
      .insertInto('srm_pos_question')
      .values({
        question_code: q.code,
        question_type: q.type,
        text_cn: cn,
        text_en: en,
        text_th: th,
        text_vn: vn,
        max_score: q.maxScore,
        scale_max: q.scaleMax ?? null,
        enabled_flag: 'Y',
        ...auditInsert(userId),
      })
      .returning('question_id')
      .executeTakeFirstOrThrow();
    ids.set(q.code, Number(row.question_id));
    for (const [i, [code, [ocn, oen, oth, ovn], score]] of (q.options ?? []).entries()) {
      await t
        .insertInto('srm_pos_question_option')
        .values({
          question_id: row.question_id,
          line_number: (i + 1) * 10,
          option_code: code,
          text_cn: ocn,
          text_en: oen,
          text_th: oth,
          text_vn: ovn,
          score,
          ...auditInsert(userId),
        })
        .execute();
    }
  }
  return ids;
}

async function templates(db: Db, userId: number, questions: Map<string, number>): Promise<Map<string, number>> {
  const t = typed<SupplierTables>(db);
  const ids = new Map<string, number>();
  for (const tpl of TEMPLATES) {
    const row = await t
      .insertInto('srm_pos_qn_template')
      .values({ template_code: tpl.code, template_name: tpl.name, purpose: tpl.purpose, pass_score: tpl.passScore, enabled_flag: 'Y', ...auditInsert(userId) })
      .returning('template_id')
      .executeTakeFirstOrThrow();
    ids.set(tpl.code, Number(row.template_id));
    for (const [i, [section, code, weight, required]] of tpl.items.entries()) {
      await t
        .insertInto('srm_pos_qn_template_line')
        .values({
          template_id: row.template_id,
          line_number: (i + 1) * 10,
          section_name: section,
          question_id: questions.get(code)!,
          weight,
          required_flag: required,
          ...auditInsert(userId),
        })
        .execute();
    }
  }
  return ids;
}

/** Fills every answer (first option, middle of the scale, a sentence) and moves the questionnaire to `status`. */
async function answer(db: Db, id: number, status: 'SUBMITTED' | 'SCORED') {
  const t = typed<SupplierTables>(db);
  const rows = await t.selectFrom('srm_pos_qn_answer').selectAll().where('questionnaire_id', '=', id).execute();
  for (const r of rows) {
    const a = {
      answer_options: r.question_type === 'SINGLE' ? 'A' : r.question_type === 'MULTI' ? 'A,C' : null,
      answer_text: r.question_type === 'SCALE' ? '4' : r.question_type === 'TEXT' ? '美的集团 1200 万元；格力电器 800 万元；海尔 500 万元' : null,
    };
    const auto = await autoScore(db, { ...r, ...a });
    const score = auto ?? (status === 'SCORED' ? Number(r.max_score) * 0.8 : null);
    await t
      .updateTable('srm_pos_qn_answer')
      .set({ ...a, score })
      .where('answer_id', '=', r.answer_id)
      .execute();
  }
  const scored = await t.selectFrom('srm_pos_qn_answer').select(['weight', 'max_score', 'score']).where('questionnaire_id', '=', id).execute();
  await t
    .updateTable('srm_pos_questionnaire')
    .set({
      status,
      submitted_date: `${dayPlus(-3)} 09:30:00`,
      scored_date: status === 'SCORED' ? `${dayPlus(-1)} 15:00:00` : null,
      total_score: status === 'SCORED' ? weightedTotal(scored) : null,
    })
    .where('questionnaire_id', '=', id)
    .execute();
  return status === 'SCORED' ? weightedTotal(scored) : null;
}

async function supplierByName(db: Db, name: string): Promise<number> {
  const row = await typed<SupplierTables>(db)
    .selectFrom('srm_pos_supplier_info')
    .select('supplier_id')
    .where('supplier_name', '=', name)
    .executeTakeFirstOrThrow();
  return Number(row.supplier_id);
}

async function projects(db: Db, demo: DemoContext, userId: number, tpl: number) {
  const t = typed<SupplierTables>(db);
  const cat = (c: string) => demo.ids.get('purchaseCategory', c);
  const lixin = await supplierByName(db, '东莞立信五金制品有限公司');
  const hanoi = await supplierByName(db, 'Hanoi Cable Manufacturing JSC');
  const xuri = await supplierByName(db, '无锡旭日金属材料有限公司');
  const lifecycle = async (supplierId: number, category: number) =>
    (
      await t
        .selectFrom('srm_pos_supplier_lifecycle')
        .select('lifecycle_id')
        .where('supplier_id', '=', supplierId)
        .where('change_type', '=', 'QUALIFY')
        .where('category_id', '=', category)
        .executeTakeFirst()
    )?.lifecycle_id ?? null;
  const plan = [
    { supplier: lixin, category: 'MRO', status: 'DRAFT', due: 20 },
    { supplier: lixin, category: 'ELEC', status: 'IN_PROGRESS', due: -5, qn: 'SENT' },
    { supplier: lixin, category: 'PACK', status: 'IN_PROGRESS', due: 10, qn: 'SUBMITTED' },
    { supplier: lixin, category: 'RAW', status: 'CONCLUDED', due: -20, qn: 'SCORED', done: true },
    { supplier: hanoi, category: 'ELEC', status: 'QUALIFIED', due: -200, qn: 'SCORED', done: true },
    { supplier: xuri, category: 'PACK', status: 'FAILED', due: -90, qn: 'SCORED', fail: '小批量试产不良率 4.2%，超过 1% 的要求' },
  ] as const;
  for (const p of plan) {
    const number = await nextDocumentNumber(db, 'QP');
    const done = 'done' in p;
    const row = await t
      .insertInto('srm_pos_qualification')
      .values({
        qualification_number: number,
        supplier_id: p.supplier,
        category_id: cat(p.category),
        template_id: tpl,
        due_date: dayPlus(p.due),
        status: p.status,
        inspection_date: 'qn' in p && p.qn === 'SCORED' ? dayPlus(p.due + 7) : null,
        inspectors: 'qn' in p && p.qn === 'SCORED' ? '张伟（采购）、刘洋（质量）' : null,
        inspection_report: 'qn' in p && p.qn === 'SCORED' ? '现场 5S 良好，检测设备齐全，来料检验记录完整。' : null,
        conclusion_remark: done ? '问卷、现场审核与样品均合格' : null,
        fail_reason: 'fail' in p ? p.fail : null,
        lifecycle_id: done ? await lifecycle(p.supplier, cat(p.category)) : null,
        sent_date: p.status === 'DRAFT' ? null : `${dayPlus(p.due - 14)} 10:00:00`,
        closed_date: p.status === 'QUALIFIED' || p.status === 'FAILED' ? `${dayPlus(p.due + 20)} 16:00:00` : null,
        ...auditInsert(userId),
      })
      .returning('qualification_id')
      .executeTakeFirstOrThrow();
    const id = Number(row.qualification_id);
    if (!('qn' in p)) continue;
    const qn = await createQuestionnaire(db, {
      templateId: tpl,
      supplierId: p.supplier,
      purpose: 'QUALIFICATION',
      title: number,
      dueDate: dayPlus(p.due),
      qualificationId: id,
      userId,
    });
    const score = p.qn === 'SENT' ? null : await answer(db, qn, p.qn);
    if (p.qn !== 'SCORED') {
      await t.updateTable('srm_pos_qualification').set({ questionnaire_id: qn }).where('qualification_id', '=', id).execute();
      continue;
    }
    const items: [string, number, number][] = [
      ['质量体系运行', 30, 26],
      ['生产设备与产能', 30, 25],
      ['检测能力', 20, 17],
      ['仓储与物流', 20, 16],
    ];
    for (const [j, [name, max, got]] of items.entries()) {
      await t
        .insertInto('srm_pos_qual_insp_item')
        .values({ qualification_id: id, line_number: (j + 1) * 10, item_name: name, max_score: max, score: got, ...auditInsert(userId) })
        .execute();
    }
    const failed = 'fail' in p;
    await t
      .insertInto('srm_pos_qual_trial')
      .values({ qualification_id: id, line_number: 10, trial_type: 'SAMPLE', quantity: 20, passed_quantity: 20, result: 'PASS', ...auditInsert(userId) })
      .execute();
    await t
      .insertInto('srm_pos_qual_trial')
      .values({
        qualification_id: id,
        line_number: 20,
        trial_type: 'BATCH',
        quantity: 500,
        passed_quantity: failed ? 479 : 498,
        result: failed ? 'FAIL' : 'PASS',
        remark: failed ? '不良率 4.2%' : null,
        ...auditInsert(userId),
      })
      .execute();
    await t
      .updateTable('srm_pos_qualification')
      .set({ questionnaire_id: qn, questionnaire_score: score, inspection_score: 84 })
      .where('qualification_id', '=', id)
      .execute();
  }
}

async function surveys(db: Db, demo: DemoContext, userId: number, tpl: number) {
  const t = typed<SupplierTables>(db);
  const plan = [
    {
      title: '2026 年度供应商满意度调查',
      status: 'SENT',
      due: 15,
      targets: [
        ['S-0001', 'SCORED'],
        ['S-0002', 'SENT'],
        ['S-0003', 'SUBMITTED'],
      ],
    },
    {
      title: '2025 年度供应商满意度调查',
      status: 'CLOSED',
      due: -300,
      targets: [
        ['S-0004', 'SCORED'],
        ['S-0005', 'SCORED'],
        ['S-0006', 'CLOSED'],
      ],
    },
    {
      title: '2027 年度供应商满意度调查（草稿）',
      status: 'DRAFT',
      due: 60,
      targets: [
        ['S-0001', null],
        ['S-0004', null],
      ],
    },
  ] as const;
  for (const s of plan) {
    const row = await t
      .insertInto('srm_pos_survey')
      .values({
        survey_number: await nextDocumentNumber(db, 'SV'),
        title: s.title,
        template_id: tpl,
        due_date: dayPlus(s.due),
        status: s.status,
        sent_date: s.status === 'DRAFT' ? null : `${dayPlus(s.due - 20)} 09:00:00`,
        closed_date: s.status === 'CLOSED' ? `${dayPlus(s.due + 1)} 18:00:00` : null,
        ...auditInsert(userId),
      })
      .returning('survey_id')
      .executeTakeFirstOrThrow();
    const scores: number[] = [];
    for (const [j, [number, state]] of s.targets.entries()) {
      const supplierId = demo.ids.get('supplier', number);
      let qn: number | null = null;
      let score: number | null = null;
      if (state !== null) {
        qn = await createQuestionnaire(db, {
          templateId: tpl,
          supplierId,
          purpose: 'SURVEY',
          title: s.title,
          dueDate: dayPlus(s.due),
          surveyId: row.survey_id,
          userId,
        });
        if (state === 'SUBMITTED' || state === 'SCORED') score = await answer(db, qn, state);
        if (state === 'CLOSED') await t.updateTable('srm_pos_questionnaire').set({ status: 'CLOSED' }).where('questionnaire_id', '=', qn).execute();
        if (score !== null) scores.push(score);
      }
      await t
        .insertInto('srm_pos_survey_target')
        .values({
          survey_id: row.survey_id,
          line_number: (j + 1) * 10,
          supplier_id: supplierId,
          questionnaire_id: qn,
          answer_status: state,
          score,
          ...auditInsert(userId),
        })
        .execute();
    }
    if (s.status === 'CLOSED' && scores.length)
      await t
        .updateTable('srm_pos_survey')
        .set({ average_score: Math.round((scores.reduce((a, b) => a + b, 0) * 100) / scores.length) / 100 })
        .where('survey_id', '=', row.survey_id)
        .execute();
  }
}

export const qualification: DemoStep = {
  name: 'qualification',
  after: ['supplier:registrations', 'supplier:suppliers', 'base:data', 'admin:users'],
  async run(db, demo) {
    const buyer = demo.ids.get('user', 'buyer01');
    const questions = await bank(db, buyer);
    const tpls = await templates(db, buyer, questions);
    await projects(db, demo, buyer, tpls.get('QT-QUAL-GENERAL')!);
    await surveys(db, demo, buyer, tpls.get('QT-SURVEY-ANNUAL')!);
    // The overdue questionnaire (东莞立信, ELEC) shows on 供应商预警 as the scheduled check would raise it.
    await scanQuestionnaires(db, dayPlus(0), `${dayPlus(0)} 06:00:00`);
  },
};
