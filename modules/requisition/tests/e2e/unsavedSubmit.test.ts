// Submit never drops what was typed (issue 18 item 1), in CN and TH: on a saved draft the user changes the
// title and presses 提交 without saving; the stored document then has the new title and is submitted. A
// draft whose required title was cleared is not submitted: the field says why and nothing changes.
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chromiumForFile, confirmDialog, eventually, expectToast, openMenu, uniqueSuffix } from '../../../../tests/e2e/helpers';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';
import { MATERIAL, PR, expectOk, signIn, type Rec } from '../../../../tests/support/apiHelpers';
import cn from '../../../../runtime/locales/cn.json';
import th from '../../../../runtime/locales/th.json';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

const TEXT = {
  CN: {
    done: cn.messages.done,
    required: cn.validation.required.replace('{{label}}', '标题'),
    invalidForm: cn.messages.invalidForm,
    draft: '拟定',
    submitted: '已提交',
  },
  TH: {
    done: th.messages.done,
    required: th.validation.required.replace('{{label}}', 'หัวข้อ'),
    invalidForm: th.messages.invalidForm,
    draft: 'ฉบับร่าง',
    submitted: 'ส่งแล้ว',
  },
} as const;

/** A saved draft of buyer01 with one line, made through the API (the browser part is what is tested). */
async function draft(title: string): Promise<Rec> {
  const buyer = await signIn(baseUrl, 'buyer01');
  const [material] = expectOk(await buyer.call<Rec[]>(`${MATERIAL}/listByPage`, { params: {}, pageRows: 1 }));
  const lines = [{ materialId: material.materialId, quantity: 3, needByDate: '2026-12-31' }];
  return expectOk(await buyer.call<Rec>(`${PR}/saveOrUpdate`, { title, requestDate: '2026-11-25', lines }));
}

async function stored(id: unknown): Promise<Rec> {
  const buyer = await signIn(baseUrl, 'buyer01');
  return expectOk(await buyer.call<Rec>(`${PR}/findById`, { id }));
}

/** Opens the draft's edit page with the requisition menu's menuId/respId (its buttons' permissions). */
async function openDraft(page: Page, id: unknown): Promise<void> {
  await openMenu(page, 'REQUISITION', /\/main\/order\/requisitionList\?/);
  const list = new URL(page.url());
  const url = `${baseUrl}/main/order/requisitionEdit?id=${String(id)}&mode=edit&menuId=${list.searchParams.get('menuId')}&respId=${list.searchParams.get('respId')}`;
  await page.goto(url);
  await eventually(() => activePane(page).locator('#root_title').inputValue()).not.toBe('');
}

for (const lang of ['CN', 'TH'] as const) {
  test(`${lang}: submit saves the changed title first; a save that fails stops the submit`, async () => {
    const text = TEXT[lang];
    const { page, errors } = await chromium.signIn('buyer01');
    if (lang !== 'CN') await switchLanguage(page, lang);
    const suffix = uniqueSuffix();

    const first = await draft(`E2E unsaved ${suffix}`);
    await openDraft(page, first.requisitionId);
    const form = activePane(page);
    await form.locator('#root_title').fill(`E2E changed ${suffix}`);
    await eventually(() => form.locator('.srm-edit-page').getAttribute('data-dirty')).toBe('true');
    await form.getByTestId('action-submit').click();
    const dialog = confirmDialog(page);
    await dialog.waitFor({ state: 'visible' });
    await dialog.locator('.arco-btn-primary').click();
    await expectToast(page, text.done);
    await eventually(() => form.locator('#root_status').innerText()).toBe(text.submitted);
    expect(await form.locator('#root_title').inputValue()).toBe(`E2E changed ${suffix}`);
    await shot(page, `e2e-unsaved-submit-${lang}`);
    const after = await stored(first.requisitionId);
    expect({ title: after.title, status: after.status }).toEqual({ title: `E2E changed ${suffix}`, status: 'SUBMITTED' });

    // The required title cleared: the save fails on the form, so nothing is submitted.
    const second = await draft(`E2E invalid ${suffix}`);
    await openDraft(page, second.requisitionId);
    const form2 = activePane(page);
    await form2.locator('#root_title').fill('');
    await eventually(() => form2.locator('.srm-edit-page').getAttribute('data-dirty')).toBe('true');
    await form2.getByTestId('action-submit').click();
    await expectToast(page, text.invalidForm);
    await eventually(() => form2.locator('[data-field=title] [role=alert]').innerText()).toContain(text.required);
    expect(await confirmDialog(page).count()).toBe(0);
    expect(await form2.locator('#root_status').innerText()).toBe(text.draft);
    await shot(page, `e2e-unsaved-submit-invalid-${lang}`);
    const untouched = await stored(second.requisitionId);
    expect({ title: untouched.title, status: untouched.status }).toEqual({ title: `E2E invalid ${suffix}`, status: 'DRAFT' });
    // rjsf logs the refused validation itself ("Form validation failed").
    expect(errors.filter((e) => !/Failed to load resource|Form validation failed/.test(e))).toEqual([]);
  });
}
