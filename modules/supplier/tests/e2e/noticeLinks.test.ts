// A supplier acts from its notices, in CN and TH, on a server of this file's own: buyer01 sends supplier01's
// company an agreement and a satisfaction survey (through the API); supplier01 opens the agreement's notice
// from the bell and the questionnaire's from the inbox screen. Each opens under its portal menu (我的协议,
// 我的问卷: the link names it, the shell gives it the menu's buttons), so supplier01 signs the agreement and
// answers and submits the questionnaire right there.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chromiumForFile, confirmDialog, eventually, login, noDialog } from '../../../../tests/e2e/helpers';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';
import { startMailingServer, type MailingServer } from '../../../../tests/e2e/mailingServer';
import { signIn, type Rec } from '../../../../tests/support/apiHelpers';
import type { SignedClient } from '../../../../tests/support/signedClient';

const AG = 'srmServer/v1/srmPosAgreementRestful';
const SV = 'srmServer/v1/srmPosSurveyRestful';
const INBOX = 'messageServer/v1/msgReceiveRestful';

let server: MailingServer;
let buyer: SignedClient;
let supplier01: SignedClient;
let supplierId = 0;
let surveyTemplate = 0;

beforeAll(async () => {
  server = await startMailingServer('supplier-notice-links');
  buyer = await signIn(server.base, 'buyer01');
  supplier01 = await signIn(server.base, 'supplier01');
  const suppliers = await buyer.call<Rec[]>('srmServer/v1/srmPosSupplierInfoRestful/listByPage', { params: { supplierNumber: 'S-0001' }, pageRows: 10 });
  supplierId = Number(suppliers.data.find((s) => s.supplierNumber === 'S-0001')!.supplierId);
  const templates = await buyer.call<Rec[]>('srmServer/v1/srmPosQnTemplateRestful/listByPage', { params: {}, pageRows: 50 });
  surveyTemplate = Number(templates.data.find((x) => x.templateCode === 'QT-SURVEY-ANNUAL')!.templateId);
});
afterAll(async () => {
  await server?.stop();
});
const chrome = chromiumForFile('');

const CASES = {
  CN: { signed: '已签署', submitted: '已提交' },
  TH: { signed: 'ลงนามแล้ว', submitted: 'ส่งแล้ว' },
} as const;

const dayPlus = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
const text = (page: Page, field: string) => activePane(page).locator(`#root_${field}`).innerText();

/** supplier01's notice whose title or text holds `keyword`, once it arrived. */
async function noticeOf(keyword: string): Promise<Rec> {
  let found: Rec | undefined;
  await eventually(async () => {
    found = (await supplier01.call<Rec[]>(`${INBOX}/listByPage`, { params: { keyword }, pageRows: 10 })).data[0];
    return Boolean(found);
  }, 20_000).toBe(true);
  return found!;
}

async function signedIn(lang: 'CN' | 'TH'): Promise<Page> {
  const { page } = await chrome.blank();
  await login(page, server.base, 'supplier01', 'exHome');
  if (lang !== 'CN') await switchLanguage(page, lang);
  return page;
}

for (const lang of ['CN', 'TH'] as const) {
  describe(`supplier notices in ${lang}`, () => {
    it('supplier01 opens the agreement notice from the bell and signs it there', async () => {
      const l = lang.toLowerCase();
      const a = await buyer.call<Rec>(`${AG}/saveOrUpdate`, {
        supplierId,
        agreementType: 'INTEGRITY',
        title: `E2E notice ${lang} ${Date.now() % 100000}`,
        content: 'Supplier {{companyName}} ({{creditCode}}) signs on {{date}}.',
        validFrom: dayPlus(0),
        validTo: dayPlus(365),
      });
      const id = Number(a.data.agreementId);
      const sent = await buyer.call<Rec>(`${AG}/doSend`, { id });
      expect(sent.status).toBe('S');
      const number = String(sent.data.agreementNumber);
      const notice = await noticeOf(number);
      // The link names the portal menu whose buttons sign.
      expect(String(notice.route)).toMatch(/myAgreementEdit\?.*menuCode=MY_AGREEMENT/);

      const page = await signedIn(lang);
      await page.getByTestId('message-bell').click();
      const item = page.getByTestId(`message-bell-item-${String(notice.messageId)}`);
      await item.waitFor({ state: 'visible' });
      await item.click();
      await page.waitForURL(new RegExp(`/main/supplier/myAgreementEdit\\?id=${id}&mode=view&menuId=\\d+&respId=\\d+`));
      await eventually(async () => (await text(page, 'agreementNumber')).trim()).toBe(number);
      const sign = activePane(page).getByTestId('action-sign');
      await sign.waitFor({ state: 'visible' });
      await shot(page, `supplier-notice-agreement-${l}`);
      await sign.click();
      const dialog = confirmDialog(page);
      await dialog.waitFor({ state: 'visible' });
      await dialog.locator('.arco-btn-primary').click();
      await noDialog(page);
      await eventually(() => text(page, 'status')).toBe(CASES[lang].signed);
      await activePane(page).getByTestId('agreement-pdf').waitFor({ state: 'visible' });
      expect((await buyer.call<Rec>(`${AG}/findById`, { id })).data.status).toBe('SIGNED');
      await page.close();
    });

    it('supplier01 opens the questionnaire notice from the inbox and answers it there', async () => {
      const l = lang.toLowerCase();
      const saved = await buyer.call<Rec>(`${SV}/saveOrUpdate`, {
        title: `E2E survey ${lang} ${Date.now() % 100000}`,
        templateId: surveyTemplate,
        dueDate: dayPlus(10),
        targets: [{ supplierId }],
      });
      const sent = await buyer.call<Rec>(`${SV}/doSend`, { id: saved.data.surveyId });
      expect(sent.status).toBe('S');
      const qnId = Number((sent.data.targets as Rec[])[0].questionnaireId);
      const qn = await supplier01.call<Rec>('srmServer/v1/srmPosQuestionnaireRestful/findById', { id: qnId });
      const notice = await noticeOf(String(qn.data.questionnaireNumber));
      expect(String(notice.route)).toMatch(/myQuestionnaireEdit\?.*menuCode=MY_QUESTIONNAIRE/);

      const page = await signedIn(lang);
      await page.getByTestId('message-bell').click();
      await page.getByTestId('message-bell-all').click();
      await page.waitForURL(/\/main\/msgReceive/);
      const inbox = activePane(page).getByTestId('inbox');
      await inbox.getByTestId(`inbox-open-${String(notice.messageId)}`).click();
      // Under 我的问卷's menu, not the inbox's.
      await page.waitForURL(new RegExp(`/main/supplier/myQuestionnaireEdit\\?id=${qnId}&mode=edit&menuId=\\d+&respId=\\d+`));
      const panel = activePane(page).getByTestId('qn-panel');
      await panel.getByTestId('qn-submit').waitFor({ state: 'visible' });
      await panel.getByTestId('qn-scale-10-4').click();
      await panel.getByTestId('qn-option-20-A').click();
      await panel.getByTestId('qn-text-30').fill(`Notice ${lang}`);
      await shot(page, `supplier-notice-questionnaire-${l}`);
      await panel.getByTestId('qn-submit').click();
      await eventually(async () => (await supplier01.call<Rec>('srmServer/v1/srmPosQuestionnaireRestful/findById', { id: qnId })).data.status).toBe(
        'SUBMITTED',
      );
      await eventually(() => text(page, 'status')).toBe(CASES[lang].submitted);
      await page.close();
    });
  });
}
