// Thai in the platform's PDFs (server/pdf: shape.ts, glyphFont.ts, drawShaped.ts): words with stacked marks read
// back from the PDF as written (pdfjs-dist), every glyph is drawn where fontkit's layout of the font (GSUB + GPOS:
// mark-to-base, mark-to-mark) puts it, read from the content stream by a separate small interpreter
// (tests/support/pdfGlyphs.ts), and a tone mark after a lower vowel on a tall consonant (ปู่) is seen on the
// rendered page, no longer hidden in the consonant's stem. Chinese and Latin read back as before and sit at the
// layout's advances (Latin pairs kerned). Rendered pages: test-results/screenshots/pdf-thai*.png.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { PdfText } from '../../../server/pdf/fonts.js';
import { woffToSfnt } from '../../../server/pdf/woff.js';
import { drawnGlyphs } from '../../support/pdfGlyphs.js';
import { pdfPng, pdfText, savePdfShot } from '../../support/pdfText.js';
import { createCanvas, loadImage } from '@napi-rs/canvas';

const WORDS = ['ที่นี่', 'น้ำ', 'กำหนด', 'ผู้ซื้อ', 'ปู่', 'ญี่ปุ่น', 'ป้ำ', 'จำกัด', 'ต่ำ', 'ฝั่ง'];
const SIZE = 40;

const require = createRequire(import.meta.url);
const fontFile = (pkg: string, file: string) => join(dirname(require.resolve(`${pkg}/package.json`)), 'files', file);
const load = (pkg: string, file: string) => fontkit.create(Buffer.from(woffToSfnt(readFileSync(fontFile(pkg, file))))) as fontkit.Font;
const thai = load('@fontsource/noto-sans-thai', 'noto-sans-thai-thai-400-normal.woff');
const cn = load('@fontsource/noto-sans-sc', 'noto-sans-sc-chinese-simplified-400-normal.woff');
const latin = load('@fontsource/noto-sans-sc', 'noto-sans-sc-latin-400-normal.woff');

/** One line per text, each at x 20. */
async function pdfOf(texts: string[], height = 70 * texts.length + 20, width = 400) {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([width, height]);
  const fonts = PdfText.for(pdf);
  for (const [i, t] of texts.entries()) await fonts.draw(page, t, { x: 20, y: height - 60 - i * 70, size: SIZE });
  return pdf.save();
}

/** Where fontkit's layout of `font` puts each glyph of `text` drawn from (x, y) at SIZE. */
function layoutPositions(font: fontkit.Font, text: string, x: number, y: number) {
  const run = font.layout(text);
  const k = SIZE / font.unitsPerEm;
  let pen = 0;
  return run.positions.map((p) => {
    const at = { x: x + (pen + p.xOffset) * k, y: y + p.yOffset * k };
    pen += p.xAdvance;
    return at;
  });
}

const close = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.abs(a.x - b.x) < 0.01 && Math.abs(a.y - b.y) < 0.01;

describe('Thai (and any script needing positioning) in PDFs', () => {
  it('words with stacked marks and SARA AM read back from the PDF exactly as written', async () => {
    const bytes = await pdfOf([...WORDS, WORDS.join(' '), 'บริษัท ไทยซัพพลาย จำกัด ผู้ซื้อ น้ำ 供应商 Contract'], undefined, 1600);
    const { pages } = await pdfText(bytes);
    const lines = pages[0].split('\n');
    for (const w of WORDS) expect(lines).toContain(w);
    expect(lines).toContain(WORDS.join(' '));
    expect(pages[0].replace(/\n/g, '')).toContain('บริษัท ไทยซัพพลาย จำกัด ผู้ซื้อ น้ำ 供应商 Contract');
    await savePdfShot(bytes, 'pdf-thai');
  });

  it("every glyph is drawn where the font's layout (GPOS mark-to-base, mark-to-mark) puts it", async () => {
    const bytes = await pdfOf(WORDS);
    const drawn = await drawnGlyphs(bytes);
    let offsetMarks = 0;
    for (const [i, w] of WORDS.entries()) {
      const y = 70 * WORDS.length + 20 - 60 - i * 70;
      const expected = layoutPositions(thai, w, 20, y);
      const mine = drawn.filter((g) => Math.abs(g.y - y) < SIZE / 2);
      // The same glyphs, each at its layout position (text glyphs and the one ring of ำ drawn as an outline).
      expect(mine.length, w).toBe(expected.length);
      for (const e of expected)
        expect(
          mine.some((g) => close(g, e)),
          `${w}: a glyph at ${e.x}, ${e.y}`,
        ).toBe(true);
      const run = thai.layout(w);
      offsetMarks += run.positions.filter((p) => p.xOffset !== 0 || p.yOffset !== 0).length;
      // The text glyphs read, in order, the word.
      expect(
        mine
          .filter((g) => g.kind === 'text')
          .map((g) => g.text)
          .join(''),
      ).toBe(w);
    }
    // The layout moves marks (else the check above would hold for drawing at plain advances too).
    expect(offsetMarks).toBeGreaterThan(10);
  });

  it('the tone mark of ปู่ is seen on the page, beside (not inside) the tall consonant', async () => {
    // Ink of "ปู่" that "ปู" does not have: the tone mark. Drawn at plain advances it sat on ป's stem (a few
    // pixels of new ink); placed by the layout it stands free.
    const ink = async (text: string) => {
      const png = await pdfPng(await pdfOf([text], 90), 1, 3);
      const img = await loadImage(png);
      const c = createCanvas(img.width, img.height);
      const ctx = c.getContext('2d');
      ctx.drawImage(img, 0, 0);
      const { data } = ctx.getImageData(0, 0, img.width, img.height);
      const dark = new Uint8Array(img.width * img.height);
      for (let p = 0; p < dark.length; p++) dark[p] = data[p * 4] < 128 ? 1 : 0;
      return dark;
    };
    const [base, withMark] = [await ink('ปู'), await ink('ปู่')];
    const [alone] = [await ink('ป่')];
    let added = 0;
    let mark = 0;
    for (let p = 0; p < base.length; p++) if (withMark[p] && !base[p]) added++;
    const consonant = await ink('ป');
    for (let p = 0; p < consonant.length; p++) if (alone[p] && !consonant[p]) mark++;
    // The tone mark over ปู adds (nearly) as much ink as it does over ป alone.
    expect(mark).toBeGreaterThan(50);
    expect(added).toBeGreaterThan(mark * 0.8);
    await savePdfShot(await pdfOf(['ปู่ ญี่ปุ่น ป้ำ น้ำ'], 90), 'pdf-thai-marks');
  });

  it('Chinese and Latin read back as written, each glyph at the layout position (Latin kerning now applied)', async () => {
    const cnText = '供应商合同';
    const latinText = 'Contract HT-001';
    const drawn = await drawnGlyphs(await pdfOf([cnText, latinText], 160));
    const expectAt = (font: fontkit.Font, text: string, y: number) => {
      const mine = drawn.filter((g) => Math.abs(g.y - y) < 1);
      expect(mine.map((g) => g.text).join('')).toBe(text);
      const e = layoutPositions(font, text, 20, y);
      mine.forEach((g, i) => expect(close(g, e[i])).toBe(true));
    };
    expectAt(cn, cnText, 100);
    expectAt(latin, latinText, 30);
  });
});
