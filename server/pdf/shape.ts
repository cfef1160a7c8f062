// Text shaped by a font, glyph by glyph, as a PDF must draw it: fontkit's layout applies the font's GSUB
// (Thai small/narrow tone marks, SARA AM split in two, ligatures) and GPOS (kerning, mark-to-base, mark-to-mark:
// where a Thai vowel or tone mark sits over its consonant). pdf-lib's drawText keeps the glyphs but drops the
// positions, so marks collided or vanished into a tall consonant; here each glyph keeps its offsets.
// Each glyph also carries the text it stands for, so the PDF's ToUnicode map gives the input back: text is cut
// into grapheme clusters (a letter and its marks), and a cluster's glyphs share its text in order (one glyph,
// one character where the counts agree; SARA AM's ring stands for nothing, a ligature for its letters).
import type * as fontkit from 'fontkit';

export interface ShapedGlyph {
  /** Glyph id in the font. */
  id: number;
  /** The characters this glyph stands for ("" for the extra glyph of a character drawn as two: drawn as an
   *  outline, since a PDF code that maps to no text reads back as a control character). */
  text: string;
  /** The glyph's own advance (hmtx), font units: what a PDF reader moves by after drawing it. */
  width: number;
  /** Where the layout puts it, font units: the pen advance after it and its offset from the pen. */
  xAdvance: number;
  xOffset: number;
  yOffset: number;
}

export interface Shaped {
  glyphs: ShapedGlyph[];
  /** Σ xAdvance, font units. */
  advance: number;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The glyph ids of `text` laid out alone. */
const idsOf = (font: fontkit.Font, text: string) => font.layout(text).glyphs.map((g) => g.id);

/** The texts of the glyphs drawn for `text` (one cluster or several; `advances`: theirs, in order): in order,
 *  concatenating to `text`. More glyphs than characters (a character drawn as two, like ำ as ํ + า): the last
 *  character goes to the widest of the remaining glyphs (า, the one the pen moves over), the others stand for
 *  nothing; fewer (a ligature): the last glyph takes the remaining characters. */
function spread(text: string, advances: number[]): string[] {
  const cps = [...text];
  const n = advances.length;
  if (n === cps.length) return cps;
  if (n < cps.length) return [...cps.slice(0, n - 1), cps.slice(n - 1).join('')];
  const out = [...cps.slice(0, -1), ...Array<string>(n - cps.length + 1).fill('')];
  let widest = cps.length - 1;
  for (let i = widest + 1; i < n; i++) if (advances[i] > advances[widest]) widest = i;
  out[widest] = cps.at(-1) ?? '';
  return out;
}

/** Which glyphs of `ids` (the whole text laid out; `advances` theirs) belong to which clusters of `text`: texts
 *  per glyph. */
function textsOf(font: fontkit.Font, text: string, ids: number[], advances: number[]): string[] {
  const clusters = [...graphemes.segment(text)].map((s) => s.segment);
  const out: string[] = [];
  let at = 0;
  for (let c = 0; c < clusters.length;) {
    // The shortest run of clusters c..k whose own glyphs are the next glyphs of the whole layout (a ligature or a
    // contextual form across clusters makes the run longer, up to 8); the rest of the text when nothing matches.
    let matched = false;
    for (let k = c + 1; k <= Math.min(clusters.length, c + 8) && !matched; k++) {
      const part = clusters.slice(c, k).join('');
      const own = idsOf(font, part);
      if (own.length > 0 && own.every((id, i) => ids[at + i] === id) && (k < clusters.length || at + own.length === ids.length)) {
        out.push(...spread(part, advances.slice(at, at + own.length)));
        at += own.length;
        c = k;
        matched = true;
      }
    }
    if (!matched) {
      out.push(...spread(clusters.slice(c).join(''), advances.slice(at)));
      break;
    }
  }
  return out;
}

/** `text` shaped by `font`. Fast path: one glyph per character, each the font's own glyph for it. */
function shapeUncached(font: fontkit.Font, text: string): Shaped {
  const run = font.layout(text);
  const ids = run.glyphs.map((g) => g.id);
  const cps = [...text];
  const direct = ids.length === cps.length && cps.every((ch, i) => font.glyphForCodePoint(ch.codePointAt(0)!).id === ids[i]);
  const texts = direct
    ? cps
    : textsOf(
        font,
        text,
        ids,
        run.positions.map((p) => p.xAdvance),
      );
  const glyphs = run.glyphs.map((g, i) => ({
    id: g.id,
    text: texts[i] ?? '',
    width: g.advanceWidth,
    xAdvance: run.positions[i].xAdvance,
    xOffset: run.positions[i].xOffset,
    yOffset: run.positions[i].yOffset,
  }));
  return { glyphs, advance: glyphs.reduce((w, g) => w + g.xAdvance, 0) };
}

/** Shaped strings, remembered per font: labels and stamps repeat the same strings, and laying out a run with the
 *  Chinese face costs about a millisecond (bounded: cleared past 20,000 strings). */
const shapedOf = new WeakMap<fontkit.Font, Map<string, Shaped>>();
export function shape(font: fontkit.Font, text: string): Shaped {
  let cache = shapedOf.get(font);
  if (!cache) shapedOf.set(font, (cache = new Map()));
  let s = cache.get(text);
  if (!s) {
    if (cache.size > 20_000) cache.clear();
    s = shapeUncached(font, text);
    cache.set(text, s);
  }
  return s;
}
