// Supplier qualification on PGlite and PostgreSQL: buyer01 sends a qualification questionnaire to supplier02
// for a new category, supplier02 answers it (draft, required answers, submit), buyer01 scores it, records
// the site inspection and the samples, concludes; approver01 approves the QUALIFY status change and the
// category is QUALIFIED. Refusals in EN and TH: another supplier's questionnaire, answering after submit,
// a blacklisted supplier, missing answers, a failure without reason. A satisfaction survey to two suppliers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { expectOk, expectRefusal, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import type { SupplierApi } from '../../api.js';

const QP = 'srmServer/v1/srmPosQualificationRestful';
const QN = 'srmServer/v1/srmPosQuestionnaireRestful';
const SV = 'srmServer/v1/srmPosSurveyRestful';
const TPL = 'srmServer/v1/srmPosQnTemplateRestful';
const CHANGE = 'srmServer/v1/srmPosSupplierLifecycleRestful';
const SUPPLIER = 'srmServer/v1/srmPosSupplierInfoRestful';
const CATEGORY = 'srmServer/v1/srmBasePurchaseCategoryRestful';
const dayPlus = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);

/** Answers for every question of a questionnaire: first option, scale 4, a text, a file id. */
function answersOf(qn: Rec): Rec[] {
  return (qn.answers as Rec[]).map((a) => {
    const t = String(a.questionType);
    if (t === 'SINGLE') return { answerId: a.answerId, options: ['A'] };
    if (t === 'MULTI') return { answerId: a.answerId, options: ['A', 'B'] };
    if (t === 'SCALE') return { answerId: a.answerId, text: '4' };
    if (t === 'FILE') return { answerId: a.answerId, files: '' };
    return { answerId: a.answerId, text: 'Midea, Gree, Haier' };
  });
}

