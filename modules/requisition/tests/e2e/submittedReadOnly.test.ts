// A submitted requisition, seen by its submitter (issue 18 item 4), in CN and TH: its fields look
// read-only (flat and outlined, not Arco's filled input box), and its attachment is still there to
// preview and download, while nothing can be uploaded or deleted.
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chromiumForFile, eventually, openMenu } from '../../../../tests/e2e/helpers';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';
import { signedHeaders } from '../../../../tests/support/signedClient';
import { MATERIAL, PR, expectOk, signIn, type Rec } from '../../../../tests/support/apiHelpers';
import cn from '../../../../runtime/locales/cn.json';
import th from '../../../../runtime/locales/th.json';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);
const FIELD = 'attachmentIds';
const TEXT = { CN: cn.attachment.count, TH: th.attachment.count } as const;

/** buyer01's submitted requisition with one text file attached, made through the API. */
async function submittedWithFile(content: string): Promise<Rec> {
  const buyer = await signIn(baseUrl, 'buyer01');
  const full = '/api/fileServer/v2/file/upload';
  const form = new FormData();
  form.append('path', 'order/requisition');
  form.append('functionId', 'srmPoRequisition');
  form.append('files', new Blob([content]), 'notes.txt');
  const headers = signedHeaders(buyer.session!, full, '', { lang: 'CN' });
  delete headers['content-type'];
  const uploaded = (await (await fetch(baseUrl + full, { method: 'POST', headers, body: form })).json()) as { status: string; data: { id: number }[] };
  expect(uploaded.status).toBe('S');
  const [material] = expectOk(await buyer.call<Rec[]>(`${MATERIAL}/listByPage`, { params: {}, pageRows: 1 }));
  const lines = [{ materialId: material.materialId, quantity: 2, needByDate: '2026-12-31' }];
  const draft = expectOk(
    await buyer.call<Rec>(`${PR}/saveOrUpdate`, {
      title: `E2E files ${content}`,
      requestDate: '2026-11-25',
      attachmentIds: String(uploaded.data[0].id),
      lines,
    }),
  );
  return expectOk(await buyer.call<Rec>(`${PR}/doSubmit`, { id: draft.requisitionId, versionNum: draft.versionNum }));
}

for (const lang of ['CN', 'TH'] as const) {
  test(`${lang}: the submitter sees read-only fields and can still preview and download the files`, async () => {
    const content = `submitted-${lang}-${Date.now()}`;
    const doc = await submittedWithFile(content);
    expect(doc.status).toBe('SUBMITTED');
    const { page, errors } = await chromium.signIn('buyer01');
    if (lang !== 'CN') await switchLanguage(page, lang);
    await openMenu(page, 'REQUISITION', /\/main\/order\/requisitionList\?/);
    const menu = new URL(page.url()).searchParams;
    await page.goto(
      `${baseUrl}/main/order/requisitionEdit?id=${String(doc.requisitionId)}&mode=edit&menuId=${menu.get('menuId')}&respId=${menu.get('respId')}`,
    );
    const form = activePane(page);
    await eventually(() => form.locator('#root_title').inputValue()).toBe(`E2E files ${content}`);

    // Read-only fields are marked and drawn flat (no filled box), the number field as well.
    for (const field of ['title', 'requisitionNumber', 'currencyCode']) {
      expect(await form.locator(`[data-field=${field}]`).getAttribute('data-readonly')).toBe('true');
    }
    const background = await form.locator('#root_title').evaluate((el) => getComputedStyle(el.closest('.arco-input') ?? el).backgroundColor);
    expect(background).toBe('rgba(0, 0, 0, 0)');

    // The file: no upload, the count opens the list, preview and download work, delete is off.
    expect(await form.getByTestId(`attachment-input-${FIELD}`).count()).toBe(0);
    const count = form.getByTestId(`attachment-upload-${FIELD}`);
    await eventually(() => count.innerText()).toBe(TEXT[lang].replace('{{count}}', '1'));
    await count.click();
    const list = page.getByTestId(`attachment-list-${FIELD}`);
    await list.waitFor({ state: 'visible' });
    expect(await list.getByTestId(`attachment-delete-${FIELD}-0`).isDisabled()).toBe(true);
    await shot(page, `e2e-submitted-files-${lang}`);
    const downloading = page.waitForEvent('download');
    await list.getByTestId(`attachment-download-${FIELD}-0`).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe('notes.txt');
    await list.getByTestId(`attachment-preview-${FIELD}-0`).click();
    await eventually(() => page.getByTestId(`attachment-text-${FIELD}`).innerText()).toBe(content);
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
}
