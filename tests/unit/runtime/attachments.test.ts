import { describe, expect, it } from 'vitest';
import {
  appendAttachments,
  buildIds,
  checkFiles,
  mergeLimits,
  countReached,
  errorInBlob,
  extensionOf,
  largeFileFlag,
  orderByIds,
  parseErrorText,
  parseIds,
  percent,
  planChunks,
  previewKind,
  remainingChunks,
  removeAttachment,
  LARGE_FILE_THRESHOLD,
  type Attachment,
} from '../../../runtime/attachments/rules.js';
import { createHttpClient, fileNameOf } from '../../../runtime/http/client.js';
import { ApiError } from '../../../runtime/env.js';
import { fakeT } from './helpers.js';
import type { AxiosAdapter } from 'axios';

const att = (id: number, fileSize = 10, name = `f${id}.pdf`): Attachment => ({ id, originalFileName: name, fileSize });

describe('attachment checks (SPEC §5)', () => {
  it('passes files within the defaults', () => {
    expect(checkFiles([{ name: 'a.PDF', size: 100 }], [])).toBeNull();
  });
  it('refuses a file over the per-file limit, with the limit in MB', () => {
    const r = checkFiles([{ name: 'big.zip', size: 2 * 1048576 + 1 }], [], { maxFileSize: 2 * 1048576 });
    expect(r).toEqual({ key: 'attachment.fileTooLarge', vars: { name: 'big.zip', max: 2 } });
    expect(checkFiles([{ name: 'x.bin', size: 2147483649 }], [])?.key).toBe('attachment.fileTooLarge');
    expect(checkFiles([{ name: 'x.bin', size: 2147483648 }], [])).toBeNull();
  });
  it('refuses when the current total plus the new files exceed the total cap; -1 is unlimited', () => {
    const existing = [att(1, 600_000), att(2, 300_000)];
    expect(checkFiles([{ name: 'a.txt', size: 200_000 }], existing, { totalSize: 1_048_576 })).toEqual({ key: 'attachment.totalTooLarge', vars: { max: 1 } });
    expect(checkFiles([{ name: 'a.txt', size: 100_000 }], existing, { totalSize: 1_048_576 })).toBeNull();
    expect(checkFiles([{ name: 'a.txt', size: 9e9 / 10 }], existing, { totalSize: -1 })).toBeNull();
  });
  it('caps the count at 999 by default; the button is disabled once reached', () => {
    const many = Array.from({ length: 998 }, (_, i) => att(i));
    expect(checkFiles([{ name: 'a.txt', size: 1 }], many)).toBeNull();
    expect(
      checkFiles(
        [
          { name: 'a.txt', size: 1 },
          { name: 'b.txt', size: 1 },
        ],
        many,
      ),
    ).toEqual({ key: 'attachment.tooMany', vars: { max: 999 } });
    expect(countReached(998)).toBe(false);
    expect(countReached(999)).toBe(true);
    expect(countReached(2, { maxCount: 2 })).toBe(true);
  });
  it('checks the allowed extensions case-insensitively and lists them', () => {
    expect(checkFiles([{ name: 'Drawing.DWG', size: 1 }], [], { extensions: ['dwg', '.pdf'] })).toBeNull();
    expect(checkFiles([{ name: 'run.exe', size: 1 }], [], { extensions: ['DWG', 'pdf'] })).toEqual({
      key: 'attachment.extension',
      vars: { ext: 'exe', allowed: 'dwg, pdf' },
    });
    expect(checkFiles([{ name: 'noext', size: 1 }], [], { extensions: ['pdf'] })?.vars?.ext).toBe('-');
  });
  it('image upload accepts gif, jpg, jpeg, png, bmp only', () => {
    expect(checkFiles([{ name: 'a.JPEG', size: 1 }], [], { imageOnly: true })).toBeNull();
    expect(checkFiles([{ name: 'a.svg', size: 1 }], [], { imageOnly: true })).toEqual({
      key: 'attachment.imageType',
      vars: { types: 'gif, jpg, jpeg, png, bmp' },
    });
  });
  it('refuses empty files', () => {
    expect(checkFiles([{ name: 'e.txt', size: 0 }], [])?.key).toBe('attachment.emptyFile');
  });
  it('messages exist and interpolate in all four languages', () => {
    for (const lang of ['CN', 'EN', 'TH', 'VN'] as const) {
      const t = fakeT(lang);
      for (const key of [
        'tooMany',
        'imageType',
        'extension',
        'fileTooLarge',
        'totalTooLarge',
        'emptyFile',
        'deleted',
        'confirmDelete',
        'noPreview',
        'viewer.title',
      ]) {
        expect(t(`attachment.${key}`, { max: 5 }), `${lang} ${key}`).not.toBe(`attachment.${key}`);
      }
      expect(t('attachment.totalTooLarge', { max: 5 })).toContain('5');
    }
    expect(fakeT('CN')('attachment.viewer.title')).toBe('图片浏览');
    expect(fakeT('CN')('attachment.extension', { ext: 'exe', allowed: 'pdf' })).toBe('不能上传扩展名为 exe 的附件，只允许：pdf');
  });
});

