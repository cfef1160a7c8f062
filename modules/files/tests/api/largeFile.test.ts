// Resumable large uploads (issue 4, CONTRACT.md "Files and Excel"): chunks with hashes, resume after an
// interruption, the widget's protocol, HTTP Range downloads, and the sweep of orphaned chunks.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { signedHeaders, type Answer, type SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, signIn } from '../../../../tests/support/apiHelpers.js';
import { LocalFileStorage } from '../../../../server/files/storage.js';
import { sweepOrphans } from '../../server/largeFile.js';
import { fileOptionsFromEnv } from '../../server/options.js';
import { bin, sha, type Attachment } from './fileCalls.js';

for (const backend of await backends()) {
  describe(`large files on ${backend}`, () => {
    let t: TestServer;
    let buyer: SignedClient;
    let sup1: SignedClient;

    beforeAll(async () => {
      t = await startTestServer(backend);
      [buyer, sup1] = await Promise.all([signIn(t.url, 'buyer01'), signIn(t.url, 'supplier01')]);
    });
    afterAll(async () => t?.stop());

    const CHUNK = 65536;
    const data = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from(Array.from({ length: CHUNK * 3 + 1000 - 4 }, (_, i) => (i * 7919) % 251))]);
    const chunkOf = (i: number) => data.subarray(i * CHUNK, Math.min((i + 1) * CHUNK, data.length));
    const L = 'largeFileServer/v1/largeFile';
    const put = (c: SignedClient, uploadId: string, i: number, body: Buffer, hash = sha(body)) =>
      bin(c, `${L}/upload`, { method: 'PUT', query: `uploadId=${uploadId}&index=${i}&sha256=${hash}`, body, contentType: 'application/octet-stream' });
    /** The whole of `data` uploaded in one go; its attachment id. */
    const uploadData = async (): Promise<number> => {
      const s = expectOk(await buyer.call<{ uploadId: string }>(`${L}/upload`, { fileName: 'whole.zip', fileSize: data.length, sha256: sha(data) }));
      for (let i = 0; i < 4; i++) expect((await put(buyer, s.uploadId, i, chunkOf(i))).json).toMatchObject({ status: 'S' });
      return expectOk(await buyer.call<Attachment>(`${L}/upload/complete`, { uploadId: s.uploadId })).id;
    };

    it('resumes an interrupted upload, refuses a chunk whose hash does not match, checks the whole file', async () => {
      const init = () =>
        buyer.call<{ uploadId: string; chunkSize: number; chunkCount: number; received: number[] }>(`${L}/upload`, {
          fileName: 'drawings.zip',
          fileSize: data.length,
          sha256: sha(data),
        });
      const s = expectOk(await init());
      expect(s).toMatchObject({ chunkSize: CHUNK, chunkCount: 4, received: [] });
      expect((await put(buyer, s.uploadId, 0, chunkOf(0))).json).toMatchObject({ status: 'S' });
      expect((await put(buyer, s.uploadId, 2, chunkOf(2))).json).toMatchObject({ status: 'S' });
      // the connection drops; a new page asks again with the same file and learns what arrived
      expect(expectOk(await init()).received).toEqual([0, 2]);
      expect(expectOk(await buyer.call<{ received: number[] }>(`${L}/upload/status`, { uploadId: s.uploadId })).received).toEqual([0, 2]);
      buyer.lang = 'EN';
      const bad = await put(buyer, s.uploadId, 1, chunkOf(1), sha(chunkOf(0)));
      expect(bad.json).toMatchObject({ status: 'E', msg: 'Chunk 1 does not match its SHA-256; send it again' });
      expect((await put(buyer, s.uploadId, 3, chunkOf(0))).json).toMatchObject({ status: 'E', msg: 'Chunk 3 is out of range or has the wrong size' });
      expectRefusal(await buyer.call(`${L}/upload/complete`, { uploadId: s.uploadId }), 200, 'Chunks are missing: 1, 3');
      // another user cannot touch this upload
      expect((await put(sup1, s.uploadId, 1, chunkOf(1))).json).toMatchObject({ status: 'E' });
      await put(buyer, s.uploadId, 1, chunkOf(1));
      await put(buyer, s.uploadId, 3, chunkOf(3));
      const a = expectOk(await buyer.call<Attachment>(`${L}/upload/complete`, { uploadId: s.uploadId }));
      expect(a).toMatchObject({ fileName: 'drawings.zip', fileSize: data.length, suffixName: 'zip' });
      expectRefusal(await buyer.call(`${L}/upload/status`, { uploadId: s.uploadId }), 200, 'The upload does not exist or has expired; please start again');

      // The whole-file hash is checked at the end.
      const wrong = expectOk(
        await buyer.call<{ uploadId: string }>(`${L}/upload`, { fileName: 'x.zip', fileSize: data.length, sha256: sha(Buffer.from('other')) }),
      );
      for (let i = 0; i < 4; i++) await put(buyer, wrong.uploadId, i, chunkOf(i));
      expectRefusal(
        await buyer.call(`${L}/upload/complete`, { uploadId: wrong.uploadId }),
        200,
        'The assembled file does not match its SHA-256; the upload was discarded',
      );
      buyer.lang = 'CN';
    });

    it('takes the widget protocol too: init without the file hash, multipart chunks, complete with the hash of the chunk hashes', async () => {
      const s = expectOk(
        await buyer.call<{ uploadId: string; chunkCount: number; uploadedChunks: number[] }>(`${L}/init`, {
          fileName: 'w.zip',
          fileSize: data.length,
          chunkSize: CHUNK,
        }),
      );
      expect(s).toMatchObject({ chunkCount: 4, uploadedChunks: [] });
      const hashes = [0, 1, 2, 3].map((i) => sha(chunkOf(i)));
      const send = async (i: number) => {
        const full = `/api/${L}/upload`;
        const form = new FormData();
        form.append('uploadId', s.uploadId);
        form.append('index', String(i));
        form.append('chunkHash', hashes[i]);
        form.append('chunk', new Blob([new Uint8Array(chunkOf(i))]), String(i));
        const headers = signedHeaders(buyer.session!, full, '', {});
        delete headers['content-type'];
        const res = await fetch(t.url + full, { method: 'POST', headers, body: form });
        return { http: res.status, ...((await res.json()) as object) } as Answer<{ uploadedChunks: number[] }>;
      };
      expect(expectOk(await send(0)).uploadedChunks).toEqual([0]);
      // resumed by the id the widget remembered
      expect(
        expectOk(
          await buyer.call<{ uploadId: string; uploadedChunks: number[] }>(`${L}/init`, { uploadId: s.uploadId, fileName: 'w.zip', fileSize: data.length }),
        ).uploadedChunks,
      ).toEqual([0]);
      for (const i of [1, 2, 3]) expectOk(await send(i));
      expect((await buyer.call(`${L}/complete`, { uploadId: s.uploadId, fileHash: sha(Buffer.from('x')) })).status).toBe('E');
      const s2 = expectOk(await buyer.call<{ uploadId: string }>(`${L}/init`, { fileName: 'w.zip', fileSize: data.length }));
      for (const i of [0, 1, 2, 3]) await put(buyer, s2.uploadId, i, chunkOf(i));
      const a = expectOk(await buyer.call<Attachment>(`${L}/complete`, { uploadId: s2.uploadId, fileHash: sha(Buffer.from(hashes.join(''))) }));
      expect((await bin(buyer, `${L}/download`, { method: 'GET', query: `id=${a.id}` })).body.equals(data)).toBe(true);
    });

    it('downloads with HTTP Range (206, exact bytes) and whole', async () => {
      const fileId = await uploadData();
      const get = (range?: string) => bin(buyer, `${L}/download`, { method: 'GET', query: `id=${fileId}`, headers: range ? { Range: range } : {} });
      const whole = await get();
      expect(whole.http).toBe(200);
      expect(whole.body.equals(data)).toBe(true);
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      const part = await get('bytes=100-199');
      expect(part.http).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 100-199/${data.length}`);
      expect(part.body.equals(data.subarray(100, 200))).toBe(true);
      const across = await get(`bytes=${CHUNK - 10}-${CHUNK + 9}`);
      expect(across.body.equals(data.subarray(CHUNK - 10, CHUNK + 10))).toBe(true);
      const tail = await get('bytes=-50');
      expect(tail.headers.get('content-range')).toBe(`bytes ${data.length - 50}-${data.length - 1}/${data.length}`);
      expect(tail.body.equals(data.subarray(data.length - 50))).toBe(true);
      const open = await get(`bytes=${data.length - 5}-`);
      expect(open.body.equals(data.subarray(data.length - 5))).toBe(true);
      const beyond = await get(`bytes=${data.length}-`);
      expect(beyond.http).toBe(416);
      expect(beyond.json).toMatchObject({ status: 'E' });
      const v2 = await bin(buyer, 'fileServer/v2/file/download', { query: `id=${fileId}`, headers: { Range: 'bytes=0-3' } });
      expect(v2.http).toBe(206);
      expect(v2.body.equals(data.subarray(0, 4))).toBe(true);
    });

    it('sweeps orphaned chunks', async () => {
      const s = expectOk(
        await buyer.call<{ uploadId: string }>(`${L}/upload`, { fileName: 'orphan.zip', fileSize: data.length, sha256: sha(Buffer.from('orphan')) }),
      );
      await put(buyer, s.uploadId, 0, chunkOf(0));
      const svc = { app: t.app.ctx, storage: new LocalFileStorage(join(t.app.ctx.config.dataDir, 'files')), opts: fileOptionsFromEnv() };
      expect(await sweepOrphans(svc)).toBe(0);
      expect(await sweepOrphans(svc, -1)).toBeGreaterThanOrEqual(1);
      expect((await buyer.call(`${L}/upload/status`, { uploadId: s.uploadId })).status).toBe('E');
    });
  });
}
