// A streaming .xlsx writer for exports: rows go out as sheet XML through zlib's deflate (which runs
// off the JavaScript thread) into a zip whose entries carry data descriptors, so nothing is held but
// the current batch of rows. Only what an export needs: inline strings, numbers with a number format
// per column, a bold header row frozen at the top, column widths, several sheets.
// (exceljs' stream writer builds a style and a cell object per value: most of the export's time.)
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { createDeflateRaw, crc32, type DeflateRaw } from 'node:zlib';
import { centralDirectory, DATA_DESCRIPTOR, dataDescriptor, DEFLATE, dosStamp, localHeader, UTF8_NAMES, type ZipRecord } from '../files/zipRecords.js';

export type XlsxValue = string | number | null;

export interface XlsxColumn {
  width: number;
  /** Excel number format code, e.g. `#,##0.00`. */
  numFmt?: string;
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Flush the row text to deflate in pieces of about this many characters. */
const BATCH_CHARS = 256 * 1024;
/** Characters XML 1.0 cannot carry at all. */
// eslint-disable-next-line no-control-regex -- XML 1.0's Char production excludes exactly these C0 controls (tab, LF, CR stay)
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(text: string): string {
  const clean = text.replace(INVALID_XML, '');
  return /[&<>"]/.test(clean) ? clean.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;') : clean;
}

/** 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

export class XlsxWriter {
  private readonly central: ZipRecord[] = [];
  private offset = 0;
  private readonly stamp = dosStamp(new Date());
  private readonly letters: string[];
  /** Cell style index per column (0 = plain; 1 = bold header; 2… = number formats). */
  private readonly styleOf: number[];
  private readonly numFmts: string[] = [];
  private readonly sheetNames: string[] = [];
  private sheet: { deflate: DeflateRaw; entry: ZipRecord; done: Promise<void>; crc: number; size: number; text: string } | null = null;
  private rowNumber = 0;

  constructor(
    private readonly out: Writable,
    private readonly columns: readonly XlsxColumn[],
  ) {
    this.letters = columns.map((_, i) => columnLetters(i));
    this.styleOf = columns.map((c) => {
      if (!c.numFmt) return 0;
      let i = this.numFmts.indexOf(c.numFmt);
      if (i < 0) i = this.numFmts.push(c.numFmt) - 1;
      return 2 + i;
    });
  }

  /** Starts a new sheet (ending the one before) with a bold, frozen header row. */
  async addSheet(name: string, header: readonly string[]): Promise<void> {
    await this.endSheet();
    this.sheetNames.push(name);
    const deflate = createDeflateRaw({ level: 1 });
    const entry = this.localHeader(`xl/worksheets/sheet${this.sheetNames.length}.xml`);
    let compressed = 0;
    deflate.on('data', (chunk: Buffer) => {
      compressed += chunk.length;
      if (!this.out.write(chunk)) {
        deflate.pause();
        this.out.once('drain', () => deflate.resume());
      }
    });
    const done = once(deflate, 'end').then(() => {
      entry.compressed = compressed;
    });
    this.sheet = { deflate, entry, done, crc: 0, size: 0, text: '' };
    this.rowNumber = 0;
    const cols = this.columns
      .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"${this.styleOf[i] ? ` style="${this.styleOf[i]}"` : ''}/>`)
      .join('');
    this.sheet.text =
      `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0">` +
      '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
      `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>`;
    await this.row(header, true);
  }

  async addRow(values: readonly XlsxValue[]): Promise<void> {
    await this.row(values, false);
  }

  /** Ends the last sheet, writes the workbook's parts and the zip's directory, and ends `out`. */
  async finish(): Promise<void> {
    await this.endSheet();
    const sheets = this.sheetNames.map((n, i) => `<sheet name="${escapeXml(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('');
    const sheetRels = this.sheetNames
      .map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
      .join('');
    const sheetTypes = this.sheetNames
      .map(
        (_, i) =>
          `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
      )
      .join('');
    await this.smallEntry('xl/workbook.xml', `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>${sheets}</sheets></workbook>`);
    await this.smallEntry(
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheetRels}` +
        `<Relationship Id="rId${this.sheetNames.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
    );
    await this.smallEntry('xl/styles.xml', this.styles());
    await this.smallEntry(
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    );
    await this.smallEntry(
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        `${sheetTypes}</Types>`,
    );
    await this.directory();
    this.out.end();
  }

