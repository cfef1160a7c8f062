// The text of every page of a PDF, read back with pdfjs-dist (the watermark and the stamps are text the
// test can find), and its page count with pdf-lib: a generated PDF must open in both.
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const FONTS = join(import.meta.dirname, '..', '..', '..', 'node_modules', 'pdfjs-dist', 'standard_fonts') + '/';

export async function pdfText(bytes: Uint8Array): Promise<{ pages: string[]; pageCount: number }> {
  const pageCount = (await PDFDocument.load(bytes)).getPageCount();
  const doc = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: FONTS, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((i) => ('str' in i ? i.str : '')).join('\n'));
  }
  await doc.destroy();
  return { pages, pageCount };
}
