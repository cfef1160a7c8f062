// The pure rules under the file routes: names, Content-Disposition, Range, sniffing, the zip writer.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { contentDisposition, extensionOf, sanitiseFileName } from '../../../../server/files/names.js';
import { parseRange } from '../../../../server/files/transfer.js';
import { Sniffer, servedContentType } from '../../../../server/files/sniff.js';
import { uniqueNames, zipStream } from '../../../../server/files/zip.js';

const sniff = (ext: string, ...chunks: (string | Buffer)[]) => {
  const s = new Sniffer(ext);
  for (const c of chunks) s.feed(typeof c === 'string' ? Buffer.from(c) : c);
  return s.finish();
};

describe('file names', () => {
  it.each([
    ['../../x', 'x'],
    ['..\\..\\boot.ini', 'boot.ini'],
    ['/etc/passwd', 'passwd'],
    ['a\u0000b.pdf', 'ab.pdf'],
    ['\u202egnp.exe', 'gnp.exe'],
    ['...', 'file'],
    ['.htaccess', 'htaccess'],
    ['CON.txt', '_CON.txt'],
    ['a<b>c:d"e|f?g*.txt', 'a_b_c_d_e_f_g_.txt'],
    ['报价单 2026.xlsx', '报价单 2026.xlsx'],
  ])('%j → %j', (raw, safe) => expect(sanitiseFileName(raw)).toBe(safe));

  it('keeps the extension when shortening to 200 characters', () => {
    const n = sanitiseFileName(`${'a'.repeat(300)}.pdf`);
    expect(n).toHaveLength(200);
    expect(extensionOf(n)).toBe('pdf');
  });

  it('writes RFC 6266 Content-Disposition with an ASCII fallback', () => {
    expect(contentDisposition('报价 "1".pdf')).toBe(`attachment; filename="__ _1_.pdf"; filename*=UTF-8''%E6%8A%A5%E4%BB%B7%20%221%22.pdf`);
    expect(contentDisposition("it's (1).txt")).toBe(`attachment; filename="it's (1).txt"; filename*=UTF-8''it%27s%20%281%29.txt`);
  });
});

describe('Range', () => {
  it.each([
    [undefined, null],
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=90-', { start: 90, end: 99 }],
    ['bytes=-10', { start: 90, end: 99 }],
    ['bytes=50-500', { start: 50, end: 99 }],
    ['bytes=100-', 'unsatisfiable'],
    ['bytes=9-3', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['items=0-1', 'unsatisfiable'],
    ['bytes=0-1,5-6', null],
  ])('%s of 100 bytes → %j', (h, want) => expect(parseRange(h, 100)).toEqual(want));
});

describe('sniffing', () => {
  it('accepts content that carries its signature', () => {
    expect(sniff('pdf', '%PDF-1.4\n...')).toEqual({ ok: true, contentType: 'application/pdf' });
    expect(sniff('jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2]))).toMatchObject({ ok: true });
    expect(sniff('docx', Buffer.from('PK\u0003\u0004rest'))).toMatchObject({ ok: true });
    expect(sniff('xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toMatchObject({ ok: true });
    expect(sniff('csv', '\ufeffa,b\n1,2\n')).toMatchObject({ ok: true });
    // a multi-byte character split across two chunks is still valid UTF-8
    const text = Buffer.from('价格');
    expect(sniff('txt', text.subarray(0, 2), text.subarray(2))).toMatchObject({ ok: true });
  });

  it('refuses scripts, HTML and binaries under another name, and unknown types', () => {
    expect(sniff('jpg', '<script>alert(1)</script>')).toEqual({ ok: false, key: 'file.contentMismatch' });
    expect(sniff('pdf', '<html>')).toMatchObject({ ok: false });
    expect(sniff('docx', 'MZ\u0090\u0000')).toMatchObject({ ok: false });
    expect(sniff('txt', Buffer.from([0x4d, 0x5a, 0x00, 0x01]))).toMatchObject({ ok: false });
    expect(sniff('svg', '<svg><a xlink:href="javascript:alert(1)">x</a></svg>')).toMatchObject({ ok: false });
    expect(sniff('svg', '<svg><foreignObject><iframe src="x"/></foreignObject></svg>')).toMatchObject({ ok: false });
    expect(sniff('exe', 'MZ')).toEqual({ ok: false, key: 'file.typeNotAllowed' });
    expect(sniff('png')).toEqual({ ok: false, key: 'file.empty' });
  });

  it('never serves markup types as themselves', () => {
    expect(servedContentType('image/svg+xml')).toBe('application/octet-stream');
    expect(servedContentType('text/html')).toBe('application/octet-stream');
    expect(servedContentType('application/xml; charset=utf-8')).toBe('application/octet-stream');
    expect(servedContentType('image/png')).toBe('image/png');
  });
});

describe('zip writer', () => {
  it('names entries uniquely', () => expect(uniqueNames(['a.pdf', 'A.pdf', 'a.pdf', 'b'])).toEqual(['a.pdf', 'A (2).pdf', 'a (3).pdf', 'b']));

  it.skipIf(!existsSync('/usr/bin/unzip'))('writes an archive unzip accepts, with the exact bytes', async () => {
    const files = [
      { name: '报价.txt', data: Buffer.from('价格 100\n') },
      { name: 'empty.txt', data: Buffer.alloc(0) },
      { name: 'big.bin', data: Buffer.alloc(3 * 1024 * 1024 + 7, 0x5a) },
    ];
    const chunks: Buffer[] = [];
    for await (const c of zipStream(files.map((f) => ({ name: f.name, size: f.data.length, open: () => Readable.from([f.data]) })))) chunks.push(c as Buffer);
    const dir = mkdtempSync(join(tmpdir(), 'zip-'));
    try {
      writeFileSync(join(dir, 'a.zip'), Buffer.concat(chunks));
      expect(execFileSync('/usr/bin/unzip', ['-t', join(dir, 'a.zip')]).toString()).toMatch(/No errors detected in compressed data/);
      expect(execFileSync('/usr/bin/unzip', ['-p', join(dir, 'a.zip'), 'big.bin'], { maxBuffer: 16 * 1024 * 1024 }).equals(files[2].data)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
