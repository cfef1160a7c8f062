// The fixed records of a zip file (PKWARE APPNOTE 4.3): local header, data descriptor, central
// directory with its end record. Shared by the files' STORE archives and the export's xlsx writer.

export const UTF8_NAMES = 0x0800;
export const DATA_DESCRIPTOR = 0x0008;
export const STORE = 0;
export const DEFLATE = 8;

export interface ZipRecord {
  name: Buffer;
  flags: number;
  method: number;
  crc: number;
  compressed: number;
  size: number;
  /** Where the entry's local header starts. */
  offset: number;
}

export interface DosStamp {
  time: number;
  date: number;
}

export function dosStamp(d: Date): DosStamp {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: (Math.max(d.getFullYear() - 1980, 0) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/** The local header and the name; with DATA_DESCRIPTOR the CRC and sizes are written as 0 here. */
export function localHeader(e: ZipRecord, stamp: DosStamp): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(e.flags, 6);
  h.writeUInt16LE(e.method, 8);
  h.writeUInt16LE(stamp.time, 10);
  h.writeUInt16LE(stamp.date, 12);
  if (!(e.flags & DATA_DESCRIPTOR)) {
    h.writeUInt32LE(e.crc, 14);
    h.writeUInt32LE(e.compressed, 18);
    h.writeUInt32LE(e.size, 22);
  }
  h.writeUInt16LE(e.name.length, 26);
  return Buffer.concat([h, e.name]);
}

export function dataDescriptor(e: ZipRecord): Buffer {
  const d = Buffer.alloc(16);
  d.writeUInt32LE(0x08074b50, 0);
  d.writeUInt32LE(e.crc, 4);
  d.writeUInt32LE(e.compressed, 8);
  d.writeUInt32LE(e.size, 12);
  return d;
}

/** The central directory of `entries` starting at byte `start`, and the end record. */
export function centralDirectory(entries: readonly ZipRecord[], start: number, stamp: DosStamp): Buffer {
  const parts: Buffer[] = [];
  for (const e of entries) {
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(e.flags, 8);
    c.writeUInt16LE(e.method, 10);
    c.writeUInt16LE(stamp.time, 12);
    c.writeUInt16LE(stamp.date, 14);
    c.writeUInt32LE(e.crc, 16);
    c.writeUInt32LE(e.compressed, 20);
    c.writeUInt32LE(e.size, 24);
    c.writeUInt16LE(e.name.length, 28);
    c.writeUInt32LE(e.offset, 42);
    parts.push(c, e.name);
  }
  const cd = Buffer.concat(parts);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(start, 16);
  return Buffer.concat([cd, end]);
}
