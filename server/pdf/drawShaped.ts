// Draws a shaped run (shape.ts) on a page with its embedded face (glyphFont.ts): one text object whose TJ array
// places every glyph where the layout put it. A reader moves the pen by each glyph's own width (the font's W
// array); a number in TJ corrects it to the layout's pen plus the glyph's offset (kerning, a mark pulled left over
// its letter), and a glyph raised or lowered by the layout (a tone mark above an upper vowel) is drawn with a text
// rise (Ts). The text matrix carries the position and the rotation, the graphics state the colour and opacity.
// A glyph that stands for no text (ำ's ring) is filled as its outline after the text: a code mapped to no text
// reads back as a control character.
import type * as fontkit from 'fontkit';
import {
  appendBezierCurve,
  beginText,
  closePath,
  concatTransformationMatrix,
  fill,
  lineTo,
  moveTo,
  endText,
  PDFHexString,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  rotateAndSkewTextRadiansAndTranslate,
  setFillingColor,
  setFontAndSize,
  setGraphicsState,
  setTextRise,
  type Color,
  type PDFName,
  type PDFObject,
  type PDFPage,
} from 'pdf-lib';
import type { PdfGlyphFont } from './glyphFont.js';
import type { Shaped } from './shape.js';

export interface DrawShapedOptions {
  x: number;
  y: number;
  size: number;
  color?: Color;
  opacity?: number;
  /** Degrees counter-clockwise, about (x, y). */
  rotate?: number;
}

/** Resource names on each page: a face's font and an opacity's graphics state, added once per page. */
const names = new WeakMap<PDFPage, Map<unknown, PDFName>>();
function nameOn(page: PDFPage, key: unknown, add: () => PDFName): PDFName {
  let m = names.get(page);
  if (!m) names.set(page, (m = new Map()));
  let n = m.get(key);
  if (!n) m.set(key, (n = add()));
  return n;
}

const round = (n: number) => Math.round(n * 1000) / 1000;
const hex4 = (n: number) => n.toString(16).padStart(4, '0');

/** The outline of glyph `id` as path operators, font units (quadratic curves raised to cubic ones). */
function outline(font: fontkit.Font, id: number): PDFOperator[] {
  const ops: PDFOperator[] = [];
  let x = 0;
  let y = 0;
  for (const { command, args } of font.getGlyph(id).path.commands) {
    if (command === 'moveTo') ops.push(moveTo(args[0], args[1]));
    else if (command === 'lineTo') ops.push(lineTo(args[0], args[1]));
    else if (command === 'bezierCurveTo') ops.push(appendBezierCurve(args[0], args[1], args[2], args[3], args[4], args[5]));
    else if (command === 'quadraticCurveTo') {
      const [qx, qy, ex, ey] = args;
      ops.push(appendBezierCurve(x + (2 / 3) * (qx - x), y + (2 / 3) * (qy - y), ex + (2 / 3) * (qx - ex), ey + (2 / 3) * (qy - ey), ex, ey));
    } else if (command === 'closePath') ops.push(closePath());
    if (command !== 'closePath') [x, y] = args.slice(-2);
  }
  if (ops.length) ops.push(fill());
  return ops;
}

export function drawShaped(page: PDFPage, font: PdfGlyphFont, face: fontkit.Font, run: Shaped, o: DrawShapedOptions): void {
  if (!run.glyphs.length) return;
  const fontName = nameOn(page, font, () => page.node.newFontDictionary('F', font.ref));
  const ops: PDFOperator[] = [pushGraphicsState()];
  if (o.opacity !== undefined && o.opacity < 1) {
    const opacity = Math.max(0, o.opacity);
    const gs = nameOn(page, `opacity:${opacity}`, () => page.node.newExtGState('GS', page.doc.context.obj({ Type: 'ExtGState', ca: opacity, CA: opacity })));
    ops.push(setGraphicsState(gs));
  }
  ops.push(
    beginText(),
    setFillingColor(o.color ?? rgb(0, 0, 0)),
    setFontAndSize(fontName, o.size),
    rotateAndSkewTextRadiansAndTranslate(((o.rotate ?? 0) * Math.PI) / 180, 0, 0, o.x, o.y),
  );
  const unitsPerEm = face.unitsPerEm;
  const em = 1000 / unitsPerEm; // font units → 1/1000 em, the unit of W and of TJ's numbers
  let items: PDFObject[] = [];
  let codes = '';
  const endCodes = () => {
    if (codes) items.push(PDFHexString.of(codes));
    codes = '';
  };
  const show = () => {
    endCodes();
    if (items.length) ops.push(PDFOperator.of(PDFOperatorNames.ShowTextAdjusted, [page.doc.context.obj(items)]));
    items = [];
  };
  let pen = 0; // the layout's pen, font units
  let at = 0; // where the reader's pen is, 1/1000 em
  let rise = 0;
  const outlines: { id: number; x: number; y: number }[] = [];
  for (const g of run.glyphs) {
    if (!g.text) {
      outlines.push({ id: g.id, x: pen + g.xOffset, y: g.yOffset });
      pen += g.xAdvance;
      continue;
    }
    if (g.yOffset !== rise) {
      show();
      rise = g.yOffset;
      ops.push(setTextRise(round((rise * o.size) / unitsPerEm)));
    }
    const move = round((pen + g.xOffset) * em - at);
    if (move !== 0) {
      endCodes();
      items.push(PDFNumber.of(-move));
      at += move;
    }
    codes += hex4(font.cid(g.id, g.text, g.width));
    at += font.width(g.width);
    pen += g.xAdvance;
  }
  show();
  ops.push(endText());
  if (outlines.length) {
    const rad = ((o.rotate ?? 0) * Math.PI) / 180;
    const k = o.size / unitsPerEm;
    ops.push(concatTransformationMatrix(Math.cos(rad), Math.sin(rad), -Math.sin(rad), Math.cos(rad), o.x, o.y));
    for (const g of outlines) {
      ops.push(pushGraphicsState(), concatTransformationMatrix(k, 0, 0, k, round(g.x * k), round(g.y * k)), ...outline(face, g.id), popGraphicsState());
    }
  }
  ops.push(popGraphicsState());
  page.pushOperators(...ops);
}