describe('the id string (SPEC §3, §4)', () => {
  it('parses "1, 2,,2 ,3" into unique trimmed ids', () => {
    expect(parseIds('1, 2,,2 ,3')).toEqual(['1', '2', '3']);
    expect(parseIds(null)).toEqual([]);
    expect(parseIds('')).toEqual([]);
    expect(parseIds([4, 5])).toEqual(['4', '5']);
  });
  it('is rebuilt after upload and delete', () => {
    let list = [att(1), att(2)];
    list = appendAttachments(list, [att(3), att(2)]);
    expect(buildIds(list)).toBe('1,2,3');
    list = removeAttachment(list, '2');
    expect(buildIds(list)).toBe('1,3');
    expect(buildIds(removeAttachment(removeAttachment(list, 1), 3))).toBe('');
  });
  it('orders listBaseFile answers like the id string', () => {
    expect(orderByIds([att(3), att(1), att(9)], ['1', '3']).map((a) => a.id)).toEqual([1, 3]);
  });
});

describe('preview kinds and extensions', () => {
  it('maps the §5 list and refuses the rest', () => {
    expect(previewKind('a.PNG')).toBe('image');
    expect(previewKind('bmp')).toBe('image');
    expect(previewKind('notes.txt')).toBe('text');
    expect(previewKind('c.pdf')).toBe('pdf');
    for (const e of ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx']) expect(previewKind(e)).toBe('office');
    expect(previewKind('x.svg')).toBe('none');
    expect(previewKind('x.html')).toBe('none');
    expect(previewKind('zip')).toBe('none');
  });
  it('takes the last extension of the base name', () => {
    expect(extensionOf('a/b.c/d.tar.GZ')).toBe('gz');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('x.')).toBe('');
  });
});

describe('JSON errors inside binary answers', () => {
  it('detects {status:"E"} text and ignores anything else', () => {
    expect(parseErrorText('{"status":"E","msg":"无权限"}')).toEqual({ status: 'E', msg: '无权限' });
    expect(parseErrorText(' {"status":"S","msg":""}')).toBeNull();
    expect(parseErrorText('%PDF-1.4')).toBeNull();
    expect(parseErrorText('{not json')).toBeNull();
  });
  it('reads a Blob', async () => {
    expect(await errorInBlob(new Blob(['{"status":"E","msg":"gone"}'], { type: 'application/json' }))).toEqual({ status: 'E', msg: 'gone' });
    expect(await errorInBlob(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }))).toBeNull();
  });

  const client = (respond: (config: Parameters<AxiosAdapter>[0]) => { status: number; data: unknown; headers?: Record<string, string> }) => {
    const seen: Parameters<AxiosAdapter>[0][] = [];
    const adapter: AxiosAdapter = async (config) => {
      seen.push(config);
      const r = respond(config);
      return { status: r.status, statusText: '', data: r.data, headers: r.headers ?? {}, config };
    };
    const http = createHttpClient({
      appId: 'srm-web',
      getCredentials: () => ({ authorizationCode: 'A', signKey: 'k', gatewayTag: 'g' }),
      getLanguage: () => 'EN',
      onUnauthorized: () => undefined,
      fallbackMessage: (kind) => `fallback ${kind}`,
      adapter,
    });
    return { http, seen };
  };

  it('download throws ApiError with the msg of a JSON error body sent as 200', async () => {
    const { http, seen } = client(() => ({
      status: 200,
      data: new Blob(['{"status":"E","msg":"No access to this file"}'], { type: 'application/json' }),
      headers: { 'content-type': 'application/json' },
    }));
    const err = await http.download('fileServer/v2/file/download?id=7').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('No access to this file');
    expect(seen[0].url).toBe('/api/fileServer/v2/file/download?id=7');
    expect(seen[0].method).toBe('post');
    const headers = seen[0].headers as unknown as Record<string, string>;
    expect(headers.parameterSignature).toMatch(/^[0-9a-f]{64}$/);
    expect(headers.AuthorizationCode).toBe('A');
  });
  it('download returns the bytes and the RFC 6266 file name', async () => {
    const { http } = client(() => ({
      status: 200,
      data: new Blob(['%PDF-1.4 …'], { type: 'application/pdf' }),
      headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="a.pdf"; filename*=UTF-8\'\'%E5%90%88%E5%90%8C.pdf' },
    }));
    const r = await http.download('fileServer/v2/file/download?id=7');
    expect(r.fileName).toBe('合同.pdf');
    expect(await r.blob.text()).toContain('%PDF');
  });
  it('download turns an HTTP error with an envelope body into its msg', async () => {
    const { http } = client(() => ({ status: 404, data: new Blob(['{"status":"E","msg":"File not found"}']) }));
    await expect(http.download('x')).rejects.toThrow('File not found');
  });
  it('upload signs an empty body, sends FormData without a JSON content type and reports progress', async () => {
    const progress: number[] = [];
    const { http, seen } = client((config) => {
      config.onUploadProgress?.({ loaded: 5, total: 10, bytes: 5, lengthComputable: true } as never);
      return { status: 200, data: { status: 'S', msg: '', data: [{ id: 1, originalFileName: 'a.png', fileSize: 10 }] } };
    });
    const form = new FormData();
    form.append('files', new Blob(['x']), 'a.png');
    const answer = await http.upload<Attachment[]>('fileServer/v2/file/upload', form, { onProgress: (l, t) => progress.push(l / t) });
    expect(answer.data[0].id).toBe(1);
    expect(progress).toEqual([0.5]);
    expect(seen[0].data).toBe(form);
    const headers = seen[0].headers as unknown as Record<string, string>;
    expect(String(headers['Content-Type'] ?? '')).not.toContain('json');
    expect(headers.parameterSignature).toMatch(/^[0-9a-f]{64}$/);
  });
  it('file names of Content-Disposition', () => {
    expect(fileNameOf('attachment; filename="a \\"b\\".txt"')).toBe('a "b".txt');
    expect(fileNameOf('attachment; filename=plain.txt')).toBe('plain.txt');
    expect(fileNameOf('inline')).toBeUndefined();
  });
});

