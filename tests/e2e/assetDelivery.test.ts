// The production build as the network carries it (issue 18 item 2): scripts and styles go out brotli- or
// gzip-compressed from the copies the build wrote, as the request's Accept-Encoding allows; hashed assets
// are cached for a year without revalidation, pages are revalidated every time.
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, inject, test } from 'vitest';

const baseUrl = inject('baseUrl');

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(path: string, acceptEncoding?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function entryScript(): Promise<string> {
  const html = (await get('/login')).body.toString('utf8');
  const src = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!src) throw new Error(`no entry script in the login page:\n${html}`);
  return src;
}

test('a hashed script goes out brotli or gzip as asked, byte for byte the same, cached for a year', async () => {
  const script = await entryScript();
  const plain = await get(script);
  expect(plain.status).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');

  const br = await get(script, 'gzip, deflate, br');
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary).toMatch(/accept-encoding/i);
  expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
  expect(br.body.length).toBeLessThan(plain.body.length);

  const gz = await get(script, 'gzip');
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
});

test('every script and stylesheet the login page names is sent compressed', async () => {
  const html = (await get('/login')).body.toString('utf8');
  const assets = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  expect(assets.length).toBeGreaterThan(1);
  let raw = 0;
  let sent = 0;
  for (const path of assets) {
    const [plain, br] = await Promise.all([get(path), get(path, 'br')]);
    raw += plain.body.length;
    sent += br.body.length;
  }
  // Text compresses to well under half (measured: about a fifth).
  expect(sent).toBeLessThan(raw / 2);
});

test('pages are revalidated on every visit (they name the current build), and a missing asset stays 404', async () => {
  const page = await get('/login', 'br');
  expect(page.status).toBe(200);
  expect(page.headers['cache-control']).toBe('no-cache');
  const missing = await get('/assets/no-such-chunk-0000.js', 'br');
  expect(missing.status).toBe(404);
});
