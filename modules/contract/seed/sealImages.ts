// The demo e-signature accounts' images, drawn when the demo is seeded (no image files in the repository): a
// company's round red seal (ring, star, the company's name along the upper arc, a word under the star) and a
// person's signature (the name in blue ink, slanted, with a stroke under it). Text is drawn from the PDF fonts'
// outlines (server/pdf/fonts.ts textOutlines), so Chinese and Thai names are shaped like the PDFs' text.
import { circle, Raster, star, type Point, type Rgb } from '../../../server/image/raster.js';
import { textOutlines } from '../../../server/pdf/fonts.js';

const RED: Rgb = [205, 30, 35];
const INK: Rgb = [24, 48, 140];
const clusters = (s: string) => [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(s)].map((g) => g.segment);

/** A round company seal, 240 × 240 PNG: `name` along the upper arc, `word` under the star. */
export function companySealPng(name: string, word: string): Buffer {
  const S = 240;
  const c = S / 2;
  const R = 114;
  const r = new Raster(S, S);
  r.fill([circle(c, c, R), circle(c, c, R - 8, true)], RED);
  r.fill([star(c, c - 2, 36)], RED);
  // The name: each character upright toward the rim, spaced by its advance over 250° of the arc.
  const span = (250 * Math.PI) / 180;
  const chars = clusters(name).map((ch) => ({ ch, w: textOutlines(ch, 1, true).width }));
  const total = chars.reduce((a, x) => a + x.w, 0) || 1;
  const base = R - 14; // where the tops of the characters are
  const size = Math.min(30, ((base - 16) * span) / total);
  const rb = base - size * 0.8; // the baseline's radius
  let along = 0;
  for (const { ch, w } of chars) {
    const theta = -span / 2 + (span * (along + w / 2)) / total;
    along += w;
    const out = textOutlines(ch, size, true);
    const [ux, uy] = [Math.sin(theta), -Math.cos(theta)]; // outward
    const [tx, ty] = [Math.cos(theta), Math.sin(theta)]; // along the arc, clockwise
    const place = ([lx, ly]: [number, number]): Point => {
      const x = lx - out.width / 2;
      return [c + rb * ux + x * tx + ly * ux, c + rb * uy + x * ty + ly * uy];
    };
    r.fill(
      out.contours.map((ct) => ct.map(place)),
      RED,
    );
  }
  const w = textOutlines(word, 18, true);
  const k = Math.min(1, 150 / (w.width || 1));
  r.fill(
    w.contours.map((ct) => ct.map(([lx, ly]): Point => [c + (lx - w.width / 2) * k, c + 66 - ly * k])),
    RED,
  );
  return r.png();
}

/** A person's signature, 300 × 110 PNG: `name` in blue ink, slanted, with a stroke under it. */
export function signaturePng(name: string): Buffer {
  const r = new Raster(300, 110);
  const out = textOutlines(name, 56);
  const k = Math.min(1, 260 / (out.width || 1));
  const x0 = (300 - out.width * k) / 2;
  // Slanted 15° to the right, baseline at y 74.
  const slant = Math.tan((15 * Math.PI) / 180);
  r.fill(
    out.contours.map((ct) => ct.map(([lx, ly]): Point => [x0 + (lx + ly * slant) * k, 74 - ly * k])),
    INK,
    0.92,
  );
  // The stroke: a thin curved band from under the first letter to past the last.
  const band: Point[] = [];
  const [from, to] = [x0 - 6, x0 + out.width * k + 14];
  for (let i = 0; i <= 24; i++) {
    const t = i / 24;
    band.push([from + (to - from) * t, 90 - 10 * Math.sin(Math.PI * t) + 4 * t]);
  }
  for (let i = 24; i >= 0; i--) {
    const t = i / 24;
    band.push([from + (to - from) * t, 90 - 10 * Math.sin(Math.PI * t) + 4 * t + 1.2 + 2.2 * Math.sin(Math.PI * t)]);
  }
  r.fill([band], INK, 0.92);
  return r.png();
}
