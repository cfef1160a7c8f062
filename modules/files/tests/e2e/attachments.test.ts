// Attachments in the browser: buyer01 opens a draft requisition, uploads a PNG and a PDF (progress bar,
// count badge), previews the image in the image viewer (zoom, rotate, crop download author-img.jpg),
// opens the PDF overlay, deletes the PDF with confirmation and gets the "save the document" reminder;
// the saved record keeps the remaining id. Screenshots in CN and TH: e2e-attachments-*.png.
import ExcelJS from 'exceljs';
import { randomBytes } from 'node:crypto';
import { openSync, closeSync, writeSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { chromiumForFile, activePane, clickCell, confirmDialog, eventually, expectToast, grid, gridRows, openMenu } from '../../../../tests/e2e/helpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A real RGB PNG: a colour gradient with a dark diagonal, so zoom and rotation are visible. */
function makePng(width: number, height: number): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    for (let x = 0; x < width; x++) {
      const o = y * (width * 3 + 1) + 1 + x * 3;
      const diag = Math.abs(x * height - y * width) < width * 3;
      raw[o] = diag ? 20 : Math.round((x / width) * 255);
      raw[o + 1] = diag ? 20 : Math.round((y / height) * 255);
      raw[o + 2] = diag ? 20 : 160;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
/** A one-page PDF with a line of text (offsets computed, so viewers accept it). */
function makePdf(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 24 Tf 72 760 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 24 Tf 72 760 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const W = 'attachmentIds';

async function openDraftRequisition(page: Page, number: string): Promise<void> {
  await openMenu(page, 'REQUISITION', /\/main\/order\/requisitionList\?/);
  await activePane(page).getByTestId('search-requisitionNumber').fill(number);
  await activePane(page).getByTestId('search-submit').click();
  await eventually(async () => (await gridRows(grid(page, 'requisitionList'))).length).toBe(1);
  await activePane(page).getByTestId('row-action-edit-0').click();
  await page.waitForURL(/\/main\/order\/requisitionEdit\?.*id=\d+.*mode=edit/);
  await activePane(page).getByTestId(`attachment-${W}`).waitFor({ state: 'visible' });
}

async function showList(page: Page) {
  await activePane(page).getByTestId(`attachment-trigger-${W}`).hover();
  const list = page.getByTestId(`attachment-list-${W}`);
  await list.waitFor({ state: 'visible' });
  return list;
}

async function hideList(page: Page) {
  await page.mouse.move(5, 880);
  await page.getByTestId(`attachment-list-${W}`).waitFor({ state: 'hidden' });
}

test('buyer01 uploads a PNG and a PDF, previews both, deletes one with confirmation (CN, then TH)', async () => {
  const buyer = await chromium.signIn('buyer01');
  const page = buyer.page;
  try {
    // PR-2026-000008 is a seeded DRAFT requisition of buyer01 that no other browser test edits.
    await openDraftRequisition(page, 'PR-2026-000008');
    const pane = activePane(page);
    const widget = pane.getByTestId(`attachment-${W}`);
    expect(await widget.getAttribute('data-count')).toBe('0');

    // A slow uplink (DevTools throttling, ~48 KB/s) so the progress bar moves visibly.
    const cdp = await buyer.context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 48 * 1024 });
    await pane.getByTestId(`attachment-input-${W}`).setInputFiles([
      { name: '图纸-drawing.png', mimeType: 'image/png', buffer: makePng(320, 200) },
      { name: 'certificate.pdf', mimeType: 'application/pdf', buffer: makePdf('SRM e2e certificate') },
    ]);
    const progress = pane.getByTestId(`attachment-progress-${W}`);
    await progress.waitFor({ state: 'visible' });
    await eventually(async () => Number(await progress.getAttribute('data-percent'))).toBeGreaterThan(10);
    expect(await progress.innerText()).toMatch(/^\d+%$/m);
    await shot(page, 'e2e-attachments-progress-CN');
    await expectToast(page, '上传成功');
    await progress.waitFor({ state: 'detached' });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await eventually(() => widget.getAttribute('data-count')).toBe('2');
    expect(await widget.locator('.arco-badge-number, .arco-badge-text').first().innerText()).toBe('2');
    const ids = (await widget.getAttribute('data-ids'))!.split(',');
    expect(ids).toHaveLength(2);

    // Hover: the file table, names as download links, per-row buttons, at most 240 px high.
    const list = await showList(page);
    expect(await list.getByTestId(`attachment-name-${W}-0`).innerText()).toBe('图纸-drawing.png');
    expect(await list.getByTestId(`attachment-name-${W}-1`).innerText()).toBe('certificate.pdf');
    expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('240px');
    await shot(page, 'e2e-attachments-list-CN');

    // Name click downloads the bytes.
    const [download] = await Promise.all([page.waitForEvent('download'), list.getByTestId(`attachment-name-${W}-1`).click()]);
    expect(download.suggestedFilename()).toBe('certificate.pdf');

    // Image preview: the viewer with its title, zoom and rotation, crop download author-img.
    await list.getByTestId(`attachment-preview-${W}-0`).click();
    const viewer = page.getByTestId('image-viewer');
    await viewer.waitFor({ state: 'visible' });
    expect(await page.getByTestId('image-viewer-title').innerText()).toBe('图片浏览');
    await eventually(() => page.getByTestId('image-viewer-img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    expect(await page.locator('.srm-image-viewer').evaluate((el) => getComputedStyle(el).zIndex)).toBe('1100');
    await page.getByTestId('viewer-zoom-in').click();
    await page.getByTestId('viewer-zoom-in').click();
    await eventually(() => viewer.getAttribute('data-scale')).toBe('1.56');
    await page.getByTestId('viewer-rotate-right').click();
    await eventually(() => viewer.getAttribute('data-rotate')).toBe('90');
    await page.getByTestId('viewer-rotate-left').click();
    await page.getByTestId('viewer-rotate-left').click();
    await eventually(() => viewer.getAttribute('data-rotate')).toBe('-90');
    await page.getByTestId('viewer-zoom-out').click();
    await eventually(() => viewer.getAttribute('data-scale')).toBe('1.25');
    // Drag the modal by its title.
    const titleBox = (await page.getByTestId('image-viewer-title').boundingBox())!;
    await page.mouse.move(titleBox.x + 20, titleBox.y + 5);
    await page.mouse.down();
    await page.mouse.move(titleBox.x + 120, titleBox.y + 45, { steps: 5 });
    await page.mouse.up();
    const moved = (await page.getByTestId('image-viewer-title').boundingBox())!;
    expect(Math.round(moved.x - titleBox.x)).toBe(100);
    await shot(page, 'e2e-attachments-image-viewer-CN');
    const [crop] = await Promise.all([page.waitForEvent('download'), page.getByTestId('viewer-download').click()]);
    expect(crop.suggestedFilename()).toBe('author-img.jpg');
    const jpeg = await crop.createReadStream().then(async (s) => {
      const parts: Buffer[] = [];
      for await (const p of s) parts.push(p as Buffer);
      return Buffer.concat(parts);
    });
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    await page.locator('.srm-image-viewer .arco-modal-close-icon').click();
    await viewer.waitFor({ state: 'detached' });

    // PDF preview: the full-page overlay, hidden until loaded, closed by its button.
    await showList(page);
    await page.getByTestId(`attachment-preview-${W}-1`).click();
    const overlay = page.getByTestId('pdf-viewer');
    await overlay.waitFor({ state: 'attached' });
    await eventually(() => overlay.getAttribute('data-loaded')).toBe('Y');
    await overlay.waitFor({ state: 'visible' });
    const box = (await overlay.boundingBox())!;
    expect(box.width).toBe(1440);
    expect(box.height).toBe(900);
    // pdfjs: page 1 drawn to a canvas, the page count shown.
    expect(await overlay.getAttribute('data-pages')).toBe('1');
    await eventually(() => page.getByTestId('pdf-viewer-page-1').getAttribute('data-drawn')).toBe('Y');
    expect(await page.locator('[data-testid="pdf-viewer-page-1"] canvas').count()).toBe(1);
    const before = (await page.getByTestId('pdf-viewer-page-1').boundingBox())!.width;
    await page.getByTestId('pdf-viewer-zoom-in').click();
    await eventually(() => overlay.getAttribute('data-scale')).toBe('1.25');
    await eventually(async () => (await page.getByTestId('pdf-viewer-page-1').boundingBox())!.width > before).toBe(true);
    // The zoomed page is drawn again before the shot.
    await eventually(() => page.getByTestId('pdf-viewer-page-1').getAttribute('data-drawn')).toBe('Y');
    await shot(page, 'e2e-attachments-pdf-CN');
    await page.getByTestId('pdf-viewer-close').click();
    await overlay.waitFor({ state: 'detached' });

    // Delete the PDF: confirmation, then the reminder; the id string loses it.
    await showList(page);
    await page.getByTestId(`attachment-delete-${W}-1`).click();
    const dialog = confirmDialog(page);
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.innerText()).toContain('是否继续');
    await shot(page, 'e2e-attachments-confirm-delete-CN');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expectToast(page, '请保存业务单据');
    await shot(page, 'e2e-attachments-deleted-CN');
    await eventually(() => widget.getAttribute('data-ids')).toBe(ids[0]);
    expect(await widget.getAttribute('data-count')).toBe('1');
    await hideList(page);

    // Save: the record keeps the remaining id; after the reload the widget lists the file again.
    await pane.getByTestId('action-save').click();
    await expectToast(page, '保存成功');
    await eventually(() => activePane(page).getByTestId(`attachment-${W}`).getAttribute('data-count')).toBe('1');
    expect(await activePane(page).getByTestId(`attachment-${W}`).getAttribute('data-ids')).toBe(ids[0]);

    // Thai: the same widget, list and viewer in the other language.
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-TH').click();
    await eventually(() => activePane(page).getByTestId(`attachment-upload-${W}`).innerText()).toBe('อัปโหลดไฟล์แนบ');
    await eventually(() => activePane(page).getByTestId(`attachment-${W}`).getAttribute('data-count')).toBe('1');
    const thList = await showList(page);
    expect(await thList.innerText()).toContain('ดูตัวอย่าง');
    await shot(page, 'e2e-attachments-list-TH');
    await thList.getByTestId(`attachment-preview-${W}-0`).click();
    await page.getByTestId('image-viewer').waitFor({ state: 'visible' });
    expect(await page.getByTestId('image-viewer-title').innerText()).toBe('เรียกดูรูปภาพ');
    await page.getByTestId('viewer-rotate-right').click();
    await eventually(() => page.getByTestId('image-viewer').getAttribute('data-rotate')).toBe('90');
    await shot(page, 'e2e-attachments-image-viewer-TH');
    await page.locator('.srm-image-viewer .arco-modal-close-icon').click();
    await page.getByTestId('image-viewer').waitFor({ state: 'detached' });

    // A file type outside the §5 list is refused before sending, with the message of the language.
    await activePane(page)
      .getByTestId(`attachment-input-${W}`)
      .setInputFiles([{ name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) }]);
    await expectToast(page, 'เป็นไฟล์ว่าง');
    // The server's allowed extensions (fileServer/v2/file/limits) are checked before sending too.
    const uploads: string[] = [];
    page.on('request', (r) => r.url().includes('/file/upload') && uploads.push(r.url()));
    await activePane(page)
      .getByTestId(`attachment-input-${W}`)
      .setInputFiles([{ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') }]);
    await expectToast(page, 'ไม่สามารถแนบไฟล์นามสกุล exe ได้');
    expect(uploads).toEqual([]);

    // Submitted, the record's config disables upload and delete (per-record rule on status).
    await activePane(page).getByTestId('action-submit').click();
    await confirmDialog(page).waitFor({ state: 'visible' });
    await confirmDialog(page).locator('.arco-btn-primary').click();
    // No upload any more: the button is the count of files, which still opens their list.
    await eventually(() => activePane(page).getByTestId(`attachment-input-${W}`).count()).toBe(0);
    expect(await activePane(page).getByTestId(`attachment-upload-${W}`).innerText()).toMatch(/^ไฟล์แนบ \d+$/);
    const submittedList = await showList(page);
    expect(await submittedList.getByTestId(`attachment-delete-${W}-0`).isDisabled()).toBe(true);
    expect(await submittedList.getByTestId(`attachment-preview-${W}-0`).isEnabled()).toBe(true);
    await shot(page, 'e2e-attachments-submitted-TH');
    expect(buyer.errors.filter((e) => !/favicon/.test(e))).toEqual([]);
  } catch (e) {
    await shot(page, 'e2e-attachments-FAILED').catch(() => undefined);
    throw new Error(`${e instanceof Error ? e.message : String(e)}\nbrowser errors:\n${buyer.errors.join('\n')}`, { cause: e });
  }
});

/** Index field of a large-file chunk request (multipart: uploadId, index, chunkHash, then the chunk). */
function chunkIndex(body: Buffer | null): number | null {
  if (!body) return null;
  const m = /name="index"\r\n\r\n(\d+)\r\n/.exec(body.subarray(0, 2048).toString('latin1'));
  return m ? Number(m[1]) : null;
}

test('a file above 100 MB goes through the large-file route, resumes after a broken connection; txt and office previews', async () => {
  const buyer = await chromium.signIn('buyer01');
  const page = buyer.page;
  const SIZE = 110_000_000; // > 104857600: 14 chunks of 8 MiB
  const path = join(tmpdir(), `srm-e2e-large-${process.pid}-${Date.now()}.pdf`);
  const fd = openSync(path, 'w');
  writeSync(fd, Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(1024)]));
  const block = Buffer.alloc(1024 * 1024, 0x20);
  let written = 1033;
  while (written < SIZE) written += writeSync(fd, block, 0, Math.min(block.length, SIZE - written));
  closeSync(fd);
  try {
    await openDraftRequisition(page, 'PR-2026-000005');
    const pane = activePane(page);
    const widget = pane.getByTestId(`attachment-${W}`);
    const sent: number[] = [];
    let breakAt: number | null = 5;
    await page.route('**/api/largeFileServer/v1/largeFile/upload', async (route) => {
      const index = chunkIndex(route.request().postDataBuffer());
      if (index !== null && index === breakAt) return route.abort('connectionreset');
      if (index !== null) sent.push(index);
      return route.continue();
    });

    // First attempt: chunk 5 never gets through (three tries), the upload fails and the bar resets.
    await pane.getByTestId(`attachment-input-${W}`).setInputFiles(path);
    const progress = pane.getByTestId(`attachment-progress-${W}`);
    await progress.waitFor({ state: 'visible' });
    expect(await progress.getAttribute('data-large')).toBe('Y');
    await eventually(() => sent.length, 120_000).toBeGreaterThanOrEqual(3);
    await shot(page, 'e2e-attachments-large-progress-CN');
    await page.locator('.arco-message-error').first().waitFor({ state: 'visible', timeout: 120_000 });
    await progress.waitFor({ state: 'detached' });
    expect(sent).toEqual([0, 1, 2, 3, 4]);
    expect(await widget.getAttribute('data-count')).toBe('0');

    // Second attempt with the same file: the server already holds 0–4, only 5–13 are sent.
    breakAt = null;
    sent.length = 0;
    await pane.getByTestId(`attachment-input-${W}`).setInputFiles(path);
    await expectToast(page, '上传成功', 240_000);
    expect(sent).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13]);
    await eventually(() => widget.getAttribute('data-count')).toBe('1');
    await page.unroute('**/api/largeFileServer/v1/largeFile/upload');

    // Download through the large-file route: all the bytes.
    const list = await showList(page);
    expect(await list.getByTestId(`attachment-name-${W}-0`).innerText()).toMatch(/^srm-e2e-large-.*\.pdf$/);
    const [request, download] = await Promise.all([
      page.waitForRequest('**/api/largeFileServer/v1/largeFile/download?id=*'),
      page.waitForEvent('download', { timeout: 120_000 }),
      list.getByTestId(`attachment-name-${W}-0`).click(),
    ]);
    expect(request.method()).toBe('POST');
    expect(statSync((await download.path())!).size).toBe(SIZE);
    await hideList(page);

    // A text file previews inline; a broken office file gets the conversion-failed message.
    await pane.getByTestId(`attachment-input-${W}`).setInputFiles([
      { name: '说明.txt', mimeType: 'text/plain', buffer: Buffer.from('交货说明：第一行\nLine two — ภาษาไทย\n') },
      {
        name: 'quote.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(64)]),
      },
    ]);
    await eventually(() => widget.getAttribute('data-count'), 20_000).toBe('3');
    await showList(page);
    await page.getByTestId(`attachment-preview-${W}-1`).click();
    const text = page.getByTestId(`attachment-text-${W}`);
    await text.waitFor({ state: 'visible' });
    expect(await text.innerText()).toContain('交货说明：第一行');
    await page.mouse.move(5, 880);
    await shot(page, 'e2e-attachments-text-CN');
    await page.locator('.arco-modal:visible .arco-modal-close-icon').click();
    await text.waitFor({ state: 'detached' });
    await showList(page);
    await page.getByTestId(`attachment-preview-${W}-2`).click();
    await expectToast(page, '无法转换预览');

    // A real workbook is converted on the server and shown in a sandboxed frame, its text escaped.
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('报价');
    sheet.addRow(['物料', '单价', 'Note']);
    sheet.addRow(['冷轧钢板 1.0mm', 6.8, '<b>not bold</b>']);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    await pane
      .getByTestId(`attachment-input-${W}`)
      .setInputFiles([{ name: 'quote.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: xlsx }]);
    await eventually(() => widget.getAttribute('data-count'), 20_000).toBe('4');
    await showList(page);
    await page.getByTestId(`attachment-preview-${W}-3`).click();
    const frame = page.getByTestId(`attachment-office-${W}`);
    await frame.waitFor({ state: 'visible' });
    expect(await frame.getAttribute('sandbox')).toBe('');
    const doc = (await frame.getAttribute('srcdoc')) ?? '';
    expect(doc).toContain('冷轧钢板 1.0mm');
    expect(doc).toContain('&lt;b&gt;not bold&lt;/b&gt;');
    expect(await frame.contentFrame().locator('td', { hasText: '冷轧钢板 1.0mm' }).count()).toBe(1);
    await shot(page, 'e2e-attachments-xlsx-CN');
    await page.locator('.arco-modal:visible .arco-modal-close-icon').click();
  } catch (e) {
    await shot(page, 'e2e-attachments-large-FAILED').catch(() => undefined);
    throw new Error(`${e instanceof Error ? e.message : String(e)}\nbrowser errors:\n${buyer.errors.join('\n')}`, { cause: e });
  } finally {
    rmSync(path, { force: true });
  }
  // Two uploads of 110 MB through the browser and a download of it: minutes on a loaded machine.
}, 420_000);

// Runs after the first test, which left one image on PR-2026-000008 and submitted it.
test('approver01 (preview/download only) sees the files read-only; buyer01 attaches to a supplier, which sees it read-only', async () => {
  const approver = await chromium.signIn('approver01');
  let page = approver.page;
  let current = approver;
  try {
    await openMenu(page, 'REQUISITION', /\/main\/order\/requisitionList\?/);
    await activePane(page).getByTestId('search-requisitionNumber').fill('PR-2026-000008');
    await activePane(page).getByTestId('search-submit').click();
    await eventually(async () => (await gridRows(grid(page, 'requisitionList'))).length).toBe(1);
    await activePane(page).getByTestId('row-action-view-0').click();
    await page.waitForURL(/\/main\/order\/requisitionEdit\?.*id=\d+/);
    const widget = activePane(page).getByTestId(`attachment-${W}`);
    await eventually(() => widget.getAttribute('data-count')).toBe('1');
    // No btnUploadAttachment: no file input, the button only shows the count.
    expect(await activePane(page).getByTestId(`attachment-input-${W}`).count()).toBe(0);
    expect(await activePane(page).getByTestId(`attachment-upload-${W}`).innerText()).toBe('附件 1');
    const list = await showList(page);
    expect(await list.getByTestId(`attachment-preview-${W}-0`).isEnabled()).toBe(true);
    expect(await list.getByTestId(`attachment-download-${W}-0`).isEnabled()).toBe(true);
    expect(await list.getByTestId(`attachment-delete-${W}-0`).count()).toBe(0);
    await shot(page, 'e2e-attachments-approver-CN');
    await list.getByTestId(`attachment-preview-${W}-0`).click();
    await page.getByTestId('image-viewer').waitFor({ state: 'visible' });
    await eventually(() => page.getByTestId('image-viewer-img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    await page.locator('.srm-image-viewer .arco-modal-close-icon').click();
    await page.getByTestId('image-viewer').waitFor({ state: 'detached' });

    // buyer01 keeps the supplier master (供应商列表 → 编辑): it attaches a certificate to supplier01's company.
    const buyerList = await chromium.signIn('buyer01');
    current = buyerList;
    page = buyerList.page;
    await openMenu(page, 'SUPPLIER_LIST', /\/main\/supplier\/supplierList\?/);
    await activePane(page).getByTestId('search-supplierNumber').fill('S-0001');
    await activePane(page).getByTestId('search-submit').click();
    const suppliers = grid(page, 'supplierList');
    await eventually(async () => (await gridRows(suppliers)).map((r) => Object.values(r).includes('S-0001'))).toEqual([true]);
    await activePane(page).getByTestId('row-action-edit-0').click();
    await page.waitForURL(/\/main\/supplier\/supplierEdit\?.*id=\d+/);
    const master = activePane(page).getByTestId(`attachment-${W}`);
    await master.waitFor({ state: 'visible' });
    await activePane(page)
      .getByTestId(`attachment-input-${W}`)
      .setInputFiles([{ name: 'ISO9001.pdf', mimeType: 'application/pdf', buffer: makePdf('ISO 9001 certificate') }]);
    await expectToast(page, '上传成功');
    await eventually(() => master.getAttribute('data-count')).toBe('1');
    await activePane(page).getByTestId('action-save').click();
    await expectToast(page, '保存成功');

    // The buyer sees the supplier's certificate through the upload cell of the supplier list (SPEC §3
    // cell type upload): the dialog lists it for preview and download, without upload or delete.
    await openMenu(page, 'SUPPLIER_LIST', /\/main\/supplier\/supplierList\?/);
    // The list reloads (the saved record): the cell is clicked once the reloaded rows are drawn, and again
    // until its dialog shows (a click landing while the grid redraws opens nothing).
    const reloaded = page.waitForResponse((r) => r.url().includes('srmPosSupplierInfoRestful/listByPage'));
    await activePane(page).getByTestId('search-submit').click();
    await reloaded;
    await eventually(async () => (await gridRows(suppliers)).length).toBeGreaterThan(0);
    const rowOf = (await gridRows(suppliers)).findIndex((r) => Object.values(r).includes('S-0001'));
    expect(rowOf).toBeGreaterThanOrEqual(0);
    const cellWidget = page.getByTestId(`attachment-supplierList-${W}-${rowOf}`);
    for (let attempt = 0; attempt < 3 && !(await cellWidget.isVisible()); attempt++) {
      await clickCell(page, suppliers, W, rowOf);
      await cellWidget.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
    }
    await cellWidget.waitFor({ state: 'visible' });
    await eventually(() => cellWidget.getAttribute('data-count')).toBe('1');
    expect(await page.getByTestId(`attachment-input-supplierList-${W}-${rowOf}`).count()).toBe(0);
    await page.getByTestId(`attachment-trigger-supplierList-${W}-${rowOf}`).hover();
    await page.getByTestId(`attachment-list-supplierList-${W}-${rowOf}`).waitFor({ state: 'visible' });
    const certificate = page.getByTestId(`attachment-name-supplierList-${W}-${rowOf}-0`);
    await certificate.waitFor({ state: 'visible' });
    expect(await certificate.innerText()).toBe('ISO9001.pdf');
    // (buyers hold the delete button of the list's menu, but a list cell is read-only: absent or disabled)
    const cellDelete = page.getByTestId(`attachment-delete-supplierList-${W}-${rowOf}-0`);
    expect((await cellDelete.count()) === 0 || (await cellDelete.isDisabled())).toBe(true);
    await shot(page, 'e2e-attachments-upload-cell-CN');

    // The supplier portal: supplier01 sees the file on its own company, read-only (its master changes only through
    // an approved change request): preview and download, no upload, no delete.
    const supplier = await chromium.signIn('supplier01', 'exHome');
    current = supplier;
    page = supplier.page;
    await openMenu(page, 'MY_COMPANY', /\/main\/supplier\/myCompanyList\?/);
    await eventually(async () => (await gridRows(grid(page, 'myCompanyList'))).length).toBe(1);
    await activePane(page).getByTestId('row-action-view-0').click();
    await page.waitForURL(/\/main\/supplier\/myCompanyEdit\?.*id=\d+/);
    const own = activePane(page).getByTestId(`attachment-${W}`);
    await eventually(() => own.getAttribute('data-count')).toBe('1');
    expect(await activePane(page).getByTestId(`attachment-input-${W}`).count()).toBe(0);
    const ownList = await showList(page);
    expect(await ownList.getByTestId(`attachment-name-${W}-0`).innerText()).toBe('ISO9001.pdf');
    expect(await ownList.getByTestId(`attachment-preview-${W}-0`).isEnabled()).toBe(true);
    expect(await ownList.getByTestId(`attachment-download-${W}-0`).isEnabled()).toBe(true);
    expect(await ownList.getByTestId(`attachment-delete-${W}-0`).count()).toBe(0);
    await shot(page, 'e2e-attachments-supplier-CN');
  } catch (e) {
    await shot(page, 'e2e-attachments-portal-FAILED').catch(() => undefined);
    throw new Error(`${e instanceof Error ? e.message : String(e)}\nbrowser errors:\n${current.errors.join('\n')}`, { cause: e });
  }
});