  private async row(values: readonly XlsxValue[], header: boolean): Promise<void> {
    const sheet = this.sheet!;
    const r = ++this.rowNumber;
    let xml = `<row r="${r}">`;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v === null || v === undefined || v === '') continue;
      const ref = `${this.letters[i]}${r}`;
      if (typeof v === 'number' && !header) {
        const s = this.styleOf[i];
        xml += s ? `<c r="${ref}" s="${s}"><v>${v}</v></c>` : `<c r="${ref}"><v>${v}</v></c>`;
      } else {
        const t = escapeXml(String(v));
        const space = t !== t.trim() ? ' xml:space="preserve"' : '';
        xml += `<c r="${ref}" t="inlineStr"${header ? ' s="1"' : ''}><is><t${space}>${t}</t></is></c>`;
      }
    }
    sheet.text += `${xml}</row>`;
    if (sheet.text.length >= BATCH_CHARS) await this.flush();
  }

  private async flush(): Promise<void> {
    const sheet = this.sheet!;
    if (!sheet.text) return;
    const bytes = Buffer.from(sheet.text, 'utf8');
    sheet.text = '';
    sheet.crc = crc32(bytes, sheet.crc);
    sheet.size += bytes.length;
    if (!sheet.deflate.write(bytes)) await once(sheet.deflate, 'drain');
  }

  private async endSheet(): Promise<void> {
    const sheet = this.sheet;
    if (!sheet) return;
    sheet.text += '</sheetData></worksheet>';
    await this.flush();
    sheet.deflate.end();
    await sheet.done;
    sheet.entry.crc = sheet.crc;
    sheet.entry.size = sheet.size;
    this.offset += sheet.entry.compressed;
    await this.write(this.descriptor(sheet.entry));
    this.sheet = null;
  }

  /** A local header announcing a data descriptor (sizes and CRC follow the data). */
  private localHeader(name: string): ZipRecord {
    const entry: ZipRecord = {
      name: Buffer.from(name, 'utf8'),
      flags: UTF8_NAMES | DATA_DESCRIPTOR,
      method: DEFLATE,
      crc: 0,
      compressed: 0,
      size: 0,
      offset: this.offset,
    };
    this.central.push(entry);
    const header = localHeader(entry, this.stamp);
    this.out.write(header);
    this.offset += header.length;
    return entry;
  }

  private descriptor(e: ZipRecord): Buffer {
    this.offset += 16;
    return dataDescriptor(e);
  }

  private async smallEntry(name: string, text: string): Promise<void> {
    const bytes = Buffer.from(text, 'utf8');
    const entry = this.localHeader(name);
    const deflated = await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const z = createDeflateRaw();
      z.on('data', (c: Buffer) => chunks.push(c));
      z.on('end', () => resolve(Buffer.concat(chunks)));
      z.on('error', reject);
      z.end(bytes);
    });
    entry.crc = crc32(bytes);
    entry.size = bytes.length;
    entry.compressed = deflated.length;
    await this.write(deflated);
    this.offset += deflated.length;
    await this.write(this.descriptor(entry));
  }

  private async directory(): Promise<void> {
    await this.write(centralDirectory(this.central, this.offset, this.stamp));
  }

  private async write(buf: Buffer): Promise<void> {
    if (!this.out.write(buf)) await once(this.out, 'drain');
  }

  private styles(): string {
    const fmts = this.numFmts.map((f, i) => `<numFmt numFmtId="${164 + i}" formatCode="${escapeXml(f)}"/>`).join('');
    const fmtXfs = this.numFmts.map((_, i) => `<xf numFmtId="${164 + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`).join('');
    return (
      `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
      (fmts ? `<numFmts count="${this.numFmts.length}">${fmts}</numFmts>` : '') +
      '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${2 + this.numFmts.length}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
      `<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>${fmtXfs}</cellXfs>` +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
    );
  }
}
