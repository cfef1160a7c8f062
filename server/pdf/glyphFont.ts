// One face embedded in one PDF as a composite font (Type0 / CIDFontType2, Identity-H), written by the platform
// rather than pdf-lib's embedder, because a shaped text needs what that embedder cannot give:
// - glyphs chosen by the layout (shape.ts), not by re-encoding a string;
// - one code (CID) per glyph *and* text: the same glyph may stand for different text (SARA AA is "า" alone and
//   nothing as the second half of ำ), so CIDs map to glyphs through a CIDToGIDMap and to text through
//   ToUnicode, and extraction gives back what was written.
// The face is embedded as a subset (only the glyphs drawn), when the document is saved.
import { createHash } from 'node:crypto';
import type * as fontkit from 'fontkit';
import { PDFString, type PDFDocument, type PDFRef } from 'pdf-lib';

interface Cid {
  /** Glyph id in the subset. */
  gid: number;
  text: string;
  /** Advance, 1/1000 em (the W array). */
  width: number;
}

type Subset = { includeGlyph(glyph: number): number; encode(): Uint8Array };

const hex4 = (n: number) => n.toString(16).padStart(4, '0');
/** UTF-16BE hex of `s` ("" → "": a code that stands for no text). */
const utf16Hex = (s: string) =>
  [...s]
    .map((ch) => {
      const cp = ch.codePointAt(0)!;
      if (cp < 0x10000) return hex4(cp);
      const v = cp - 0x10000;
      return hex4(0xd800 + (v >> 10)) + hex4(0xdc00 + (v & 0x3ff));
    })
    .join('');

export class PdfGlyphFont {
  readonly ref: PDFRef;
  private readonly subset: Subset;
  private readonly cids: Cid[] = [{ gid: 0, text: '', width: 0 }];
  private readonly cidOf = new Map<string, number>();
  private readonly scale: number;
  private written = 0;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly font: fontkit.Font,
    /** Distinguishes faces of one document in the subset's name. */
    private readonly key: string,
  ) {
    this.ref = pdf.context.nextRef();
    this.subset = font.createSubset() as unknown as Subset;
    this.subset.includeGlyph(0);
    this.scale = 1000 / font.unitsPerEm;
  }

  /** The code that draws glyph `glyphId` (advance `width`, font units) and reads back as `text`. */
  cid(glyphId: number, text: string, width: number): number {
    const k = `${glyphId}\u0000${text}`;
    let cid = this.cidOf.get(k);
    if (cid === undefined) {
      cid = this.cids.length;
      if (cid > 0xffff) throw new Error('too many glyphs for one PDF font');
      this.cids.push({ gid: this.subset.includeGlyph(glyphId), text, width: this.width(width) });
      this.cidOf.set(k, cid);
    }
    return cid;
  }

  /** A glyph's advance in 1/1000 em, as the W array has it (the emitter moves the pen by exactly this). */
  width(fontUnits: number): number {
    return Math.round(fontUnits * this.scale * 1000) / 1000;
  }

  /** Writes (or rewrites, if glyphs were added since) the font's objects under `ref`: called on save. */
  async embed(): Promise<void> {
    if (this.written === this.cids.length) return;
    this.written = this.cids.length;
    const ctx = this.pdf.context;
    const tag = createHash('sha256').update(`${this.key}:${this.written}`).digest().subarray(0, 6);
    const name = `${[...tag].map((b) => String.fromCharCode(65 + (b % 26))).join('')}+${(this.font.postscriptName || 'Font').replace(/[^\x21-\x7e]|[/()<>[\]{}%#]/g, '')}`;
    const f = this.font;
    const k = this.scale;
    const fontFile = ctx.register(ctx.flateStream(this.subset.encode()));
    const descriptor = ctx.register(
      ctx.obj({
        Type: 'FontDescriptor',
        FontName: name,
        Flags: 4, // symbolic: the glyphs are addressed by CID, not by a standard encoding
        FontBBox: [f.bbox.minX * k, f.bbox.minY * k, f.bbox.maxX * k, f.bbox.maxY * k],
        ItalicAngle: f.italicAngle,
        Ascent: f.ascent * k,
        Descent: f.descent * k,
        CapHeight: (f.capHeight || f.ascent) * k,
        XHeight: (f.xHeight || 0) * k,
        StemV: 0,
        FontFile2: fontFile,
      }),
    );
    const map = new Uint8Array(this.cids.length * 2);
    this.cids.forEach((c, i) => {
      map[i * 2] = c.gid >> 8;
      map[i * 2 + 1] = c.gid & 0xff;
    });
    const cidFont = ctx.register(
      ctx.obj({
        Type: 'Font',
        Subtype: 'CIDFontType2',
        BaseFont: name,
        CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
        FontDescriptor: descriptor,
        DW: 0,
        W: [1, this.cids.slice(1).map((c) => c.width)],
        CIDToGIDMap: ctx.register(ctx.flateStream(map)),
      }),
    );
    ctx.assign(
      this.ref,
      ctx.obj({
        Type: 'Font',
        Subtype: 'Type0',
        BaseFont: name,
        Encoding: 'Identity-H',
        DescendantFonts: [cidFont],
        ToUnicode: ctx.register(ctx.flateStream(this.toUnicode())),
      }),
    );
  }

  /** The ToUnicode CMap: each CID to its text (bfchar blocks of at most 100, as the CMap format allows). */
  private toUnicode(): string {
    const entries = this.cids.slice(1).map((c, i) => `<${hex4(i + 1)}> <${utf16Hex(c.text)}>`);
    const blocks: string[] = [];
    for (let i = 0; i < entries.length; i += 100) {
      const part = entries.slice(i, i + 100);
      blocks.push(`${part.length} beginbfchar\n${part.join('\n')}\nendbfchar`);
    }
    return [
      '/CIDInit /ProcSet findresource begin',
      '12 dict begin',
      'begincmap',
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
      '/CMapName /Adobe-Identity-UCS def',
      '/CMapType 2 def',
      '1 begincodespacerange',
      '<0000> <ffff>',
      'endcodespacerange',
      ...blocks,
      'endcmap',
      'CMapName currentdict /CMap defineresource pop',
      'end',
      'end',
    ].join('\n');
  }
}
