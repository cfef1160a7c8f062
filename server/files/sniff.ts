// Content checked by its first bytes, never by the name alone: the extension must agree with the
// signature, text must be UTF-8 without NUL, SVG must pass an XML allow-list (svgCheck.ts). Anything
// not listed is refused.
import { svgIsSafe } from './svgCheck.js';

type Kind = 'pdf' | 'png' | 'jpg' | 'gif' | 'bmp' | 'webp' | 'tif' | 'zip' | 'ole' | 'rar' | '7z' | 'gz' | 'dwg' | 'text' | 'svg';

/** Extension → what its content must look like and the Content-Type it is served with. */
export const TYPES: Record<string, { kind: Kind; contentType: string }> = {
  pdf: { kind: 'pdf', contentType: 'application/pdf' },
  png: { kind: 'png', contentType: 'image/png' },
  jpg: { kind: 'jpg', contentType: 'image/jpeg' },
  jpeg: { kind: 'jpg', contentType: 'image/jpeg' },
  gif: { kind: 'gif', contentType: 'image/gif' },
  bmp: { kind: 'bmp', contentType: 'image/bmp' },
  webp: { kind: 'webp', contentType: 'image/webp' },
  tif: { kind: 'tif', contentType: 'image/tiff' },
  tiff: { kind: 'tif', contentType: 'image/tiff' },
  docx: { kind: 'zip', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { kind: 'zip', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { kind: 'zip', contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  zip: { kind: 'zip', contentType: 'application/zip' },
  doc: { kind: 'ole', contentType: 'application/msword' },
  xls: { kind: 'ole', contentType: 'application/vnd.ms-excel' },
  ppt: { kind: 'ole', contentType: 'application/vnd.ms-powerpoint' },
  rar: { kind: 'rar', contentType: 'application/vnd.rar' },
  '7z': { kind: '7z', contentType: 'application/x-7z-compressed' },
  gz: { kind: 'gz', contentType: 'application/gzip' },
  dwg: { kind: 'dwg', contentType: 'image/vnd.dwg' },
  txt: { kind: 'text', contentType: 'text/plain; charset=utf-8' },
  csv: { kind: 'text', contentType: 'text/csv; charset=utf-8' },
  log: { kind: 'text', contentType: 'text/plain; charset=utf-8' },
  md: { kind: 'text', contentType: 'text/plain; charset=utf-8' },
  json: { kind: 'text', contentType: 'application/json; charset=utf-8' },
  xml: { kind: 'text', contentType: 'application/xml; charset=utf-8' },
  svg: { kind: 'svg', contentType: 'image/svg+xml' },
};

/** SPEC §5: the only types the image routes accept. */
export const IMAGE_EXTENSIONS = ['gif', 'jpg', 'jpeg', 'png', 'bmp'];

const startsWith = (head: Buffer, bytes: number[], at = 0) => head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

function headMatches(kind: Kind, head: Buffer): boolean {
  switch (kind) {
    case 'pdf':
      return startsWith(head, ascii('%PDF-'));
    case 'png':
      return startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'jpg':
      return startsWith(head, [0xff, 0xd8, 0xff]);
    case 'gif':
      return startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'));
    case 'bmp':
      return startsWith(head, ascii('BM')) && head.length >= 14;
    case 'webp':
      return startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8);
    case 'tif':
      return startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a]);
    case 'zip':
      return startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06]);
    case 'ole':
      return startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    case 'rar':
      return startsWith(head, ascii('Rar!\x1a\x07'));
    case '7z':
      return startsWith(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]);
    case 'gz':
      return startsWith(head, [0x1f, 0x8b]);
    case 'dwg':
      return startsWith(head, ascii('AC10'));
    case 'text':
    case 'svg':
      return true;
  }
}

const SVG_MAX_BYTES = 5 * 1024 * 1024;
const HEAD_BYTES = 64;

export type SniffVerdict = { ok: true; contentType: string } | { ok: false; key: string };

/** Fed the file as it streams; `finish()` says whether the content is what the extension claims. */
export class Sniffer {
  private head = Buffer.alloc(0);
  private decoder: TextDecoder | null = null;
  private svgParts: Buffer[] = [];
  private bytes = 0;
  private failure: string | null = null;
  private readonly type;

  constructor(readonly extension: string) {
    this.type = Object.hasOwn(TYPES, extension) ? TYPES[extension] : undefined;
    if (!this.type) this.failure = 'file.typeNotAllowed';
    else if (this.type.kind === 'text' || this.type.kind === 'svg') this.decoder = new TextDecoder('utf-8', { fatal: true });
  }

  /** The first failure seen so far (lets the upload stop reading early). */
  get failed(): string | null {
    if (!this.failure && this.type && this.head.length >= HEAD_BYTES && !headMatches(this.type.kind, this.head)) this.failure = 'file.contentMismatch';
    return this.failure;
  }

  feed(chunk: Buffer): void {
    if (this.failure) return;
    this.bytes += chunk.length;
    if (this.head.length < HEAD_BYTES) this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    if (this.decoder) {
      if (chunk.includes(0)) {
        this.failure = 'file.contentMismatch';
        return;
      }
      try {
        this.decoder.decode(chunk, { stream: true });
      } catch {
        this.failure = 'file.contentMismatch';
        return;
      }
    }
    if (this.type?.kind === 'svg') {
      if (this.bytes > SVG_MAX_BYTES) this.failure = 'file.contentMismatch';
      else this.svgParts.push(chunk);
    }
  }

  finish(): SniffVerdict {
    if (this.failed) return { ok: false, key: this.failure! };
    if (!this.type) return { ok: false, key: 'file.typeNotAllowed' };
    if (this.bytes === 0) return { ok: false, key: 'file.empty' };
    if (!headMatches(this.type.kind, this.head)) return { ok: false, key: 'file.contentMismatch' };
    if (this.decoder) {
      try {
        this.decoder.decode();
      } catch {
        return { ok: false, key: 'file.contentMismatch' };
      }
    }
    if (this.type.kind === 'svg') {
      const text = Buffer.concat(this.svgParts).toString('utf8');
      if (!svgIsSafe(text)) return { ok: false, key: 'file.contentMismatch' };
    }
    return { ok: true, contentType: this.type.contentType };
  }
}

/** Never served inline: a download of these is always application/octet-stream. */
export function servedContentType(stored: string | null): string {
  if (!stored || /svg|html|xml|javascript/i.test(stored)) return 'application/octet-stream';
  return stored;
}
