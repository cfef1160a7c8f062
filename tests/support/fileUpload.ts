// Signed multipart uploads to the files module's upload endpoint and small sample files, for any API test
// that attaches files (the files module's own tests, a supplier's registration certificates …).
import { createHash } from 'node:crypto';
import { signedHeaders, type Answer, type SignedClient } from './signedClient.js';
import type { Rec } from './apiHelpers.js';

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

/** Downloads a stored file as `c` (the files module's download endpoint): the status and the bytes. */
export async function download(c: SignedClient, id: number): Promise<{ http: number; body: Buffer }> {
  const full = '/api/fileServer/v2/file/download';
  const res = await fetch(`${c.baseUrl}${full}?id=${id}`, { method: 'POST', headers: signedHeaders(c.session!, full, '', { lang: c.lang }), body: '' });
  return { http: res.status, body: Buffer.from(await res.arrayBuffer()) };
}
