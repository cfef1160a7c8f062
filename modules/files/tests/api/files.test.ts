// Files (issue 4, CONTRACT.md "Files and Excel"): upload limits and sniffing, names, who may see a
// file (row rule, zip, tickets), delete and encrypted batch delete. Large files: largeFile.test.ts.
import { constants, publicEncrypt } from 'node:crypto';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { signedHeaders, type SignedClient } from '../../../../tests/support/signedClient.js';
import { SUPPLIER, expectOk, expectRefusal, publicKey, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import { recordUsage } from '../../server/repo.js';
import { readStoreZip } from '../../../../tests/support/storeZip.js';
import { bin, PDF, PNG, sha, upload, type Attachment } from './fileCalls.js';
import type { FilesApi } from '../../api.js';

for (const backend of await backends()) {
  describe(`files on ${backend}`, () => {
    let t: TestServer;
    let buyer: SignedClient;
    let sup1: SignedClient;
    let sup2: SignedClient;
    let company1: Rec;
    let company2Id: number;

    beforeAll(async () => {
      t = await startTestServer(backend);
      [buyer, sup1, sup2] = await Promise.all([signIn(t.url, 'buyer01'), signIn(t.url, 'supplier01'), signIn(t.url, 'supplier02')]);
      company1 = expectOk(await sup1.call<Rec[]>(`${SUPPLIER}/listByPage`, { params: {} }))[0];
      company2Id = expectOk(await sup2.call<Rec[]>(`${SUPPLIER}/listByPage`, { params: {} }))[0].supplierId as number;
      expect(company1.supplierId).not.toBe(company2Id);
    });
    afterAll(async () => t?.stop());

    const list = async (c: SignedClient, ids: number[]) =>
      expectOk(await c.call<Attachment[]>('fileServer/v1/baseFileRestful/listBaseFile', { ids: ids.join(',') }));
    const download = (c: SignedClient, id: number, headers: Record<string, string> = {}) =>
      bin(c, 'fileServer/v2/file/download', { query: `id=${id}`, headers });

    it('uploads a file, lists it and downloads the exact bytes as an RFC 6266 attachment', async () => {
      const [a] = expectOk(await upload(buyer, [{ name: '图纸 v1.png', data: PNG }], { fileDesc: 'drawing', path: 'po' }));
      expect(a).toMatchObject({
        id: a.fileId,
        originalFileName: '图纸 v1.png',
        fileName: '图纸 v1.png',
        fileSize: PNG.length,
        suffixName: 'png',
        functionId: null,
        businessId: null,
      });
      expect(await list(buyer, [a.id, 99999999])).toEqual([expect.objectContaining({ id: a.id, fileName: '图纸 v1.png' })]);
      const d = await download(buyer, a.id);
      expect(d.http).toBe(200);
      expect(d.body.equals(PNG)).toBe(true);
      expect(d.headers.get('content-disposition')).toBe(`attachment; filename="__ v1.png"; filename*=UTF-8''${encodeURIComponent('图纸 v1.png')}`);
      expect(d.headers.get('x-content-type-options')).toBe('nosniff');
      expect(d.headers.get('content-type')).toBe('image/png');
      // Stored by content address, never under the user's name.
      const objects = join(t.app.ctx.config.dataDir, 'files', 'objects', sha(PNG).slice(0, 2), sha(PNG).slice(2, 4), sha(PNG));
      expect(existsSync(objects)).toBe(true);
    });

    it('refuses content that does not match its extension (script renamed .jpg, HTML as .png, SVG with script, NUL in text)', async () => {
      buyer.lang = 'EN';
      expectRefusal(
        await upload(buyer, [{ name: 'evil.jpg', data: '<script>alert(1)</script>' }]),
        200,
        'The content of evil.jpg does not match its type .jpg; the file was refused',
      );
      expectRefusal(await upload(buyer, [{ name: 'page.png', data: '<html><body>hi</body></html>' }]), 200, /page\.png does not match/);
      expectRefusal(
        await upload(buyer, [{ name: 'x.svg', data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' }]),
        200,
        /x\.svg does not match/,
      );
      expectRefusal(await upload(buyer, [{ name: 'y.svg', data: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>' }]), 200, /does not match/);
      expectRefusal(await upload(buyer, [{ name: 'n.txt', data: Buffer.from('abc\u0000def') }]), 200, /n\.txt does not match/);
      expectRefusal(await upload(buyer, [{ name: 'bad.csv', data: Buffer.from([0x61, 0xff, 0xfe, 0x62]) }]), 200, /bad\.csv does not match/);
      // A clean SVG is accepted but never served as an image the browser could run.
      const [svg] = expectOk(await upload(buyer, [{ name: 'ok.svg', data: '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>' }]));
      const d = await download(buyer, svg.id);
      expect(d.headers.get('content-type')).toBe('application/octet-stream');
      expect(d.headers.get('content-disposition')).toMatch(/^attachment;/);
      buyer.lang = 'CN';
    });

    it('tells the widget its limits', async () => {
      expect(expectOk(await buyer.call('fileServer/v2/file/limits', {}))).toMatchObject({
        maxFileBytes: 200000,
        totalCapBytes: 300000,
        maxFiles: 5,
        largeFileThreshold: 104857600,
        chunkBytes: 65536,
        imageExtensions: ['gif', 'jpg', 'jpeg', 'png', 'bmp'],
        allowedExtensions: expect.arrayContaining(['pdf', 'docx', 'xls', 'txt', 'png']),
      });
    });

    it('refuses extensions it cannot check, listing the allowed ones, in four languages', async () => {
      for (const [lang, start] of [
        ['EN', 'Files of type .exe cannot be attached. Allowed types: pdf, png'],
        ['CN', '不能上传 .exe 类型的附件，允许的类型：pdf, png'],
        ['TH', 'ไม่สามารถแนบไฟล์ประเภท .exe'],
        ['VN', 'Không thể đính kèm tệp loại .exe'],
      ] as const) {
        buyer.lang = lang;
        const a = await upload(buyer, [{ name: 'setup.EXE', data: 'MZ' }]);
        expectRefusal(a, 200, new RegExp(`^${start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      }
      buyer.lang = 'EN';
      expectRefusal(await upload(buyer, [{ name: 'noext', data: 'hello' }]), 200, /^Files of type \.\? cannot be attached/);
      expectRefusal(
        await upload(buyer, [{ name: 'doc.pdf', data: PDF }], {}, 'fileServer/v2/images/upload'),
        200,
        'The image type must be one of gif, jpg, jpeg, png, bmp',
      );
      expectOk(await upload(buyer, [{ name: 'pic.PNG', data: PNG }], {}, 'fileServer/v2/images/upload'));
      buyer.lang = 'CN';
    });

    it('sanitises names: path parts, NUL and control characters never reach the name', async () => {
      const [a, b, c] = expectOk(
        await upload(buyer, [
          { name: '../../x.txt', data: 'one' },
          { name: 'a\u0000b\u202e\u0007.txt', data: 'two' },
          { name: '..\\..\\win<>:|?.txt', data: 'three' },
        ]),
      );
      expect(a.fileName).toBe('x.txt');
      expect(b.fileName).toBe('ab.txt');
      expect(b.originalFileName).toBe('ab.txt');
      expect(c.fileName).toBe('win_____.txt');
      const d = await download(buyer, a.id);
      expect(d.body.toString()).toBe('one');
      expect(d.headers.get('content-disposition')).toBe(`attachment; filename="x.txt"; filename*=UTF-8''x.txt`);
    });

    it('enforces the per-file, total and count limits with the §5 messages', async () => {
      buyer.lang = 'EN';
      expectRefusal(await upload(buyer, [{ name: 'big.txt', data: Buffer.alloc(250_000, 0x61) }]), 200, 'big.txt is larger than the limit of 0.19 MB per file');
      expectRefusal(
        await upload(buyer, [
          { name: 'a.txt', data: Buffer.alloc(160_000, 0x61) },
          { name: 'b.txt', data: Buffer.alloc(160_000, 0x62) },
        ]),
        200,
        'The combined size of the attachments exceeds 0.29 MB; please delete some attachments first',
      );
      const six = Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.txt`, data: `n${i}` }));
      expectRefusal(await upload(buyer, six), 200, 'At most 5 attachments per document');
      // Per business record: supplier01's company may hold five, the sixth is refused. It may hold one
      // already ("who may see a file" claims one for it when that ran first). The buyer attaches them: the
      // master changes on the supplier list (the supplier's own page is read-only, docs/suppliers.md).
      const ctx = { functionId: 'srmPosSupplierInfo', businessId: company1.supplierId as number };
      const held = (await recordUsage(t.app.ctx.db, ctx.functionId, ctx.businessId)).count;
      expect(held).toBeLessThanOrEqual(1);
      expectOk(await upload(buyer, six.slice(0, 3), ctx));
      expectOk(await upload(buyer, six.slice(0, 2 - held), ctx));
      expectRefusal(await upload(buyer, six.slice(0, 1), ctx), 200, 'At most 5 attachments per document');
      buyer.lang = 'CN';
      // nothing half-stored from the refused uploads (a refused stream's part file is removed just after the answer)
      await vi.waitFor(() => expect(readdirSync(join(t.app.ctx.config.dataDir, 'files', 'tmp'))).toEqual([]), { timeout: 15_000, interval: 100 });
    });

    it('answers an oversized upload while the body is still arriving (64 MB sent against a 0.19 MB limit)', async () => {
      const full = '/api/fileServer/v2/file/upload';
      const boundary = 'B0UNDARY';
      const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`);
      const total = 64 * 1024 * 1024;
      const u = new URL(t.url);
      const result = await new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
        let sent = 0;
        const headers = { ...signedHeaders(buyer.session!, full, '', { lang: 'EN' }), 'content-type': `multipart/form-data; boundary=${boundary}` };
        const req = http.request({ host: u.hostname, port: u.port, path: full, method: 'POST', headers }, (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, body, sent });
            req.destroy();
          });
        });
        req.on('error', reject);
        req.write(head);
        const chunk = Buffer.alloc(1024 * 1024, 0x61);
        const pump = () => {
          while (sent < total && !req.destroyed) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once('drain', pump);
          }
          if (!req.destroyed) req.end(`\r\n--${boundary}--\r\n`);
        };
        pump();
      });
      expect(result.status).toBe(200);
      expect(JSON.parse(result.body)).toMatchObject({ status: 'E', msg: 'big.txt is larger than the limit of 0.19 MB per file' });
      expect(result.sent).toBeLessThan(total);
    });

    describe('who may see a file', () => {
      let own1: Attachment;
      let own2: Attachment;
      beforeAll(async () => {
        const c1 = await sup1.call<Rec>(`${SUPPLIER}/findById`, { id: company1.supplierId });
        company1 = expectOk(c1);
        // supplier01's company file: the buyer's upload, claimed by the company record when the buyer saves it
        // with the id on the supplier list (the master's files change there, not on the supplier's own page).
        [own1] = expectOk(await upload(buyer, [{ name: 'certificate.pdf', data: PDF }], { functionId: 'srmPosSupplierInfo' }));
        expect(own1.businessId).toBeNull();
        const saved = expectOk(await buyer.call<Rec>(`${SUPPLIER}/saveOrUpdate`, { ...company1, attachmentIds: String(own1.id) }));
        expect(saved.attachmentIds).toBe(String(own1.id));
        [own2] = expectOk(
          await upload(buyer, [{ name: 'certificate.pdf', data: Buffer.concat([PDF, Buffer.from('2')]) }], {
            functionId: 'srmPosSupplierInfo',
            businessId: company2Id,
          }),
        );
      });

      it('links claimed files to the saved record; the supplier whose record it is sees them', async () => {
        expect(await list(sup1, [own1.id])).toEqual([
          expect.objectContaining({ id: own1.id, functionId: 'srmPosSupplierInfo', businessId: company1.supplierId }),
        ]);
        expect((await list(buyer, [own1.id, own2.id])).map((a) => a.id)).toEqual([own1.id, own2.id]);
        expect((await download(buyer, own1.id)).body.equals(PDF)).toBe(true);
      });

      it("refuses supplier01 a file of supplier02's company, by id, by list, by copy and by ticket", async () => {
        sup1.lang = 'EN';
        const d = await download(sup1, own2.id);
        expect(d.http).toBe(200);
        expect(d.json).toMatchObject({ status: 'E', msg: 'The file does not exist or you may not see it' });
        expect(await list(sup1, [own2.id])).toEqual([]);
        expectRefusal(await sup1.call('fileServer/v2/file/copy', { id: own2.id }), 200, 'The file does not exist or you may not see it');
        expectRefusal(await sup1.call('fileServer/v2/file/getFileUrl', { id: own2.id }), 200, 'The file does not exist or you may not see it');
        expect((await bin(sup1, 'largeFileServer/v1/largeFile/download', { method: 'GET', query: `id=${own2.id}` })).json).toMatchObject({ status: 'E' });
        // …nor may supplier01 attach a file to supplier02's company.
        expect((await upload(sup1, [{ name: 'x.txt', data: 'x' }], { functionId: 'srmPosSupplierInfo', businessId: company2Id })).status).toBe('E');
        // …nor claim supplier02's file by saving its id on its own record: it may not save that record at all.
        const c1 = expectOk(await sup1.call<Rec>(`${SUPPLIER}/findById`, { id: company1.supplierId }));
        expect((await sup1.call<Rec>(`${SUPPLIER}/saveOrUpdate`, { ...c1, attachmentIds: `${own1.id},${own2.id}` })).status).toBe('E');
        expect(await list(sup1, [own2.id])).toEqual([]);
        expect((await list(sup2, [own2.id]))[0].businessId).toBe(company2Id);
        sup1.lang = 'CN';
      });

      it('leaves the files the caller may not see out of a batch zip', async () => {
        const z = await bin(sup2, 'fileServer/v2/file/batchDownload', {
          body: JSON.stringify({ fileIds: `${own1.id},${own2.id}` }),
          contentType: 'application/json',
        });
        expect(z.http).toBe(200);
        expect(z.headers.get('content-type')).toBe('application/zip');
        const entries = readStoreZip(z.body);
        expect([...entries.keys()]).toEqual(['certificate.pdf']);
        if (existsSync('/usr/bin/unzip')) {
          const zipPath = join(t.app.ctx.config.dataDir, 'check.zip');
          writeFileSync(zipPath, z.body);
          expect(execFileSync('/usr/bin/unzip', ['-t', zipPath]).toString()).toMatch(/No errors detected/);
        }
        expect(entries.get('certificate.pdf')!.equals(Buffer.concat([PDF, Buffer.from('2')]))).toBe(true);
        const both = readStoreZip((await bin(buyer, 'fileServer/v2/file/batchDownload', { query: `fileIds=${own1.id},${own2.id}` })).body);
        expect([...both.keys()]).toEqual(['certificate.pdf', 'certificate (2).pdf']);
        const none = await bin(sup1, 'fileServer/v2/file/batchDownload', { query: `fileIds=${own2.id}` });
        expect(none.json).toMatchObject({ status: 'E' });
      });

      it('getFileUrl gives a ticket for that user and file, usable on a GET without signing', async () => {
        const u = expectOk(await sup1.call<{ url: string; ticket: string; expiresIn: number }>('fileServer/v2/file/getFileUrl', { id: own1.id }));
        expect(u.expiresIn).toBeLessThanOrEqual(300);
        const res = await fetch(t.url + u.url);
        expect(res.status).toBe(200);
        expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
        const other = await fetch(`${t.url}/api/fileServer/v2/file/download?id=${own2.id}&ticket=${u.ticket}`);
        expect(other.status).toBe(401);
        expect(await other.json()).toMatchObject({ status: 'E' });
        expect((await fetch(`${t.url}/api/fileServer/v2/file/download?id=${own1.id}&ticket=${'0'.repeat(48)}`)).status).toBe(401);
        expect((await fetch(`${t.url}/api/fileServer/v2/file/download?id=${own1.id}`)).status).toBe(401);
      });

      it('delete: the uploader or an editor of the record (buyers edit supplier records), an editors-only record its editors alone; another supplier is refused', async () => {
        const copy = expectOk(await sup1.call<Attachment>('fileServer/v2/file/copy', { id: own1.id }));
        expect(copy.id).not.toBe(own1.id);
        expect((await download(sup1, copy.id)).body.equals(PDF)).toBe(true);
        expect((await sup2.call('fileServer/v2/file/delete', { id: own1.id })).status).toBe('E');
        expect((await sup2.call('fileServer/v2/file/delete', { id: copy.id })).status).toBe('E');
        // a copy is the supplier's own file, not the record's: the buyer cannot reach it
        expect((await buyer.call('fileServer/v2/file/delete', { id: copy.id })).status).toBe('E');
        expectOk(await sup1.call('fileServer/v2/file/delete', { id: copy.id }));
        expect((await download(sup1, copy.id)).json).toMatchObject({ status: 'E' });
        // the original shares the stored content and keeps it
        expect((await download(sup1, own1.id)).body.equals(PDF)).toBe(true);
        // supplier01 sees its company's files but changes none of them (its master changes only through an
        // approved change request, docs/suppliers.md): no upload onto the record, no delete of its file …
        sup1.lang = 'TH';
        expectRefusal(
          await upload(sup1, [{ name: 'x.pdf', data: PDF }], { functionId: 'srmPosSupplierInfo', businessId: company1.supplierId as number }),
          403,
          'คุณไม่มีสิทธิ์ดำเนินการนี้',
        );
        expectRefusal(await sup1.call('fileServer/v2/file/delete', { id: own1.id }), 403, 'คุณไม่มีสิทธิ์ดำเนินการนี้');
        // … not even of a file it uploaded itself that a module then moved onto the record (an approved change
        // request's scan): the supplier module declares its master editors-only (FilesApi.editorsOnly), so the
        // record's editors decide, not the uploader.
        const [mine] = expectOk(await upload(sup1, [{ name: 'scan.pdf', data: Buffer.concat([PDF, Buffer.from('scan')]) }]));
        const moved = await t.app.ctx.modules
          .api<FilesApi>('files')
          .claimUploads(t.app.ctx.db, sup1.session!.userId, { functionId: 'srmPosSupplierInfo', businessId: company1.supplierId as number }, [mine.id]);
        expect(moved.map((m) => m.id)).toEqual([mine.id]);
        expectRefusal(await sup1.call('fileServer/v2/file/delete', { id: mine.id }), 403, 'คุณไม่มีสิทธิ์ดำเนินการนี้');
        sup1.lang = 'CN';
        expect((await download(sup1, mine.id)).body.equals(Buffer.concat([PDF, Buffer.from('scan')]))).toBe(true);
        expectOk(await buyer.call('fileServer/v2/file/delete', { id: mine.id }));
        // buyers hold the supplier list's save (the master changes there, docs/suppliers.md): editors of the
        // record, they may delete its file
        expectOk(await buyer.call('fileServer/v2/file/delete', { id: own1.id }));
        expect((await download(sup1, own1.id)).json).toMatchObject({ status: 'E' });
      });
    });

    it('batch delete takes RSA-OAEP encrypted ids; plain ids are refused', async () => {
      const files = expectOk(
        await upload(buyer, [
          { name: 'd1.txt', data: 'delete me 1' },
          { name: 'd2.txt', data: 'delete me 2' },
        ]),
      );
      const ids = files.map((f) => f.id).join(',');
      buyer.lang = 'EN';
      expectRefusal(
        await buyer.call('fileServer/v2/file/batchDelete', { fileIds: ids }),
        200,
        "The file ids must be encrypted with the server's public key (RSA-OAEP)",
      );
      const key = await publicKey(t.url);
      const cipher = publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(ids)).toString('base64');
      expect((await sup1.call('fileServer/v2/file/batchDelete', { fileIds: cipher })).status).toBe('E');
      expect(
        await list(
          buyer,
          files.map((f) => f.id),
        ),
      ).toHaveLength(2);
      expectOk(await buyer.call('fileServer/v2/file/batchDelete', { fileIds: cipher }));
      expect(
        await list(
          buyer,
          files.map((f) => f.id),
        ),
      ).toEqual([]);
      const objects = join(t.app.ctx.config.dataDir, 'files', 'objects');
      const h = sha(Buffer.from('delete me 1'));
      expect(existsSync(join(objects, h.slice(0, 2), h.slice(2, 4), h))).toBe(false);
      buyer.lang = 'CN';
    });

    it('a download that fails answers JSON with status E', async () => {
      const d = await download(buyer, 987654321);
      expect(d.headers.get('content-type')).toMatch(/^application\/json/);
      expect(d.json).toMatchObject({ status: 'E', data: null });
      expect((await bin(buyer, 'fileServer/v2/file/download')).json).toMatchObject({ status: 'E' });
    });
  });
}
