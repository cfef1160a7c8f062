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
import type { Color, PDFDocument, PDFPage } from 'pdf-lib';
import { drawShaped } from './drawShaped.js';
import { parseFont } from './fontkitAdapter.js';
import { PdfGlyphFont } from './glyphFont.js';
import { shape } from './shape.js';
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
  font: fontkit.Font;
}

const faces = new Map<string, Face>();
function face(pkg: string, file: string): Face {
  let f = faces.get(file);
  if (!f) {
    const bytes = woffToSfnt(readFileSync(join(filesOf(pkg), file)));
    f = { key: file, font: parseFont(bytes) };
    faces.set(file, f);
  }
  return f;
}
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

const widthOfRun = (r: Run, size: number) => (shape(r.face.font, r.text).advance * size) / r.face.font.unitsPerEm;

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

const ofDocument = new WeakMap<PDFDocument, PdfText>();

/** The PDF fonts of one document: measure, wrap and draw text in any of the product's languages. */
export class PdfText {
  private embedded = new Map<string, PdfGlyphFont>();

  private constructor(private readonly pdf: PDFDocument) {}

  /** The document's fonts (one per document: its faces are embedded, as subsets, when it is saved). */
  static for(pdf: PDFDocument): PdfText {
    let t = ofDocument.get(pdf);
    if (!t) {
      const fonts = new PdfText(pdf);
      // pdf.save() flushes what was embedded before writing: the faces join that flush.
      const flush = pdf.flush.bind(pdf);
      pdf.flush = async () => {
        for (const f of fonts.embedded.values()) await f.embed();
        await flush();
      };
      ofDocument.set(pdf, (t = fonts));
    }
    return t;
  }

  private fontOf(f: Face): PdfGlyphFont {
    let g = this.embedded.get(f.key);
    if (!g) {
      g = new PdfGlyphFont(this.pdf, f.font, f.key);
      this.embedded.set(f.key, g);
    }
    return g;
  }

  /** Width of `text` at `size` points, as draw() prints it. */
  width(text: string, size: number, bold = false): number {
    return runsOf(text, bold ? 700 : 400).reduce((w, r) => w + widthOfRun(r, size), 0);
  }

  /** Draws `text` from (x, y), each glyph where the font's layout puts it (marks over their letters). */
  async draw(page: PDFPage, text: string, o: PdfTextOptions): Promise<void> {
    const rad = ((o.rotate ?? 0) * Math.PI) / 180;
    let along = 0;
    for (const r of runsOf(text, o.bold ? 700 : 400)) {
      drawShaped(page, this.fontOf(r.face), r.face.font, shape(r.face.font, r.text), {
        ...o,
        x: o.x + along * Math.cos(rad),
        y: o.y + along * Math.sin(rad),
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

/** A closed outline, points in 1/1 point units, y up. */
export type Contour = [number, number][];

/** Curves flattened into `steps` segments. */
function contoursOf(font: fontkit.Font, glyphId: number, k: number, dx: number, dy: number): Contour[] {
  const out: Contour[] = [];
  let cur: Contour = [];
  let [x, y] = [0, 0];
  const steps = 8;
  const at = (px: number, py: number) => cur.push([dx + px * k, dy + py * k]);
  for (const { command, args } of font.getGlyph(glyphId).path.commands) {
    if (command === 'moveTo') {
      if (cur.length) out.push(cur);
      cur = [];
      at(args[0], args[1]);
    } else if (command === 'lineTo') at(args[0], args[1]);
    else if (command === 'quadraticCurveTo' || command === 'bezierCurveTo') {
      const [c1x, c1y, c2x, c2y, ex, ey] = command === 'quadraticCurveTo' ? [args[0], args[1], args[0], args[1], args[2], args[3]] : args;
      for (let i = 1; i <= steps; i++) {
        const t = i / steps;
        const u = 1 - t;
        if (command === 'quadraticCurveTo') at(u * u * x + 2 * u * t * c1x + t * t * ex, u * u * y + 2 * u * t * c1y + t * t * ey);
        else
          at(
            u * u * u * x + 3 * u * u * t * c1x + 3 * u * t * t * c2x + t * t * t * ex,
            u * u * u * y + 3 * u * u * t * c1y + 3 * u * t * t * c2y + t * t * t * ey,
          );
      }
    } else if (command === 'closePath') {
      if (cur.length) out.push(cur);
      cur = [];
    }
    if (command !== 'closePath') [x, y] = args.slice(-2) as [number, number];
  }
  if (cur.length) out.push(cur);
  return out;
}

/** `text` as filled outlines at `size` points from (0, 0), shaped like draw() (for pictures made on the
 *  server: a demo seal, a signature), and its advance. */
export function textOutlines(text: string, size: number, bold = false): { width: number; contours: Contour[] } {
  const contours: Contour[] = [];
  let along = 0;
  for (const r of runsOf(text, bold ? 700 : 400)) {
    const k = size / r.face.font.unitsPerEm;
    let pen = 0;
    for (const g of shape(r.face.font, r.text).glyphs) {
      contours.push(...contoursOf(r.face.font, g.id, k, along + (pen + g.xOffset) * k, g.yOffset * k));
      pen += g.xAdvance;
    }
    along += pen * k;
  }
  return { width: along, contours };
}