describe('large files (SPEC §5: > 104857600 bytes)', () => {
  it('flips the large-file flag strictly above 100 MB', () => {
    expect(largeFileFlag(LARGE_FILE_THRESHOLD)).toBe('N');
    expect(largeFileFlag(LARGE_FILE_THRESHOLD + 1)).toBe('Y');
  });
  it('plans chunks covering the file exactly, the last one shorter', () => {
    const plan = planChunks(25, 10);
    expect(plan.count).toBe(3);
    expect(plan.chunks).toEqual([
      { index: 0, start: 0, end: 10 },
      { index: 1, start: 10, end: 20 },
      { index: 2, start: 20, end: 25 },
    ]);
    const gb = planChunks(1024 ** 3);
    expect(gb.count).toBe(128);
    expect(gb.chunks.at(-1)!.end).toBe(1024 ** 3);
    expect(planChunks(0, 10).count).toBe(1);
    expect(() => planChunks(10, 0)).toThrow();
  });
  it('resumes with the chunks the server does not hold', () => {
    expect(remainingChunks(planChunks(50, 10), [0, 1, 3]).map((c) => c.index)).toEqual([2, 4]);
  });
  it('percentages are integers and reach 100 only at the end', () => {
    expect(percent(0, 10)).toBe(0);
    expect(percent(9.99, 10)).toBe(99);
    expect(percent(10, 10)).toBe(100);
    expect(percent(5, 0)).toBe(0);
  });
});

describe('config limits merged with the server limits (fileServer/v2/file/limits)', () => {
  it('takes the stricter of each and the extensions both allow', () => {
    const m = mergeLimits(
      { maxFileSize: 10 * 1048576, totalSize: -1, maxCount: 5, extensions: ['PDF', 'dwg', 'exe'] },
      { maxFileBytes: 2 * 1048576, totalCapBytes: 50 * 1048576, maxFiles: 999, allowedExtensions: ['pdf', 'png', 'dwg'], largeFileThreshold: 1000 },
    );
    expect(m).toEqual({
      maxFileSize: 2 * 1048576,
      totalSize: 50 * 1048576,
      maxCount: 5,
      extensions: ['pdf', 'dwg'],
      imageOnly: undefined,
      largeFileThreshold: 1000,
    });
    expect(checkFiles([{ name: 'a.exe', size: 1 }], [], m)).toEqual({ key: 'attachment.extension', vars: { ext: 'exe', allowed: 'pdf, dwg' } });
  });
  it('falls back to the config and the §9 defaults without server limits', () => {
    expect(mergeLimits({}, null)).toEqual({
      maxFileSize: 2147483648,
      totalSize: -1,
      maxCount: 999,
      extensions: [],
      imageOnly: undefined,
      largeFileThreshold: LARGE_FILE_THRESHOLD,
    });
    expect(mergeLimits({ totalSize: 100 }, { totalCapBytes: -1 }).totalSize).toBe(100);
    expect(mergeLimits({}, { allowedExtensions: ['pdf'] }).extensions).toEqual(['pdf']);
  });
});
