// Hostile uploads for the hardening cases and the fuzzer: hand-built xlsx files (a cell far to the
// right, a row of unclosed cell tags, shared-string abuse…) and a seeded random generator, so every
// run builds the same bytes.
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipInput {
  name: string;
  data: Buffer | string;
}

/** A zip built by hand: each entry stored (method 0) or deflated (method 8), with a correct central directory. */
export function zipOf(entries: ZipInput[], method: 0 | 8 = 8): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const data = typeof e.data === 'string' ? Buffer.from(e.data, 'utf8') : e.data;
    const comp = method === 8 ? deflateRawSync(data) : data;
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(comp.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    parts.push(local, name, comp);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(method, 10);
    c.writeUInt32LE(crc, 16);
    c.writeUInt32LE(comp.length, 20);
    c.writeUInt32LE(data.length, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(offset, 42);
    central.push(c, name);
    offset += 30 + name.length + comp.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, cd, end]);
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts of an xlsx around one sheet's XML (and optional shared strings). */
export function xlsxParts(sheetXml: string, sharedStringsXml?: string): ZipInput[] {
  const parts: ZipInput[] = [
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>${
        sharedStringsXml !== undefined ? `<Relationship Id="rId2" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/>` : ''
      }</Relationships>`,
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheetXml },
  ];
  if (sharedStringsXml !== undefined) parts.push({ name: 'xl/sharedStrings.xml', data: sharedStringsXml });
  return parts;
}

/** A sheet document around the given `<sheetData>` content. */
export function sheetXml(rowsXml: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>${rowsXml}</sheetData></worksheet>`;
}

const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** A bank import header (bankCode, bankName) as row 1. */
export const BANK_HEADER_ROW = `<row r="1">${inline('A1', 'bankCode')}${inline('B1', 'bankName')}</row>`;

/** A 1–2 KB xlsx whose only data cell lies far to the right (`ZZZZZZ3` by default). */
export function farRightXlsx(ref = 'ZZZZZZ3'): Buffer {
  const row = ref.replace(/^[A-Z]+/, '');
  return zipOf(xlsxParts(sheetXml(`${BANK_HEADER_ROW}<row r="${row}">${inline(ref, 'far')}</row>`)));
}

/** An xlsx (stored, not deflated, so the upload is as large as the XML) with one row of `bytes` worth of unclosed `<c>` tags. */
export function unclosedCellsXlsx(bytes = 550 * 1024): Buffer {
  const tag = '<c r="A2">';
  return zipOf(xlsxParts(sheetXml(`${BANK_HEADER_ROW}<row r="2">${tag.repeat(Math.ceil(bytes / tag.length))}</row>`)), 0);
}

/** mulberry32: a small seeded generator, so a fuzz run is the same every time. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
