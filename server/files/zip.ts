// A minimal streaming zip writer (STORE method, no compression): each entry's CRC-32 is computed
// in a first read pass so the local header carries the real sizes; memory stays flat. No ZIP64:
// the caller keeps the archive below 4 GiB.
import { PassThrough, type Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

export interface ZipEntry {
  name: string;
  size: number;
  /** Opens the entry's bytes (called twice: CRC pass, then copy). */
  open(): Readable;
}

export const ZIP_MAX_BYTES = 0xffffffff - 1024 * 1024;

function dosTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: (Math.max(d.getFullYear() - 1980, 0) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

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
    const central: Buffer[] = [];
    let offset = 0;
    const { time, date } = dosTime(new Date());
    for (const e of entries) {
      const crc = await crcOf(e.open());
      const name = Buffer.from(e.name, 'utf8');
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(0x0800, 6); // UTF-8 names
      local.writeUInt16LE(0, 8); // STORE
      local.writeUInt16LE(time, 10);
      local.writeUInt16LE(date, 12);
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(e.size, 18);
      local.writeUInt32LE(e.size, 22);
      local.writeUInt16LE(name.length, 26);
      local.writeUInt16LE(0, 28);
      await write(Buffer.concat([local, name]));
      let copied = 0;
      for await (const chunk of e.open()) {
        copied += (chunk as Buffer).length;
        await write(chunk as Buffer);
      }
      if (copied !== e.size) throw new Error('zip entry changed size');
      const c = Buffer.alloc(46);
      c.writeUInt32LE(0x02014b50, 0);
      c.writeUInt16LE(20, 4);
      c.writeUInt16LE(20, 6);
      c.writeUInt16LE(0x0800, 8);
      c.writeUInt16LE(0, 10);
      c.writeUInt16LE(time, 12);
      c.writeUInt16LE(date, 14);
      c.writeUInt32LE(crc, 16);
      c.writeUInt32LE(e.size, 20);
      c.writeUInt32LE(e.size, 24);
      c.writeUInt16LE(name.length, 28);
      c.writeUInt32LE(offset, 42);
      central.push(c, name);
      offset += 30 + name.length + e.size;
    }
    const cd = Buffer.concat(central);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(entries.length, 8);
    end.writeUInt16LE(entries.length, 10);
    end.writeUInt32LE(cd.length, 12);
    end.writeUInt32LE(offset, 16);
    await write(Buffer.concat([cd, end]));
    out.end();
  })().catch((err) => out.destroy(err as Error));
  return out;
}
