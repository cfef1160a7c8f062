// "The PDF fonts": the one place modules get fonts for PDFs that print Chinese, Thai and Vietnamese (names,
// addresses, terms, titles) as well as Latin. pdf-lib's standard fonts only encode WinAnsi, so CJK/Thai printed
// "?". The faces are Noto Sans SC and Noto Sans Thai from npm (@fontsource/*: OFL, installed by `npm ci`, no
// root and no system fonts needed), regular and bold. Fontsource splits each family into unicode-range files, so
// a text is cut into runs, each drawn with the first face that has its characters (docs/decisions.md "PDF fonts").
// Every face is embedded as a subset: a PDF carries only the glyphs it prints.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as fontkit from 'fontkit';
import { degrees, rgb, type Color, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import { parseFont, pdfFontkit } from './fontkitAdapter.js';
import { woffToSfnt } from './woff.js';

export type PdfWeight = 400 | 700;

const require = createRequire(import.meta.url);
const filesOf = (pkg: string) => join(dirname(require.resolve(`${pkg}/package.json`)), 'files');
const SC = '@fontsource/noto-sans-sc';
const TH = '@fontsource/noto-sans-thai';
/** Fallback order: Latin first (most text), then Vietnamese letters, Thai, and the simplified-Chinese face. */
const CHAIN: [pkg: string, subset: string][] = [
  [SC, 'noto-sans-sc-latin'],
  [SC, 'noto-sans-sc-latin-ext'],
  [SC, 'noto-sans-sc-vietnamese'],
  [TH, 'noto-sans-thai-thai'],
  [SC, 'noto-sans-sc-chinese-simplified'],
];

interface Face {
  key: string;
  bytes: Uint8Array;
  font: fontkit.Font;
  /** OpenType features turned off or on when this face shapes text. */
  features?: Record<string, boolean>;
}

const faces = new Map<string, Face>();
function face(pkg: string, file: string): Face {
  let f = faces.get(file);
  if (!f) {
    const bytes = woffToSfnt(readFileSync(join(filesOf(pkg), file)));
    f = { key: file, bytes, font: parseFont(bytes) };
    // fontkit keeps the text of a glyph from its first use: SARA AA's glyph reads "า" even when it was first
    // met as the second half of a shaped ำ (else the PDF maps it to no text and readers show a control code).
    if (pkg === TH) f.font.glyphForCodePoint(0x0e32);
    faces.set(file, f);
  }
  return f;
}
/** Thai SARA AM (ำ): the font's shaping (ccmp) splits it into NIKHAHIT + SARA AA glyphs so the ring can sit above
 *  a tone mark, and a PDF maps text back glyph by glyph: the SARA AA glyph reads back as an extra "า" (บริษัท …
 *  จำกัด → "จำากัด"). A cluster ending in ำ without a tone mark (จำ, ทำ, สำ: the common case) is drawn with the
 *  Thai face embedded a second time without ccmp: the precomposed ำ glyph, which looks the same and reads back
 *  as written. With a tone mark (น้ำ, ต่ำ) the shaped form is kept, so the ring does not hit the mark; there
 *  the extracted text has that extra "า" (docs/decisions.md "PDF fonts"). */
const amFaces = new Map<PdfWeight, Face>();
function thaiAmFace(weight: PdfWeight): Face {
  let f = amFaces.get(weight);
  if (!f) {
    const thai = face(TH, `noto-sans-thai-thai-${weight}-normal.woff`);
    f = { ...thai, key: `${thai.key}#am`, features: { ccmp: false } };
    amFaces.set(weight, f);
  }
  return f;
}
const TONE = /[\u0e48-\u0e4b]/;
const SARA_AM = 0x0e33;

const chainOf = (weight: PdfWeight) =>
  CHAIN.map(
    ([pkg, subset]) =>
      () =>
        face(pkg, `${subset}-${weight}-normal.woff`),
  );

/** Rare Chinese characters (outside the ~8,000 of the simplified-Chinese file): Fontsource's numbered slices of
 *  the whole Noto Sans SC, looked through once per character (each slice is parsed on first need, then kept). */
const slicesOf = new Map<PdfWeight, string[]>();
function rareFace(cp: number, weight: PdfWeight): Face | null {
  let names = slicesOf.get(weight);
  if (!names) {
    const re = new RegExp(`^noto-sans-sc-\\d+-${weight}-normal\\.woff$`);
    names = readdirSync(filesOf(SC)).filter((n) => re.test(n));
    slicesOf.set(weight, names);
  }
  for (const n of names) {
    const f = face(SC, n);
    if (f.font.hasGlyphForCodePoint(cp)) return f;
  }
  return null;
}

const found = new Map<string, Face | null>();
/** The face that prints code point `cp` (null: none has it; it prints as "?"). */
function faceFor(cp: number, weight: PdfWeight): Face | null {
  const key = `${weight}:${cp}`;
  if (!found.has(key)) {
    let hit: Face | null = null;
    for (const get of chainOf(weight)) {
      const f = get();
      if (f.font.hasGlyphForCodePoint(cp)) {
        hit = f;
        break;
      }
    }
    found.set(key, hit ?? (cp >= 0x2e80 ? rareFace(cp, weight) : null));
  }
  return found.get(key)!;
}

const MARK = /\p{M}/u;
/** Text as printed: NFC (Vietnamese typed with combining accents becomes the precomposed letters the fonts map),
 *  tabs and line breaks as spaces, other control characters dropped. */
export const pdfClean = (s: unknown) =>
  String(s ?? '')
    .normalize('NFC')
    .replace(/[\t\r\n]/g, ' ')
    .replace(/\p{Cc}/gu, '');

interface Run {
  face: Face;
  text: string;
}
/** `text` cut into runs of one face; a combining mark stays with its base's face when that face has it. */
function runsOf(text: string, weight: PdfWeight): Run[] {
  const runs: Run[] = [];
  const latin = chainOf(weight)[0]();
  for (const ch of pdfClean(text)) {
    const cp = ch.codePointAt(0)!;
    const last = runs.at(-1);
    if (cp === SARA_AM && last) {
      // Its cluster (a Thai letter and its marks) moves to a run of the SARA AM face, unless a tone mark is in it.
      const am = thaiAmFace(weight);
      const cluster = /\P{M}\p{M}*$/u.exec(last.text)?.[0] ?? '';
      if (last.face.font === am.font && !last.face.features && cluster && !TONE.test(cluster)) {
        last.text = last.text.slice(0, -cluster.length);
        if (!last.text) runs.pop();
        runs.push({ face: am, text: cluster + ch });
        continue;
      }
    }
    if (last && (MARK.test(ch) || cp === 0x20) && last.face.font.hasGlyphForCodePoint(cp)) {
      last.text += ch;
      continue;
    }
    const f = faceFor(cp, weight);
    const [useFace, useCh] = f ? [f, ch] : [latin, '?'];
    if (last && last.face === useFace) last.text += useCh;
    else runs.push({ face: useFace, text: useCh });
  }
  return runs;
}

/** Advance of a run in font units, remembered: labels and stamps repeat the same strings, and shaping a run
 *  with the Chinese face costs about a millisecond (bounded: cleared past 20,000 strings). */
const advances = new Map<string, number>();
function widthOfRun(r: Run, size: number): number {
  const key = `${r.face.key}\u0000${r.text}`;
  let adv = advances.get(key);
  if (adv === undefined) {
    if (advances.size > 20_000) advances.clear();
    adv = r.face.font.layout(r.text, r.face.features as never).glyphs.reduce((w, g) => w + g.advanceWidth, 0);
    advances.set(key, adv);
  }
  return (adv * size) / r.face.font.unitsPerEm;
}

/** pdf-lib shapes a string again on every drawText; a font's encoding of a string does not change once its
 *  glyphs are in the subset, so it is remembered per embedded font. */
function rememberEncodings(font: PDFFont): PDFFont {
  const seen = new Map<string, ReturnType<PDFFont['encodeText']>>();
  const encode = font.encodeText.bind(font);
  font.encodeText = (text: string) => {
    let hex = seen.get(text);
    if (!hex) {
      hex = encode(text);
      seen.set(text, hex);
    }
    return hex;
  };
  return font;
}

export interface PdfTextOptions {
  x: number;
  y: number;
  size: number;
  bold?: boolean;
  color?: Color;
  opacity?: number;
  /** Degrees counter-clockwise, about (x, y). */
  rotate?: number;
}

/** The PDF fonts of one document: measure, wrap and draw text in any of the product's languages. */
export class PdfText {
  private embedded = new Map<string, Promise<PDFFont>>();

  private constructor(private readonly pdf: PDFDocument) {}

  static for(pdf: PDFDocument): PdfText {
    pdf.registerFontkit(pdfFontkit as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
    return new PdfText(pdf);
  }

  private fontOf(f: Face): Promise<PDFFont> {
    let p = this.embedded.get(f.key);
    if (!p) {
      p = this.pdf.embedFont(f.bytes, { subset: true, features: f.features as never }).then(rememberEncodings);
      this.embedded.set(f.key, p);
    }
    return p;
  }

  /** Width of `text` at `size` points, as draw() prints it. */
  width(text: string, size: number, bold = false): number {
    return runsOf(text, bold ? 700 : 400).reduce((w, r) => w + widthOfRun(r, size), 0);
  }

  async draw(page: PDFPage, text: string, o: PdfTextOptions): Promise<void> {
    const rad = ((o.rotate ?? 0) * Math.PI) / 180;
    let along = 0;
    for (const r of runsOf(text, o.bold ? 700 : 400)) {
      page.drawText(r.text, {
        x: o.x + along * Math.cos(rad),
        y: o.y + along * Math.sin(rad),
        size: o.size,
        font: await this.fontOf(r.face),
        color: o.color ?? rgb(0, 0, 0),
        opacity: o.opacity,
        rotate: degrees(o.rotate ?? 0),
      });
      along += widthOfRun(r, o.size);
    }
  }

  /** Lines of `text` that fit `width`: breaks at spaces and between Chinese characters; a run without a break
   *  (a long Thai phrase, a code) is cut between characters, never between a letter and its combining marks. */
  wrap(text: string, size: number, width: number, bold = false): string[] {
    const out: string[] = [];
    for (const raw of String(text ?? '').split(/\r?\n/)) {
      // Tokens: a space run, one CJK character, or a run of anything else; clusters keep marks with their base.
      const tokens = pdfClean(raw).match(/ +|[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]\p{M}*|[^ \u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+/gu) ?? [];
      let line = '';
      const fits = (s: string) => this.width(s, size, bold) <= width;
      for (const tok of tokens) {
        if (fits(line + tok)) {
          line += tok;
          continue;
        }
        if (line.trim()) out.push(line.trimEnd());
        line = '';
        if (tok.startsWith(' ')) continue;
        for (const cluster of tok.match(/\P{M}\p{M}*|\p{M}+/gu) ?? []) {
          if (line && !fits(line + cluster)) {
            out.push(line);
            line = '';
          }
          line += cluster;
        }
      }
      out.push(line.trimEnd());
    }
    return out;
  }
}
