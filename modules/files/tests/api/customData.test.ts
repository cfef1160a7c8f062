// attachmentConfig.customData (SPEC §3) goes with the upload context: the multipart upload and the
// large-file upload take it, the file keeps it (base_file.custom_data), listBaseFile and copy answer it;
// anything but a JSON object of at most 2000 characters is refused in the user's language.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { signedHeaders, type Answer, type SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';

Object.assign(process.env, { SRM_LARGE_FILE_CHUNK_BYTES: '65536' });

interface Attachment {
  id: number;
  fileName: string;
  customData: Rec | null;
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function upload(c: SignedClient, fields: Record<string, string>): Promise<Answer<Attachment[]>> {
  const full = '/api/fileServer/v2/file/upload';
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('files', new Blob([new Uint8Array(PNG)]), 'drawing.png');
  const headers = signedHeaders(c.session!, full, '', { lang: c.lang });
  delete headers['content-type'];
  const res = await fetch(c.baseUrl + full, { method: 'POST', headers, body: form });
  return { http: res.status, ...((await res.json()) as Omit<Answer, 'http'>) } as Answer<Attachment[]>;
}

async function putChunk(c: SignedClient, uploadId: string, index: number, body: Buffer): Promise<Answer> {
  const full = '/api/largeFileServer/v1/largeFile/upload';
  const headers: Record<string, string> = { ...signedHeaders(c.session!, full, '', { lang: c.lang }), 'content-type': 'application/octet-stream' };
  const res = await fetch(`${c.baseUrl}${full}?uploadId=${uploadId}&index=${index}&sha256=${sha(body)}`, {
    method: 'PUT',
    headers,
    body: new Uint8Array(body),
  });
  return { http: res.status, ...((await res.json()) as Omit<Answer, 'http'>) } as Answer;
}

for (const backend of await backends()) {
  describe(`attachment customData on ${backend}`, () => {
    let t: TestServer;
    let buyer: SignedClient;
    const custom = { source: 'gridShowcase', purpose: 'sample', nested: { n: 1 } };

    beforeAll(async () => {
      t = await startTestServer(backend);
      buyer = await signIn(t.url, 'buyer01', 'EN');
    });
    afterAll(async () => t?.stop());

    it('keeps the customData of a multipart upload and answers it in the list and on copy', async () => {
      const [a] = expectOk(await upload(buyer, { fileDesc: 'drawing', customData: JSON.stringify(custom) }));
      expect(a.customData).toEqual(custom);
      const listed = expectOk(await buyer.call<Attachment[]>('fileServer/v1/baseFileRestful/listBaseFile', { ids: String(a.id) }));
      expect(listed[0].customData).toEqual(custom);
      const copy = expectOk(await buyer.call<Attachment>('fileServer/v2/file/copy', { id: a.id }));
      expect(copy.id).not.toBe(a.id);
      expect(copy.customData).toEqual(custom);
      // Without customData the file has none.
      const [plain] = expectOk(await upload(buyer, {}));
      expect(plain.customData).toBeNull();
    });

    it('refuses customData that is not a JSON object of at most 2000 characters, in the user language', async () => {
      buyer.lang = 'EN';
      const en = 'The custom data must be a JSON object of at most 2000 characters';
      expectRefusal(await upload(buyer, { customData: '[1,2]' }), 200, en);
      expectRefusal(await upload(buyer, { customData: '{not json' }), 200, en);
      expectRefusal(await upload(buyer, { customData: JSON.stringify({ long: 'x'.repeat(2100) }) }), 200, en);
      buyer.lang = 'TH';
      expectRefusal(await upload(buyer, { customData: '"text"' }), 200, 'ข้อมูลกำหนดเองต้องเป็นออบเจ็กต์ JSON ไม่เกิน 2000 ตัวอักษร');
      buyer.lang = 'CN';
      expectRefusal(await upload(buyer, { customData: '7' }), 200, '自定义数据必须是不超过 2000 个字符的 JSON 对象');
      buyer.lang = 'EN';
    });

    it('carries customData through a large-file upload (init body object → completed file)', async () => {
      const L = 'largeFileServer/v1/largeFile';
      const data = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(70000, 3)]);
      expectRefusal(
        await buyer.call(`${L}/upload`, { fileName: 'big.zip', fileSize: data.length, sha256: sha(data), customData: ['no'] }),
        200,
        'The custom data must be a JSON object of at most 2000 characters',
      );
      const s = expectOk(
        await buyer.call<{ uploadId: string; chunkSize: number; chunkCount: number }>(`${L}/upload`, {
          fileName: 'big.zip',
          fileSize: data.length,
          sha256: sha(data),
          customData: custom,
        }),
      );
      for (let i = 0; i < s.chunkCount; i++)
        expect((await putChunk(buyer, s.uploadId, i, data.subarray(i * s.chunkSize, (i + 1) * s.chunkSize))).status).toBe('S');
      const a = expectOk(await buyer.call<Attachment>(`${L}/upload/complete`, { uploadId: s.uploadId }));
      expect(a.customData).toEqual(custom);
    });
  });
}
