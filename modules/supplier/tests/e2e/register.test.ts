// Supplier self-registration in the browser, in CN and TH: a visitor fills the public /register page
// (duplicate name caught while typing, a refusal that keeps what was typed, save as draft, submit);
// a certificate scan uploaded by the draft's link stays on its line through withdrawal and shows on
// approver01's review screen; approver01 approves the registration's task (over the API); the one-time password arrives at the loopback SMTP server of this file's own app server; the new
// supplier user signs in and must set a new password first.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chromiumForFile, eventually, grid, gridRows, login, openMenu, uniqueSuffix } from '../../../../tests/e2e/helpers';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';
import { startMailingServer, type MailingServer } from '../../../../tests/e2e/mailingServer';
import { expectOk, signIn, type Rec } from '../../../../tests/support/apiHelpers';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const TASK = 'bpmServer/v1/bpmTaskRestful';
/** A 1×1 PNG (a licence photo as far as the upload's sniffing is concerned). */
const PNG_BYTES = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
let server: MailingServer;
let base = '';

/** The cloud recognition service on loopback: every licence reads as this company (SRM_OCR_URL, env fallback). */
const OCR_LICENCE = {
  companyName: '识别出的公司名',
  creditCode: '91330100MA2HOCR01X',
  legalRepresentative: '林识别',
  address: '杭州市西湖区文三路 100 号',
  validTo: '2046-03-01',
};
let ocr: Server;

beforeAll(async () => {
  server = await startMailingServer('register');
  base = server.base;
  ocr = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ licence: OCR_LICENCE })));
  });
  await new Promise<void>((r) => ocr.listen(0, '127.0.0.1', r));
  process.env.SRM_OCR_URL = `http://127.0.0.1:${(ocr.address() as AddressInfo).port}/ocr`;
});
afterAll(async () => {
  delete process.env.SRM_OCR_URL;
  await new Promise((r) => ocr?.close(r));
  await server?.stop();
});

const chrome = chromiumForFile('');

const T = {
  CN: { draftSaved: '草稿已保存', submitted: '注册信息已提交', user: '用户名：', pwd: '一次性密码：' },
  TH: { draftSaved: 'บันทึกฉบับร่างแล้ว', submitted: 'ส่งข้อมูลการลงทะเบียนแล้ว', user: 'ชื่อผู้ใช้: ', pwd: 'รหัสผ่านใช้ครั้งเดียว: ' },
} as const;

/** The verification image's answer, read from the app's cache as the login tests do. */
function captchaReader(page: Page) {
  let key = '';
  page.on('response', (r) => {
    if (r.url().endsWith('/generateRandomValidate'))
      void r
        .json()
        .then((b: { data?: { validateKey?: string } }) => (key = b.data?.validateKey ?? key))
        .catch(() => undefined);
  });
  return async () => {
    await eventually(() => key.length).toBeGreaterThan(0);
    const k = key;
    key = '';
    return (await server.app.ctx.cache.get(`captcha:${k}`)) ?? '';
  };
}

async function fillCaptcha(page: Page, next: () => Promise<string>): Promise<void> {
  await page.getByTestId('register-captcha').fill(await next());
}

