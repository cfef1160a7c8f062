// Reads the rows of an .xlsx's first sheet, streaming: the zip entries (already checked by zipGuard)
// are inflated and decoded with a StringDecoder, so a multi-byte character split between two chunks
// stays whole. (exceljs' streaming reader decodes each chunk on its own and garbles such characters:
// 3 cells in 50,000 rows of Chinese text in our bench.) Only what an import needs is understood:
// shared, inline and plain strings, numbers, booleans; formulas give their cached value.
import { StringDecoder } from 'node:string_decoder';
import { refuse } from '../errors.js';
import { entryStream, zipEntries, type LocatedEntry } from './zipGuard.js';

export interface XlsxRow {
  /** 1-based row number in the sheet. */
  number: number;
  /** Cell values by column position (0-based); holes are empty cells. */
  values: (string | number | boolean | null)[];
}

const ENTITY = /&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;

export function unescapeXml(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(ENTITY, (_, e: string) => {
    switch (e) {
      case 'lt': return '<';
      case 'gt': return '>';
      case 'amp': return '&';
      case 'quot': return '"';
      case 'apos': return "'";
      default: return String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    }
  });
}

/** Text of every <t> inside `xml`, phonetic runs left out. */
function textOf(xml: string): string {
  const clean = xml.includes('<rPh') ? xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '') : xml;
  let out = '';
  for (const m of clean.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>|<t(?:\s[^>]*)?\/>/g)) out += m[1] ?? '';
  return unescapeXml(out);
}

/** Calls `onElement` with each complete `<tag …>…</tag>` of an entry, as it streams. */
async function eachElement(path: string, entry: LocatedEntry, tag: string, onElement: (xml: string) => void): Promise<void> {
  const decoder = new StringDecoder('utf8');
  const close = `</${tag}>`;
  let buf = '';
  for await (const chunk of entryStream(path, entry)) {
    buf += decoder.write(chunk as Buffer);
    const end = buf.lastIndexOf(close);
    if (end < 0) continue;
    split(buf.slice(0, end + close.length), tag, onElement);
    buf = buf.slice(end + close.length);
  }
  buf += decoder.end();
  split(buf, tag, onElement);
}

function split(xml: string, tag: string, onElement: (xml: string) => void): void {
  const re = new RegExp(`<${tag}(?:\\s[^>]*)?(?:/>|>[\\s\\S]*?</${tag}>)`, 'g');
  for (const m of xml.matchAll(re)) onElement(m[0]);
}

async function entryText(path: string, entry: LocatedEntry): Promise<string> {
  const decoder = new StringDecoder('utf8');
  let out = '';
  for await (const chunk of entryStream(path, entry)) out += decoder.write(chunk as Buffer);
  return out + decoder.end();
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** Column index of a cell reference ("C12" → 2). */
function columnOf(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const c = ch.charCodeAt(0);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n - 1;
}

/** The path of the workbook's first sheet (workbook.xml → its relationship). */
async function firstSheetPath(path: string, byName: Map<string, LocatedEntry>): Promise<string> {
  const wb = byName.get('xl/workbook.xml');
  const rels = byName.get('xl/_rels/workbook.xml.rels');
  if (!wb) throw refuse('excel.notXlsx');
  const sheetTag = /<sheet\s[^>]*>/.exec(await entryText(path, wb))?.[0];
  const rid = sheetTag ? (attr(sheetTag, 'r:id') ?? /\sr:id="([^"]*)"|\s\w+:id="([^"]*)"/.exec(sheetTag)?.slice(1).find(Boolean)) : undefined;
  if (rid && rels) {
    for (const m of (await entryText(path, rels)).matchAll(/<Relationship\s[^>]*>/g)) {
      if (attr(m[0], 'Id') !== rid) continue;
      const target = attr(m[0], 'Target') ?? '';
      return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    }
  }
  const guess = [...byName.keys()].filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n)).sort()[0];
  if (!guess) throw refuse('excel.badWorkbook');
  return guess;
}

/** Every non-empty row of the first sheet, in order. */
export async function readFirstSheet(path: string, fileSize: number, onRow: (row: XlsxRow) => void): Promise<void> {
  const entries = await zipEntries(path, fileSize);
  const byName = new Map(entries.map((e) => [e.name, e]));
  const shared: string[] = [];
  const sst = byName.get('xl/sharedStrings.xml');
  if (sst) await eachElement(path, sst, 'si', (si) => shared.push(textOf(si)));
  const sheet = byName.get(await firstSheetPath(path, byName));
  if (!sheet) throw refuse('excel.badWorkbook');
  let next = 1;
  await eachElement(path, sheet, 'row', (xml) => {
    const open = /^<row\b[^>]*>/.exec(xml)?.[0] ?? '';
    const number = Number(attr(open, 'r') ?? next);
    next = number + 1;
    const values: XlsxRow['values'] = [];
    let col = 0;
    for (const m of xml.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = ` ${m[1]}`;
      const ref = attr(attrs, 'r');
      if (ref) col = columnOf(ref);
      const type = attr(attrs, 't') ?? 'n';
      const inner = m[2] ?? '';
      const v = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1];
      let value: string | number | boolean | null = null;
      if (type === 'inlineStr') value = textOf(inner);
      else if (v !== undefined) {
        if (type === 's') value = shared[Number(v)] ?? null;
        else if (type === 'str') value = unescapeXml(v);
        else if (type === 'b') value = v === '1';
        else if (type === 'e') value = null;
        else value = Number.isFinite(Number(v)) ? Number(v) : unescapeXml(v);
      }
      values[col] = value;
      col += 1;
    }
    onRow({ number, values });
  });
}
