// What a PDF page draws, glyph by glyph, read back from its content stream without the platform's code: each
// glyph of a composite (Type0, Identity-H) font with its text (the font's ToUnicode) and where it lands (text
// matrix, TJ numbers, the W widths, text rise), and each filled outline (a glyph drawn as a path) with its
// origin. Enough of PDF to check that the PDF fonts put every glyph where the font's layout says. Unrotated
// text only.
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef, type PDFObject } from 'pdf-lib';

export interface DrawnGlyph {
  kind: 'text' | 'outline';
  /** The glyph's text (ToUnicode); "" for an outline. */
  text: string;
  /** The glyph's origin on the page, points. */
  x: number;
  y: number;
}

const latin1 = (b: Uint8Array) => Buffer.from(b).toString('latin1');

function streamText(doc: PDFDocument, obj: PDFObject | undefined): string {
  const o = obj instanceof PDFRef ? doc.context.lookup(obj) : obj;
  if (o instanceof PDFRawStream) return latin1(decodePDFRawStream(o).decode());
  if (o instanceof PDFArray)
    return o
      .asArray()
      .map((x) => streamText(doc, x))
      .join('\n');
  return '';
}

interface FontInfo {
  widths: Map<number, number>;
  texts: Map<number, string>;
}

function fontInfo(doc: PDFDocument, ref: PDFObject): FontInfo {
  const font = doc.context.lookup(ref, PDFDict);
  const cid = doc.context.lookup(font.lookup(PDFName.of('DescendantFonts'), PDFArray).get(0), PDFDict);
  const widths = new Map<number, number>();
  const w = cid.lookup(PDFName.of('W'), PDFArray).asArray();
  for (let i = 0; i < w.length; i += 2) {
    const first = (w[i] as PDFNumber).asNumber();
    (doc.context.lookup(w[i + 1], PDFArray).asArray() as PDFNumber[]).forEach((n, k) => widths.set(first + k, n.asNumber()));
  }
  const texts = new Map<number, string>();
  const cmap = streamText(doc, font.get(PDFName.of('ToUnicode')));
  for (const m of cmap.matchAll(/<([0-9a-f]{4})>\s*<([0-9a-f]*)>/gi)) {
    const units = (m[2].match(/.{4}/g) ?? []).map((h) => parseInt(h, 16));
    texts.set(parseInt(m[1], 16), String.fromCharCode(...units));
  }
  return { widths, texts };
}

/** The glyphs page `n` (0-based) of `bytes` draws, in drawing order. */
export async function drawnGlyphs(bytes: Uint8Array, n = 0): Promise<DrawnGlyph[]> {
  const doc = await PDFDocument.load(bytes);
  const page = doc.getPage(n);
  const fontDict = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
  const fonts = new Map<string, FontInfo>();
  for (const [name, ref] of fontDict?.entries() ?? []) fonts.set(name.asString().replace(/^\//, ''), fontInfo(doc, ref));
  const content = streamText(doc, page.node.get(PDFName.of('Contents')));
  const tokens = content.match(/<[0-9a-fA-F]*>|\[|\]|\/[^\s/<>[\]()]+|[-+]?\d*\.?\d+(?:e[-+]?\d+)?|[A-Za-z'"*]+/g) ?? [];
  const out: DrawnGlyph[] = [];
  const stack: number[][] = [];
  let ctm = [1, 0, 0, 1, 0, 0];
  let font: FontInfo | undefined;
  let size = 0;
  let rise = 0;
  let tm = [1, 0, 0, 1, 0, 0];
  let tx = 0;
  let args: (string | number)[] = [];
  let array: (string | number)[] | null = null;
  const mul = (m: number[], c: number[]) => [
    c[0] * m[0] + c[1] * m[2],
    c[0] * m[1] + c[1] * m[3],
    c[2] * m[0] + c[3] * m[2],
    c[2] * m[1] + c[3] * m[3],
    c[4] * m[0] + c[5] * m[2] + m[4],
    c[4] * m[1] + c[5] * m[3] + m[5],
  ];
  const show = (items: (string | number)[]) => {
    for (const it of items) {
      if (typeof it === 'number') {
        tx -= (it / 1000) * size;
        continue;
      }
      for (const h of it.match(/.{4}/g) ?? []) {
        const code = parseInt(h, 16);
        out.push({ kind: 'text', text: font?.texts.get(code) ?? '', x: tm[4] + ctm[4] + tx, y: tm[5] + ctm[5] + rise });
        tx += ((font?.widths.get(code) ?? 0) / 1000) * size;
      }
    }
  };
  for (const t of tokens) {
    if (t === '[') array = [];
    else if (t === ']') {
      args.push(array as never);
      array = null;
    } else if (t.startsWith('<')) (array ?? args).push(t.slice(1, -1));
    else if (t.startsWith('/')) args.push(t.slice(1));
    else if (/^[-+.\d]/.test(t)) (array ?? args).push(Number(t));
    else {
      const a = args;
      args = [];
      if (t === 'q') stack.push(ctm);
      else if (t === 'Q') ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
      else if (t === 'cm') ctm = mul(ctm, a as number[]);
      else if (t === 'BT') [tm, tx, rise] = [[1, 0, 0, 1, 0, 0], 0, 0];
      else if (t === 'Tf') [font, size] = [fonts.get(a[0] as string), a[1] as number];
      else if (t === 'Tm') [tm, tx] = [a as number[], 0];
      else if (t === 'Ts') rise = a[0] as number;
      else if (t === 'TJ') show(a[0] as unknown as (string | number)[]);
      else if (t === 'Tj') show([a[0]]);
      else if (t === 'f') out.push({ kind: 'outline', text: '', x: ctm[4], y: ctm[5] });
    }
  }
  return out;
}