for (const lang of ['CN', 'TH'] as const) {
  describe(`supplier registration in ${lang}`, () => {
    it('registers on the public page, is approved, and the new user must change the e-mailed password', async () => {
      const { page, errors } = await chrome.blank();
      const captcha = captchaReader(page);
      await page.goto(`${base}/register`);
      await page.getByTestId('register-page').waitFor();
      if (lang !== 'CN') await switchLanguage(page, lang);

      // A known company's name is flagged next to the field while typing.
      await page.getByTestId('register-company').fill('华东精密钢材有限公司');
      await page.getByTestId('register-dup-companyName').waitFor();

      const suffix = uniqueSuffix();
      const company = `E2E ${lang} Trading ${suffix}`;
      const email = `e2e-${lang.toLowerCase()}-${suffix}@example.com`.toLowerCase();
      await page.getByTestId('register-company').fill(company);
      await eventually(() => page.getByTestId('register-dup-companyName').count()).toBe(0);
      await page.getByTestId('register-email').fill(email);

      // A wrong verification code is refused; everything typed stays.
      // (the image's answer is read and thrown away, so the next read waits for the fresh image)
      await captcha();
      await page.getByTestId('register-captcha').fill('0000x');
      await page.getByTestId('register-draft').click();
      await page.getByTestId('register-error').waitFor();
      expect(await page.getByTestId('register-company').inputValue()).toBe(company);

      // Save as draft: the link is mailed to the contact.
      await fillCaptcha(page, captcha);
      await page.getByTestId('register-draft').click();
      await eventually(() => page.getByTestId('register-status').innerText()).toContain(T[lang].draftSaved);
      await eventually(() => server.mails.some((m) => m.to.includes(email) && /registerInfoEdit\?token=/.test(m.text)), 15_000).toBe(true);

      // With the draft's link the certificate line takes its scan (a minimal PDF; pdf, jpg, png only).
      await page.getByTestId('register-cert-file-input-0').setInputFiles({
        name: `licence-${lang}.pdf`,
        mimeType: 'application/pdf',
        buffer: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 0x41)]),
      });
      await eventually(() => page.getByTestId('register-cert-file-0').innerText()).toContain(`licence-${lang}.pdf`);

      if (lang === 'CN') {
        // The business licence, read by the recognition service: what was typed (the company name) is not
        // ticked, the empty fields are; the expiry goes on a licence line of its own with the scan.
        await page.getByTestId('register-ocr-input').setInputFiles({ name: 'yyzz.png', mimeType: 'image/png', buffer: PNG_BYTES });
        await page.getByTestId('register-ocr-suggestions').waitFor();
        expect(await page.getByTestId('register-ocr-tick-companyName').locator('input').isChecked()).toBe(false);
        expect(await page.getByTestId('register-ocr-tick-creditCode').locator('input').isChecked()).toBe(true);
        await page.getByTestId('register-ocr-suggestions').scrollIntoViewIfNeeded();
        await shot(page, 'e2e-register-ocr-CN');
        await page.getByTestId('register-ocr-apply').click();
        expect(await page.getByTestId('register-company').inputValue()).toBe(company);
        expect(await page.getByTestId('register-credit').inputValue()).toBe(OCR_LICENCE.creditCode);
        expect(await page.getByTestId('register-legal-rep').inputValue()).toBe('林识别');
        expect(await page.getByTestId('register-address').inputValue()).toBe(OCR_LICENCE.address);
        expect(await page.getByTestId('register-cert-name-1').inputValue()).toBe('营业执照');
        await eventually(() => page.getByTestId('register-cert-file-1').innerText()).toContain('yyzz.png');
      }

      // The rest of the form, then submit.
      await page.getByTestId('register-credit').fill(
        `91E2E${suffix}`
          .toUpperCase()
          .replace(/[^0-9A-Z]/g, '')
          .padEnd(18, '7')
          .slice(0, 18),
      );
      await page.getByTestId('register-contact').fill('Ana Lee');
      await page.getByTestId('register-phone').fill('+66-2-000-0000');
      await page.locator('[data-testid=register-categories]').click();
      await page.locator('.arco-select-option').first().click();
      await page.keyboard.press('Escape');
      await page.getByTestId('register-bank-name-0').fill('Bangkok Bank');
      await page.getByTestId('register-bank-account-name-0').fill(company);
      await page.getByTestId('register-bank-number-0').fill('123-4-56789-0');
      await page.getByTestId('register-cert-name-0').fill('ISO 9001');
      const expiry = page.locator('[data-testid=register-certs] .arco-picker input').first();
      await expiry.click();
      await expiry.fill(`${new Date().getUTCFullYear() + 2}-06-30`);
      await expiry.press('Enter');
      await shot(page, `e2e-register-form-${lang}`);
      await fillCaptcha(page, captcha);
      await page.getByTestId('register-submit').click();
      await eventually(() => page.getByTestId('register-status').getAttribute('data-status')).toBe('SUBMITTED');
      expect(await page.getByTestId('register-status').innerText()).toContain(T[lang].submitted);
      await shot(page, `e2e-register-submitted-${lang}`);
      expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);

      // The e-mailed link: under review it offers withdrawal; withdrawn, the form is back with what was
      // sent, and is submitted again from there.
      const link = /registerInfoEdit\?token=([A-Za-z0-9_-]{32})/.exec(server.mails.filter((m) => m.to.includes(email)).at(-1)!.text)![1];
      const again = captchaReader(page);
      await page.goto(`${base}/registerInfoEdit?token=${link}`);
      await page.getByTestId('register-edit-page').waitFor();
      await eventually(() => page.getByTestId('register-status').getAttribute('data-status')).toBe('SUBMITTED');
      await page.getByTestId('register-withdraw').click();
      await page.locator('.arco-popconfirm .arco-btn-primary').click();
      await eventually(() => page.getByTestId('register-status').getAttribute('data-status')).toBe('WITHDRAWN');
      await eventually(() => page.getByTestId('register-company').inputValue()).toBe(company);
      expect(await page.getByTestId('register-cert-file-0').innerText()).toContain(`licence-${lang}.pdf`);
      await shot(page, `e2e-register-withdrawn-${lang}`);
      await fillCaptcha(page, again);
      await page.getByTestId('register-submit').click();
      await eventually(() => page.getByTestId('register-status').getAttribute('data-status')).toBe('SUBMITTED');

      // approver01 sees the certificate with its file on the review screen.
      const { page: review } = await chrome.blank();
      await login(review, base, 'approver01');
      if (lang !== 'CN') await switchLanguage(review, lang);
      await openMenu(review, 'SUPPLIER_REGISTER_REVIEW', /\/main\/supplier\/registerReviewList/);
      await activePane(review).getByTestId('search-companyName').fill(company);
      await activePane(review).getByTestId('search-submit').click();
      await eventually(async () => JSON.stringify(await gridRows(grid(review, 'registerReviewList')))).toContain(company);
      await activePane(review).getByTestId('row-action-view-0').click();
      await review.waitForURL(/\/main\/supplier\/registerReviewEdit\?.*mode=view/);
      await eventually(async () => JSON.stringify(await gridRows(grid(review, 'certificates')))).toContain('ISO 9001');
      const certRow = async () => (await gridRows(grid(review, 'certificates')))[0] ?? {};
      await eventually(async () => Object.values(await certRow()).map((v) => v.trim())).toContain('1');
      await shot(review, `e2e-register-review-cert-file-${lang}`);

      // approver01 approves the registration's task.
      const approver = await signIn(base, 'approver01');
      const todo = async () =>
        expectOk(await approver.call<Rec[]>(`${TASK}/findTodoTasks`, { params: { entity: 'srmPosSupplierRegister' }, pageIndex: 1, pageRows: 100 })).find(
          (x) => String(x.title ?? x.documentNumber ?? '').includes(company) || JSON.stringify(x).includes(company),
        );
      await eventually(async () => (await todo()) !== undefined, 15_000).toBe(true);
      const task = (await todo())!;
      expectOk(await approver.call(`${TASK}/doApprove`, { taskId: task.taskId, comment: 'ok' }));

      // The one-time password, in the registrant's language.
      const mail = () => server.mails.find((m) => m.to.includes(email) && m.text.includes(T[lang].pwd));
      await eventually(() => mail() !== undefined, 15_000).toBe(true);
      const text = mail()!.text;
      const userName = new RegExp(`${T[lang].user}(\\S+)`).exec(text)![1];
      const password = new RegExp(`${T[lang].pwd}(\\S+)`).exec(text)![1];

      // First sign-in: a new password before anything else.
      await page.goto(`${base}/login`);
      await page.getByTestId('login-username').fill(userName);
      await page.getByTestId('login-password').fill(password);
      await page.getByTestId('login-submit').click();
      await page.getByTestId('first-password').waitFor();
      await page.getByTestId('pwd-old').fill(password);
      await page.getByTestId('pwd-new').fill('Supplier#New2026');
      await page.getByTestId('pwd-confirm').fill('Supplier#New2026');
      await page.getByTestId('pwd-submit').click();
      await eventually(() => page.getByTestId('first-password').count(), 15_000).toBe(0);
      await page.waitForURL(/\/main\//);
    });
  });
}
