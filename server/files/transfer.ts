// Receiving bytes into staging (hash, size limit, sniffing while streaming) and sending them back
// (RFC 6266 names, nosniff, never inline, HTTP Range).
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { message } from '../i18n/messages.js';
import { contentDisposition } from './names.js';
import { Sniffer, servedContentType } from './sniff.js';
import type { FileStorage } from './storage.js';

export interface Received {
  sha256: string;
  size: number;
}

/**
 * Streams `source` into `target`, hashing it; `onBytes` may throw (an AppError) to stop at once,
 * e.g. when a limit is passed or the sniffer has seen enough to refuse.
 */
export async function receive(source: Readable, target: string, onChunk: (chunk: Buffer, total: number) => void): Promise<Received> {
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      try {
        onChunk(chunk, size);
      } catch (err) {
        done(err as Error);
        return;
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const sink = createWriteStream(target, { highWaterMark: 256 * 1024 });
  try {
    await pipeline(source, meter, sink);
  } catch (err) {
    // The pipeline rejects before the destroyed file stream has finished opening and closing its file;
    // wait for that, or the caller's clean-up could run first and the file would appear after it.
    if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
    throw err;
  }
  return { sha256: hash.digest('hex'), size };
}

/** Feeds a sniffer and stops the stream as soon as it objects. */
export function sniffing(sniffer: Sniffer, name: string, ext: string): (chunk: Buffer) => void {
  return (chunk) => {
    sniffer.feed(chunk);
    const failed = sniffer.failed;
    if (failed) throw new AppError(200, failed, { name, ext });
  };
}

type RangeAnswer = { start: number; end: number } | 'unsatisfiable' | null;

/** A single `bytes=` range (multiple ranges are answered with the whole file, as RFC 9110 allows). */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return header.includes(',') ? null : 'unsatisfiable';
  if (m[1] === '' && m[2] === '') return 'unsatisfiable';
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(size - suffix, 0);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** Sends a stored file as a download: always an attachment, with nosniff and a sandboxing CSP. */
/** What a stored file's download needs to know of its record. */
export interface StoredFile {
  file_size: number;
  content_type: string | null;
  file_name: string;
  storage_key: string;
}

export async function sendFile(req: FastifyRequest, reply: FastifyReply, storage: FileStorage, f: StoredFile): Promise<FastifyReply> {
  const size = f.file_size;
  const range = parseRange(req.headers.range, size);
  reply
    .header('Content-Type', servedContentType(f.content_type))
    .header('Content-Disposition', contentDisposition(f.file_name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, no-store')
    .header('Accept-Ranges', 'bytes');
  if (range === 'unsatisfiable') {
    reply.removeHeader('Content-Disposition');
    return reply
      .code(416)
      .header('Content-Type', 'application/json; charset=utf-8')
      .header('Content-Range', `bytes */${size}`)
      .send({ status: 'E', msg: message(req.lang, 'file.badRange'), data: null });
  }
  if (range) {
    reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
      .header('Content-Length', range.end - range.start + 1);
    return reply.send(storage.get(f.storage_key, range));
  }
  reply.header('Content-Length', size);
  return reply.send(size === 0 ? '' : storage.get(f.storage_key));
}
