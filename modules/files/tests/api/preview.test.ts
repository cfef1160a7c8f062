// Office previews converted on the server (issue 4, SPEC §5): POST fileServer/v2/file/preview?id=…
// docx → mammoth HTML (sanitised), xlsx → exceljs HTML tables (escaped), doc/xls/ppt/pptx → LibreOffice
// when installed (else a clear refusal), only for users who may see the file.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { signedHeaders, type Answer, type SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, signIn } from '../../../../tests/support/apiHelpers.js';
import { zipStream } from '../../../../server/files/zip.js';
import { sofficePath } from '../../server/preview.js';
import { sanitizeHtml } from '../../../../server/files/sanitizeHtml.js';

interface Attachment {
  id: number;
  suffixName: string;
}
interface Preview {
  kind: 'html';
  html: string;
  truncated: boolean;
}

async function upload(c: SignedClient, name: string, data: Buffer): Promise<Attachment> {
  const full = '/api/fileServer/v2/file/upload';
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(data)]), name);
  const headers = signedHeaders(c.session!, full, '', { lang: c.lang });
  delete headers['content-type'];
  const res = await fetch(c.baseUrl + full, { method: 'POST', headers, body: form });
  const a = { http: res.status, ...((await res.json()) as Omit<Answer, 'http'>) } as Answer<Attachment[]>;
  return expectOk(a)[0];
}

async function collect(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

/** A minimal valid docx (STORE zip through the project's zip writer). */
async function docx(paragraphs: string[]): Promise<Buffer> {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const files: Record<string, string> = {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
      paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${esc(p)}</w:t></w:r></w:p>`).join('') +
      '</w:body></w:document>',
  };
  const entries = Object.entries(files).map(([name, text]) => {
    const buf = Buffer.from(text, 'utf8');
    return { name, size: buf.length, open: () => Readable.from([buf]) };
  });
  return collect(zipStream(entries));
}

async function xlsx(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Prices <1>');
  ws.addRow(['Item', 'Qty', 'Note']);
  ws.addRow(['Widget-42', 17, '<script>alert(1)</script>']);
  ws.addRow([{ richText: [{ text: 'rich ' }, { text: 'text' }] }, { formula: '1+1', result: 2 }, 'a & b']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const OLE = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504, 0)]);

describe('preview sanitiser', () => {
  it('keeps the mammoth tag set and drops scripts, event handlers and javascript: URLs', () => {
    const out = sanitizeHtml(
      '<h1>T</h1><p onclick="x()">a<script>alert(1)</script>b</p><a href="javascript:alert(1)">j</a><a href="https://e.x/">h</a>' +
        '<img src="data:image/png;base64,AAAA" onerror="x()" /><img src="http://evil/x.png" /><iframe src="x">in</iframe><table><tr><td colspan="2" style="x">c</td></tr></table>',
    );
    expect(out).toBe(
      '<h1>T</h1><p>ab</p><a>j</a><a href="https://e.x/" target="_blank" rel="noopener noreferrer">h</a>' +
        '<img src="data:image/png;base64,AAAA"><img><table><tr><td colspan="2">c</td></tr></table>',
    );
    expect(sanitizeHtml('<a href="jav&#x09;ascript:1">x</a><a href=" JAVASCRIPT:1">y</a>')).toBe('<a>x</a><a>y</a>');
  });
});

for (const backend of await backends()) {
  describe(`file previews on ${backend}`, () => {
    let t: TestServer;
    let sup1: SignedClient;
    let sup2: SignedClient;

    beforeAll(async () => {
      t = await startTestServer(backend);
      [sup1, sup2] = await Promise.all([signIn(t.url, 'supplier01'), signIn(t.url, 'supplier02')]);
    });
    afterAll(async () => t?.stop());

    const preview = (c: SignedClient, id: number) => c.call<Preview>('fileServer/v2/file/preview', { id });

    it('converts an xlsx into escaped HTML tables', async () => {
      const a = await upload(sup1, 'prices.xlsx', await xlsx());
      const p = expectOk(await preview(sup1, a.id));
      expect(p.kind).toBe('html');
      expect(p.truncated).toBe(false);
      expect(p.html).toContain('Prices &lt;1&gt;');
      expect(p.html).toContain('<td>Widget-42</td><td>17</td>');
      expect(p.html).toContain('<td>rich text</td><td>2</td><td>a &amp; b</td>');
      expect(p.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(p.html).not.toMatch(/<script/i);
    });

    it('converts a docx into sanitised HTML', async () => {
      const a = await upload(sup1, 'letter.docx', await docx(['Hello preview', '<script>alert(2)</script><img src=x onerror=alert(3)>']));
      const p = expectOk(await preview(sup1, a.id));
      expect(p.html).toContain('<p>Hello preview</p>');
      expect(p.html).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
      expect(p.html).not.toMatch(/<script|<img/i);
    });

    it('refuses another supplier, unknown ids and types that are not converted', async () => {
      const a = await upload(sup1, 'secret.xlsx', await xlsx());
      const other = await preview(sup2, a.id);
      expectRefusal(other, 200, /not exist|may not see/);
      expect(JSON.stringify(other)).not.toContain('Widget-42');
      expectRefusal(await preview(sup2, 99999999), 200, /not exist|may not see/);
      const txt = await upload(sup1, 'notes.txt', Buffer.from('plain text'));
      expectRefusal(await preview(sup1, txt.id), 200, /\.txt/);
    });

    it('answers doc/xls/ppt with the LibreOffice message when soffice is not installed', async () => {
      if (sofficePath()) return;
      const a = await upload(sup1, 'old.doc', OLE);
      expectRefusal(await preview(sup1, a.id), 200, /LibreOffice/);
    });
  });
}
