// WOFF 1.0 → plain sfnt (TTF/OTF) bytes. The PDF fonts ship as WOFF in npm packages (@fontsource/*); fontkit
// reads WOFF but re-inflates a table (in JavaScript) on every access, so subsetting the 8,000-glyph Chinese font
// took 5–13 s per PDF. Inflating once here with node:zlib and handing fontkit a plain TTF makes that milliseconds,
// and a TTF is also what a PDF can embed as FontFile2.
import { inflateSync } from 'node:zlib';

export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const src = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (src.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
  const flavor = src.readUInt32BE(4);
  const numTables = src.readUInt16BE(12);
  const tables: { tag: number; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < numTables; i++) {
    const at = 44 + i * 20;
    const offset = src.readUInt32BE(at + 4);
    const compLength = src.readUInt32BE(at + 8);
    const origLength = src.readUInt32BE(at + 12);
    const raw = src.subarray(offset, offset + compLength);
    tables.push({ tag: src.readUInt32BE(at), checksum: src.readUInt32BE(at + 16), data: compLength < origLength ? inflateSync(raw) : raw });
  }
  const pow = 2 ** Math.floor(Math.log2(numTables));
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(pow * 16, 6);
  header.writeUInt16BE(Math.log2(pow), 8);
  header.writeUInt16BE(numTables * 16 - pow * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((t, i) => {
    header.writeUInt32BE(t.tag, 12 + i * 16);
    header.writeUInt32BE(t.checksum, 16 + i * 16);
    header.writeUInt32BE(offset, 20 + i * 16);
    header.writeUInt32BE(t.data.length, 24 + i * 16);
    const padded = (t.data.length + 3) & ~3; // tables start on 4-byte boundaries
    parts.push(t.data, Buffer.alloc(padded - t.data.length));
    offset += padded;
  });
  return new Uint8Array(Buffer.concat(parts));
}
