// What the files API tests share: small limits (set before a test server is built, so the tests move
// kilobytes, not gigabytes), the attachment shape, sample bytes, and signed multipart / binary calls.
import { createHash } from 'node:crypto';
import { signedHeaders, type Answer, type SignedClient } from '../../../../tests/support/signedClient.js';
import type { Rec } from '../../../../tests/support/apiHelpers.js';

Object.assign(process.env, {
  SRM_FILE_MAX_BYTES: '200000',
  SRM_FILE_TOTAL_CAP_BYTES: '300000',
  SRM_FILE_MAX_COUNT: '5',
  SRM_LARGE_FILE_CHUNK_BYTES: '65536',
  SRM_LARGE_FILE_SWEEP_MS: '0',
});

export interface Attachment {
  id: number;
  fileId: number;
  originalFileName: string;
  fileName: string;
  fileSize: number;
  suffixName: string;
  functionId: string | null;
  businessId: number | null;
}

export interface Bin {
  http: number;
  headers: Headers;
  body: Buffer;
  json?: Answer;
}

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
export const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300, 0x41)]);
export const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export type Part = { name: string; data: Buffer | string };

export async function upload(c: SignedClient, files: Part[], fields: Rec = {}, path = 'fileServer/v2/file/upload'): Promise<Answer<Attachment[]>> {
  const full = `/api/${path}`;
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  for (const f of files) form.append('files', new Blob([new Uint8Array(typeof f.data === 'string' ? Buffer.from(f.data) : f.data)]), f.name);
  const headers = signedHeaders(c.session!, full, '', { lang: c.lang });
  delete headers['content-type'];
  const res = await fetch(c.baseUrl + full, { method: 'POST', headers, body: form });
  return { http: res.status, ...((await res.json()) as Omit<Answer, 'http'>) } as Answer<Attachment[]>;
}

/** A signed call answered with bytes (or a JSON error). */
export async function bin(
  c: SignedClient,
  path: string,
  opts: { method?: string; query?: string; body?: string | Buffer; headers?: Record<string, string>; contentType?: string } = {},
): Promise<Bin> {
  const full = `/api/${path}`;
  const method = opts.method ?? 'POST';
  const text = typeof opts.body === 'string' ? opts.body : '';
  const headers: Record<string, string> = { ...signedHeaders(c.session!, full, method === 'GET' ? '' : text, { lang: c.lang }), ...(opts.headers ?? {}) };
  if (opts.contentType) headers['content-type'] = opts.contentType;
  if (method === 'GET') delete headers['content-type'];
  const res = await fetch(c.baseUrl + full + (opts.query ? `?${opts.query}` : ''), {
    method,
    headers,
    body: method === 'GET' ? undefined : typeof opts.body === 'string' || opts.body === undefined ? (opts.body ?? '') : new Uint8Array(opts.body),
  });
  const body = Buffer.from(await res.arrayBuffer());
  const json = (res.headers.get('content-type') ?? '').startsWith('application/json') ? (JSON.parse(body.toString('utf8')) as Answer) : undefined;
  return { http: res.status, headers: res.headers, body, json };
}
