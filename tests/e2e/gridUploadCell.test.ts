// The upload cell of the grid showcase (SPEC §3 cellType upload with attachmentConfig.customData): a file
// uploaded from the cell's dialog in the browser carries the column's customData, and the file keeps it.
import { expect, inject, test } from 'vitest';
import { shot } from './browser';
import { chromiumForFile, eventually, expectToast, gridRows } from './helpers';
import { clickAt, openShowcase, scrollTo } from './gridHelpers';
import { expectOk, signIn, type Rec } from '../support/apiHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);
const KEY = 'attachmentIds';

test('CN: a file uploaded in the showcase upload cell keeps the column customData', async () => {
  const { page } = await chromium.signIn('admin');
  const g = await openShowcase(page);
  await eventually(async () => (await gridRows(g)).length).toBeGreaterThan(1);
  const left = await scrollTo(g, KEY);
  await clickAt(page, g, KEY, 0, left);
  const widget = page.getByTestId(`attachment-gridShowcase-${KEY}-0`);
  await widget.waitFor({ state: 'visible' });
  const uploaded = page.waitForResponse((r) => r.url().includes('/fileServer/v2/file/upload'));
  await page
    .getByTestId(`attachment-input-gridShowcase-${KEY}-0`)
    .setInputFiles([{ name: 'spec.txt', mimeType: 'text/plain', buffer: Buffer.from('sample drawing notes') }]);
  const answer = (await (await uploaded).json()) as { status: string; data: Rec[] };
  expect(answer.status, JSON.stringify(answer)).toBe('S');
  await expectToast(page, '上传成功');
  await shot(page, 'e2e-grid-upload-cell-CN');
  const api = await signIn(baseUrl, 'admin');
  const [stored] = expectOk(await api.call<Rec[]>('fileServer/v1/baseFileRestful/listBaseFile', { ids: String(answer.data[0].id) }));
  expect(stored.originalFileName).toBe('spec.txt');
  expect(stored.customData).toEqual({ source: 'gridShowcase', purpose: 'sample' });
});
