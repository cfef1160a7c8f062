// What the files API tests share: small limits (set before a test server is built, so the tests move
// kilobytes, not gigabytes), the attachment shape, sample bytes, and signed multipart / binary calls.
import { signedHeaders, type Answer, type SignedClient } from '../../../../tests/support/signedClient.js';
export { PDF, PNG, sha, upload, type Attachment, type Part } from '../../../../tests/support/fileUpload.js';

Object.assign(process.env, {
  SRM_FILE_MAX_BYTES: '200000',
  SRM_FILE_TOTAL_CAP_BYTES: '300000',
  SRM_FILE_MAX_COUNT: '5',
  SRM_LARGE_FILE_CHUNK_BYTES: '65536',
  SRM_LARGE_FILE_SWEEP_MS: '0',
});

export interface Bin {
  http: number;
  headers: Headers;
  body: Buffer;
  json?: Answer;
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
