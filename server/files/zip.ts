// A minimal streaming zip writer (STORE method, no compression): each entry's CRC-32 is computed
// in a first read pass so the local header carries the real sizes; memory stays flat. No ZIP64:
// the caller keeps the archive below 4 GiB.
import { PassThrough, type Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { centralDirectory, dosStamp, localHeader, STORE, UTF8_NAMES, type ZipRecord } from './zipRecords.js';

export interface ZipEntry {
  name: string;
  size: number;
  /** Opens the entry's bytes (called twice: CRC pass, then copy). */
  open(): Readable;
}

export const ZIP_MAX_BYTES = 0xffffffff - 1024 * 1024;

async function crcOf(stream: Readable): Promise<number> {
  let crc = 0;
  for await (const chunk of stream) crc = crc32(chunk as Buffer, crc);
  return crc;
}

/** Names made unique inside the archive ("a.pdf", "a (2).pdf"). */
export function uniqueNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((n) => {
    let candidate = n;
    for (let i = 2; seen.has(candidate.toLowerCase()); i++) {
      const dot = n.lastIndexOf('.');
      candidate = dot > 0 ? `${n.slice(0, dot)} (${i})${n.slice(dot)}` : `${n} (${i})`;
    }
    seen.add(candidate.toLowerCase());
    return candidate;
  });
}

export function zipStream(entries: ZipEntry[]): Readable {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  const write = (buf: Buffer) => (out.write(buf) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', r)));
  (async () => {
    const records: ZipRecord[] = [];
    let offset = 0;
    const stamp = dosStamp(new Date());
    for (const e of entries) {
      const crc = await crcOf(e.open());
      const record: ZipRecord = { name: Buffer.from(e.name, 'utf8'), flags: UTF8_NAMES, method: STORE, crc, compressed: e.size, size: e.size, offset };
      await write(localHeader(record, stamp));
      let copied = 0;
      for await (const chunk of e.open()) {
        copied += (chunk as Buffer).length;
        await write(chunk as Buffer);
      }
      if (copied !== e.size) throw new Error('zip entry changed size');
      records.push(record);
      offset += 30 + record.name.length + e.size;
    }
    await write(centralDirectory(records, offset, stamp));
    out.end();
  })().catch((err) => out.destroy(err as Error));
  return out;
}
