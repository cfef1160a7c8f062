// Reads the entries of a STORE (uncompressed) zip as the server writes them (server/files/zip.ts),
// from the local headers, checking each entry's CRC-32 and that the archive ends with its directory.
import { crc32 } from 'node:zlib';

export function readStoreZip(buf: Buffer): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  let p = 0;
  while (buf.readUInt32LE(p) === 0x04034b50) {
    const crc = buf.readUInt32LE(p + 14);
    const size = buf.readUInt32LE(p + 18);
    const nameLen = buf.readUInt16LE(p + 26);
    const extra = buf.readUInt16LE(p + 28);
    const name = buf.subarray(p + 30, p + 30 + nameLen).toString('utf8');
    const start = p + 30 + nameLen + extra;
    const data = buf.subarray(start, start + size);
    if (crc32(data) !== crc) throw new Error(`zip entry ${name}: CRC mismatch`);
    out.set(name, data);
    p = start + size;
  }
  if (buf.readUInt32LE(buf.length - 22) !== 0x06054b50) throw new Error('zip: no end of central directory');
  return out;
}
