// The platform's PDF fonts (server/pdf/fonts.ts): Chinese (common and rare characters), Thai and Vietnamese
// drawn, bold and rotated, come back from pdfjs-dist's text extraction as written (no "?"), only the glyphs used
// are embedded, wrapping breaks Chinese between characters and never splits a Thai letter from its marks.
// A rendered page is saved to test-results/screenshots/pdf-fonts.png to look at.
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { PdfText } from '../../../server/pdf/fonts.js';
import { woffToSfnt } from '../../../server/pdf/woff.js';
import { pdfText, savePdfShot } from '../../support/pdfText.js';

const CN = '供应商合同：上海市浦东新区张江路88号（采购部）';
const RARE = '王喆 陈赟 朱镕基 李堃'; // outside the ~8,000 characters of the simplified-Chinese file
const TH = 'สัญญาซื้อขาย บริษัท ไทยซัพพลาย จำกัด ผู้จัดการ ญี่ปุ่น';
const VN = 'Công ty TNHH Thương mại Việt Nam – đường Nguyễn Huệ, Quận 1';

async function sample() {
  const pdf = await PDFDocument.create();
  const fonts = PdfText.for(pdf);
  const page = pdf.addPage([595, 420]);
  let y = 380;
  for (const [text, bold] of [
    [CN, true],
    [RARE, false],
    [TH, false],
    [TH, true],
    [VN, false],
    [`Mixed 合同 HT-001 สัญญา Hợp đồng`, false],
  ] as const) {
    await fonts.draw(page, text, { x: 30, y, size: 16, bold });
    y -= 30;
  }
  await fonts.draw(page, '机密 ลับ Bảo mật', { x: 330, y: 60, size: 28, rotate: 30, opacity: 0.3 });
  return { pdf, fonts, bytes: await pdf.save() };
}

describe('PDF fonts', () => {
  it('CN, TH and VN text round-trips through pdfjs-dist text extraction; a page renders', async () => {
    const { bytes } = await sample();
    const { pages } = await pdfText(bytes);
    const text = pages[0].replace(/\n/g, '');
    for (const s of [CN, RARE, TH, VN, 'Mixed 合同 HT-001 สัญญา Hợp đồng', '机密 ลับ Bảo mật']) expect(text).toContain(s);
    expect(text).not.toContain('?');
    await savePdfShot(bytes, 'pdf-fonts');
  });

  it('embeds subsets: a page of mixed text stays small', async () => {
    const { bytes } = await sample();
    // The simplified-Chinese face alone is ~4 MB as TTF; subsets of six faces with ~150 glyphs stay far below.
    expect(bytes.length).toBeLessThan(120_000);
  });

  it('a character no face has prints as "?", decomposed Vietnamese is composed', async () => {
    const pdf = await PDFDocument.create();
    const fonts = PdfText.for(pdf);
    await fonts.draw(pdf.addPage(), `A\u{1F600}B Vie\u0302\u0323t`, { x: 10, y: 10, size: 10 });
    const { pages } = await pdfText(await pdf.save());
    expect(pages[0].replace(/\n/g, '')).toBe('A?B Việt');
  });

  it('wraps Chinese between characters, Latin at spaces, Thai without cutting a letter from its marks', async () => {
    const { fonts } = await sample();
    const cn = fonts.wrap('双方同意按时交货并承担相应的违约责任'.repeat(3), 10, 100);
    expect(cn.length).toBeGreaterThan(3);
    for (const l of cn) expect(fonts.width(l, 10)).toBeLessThanOrEqual(100);
    expect(cn.join('')).toBe('双方同意按时交货并承担相应的违约责任'.repeat(3));
    expect(fonts.wrap('the goods are delivered on time', 10, 60)).toEqual(['the goods', 'are', 'delivered on', 'time'].map((s) => s));
    const th = fonts.wrap('ผู้จัดการฝ่ายจัดซื้อที่ได้รับมอบหมาย', 10, 40);
    expect(th.join('')).toBe('ผู้จัดการฝ่ายจัดซื้อที่ได้รับมอบหมาย');
    for (const l of th) expect(l).not.toMatch(/^\p{M}/u);
  });

  it('woffToSfnt refuses what is not a WOFF', () => {
    expect(() => woffToSfnt(new Uint8Array(60))).toThrow(/WOFF/);
  });
});
