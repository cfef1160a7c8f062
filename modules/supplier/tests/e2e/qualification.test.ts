// Supplier qualification in the browser, in CN, TH and VN, on a server of this file's own (a copy of the
// demo data): buyer01 creates a qualification of supplier02 for a category it does not hold yet (a fresh
// one per language) and sends the questionnaire; supplier02 finds it on its home, is told which required
// answers are missing, answers and submits; buyer01 scores the text and file answers, records the site
// inspection and a sample, concludes; approver01 approves the status change; the project is QUALIFIED.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import {
  activePane,
  chooseOption,
  cellEditor,
  chromiumForFile,
  clickCell,
  confirmPrimary,
  eventually,
  expectToast,
  focused,
  grid,
  openMenu,
  pickCell,
} from '../../../../tests/e2e/helpers';
import { startMailingServer, type MailingServer } from '../../../../tests/e2e/mailingServer';
import { expectOk, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';

type Lang = 'CN' | 'TH' | 'VN';
let server: MailingServer;
const category: Partial<Record<Lang, string>> = {};
beforeAll(async () => {
  server = await startMailingServer('supplier-qualification');
  const admin = await signIn(server.base, 'admin');
  for (const lang of ['CN', 'TH', 'VN'] as const) {
    const code = `QE${lang}${Date.now() % 100000}`;
    expectOk(
      await admin.call<Rec>('srmServer/v1/srmBasePurchaseCategoryRestful/saveOrUpdate', { categoryCode: code, categoryName: `E2E ${code}`, enabledFlag: 'Y' }),
    );
    category[lang] = code;
  }
});
afterAll(async () => {
  await server?.stop();
});
const chrome = chromiumForFile('');

const CASES = {
  CN: {
    running: '认证中',
    submitted: '已提交',
    scored: '已评分',
    concluded: '待审批',
    qualified: '合格',
    effective: '已生效',
    missing: /必答题尚未回答：10, 30, 40, 50, 60/,
  },
  TH: {
    running: 'กำลังดำเนินการ',
    submitted: 'ส่งแล้ว',
    scored: 'ให้คะแนนแล้ว',
    concluded: 'รออนุมัติ',
    qualified: 'ผ่านการรับรอง',
    effective: 'มีผลแล้ว',
    missing: /คำถามบังคับต่อไปนี้ยังไม่ได้ตอบ: 10, 30, 40, 50, 60/,
  },
  VN: {
    running: 'Đang đánh giá',
    submitted: 'Đã nộp',
    scored: 'Đã chấm điểm',
    concluded: 'Chờ duyệt',
    qualified: 'Đạt chuẩn',
    effective: 'Đã hiệu lực',
    missing: /Các câu bắt buộc sau chưa được trả lời: 10, 30, 40, 50, 60/,
  },
} as const;

const signedIn = (user: string, lang: Lang, home: 'inHome' | 'exHome' = 'inHome'): Promise<Page> => chrome.signedIn(server.base, user, lang, home);

async function pick(page: Page, field: string, typed: string, option: string): Promise<void> {
  await chooseOption(page, activePane(page).locator(`.arco-select:has(#root_${field}), #root_${field}`).first(), typed, option);
}

async function date(page: Page, field: string, value: string): Promise<void> {
  const input = activePane(page).locator(`[data-field=${field}] input`);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/** Types into a number or text cell of a line grid. */
async function typeCell(page: Page, lines: string, key: string, row: number, value: string, number: boolean): Promise<void> {
  // The line grids sit below a long form: in view first, so the click lands on the cell.
  await grid(page, lines).scrollIntoViewIfNeeded();
  await clickCell(page, grid(page, lines), key, row);
  const input = cellEditor(page)
    .locator(number ? '.arco-input-number input' : 'input')
    .first();
  await focused(input);
  await input.pressSequentially(value, { delay: 40 });
  await input.press('Enter');
  await cellEditor(page).waitFor({ state: 'detached' });
}

const text = (page: Page, field: string) => activePane(page).locator(`#root_${field}`).innerText();
const dayPlus = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);

for (const lang of ['CN', 'TH', 'VN'] as const) {
  describe(`supplier qualification in ${lang}`, () => {
    it('questionnaire to supplier02, answered in the portal, scored, inspection and sample recorded, QUALIFIED', async () => {
      const c = CASES[lang];
      const l = lang.toLowerCase();
      const code = category[lang]!;
      const buyer = await signedIn('buyer01', lang);
      await openMenu(buyer, 'SUPPLIER_QUALIFICATION', /\/main\/supplier\/qualificationList/);
      await activePane(buyer).getByTestId('action-add').click();
      await buyer.waitForURL(/\/main\/supplier\/qualificationEdit\?.*mode=create/);
      await pick(buyer, 'supplierId', 'Siam', 'Siam Electronic');
      await pick(buyer, 'categoryId', code, code);
      await pick(buyer, 'templateId', '', '新供应商资格认证问卷');
      await date(buyer, 'dueDate', dayPlus(14));
      await activePane(buyer).getByTestId('action-save').click();
      await buyer.waitForURL(/\/main\/supplier\/qualificationEdit\?.*id=\d+/);
      await eventually(async () => (await text(buyer, 'qualificationNumber')).trim()).toMatch(/^QP-\d{4}-\d{6}$/);
      const editUrl = buyer.url();
      await activePane(buyer).getByTestId('action-send').click();
      await confirmPrimary(buyer);
      await eventually(() => text(buyer, 'status')).toBe(c.running);
      // The questionnaire shows as its number and title.
      await eventually(async () => (await text(buyer, 'questionnaireId')).trim()).toMatch(/^QN-\d{4}-\d{6}\b/);
      const qn = (await text(buyer, 'questionnaireId')).trim().split(' ')[0];
      await shot(buyer, `supplier-qualification-sent-${l}`);

      // supplier02: the home card lists it; answering nothing is refused, naming the required questions.
      const supplier = await signedIn('supplier02', lang, 'exHome');
      const card = supplier.getByTestId(`home-questionnaire-${qn}`);
      await card.waitFor({ state: 'visible' });
      await shot(supplier, `supplier-qualification-home-${l}`);
      await card.locator('button').click();
      await supplier.waitForURL(/\/main\/supplier\/myQuestionnaireEdit\?.*id=\d+/);
      const panel = activePane(supplier).getByTestId('qn-panel');
      await panel.getByTestId('qn-submit').waitFor({ state: 'visible' });
      await panel.getByTestId('qn-submit').click();
      await expectToast(supplier, c.missing);
      await panel.getByTestId('qn-option-10-A').click();
      await panel.getByTestId('qn-option-30-B').click();
      await panel.getByTestId('qn-option-40-A').click();
      await panel.getByTestId('qn-option-40-C').click();
      await panel.getByTestId('qn-scale-50-4').click();
      await panel.getByTestId('qn-text-60').fill('Midea 12M, Gree 8M, Haier 5M');
      await shot(supplier, `supplier-qualification-answering-${l}`);
      await panel.getByTestId('qn-submit').click();
      await eventually(() => panel.getAttribute('data-status')).toBe('SUBMITTED');
      await eventually(() => text(supplier, 'status')).toBe(c.submitted);

      // buyer01 scores the text and the (unanswered, optional) file question.
      await openMenu(buyer, 'SUPPLIER_QUESTIONNAIRE', /\/main\/supplier\/questionnaireList/);
      await activePane(buyer).getByTestId('search-questionnaireNumber').fill(qn);
      await activePane(buyer).getByTestId('search-submit').click();
      await activePane(buyer).getByTestId('row-action-view-0').click();
      await buyer.waitForURL(/\/main\/supplier\/questionnaireEdit\?.*mode=view/);
      await eventually(async () => (await text(buyer, 'questionnaireNumber')).trim()).toBe(qn);
      const scoring = activePane(buyer).getByTestId('qn-panel');
      await scoring.getByTestId('qn-score-60').locator('input').fill('8');
      await scoring.getByTestId('qn-score-20').locator('input').fill('0');
      await shot(buyer, `supplier-qualification-scoring-${l}`);
      await scoring.getByTestId('qn-finish-scoring').click();
      await eventually(() => text(buyer, 'status')).toBe(c.scored);
      expect(Number((await text(buyer, 'totalScore')).trim())).toBeGreaterThan(50);

      // Site inspection and a sample on the project, then the conclusion.
      await buyer.goto(editUrl.replace(/mode=\w+/, 'mode=edit'));
      await eventually(() => text(buyer, 'status')).toBe(c.running);
      await date(buyer, 'inspectionDate', dayPlus(2));
      await activePane(buyer).locator('#root_inspectors').fill('QA: Zhang, Liu');
      await activePane(buyer).getByTestId('line-inspectionItems-action-addLine').click();
      await typeCell(buyer, 'inspectionItems', 'itemName', 0, 'Quality system', false);
      await typeCell(buyer, 'inspectionItems', 'score', 0, '9', true);
      await activePane(buyer).getByTestId('line-trials-action-addLine').click();
      await pickCell(buyer, 'trials', 'trialType', 0, lang === 'CN' ? '样品' : lang === 'TH' ? 'ตัวอย่าง' : 'Mẫu');
      await typeCell(buyer, 'trials', 'quantity', 0, '10', true);
      await pickCell(buyer, 'trials', 'result', 0, lang === 'CN' ? '合格' : lang === 'TH' ? 'ผ่าน' : 'Đạt');
      await activePane(buyer).getByTestId('action-save').click();
      await eventually(async () => (await text(buyer, 'inspectionScore')).trim()).toMatch(/^9\d(\.\d+)?$/);
      await shot(buyer, `supplier-qualification-inspected-${l}`);
      await activePane(buyer).getByTestId('action-conclude').click();
      await confirmPrimary(buyer);
      await eventually(() => text(buyer, 'status')).toBe(c.concluded);
      const change = (await text(buyer, 'lifecycleId')).trim().split(' ')[0];
      expect(change).toMatch(/^SC-\d{4}-\d{6}$/);

      // approver01 approves the status change on 供应商状态变更; the project is QUALIFIED.
      const approver = await signedIn('approver01', lang);
      await openMenu(approver, 'SUPPLIER_LIFECYCLE', /\/main\/supplier\/supplierLifecycleList/);
      await activePane(approver).getByTestId('search-changeNumber').fill(change);
      await activePane(approver).getByTestId('search-submit').click();
      await activePane(approver).getByTestId('row-action-view-0').click();
      await eventually(async () => (await text(approver, 'changeNumber')).trim()).toBe(change);
      await activePane(approver).getByTestId('action-approve').click();
      await confirmPrimary(approver);
      await eventually(() => text(approver, 'status')).toBe(c.effective);

      await buyer.reload();
      await eventually(() => text(buyer, 'status')).toBe(c.qualified);
      await shot(buyer, `supplier-qualification-qualified-${l}`);
    });
  });
}
