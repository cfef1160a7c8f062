// An .xlsx is a zip. Before any parser sees it, every entry is really inflated here (output counted
// and thrown away) so that a zip bomb is refused by what it expands to, not by what its directory
// claims; the directory's own sizes and ratios are checked first as a cheap early stop.
import { open } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { createInflateRaw } from 'node:zlib';
import { Readable } from 'node:stream';
import { refuse } from '../errors.js';

export interface ZipLimits {
  /** All entries together, uncompressed. */
  maxUnzippedBytes: number;
  /** Uncompressed / compressed size of one entry (above 1 MB). */
  maxRatio: number;
  maxEntries: number;
}

export interface Entry {
  name: string;
  method: number;
  compressed: number;
  size: number;
  localOffset: number;
}

const MB = 1024 * 1024;
const bomb = (limits: ZipLimits) => refuse('excel.zipBomb', { limit: Math.round(limits.maxUnzippedBytes / MB) });
const notXlsx = () => refuse('excel.notXlsx');

async function centralDirectory(path: string, fileSize: number): Promise<{ entries: Entry[]; fh: Awaited<ReturnType<typeof open>> }> {
  const fh = await open(path, 'r');
  const tail = Math.min(fileSize, 22 + 65535);
  const buf = Buffer.alloc(tail);
  await fh.read(buf, 0, tail, fileSize - tail);
  let eocd = -1;
  for (let i = tail - 22; i >= 0; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) {
    await fh.close();
    throw notXlsx();
  }
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (cdOffset === 0xffffffff || cdOffset + cdSize > fileSize) {
    await fh.close();
    throw notXlsx();
  }
  const cd = Buffer.alloc(cdSize);
  await fh.read(cd, 0, cdSize, cdOffset);
  const entries: Entry[] = [];
  let p = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== 0x02014b50) {
      await fh.close();
      throw notXlsx();
    }
    const nameLen = cd.readUInt16LE(p + 28);
    const extraLen = cd.readUInt16LE(p + 30);
    const commentLen = cd.readUInt16LE(p + 32);
    entries.push({
      method: cd.readUInt16LE(p + 10),
      compressed: cd.readUInt32LE(p + 20),
      size: cd.readUInt32LE(p + 24),
      localOffset: cd.readUInt32LE(p + 42),
      name: cd.toString('utf8', p + 46, p + 46 + nameLen),
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return { entries, fh };
}

export interface LocatedEntry extends Entry {
  dataStart: number;
}

/** The entries of a zip with where each one's data starts (for reading them after checkXlsxZip). */
export async function zipEntries(path: string, fileSize: number): Promise<LocatedEntry[]> {
  const { entries, fh } = await centralDirectory(path, fileSize);
  try {
    const local = Buffer.alloc(30);
    const out: LocatedEntry[] = [];
    for (const e of entries) {
      await fh.read(local, 0, 30, e.localOffset);
      if (local.readUInt32LE(0) !== 0x04034b50) throw notXlsx();
      out.push({ ...e, dataStart: e.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28) });
    }
    return out;
  } finally {
    await fh.close();
  }
}

/** One entry's bytes, inflated, as a stream. */
export function entryStream(path: string, e: LocatedEntry): NodeJS.ReadableStream {
  if (e.compressed === 0) return Readable.from([]);
  const source = createReadStream(path, { start: e.dataStart, end: e.dataStart + e.compressed - 1 });
  if (e.method === 0) return source;
  if (e.method !== 8) throw notXlsx();
  const inflate = createInflateRaw();
  source.on('error', (err) => inflate.destroy(err));
  return source.pipe(inflate);
}

/** Inflates one entry, counting its output; stops as soon as the budget is spent. */
function inflatedSize(path: string, start: number, compressed: number, method: number, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    if (compressed === 0) return resolve(0);
    const source = createReadStream(path, { start, end: start + compressed - 1 });
    if (method === 0) {
      let n = 0;
      source.on('data', (c) => (n += (c as Buffer).length));
      source.on('end', () => resolve(n));
      source.on('error', reject);
      return;
    }
    if (method !== 8) return reject(notXlsx());
    const inflate = createInflateRaw();
    let n = 0;
    let stopped = false;
    inflate.on('data', (c: Buffer) => {
      n += c.length;
      if (n > budget && !stopped) {
        stopped = true;
        source.destroy();
        inflate.destroy();
        resolve(n);
      }
    });
    inflate.on('end', () => !stopped && resolve(n));
    inflate.on('error', () => !stopped && reject(notXlsx()));
    source.on('error', reject);
    source.pipe(inflate);
  });
}

/** Refuses anything that is not a sane zip of an .xlsx: no workbook part, too many entries, a bomb. */
export async function checkXlsxZip(path: string, fileSize: number, limits: ZipLimits): Promise<void> {
  return checkOfficeZip(path, fileSize, limits, 'xl/workbook.xml');
}

/** The same check for any Office zip (a .docx needs `word/document.xml`). */
export async function checkOfficeZip(path: string, fileSize: number, limits: ZipLimits, mainPart: string): Promise<void> {
  const { entries, fh } = await centralDirectory(path, fileSize);
  try {
    if (!entries.some((e) => e.name === mainPart)) throw notXlsx();
    if (entries.length > limits.maxEntries) throw bomb(limits);
    let declared = 0;
    for (const e of entries) {
      if (e.size === 0xffffffff || e.compressed === 0xffffffff) throw bomb(limits);
      declared += e.size;
      if (e.size > MB && e.size / Math.max(e.compressed, 1) > limits.maxRatio) throw bomb(limits);
    }
    if (declared > limits.maxUnzippedBytes) throw bomb(limits);
    let budget = limits.maxUnzippedBytes;
    const local = Buffer.alloc(30);
    for (const e of entries) {
      await fh.read(local, 0, 30, e.localOffset);
      if (local.readUInt32LE(0) !== 0x04034b50) throw notXlsx();
      const dataStart = e.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      const real = await inflatedSize(path, dataStart, e.compressed, e.method, budget);
      if (real > budget || (real > MB && real / Math.max(e.compressed, 1) > limits.maxRatio)) throw bomb(limits);
      budget -= real;
    }
  } finally {
    await fh.close();
  }
}