for (const backend of await backends()) {
  describe(`supplier qualification on ${backend}`, () => {
    let t: TestServer;
    let buyer: SignedClient;
    let approver: SignedClient;
    let s1: SignedClient;
    let s2: SignedClient;
    const supplierId: Record<string, number> = {};
    let template = 0;
    let surveyTemplate = 0;
    let category = 0;

    beforeAll(async () => {
      t = await startTestServer(backend);
      buyer = await signIn(t.url, 'buyer01');
      approver = await signIn(t.url, 'approver01');
      s1 = await signIn(t.url, 'supplier01');
      s2 = await signIn(t.url, 'supplier02');
      const admin = await signIn(t.url, 'admin');
      for (const s of expectOk(await buyer.call<Rec[]>(`${SUPPLIER}/listByPage`, { params: {}, pageRows: 100 })))
        supplierId[String(s.supplierNumber)] = Number(s.supplierId);
      for (const s of expectOk(await buyer.call<Rec[]>(`${SUPPLIER}/listByPage`, { params: {}, pageRows: 100 })))
        supplierId[String(s.supplierName)] = Number(s.supplierId);
      const tpls = expectOk(await buyer.call<Rec[]>(`${TPL}/listByPage`, { params: {}, pageRows: 50 }));
      template = Number(tpls.find((x) => x.templateCode === 'QT-QUAL-GENERAL')!.templateId);
      surveyTemplate = Number(tpls.find((x) => x.templateCode === 'QT-SURVEY-ANNUAL')!.templateId);
      const code = uniq('QC');
      category = Number(
        expectOk(await admin.call<Rec>(`${CATEGORY}/saveOrUpdate`, { categoryCode: code, categoryName: `测试品类 ${code}`, enabledFlag: 'Y' })).categoryId,
      );
    });
    afterAll(async () => t?.stop());

    it('the demo holds projects in every state and an open survey questionnaire for supplier02', async () => {
      const states = expectOk(await buyer.call<Rec[]>(`${QP}/listByPage`, { params: {}, pageRows: 100 })).map((p) => p.status);
      for (const s of ['DRAFT', 'IN_PROGRESS', 'CONCLUDED', 'QUALIFIED', 'FAILED']) expect(states).toContain(s);
      const mine = expectOk(await s2.call<Rec[]>(`${QN}/listByPage`, { params: { status: 'SENT' }, pageRows: 50 }));
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((q) => q.supplierId === supplierId['S-0002'])).toBe(true);
      // The overdue demo questionnaire (东莞立信, ELEC) is a supplier warning.
      const overdue = expectOk(
        await buyer.call<Rec[]>('srmServer/v1/srmPosSupplierWarningRestful/listByPage', {
          params: { warningType: 'QUESTIONNAIRE_OVERDUE', status: 'OPEN' },
          pageRows: 10,
        }),
      );
      expect(overdue.map((w) => w.supplierId)).toContain(supplierId['东莞立信五金制品有限公司']);
    });

    it('qualifies supplier02 for a category: questionnaire, answers, scores, inspection, samples, approval', async () => {
      const saved = expectOk(
        await buyer.call<Rec>(`${QP}/saveOrUpdate`, { supplierId: supplierId['S-0002'], categoryId: category, templateId: template, dueDate: dayPlus(14) }),
      );
      const qpId = Number(saved.qualificationId);
      const sent = expectOk(await buyer.call<Rec>(`${QP}/doSend`, { id: qpId }));
      expect(sent.status).toBe('IN_PROGRESS');
      const qnId = Number(sent.questionnaireId);

      // Another supplier does not see it, nor answer it.
      expectRefusal(await s1.call(`${QN}/findById`, { id: qnId }), 200, /not exist|does not exist|不存在/i);
      expect((await s1.call(`${QN}/doSaveAnswers`, { id: qnId, answers: [] })).status).toBe('E');

      const qn = expectOk(await s2.call<Rec>(`${QN}/findById`, { id: qnId }));
      expect((qn.answers as Rec[]).length).toBe(6);
      expect(JSON.stringify(qn.answers)).not.toMatch(/"score":\s*[1-9]/);
      // Missing required answers: named in the caller's language.
      expectRefusal(await s2.call(`${QN}/doSubmit`, { id: qnId }), 200, /required questions are not answered yet: 10, 30, 40, 50, 60/);
      expectRefusal(await s2.call(`${QN}/doSubmit`, { id: qnId }, { lang: 'TH' }), 200, /คำถามบังคับต่อไปนี้ยังไม่ได้ตอบ/);
      expectRefusal(
        await s2.call(`${QN}/doSaveAnswers`, { id: qnId, answers: [{ answerId: (qn.answers as Rec[])[0].answerId, options: ['Z'] }] }),
        200,
        /not valid/,
      );
      expectOk(await s2.call(`${QN}/doSaveAnswers`, { id: qnId, answers: answersOf(qn) }));
      const submitted = expectOk(await s2.call<Rec>(`${QN}/doSubmit`, { id: qnId }));
      expect(submitted.status).toBe('SUBMITTED');
      // Answering after submit.
      expectRefusal(await s2.call(`${QN}/doSaveAnswers`, { id: qnId, answers: answersOf(qn) }, { lang: 'TH' }), 200, /ไม่สามารถแก้ไขคำตอบได้อีก/);

      const read = expectOk(await buyer.call<Rec>(`${QN}/findById`, { id: qnId }));
      const answers = read.answers as Rec[];
      expect(answers.find((a) => a.questionType === 'SINGLE')!.score).toBe(10);
      expect(answers.find((a) => a.questionType === 'MULTI')!.score).toBe(6);
      expect(answers.find((a) => a.questionType === 'SCALE')!.score).toBe(8);
      expectRefusal(await buyer.call(`${QN}/doScore`, { id: qnId }), 200, /not scored yet/);
      const manual = answers.filter((a) => a.score === null);
      expectRefusal(await buyer.call(`${QN}/doScoreAnswers`, { id: qnId, scores: [{ answerId: manual[0].answerId, score: 11 }] }), 200, /between 0 and 10/);
      expectOk(await buyer.call(`${QN}/doScoreAnswers`, { id: qnId, scores: manual.map((a) => ({ answerId: a.answerId, score: 7 })) }));
      const scored = expectOk(await buyer.call<Rec>(`${QN}/doScore`, { id: qnId }));
      expect(scored.status).toBe('SCORED');
      expect(Number(scored.totalScore)).toBeGreaterThan(0);

      let qp = expectOk(await buyer.call<Rec>(`${QP}/findById`, { id: qpId }));
      expect(qp.questionnaireScore).toBe(scored.totalScore);
      expectRefusal(await buyer.call(`${QP}/doConclude`, { id: qpId }, { lang: 'TH' }), 200, /กรุณากรอกวันตรวจสถานที่/);
      qp = expectOk(
        await buyer.call<Rec>(`${QP}/saveOrUpdate`, {
          ...qp,
          inspectionDate: dayPlus(3),
          inspectors: 'QA team',
          inspectionItems: [
            { itemName: 'Quality system', maxScore: 50, score: 45 },
            { itemName: 'Equipment', maxScore: 50, score: 40 },
          ],
          trials: [
            { trialType: 'SAMPLE', quantity: 10, passedQuantity: 10, result: 'PASS' },
            { trialType: 'BATCH', quantity: 200, passedQuantity: 199, result: 'PASS' },
          ],
        }),
      );
      expect(qp.inspectionScore).toBe(85);
      const concluded = expectOk(await buyer.call<Rec>(`${QP}/doConclude`, { id: qpId }));
      expect(concluded.status).toBe('CONCLUDED');
      const change = expectOk(await buyer.call<Rec>(`${CHANGE}/findById`, { id: concluded.lifecycleId }));
      expect([change.changeType, change.status, change.categoryId]).toEqual(['QUALIFY', 'SUBMITTED', category]);
      // Only the status change's approval qualifies (the buyer holds no approve button; the rule refuses any caller).
      expect((await buyer.call(`${QP}/doQualify`, { id: qpId })).status).toBe('E');
      expectOk(await approver.call(`${CHANGE}/doApproval`, { id: concluded.lifecycleId }));
      expect(expectOk(await buyer.call<Rec>(`${QP}/findById`, { id: qpId })).status).toBe('QUALIFIED');
      expect(await t.app.ctx.modules.api<SupplierApi>('supplier').eligibleSuppliers(category)).toContain(supplierId['S-0002']);
    });

    it('refuses a blacklisted supplier, and a failure without a reason; a failed project closes its questionnaire', async () => {
      const body = { supplierId: supplierId['无锡旭日金属材料有限公司'], categoryId: category, templateId: template, dueDate: dayPlus(14) };
      expectRefusal(await buyer.call(`${QP}/saveOrUpdate`, body), 200, /frozen, blacklisted or has quit/);
      expectRefusal(await buyer.call(`${QP}/saveOrUpdate`, body, { lang: 'TH' }), 200, /ไม่สามารถรับรองคุณสมบัติหรือสำรวจได้/);
      const saved = expectOk(await buyer.call<Rec>(`${QP}/saveOrUpdate`, { ...body, supplierId: supplierId['东莞立信五金制品有限公司'] }));
      const sent = expectOk(await buyer.call<Rec>(`${QP}/doSend`, { id: saved.qualificationId }));
      expectRefusal(await buyer.call(`${QP}/doFail`, { id: saved.qualificationId }), 200, /reason for the failure/);
      const failed = expectOk(await buyer.call<Rec>(`${QP}/doFail`, { id: saved.qualificationId, reason: 'Samples rusted' }));
      expect([failed.status, failed.failReason]).toEqual(['FAILED', 'Samples rusted']);
      expect(expectOk(await buyer.call<Rec>(`${QN}/findById`, { id: sent.questionnaireId })).status).toBe('CLOSED');
    });

    it('a satisfaction survey goes to two suppliers, is answered, scored and closed with its average', async () => {
      const saved = expectOk(
        await buyer.call<Rec>(`${SV}/saveOrUpdate`, {
          title: uniq('Survey'),
          templateId: surveyTemplate,
          dueDate: dayPlus(10),
          targets: [{ supplierId: supplierId['S-0001'] }, { supplierId: supplierId['S-0002'] }],
        }),
      );
      const sent = expectOk(await buyer.call<Rec>(`${SV}/doSend`, { id: saved.surveyId }));
      const targets = sent.targets as Rec[];
      expect(targets.map((x) => x.answerStatus)).toEqual(['SENT', 'SENT']);
      const qnId = targets.find((x) => x.supplierId === supplierId['S-0002'])!.questionnaireId;
      const qn = expectOk(await s2.call<Rec>(`${QN}/findById`, { id: qnId }));
      expectOk(await s2.call(`${QN}/doSaveAnswers`, { id: qnId, answers: answersOf(qn) }));
      expectOk(await s2.call(`${QN}/doSubmit`, { id: qnId }));
      const manual = (expectOk(await buyer.call<Rec>(`${QN}/findById`, { id: qnId })).answers as Rec[]).filter((a) => a.score === null);
      expectOk(await buyer.call(`${QN}/doScoreAnswers`, { id: qnId, scores: manual.map((a) => ({ answerId: a.answerId, score: 5 })) }));
      const scored = expectOk(await buyer.call<Rec>(`${QN}/doScore`, { id: qnId }));
      const closed = expectOk(await buyer.call<Rec>(`${SV}/doClose`, { id: saved.surveyId }));
      expect((closed.targets as Rec[]).map((x) => x.answerStatus).sort()).toEqual(['CLOSED', 'SCORED']);
      expect(closed.averageScore).toBe(scored.totalScore);
    });
  });
}
