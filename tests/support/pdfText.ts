// The text of every page of a PDF, read back with pdfjs-dist (the watermark and the stamps are text the
// test can find), and its page count with pdf-lib: a generated PDF must open in both. pdfPng renders a page
// (pdfjs-dist on @napi-rs/canvas) so a test can save a picture of what a reader sees.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const FONTS = join(import.meta.dirname, '..', '..', 'node_modules', 'pdfjs-dist', 'standard_fonts') + '/';
const open = (bytes: Uint8Array) => getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: FONTS, verbosity: 0 }).promise;

export async function pdfText(bytes: Uint8Array): Promise<{ pages: string[]; pageCount: number }> {
  const pageCount = (await PDFDocument.load(bytes)).getPageCount();
  const doc = await open(bytes);
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((i) => ('str' in i ? i.str : '')).join('\n'));
  }
  await doc.destroy();
  return { pages, pageCount };
}

/** Page `n` of the PDF as PNG bytes at `scale` (1 = 72 dpi). */
export async function pdfPng(bytes: Uint8Array, n = 1, scale = 1.5): Promise<Buffer> {
  const doc = await open(bytes);
  const page = await doc.getPage(n);
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas: canvas as never, canvasContext: ctx as never, viewport }).promise;
  await doc.destroy();
  return canvas.toBuffer('image/png');
}

/** Page `n` rendered to test-results/screenshots/{name}.png, to look at. */
export async function savePdfShot(bytes: Uint8Array, name: string, n = 1): Promise<void> {
  const dir = join(import.meta.dirname, '..', '..', 'test-results', 'screenshots');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.png`), await pdfPng(bytes, n, 2));
}
