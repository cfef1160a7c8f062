// 1 GB through the large-file routes: chunked upload (init, PUT chunks, complete) and a streamed
// GET download, against a real server in its own process so that its memory is measured alone.
//
// The server runs `server/main.ts` (PGlite in a temp DATA_DIR); the bench signs in as buyer01,
// generates the bytes chunk by chunk (never holding the file), and samples the server's resident
// memory (/proc/<pid>/status VmRSS, every 20 ms) from a warmed-up baseline to the end.
// Target: the server's peak RSS grows by at most 64 MB.
//
// Writes bench/results/files.json. Knobs (env): BENCH_FILE_MB (1024), BENCH_CHUNK_MB (8).
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { signedHeaders, type Answer } from '../support/signedClient.js';
import { signIn } from '../support/apiHelpers.js';

const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 1024);
const CHUNK_MB = Number(process.env.BENCH_CHUNK_MB ?? 8);
const TARGET_GROWTH_MB = 64;
const root = join(new URL('.', import.meta.url).pathname, '..', '..');
const RESULTS_DIR = join(root, 'bench', 'results');
const MB = 1024 * 1024;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

async function waitFor(url: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer at ${url}`);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'srm-files-bench-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SRM_DIST_DIR: join(dataDir, 'no-dist'),
      LOG_LEVEL: 'warn',
      SRM_LARGE_FILE_CHUNK_BYTES: String(CHUNK_MB * MB),
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  let peak = 0;
  let sampler: NodeJS.Timeout | undefined;
  try {
    await waitFor(`${url}/api/health`);
    const c = await signIn(url, 'buyer01');
    const L = 'largeFileServer/v1/largeFile';
    const put = async (uploadId: string, index: number, body: Buffer, hash: string) => {
      const full = `/api/${L}/upload`;
      const headers = { ...signedHeaders(c.session!, full, ''), 'content-type': 'application/octet-stream' };
      const res = await fetch(`${url}${full}?uploadId=${uploadId}&index=${index}&sha256=${hash}`, { method: 'PUT', headers, body: new Uint8Array(body) });
      const a = (await res.json()) as Answer;
      if (a.status !== 'S') throw new Error(`chunk ${index}: ${a.msg}`);
    };
    const uploadFile = async (name: string, sizeBytes: number) => {
      const init = await c.call<{ uploadId: string; chunkSize: number; chunkCount: number }>(`${L}/init`, { fileName: name, fileSize: sizeBytes });
      if (init.status !== 'S') throw new Error(init.msg);
      const { uploadId, chunkSize, chunkCount } = init.data;
      const whole = createHash('sha256');
      const hashes: string[] = [];
      let sendMs = 0;
      for (let i = 0; i < chunkCount; i++) {
        const len = Math.min(chunkSize, sizeBytes - i * chunkSize);
        const chunk = randomBytes(len);
        if (i === 0) chunk.set([0x50, 0x4b, 0x03, 0x04], 0); // a zip signature: sniffed as .zip
        whole.update(chunk);
        const h = createHash('sha256').update(chunk).digest('hex');
        hashes.push(h);
        const t0 = performance.now();
        await put(uploadId, i, chunk, h);
        sendMs += performance.now() - t0;
      }
      const t1 = performance.now();
      const done = await c.call<{ id: number }>(`${L}/complete`, { uploadId, fileHash: createHash('sha256').update(hashes.join('')).digest('hex') });
      if (done.status !== 'S') throw new Error(done.msg);
      return { id: done.data.id, sha256: whole.digest('hex'), sendMs, completeMs: performance.now() - t1 };
    };
    const downloadFile = async (id: number) => {
      const full = `/api/${L}/download`;
      const headers = signedHeaders(c.session!, full, '');
      delete (headers as Record<string, string>)['content-type'];
      const res = await fetch(`${url}${full}?id=${id}`, { headers });
      if (res.status !== 200 || !res.body) throw new Error(`download ${res.status}`);
      const h = createHash('sha256');
      let bytes = 0;
      for await (const part of res.body as unknown as AsyncIterable<Uint8Array>) {
        h.update(part);
        bytes += part.length;
      }
      return { sha256: h.digest('hex'), bytes };
    };

    const cold = rssMb(child.pid!);
    // Warm-up: the same code paths with a small file, then the baseline.
    const warm = await uploadFile('warm.zip', 3 * CHUNK_MB * MB + 12345);
    await downloadFile(warm.id);
    await new Promise((r) => setTimeout(r, 500));
    const baseline = rssMb(child.pid!);
    peak = baseline;
    sampler = setInterval(() => {
      try {
        peak = Math.max(peak, rssMb(child.pid!));
      } catch {
        /* exited */
      }
    }, 20);

    const size = FILE_MB * MB;
    const t0 = performance.now();
    const up = await uploadFile('bench-1g.zip', size);
    const uploadMs = performance.now() - t0;
    const t1 = performance.now();
    const down = await downloadFile(up.id);
    const downloadMs = performance.now() - t1;
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(child.pid!));
    if (down.bytes !== size || down.sha256 !== up.sha256) throw new Error('downloaded bytes differ from the upload');

    const result = {
      when: new Date().toISOString(),
      machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, totalMemMb: Math.round(totalmem() / MB), node: process.version },
      fileMb: FILE_MB,
      chunkMb: CHUNK_MB,
      upload: {
        totalSeconds: +(uploadMs / 1000).toFixed(2),
        mbPerSecond: +(FILE_MB / (uploadMs / 1000)).toFixed(1),
        chunkSendSeconds: +(up.sendMs / 1000).toFixed(2),
        completeSeconds: +(up.completeMs / 1000).toFixed(2),
        note: 'total includes generating random chunks and hashing them on the client',
      },
      download: { seconds: +(downloadMs / 1000).toFixed(2), mbPerSecond: +(FILE_MB / (downloadMs / 1000)).toFixed(1), verified: 'sha256 equal' },
      serverRssMb: {
        beforeWarmUp: +cold.toFixed(1),
        baseline: +baseline.toFixed(1),
        peak: +peak.toFixed(1),
        growth: +(peak - baseline).toFixed(1),
        targetGrowth: TARGET_GROWTH_MB,
      },
      pass: peak - baseline <= TARGET_GROWTH_MB,
    };
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(join(RESULTS_DIR, 'files.json'), JSON.stringify(result, null, 2) + '\n');
    console.log(JSON.stringify(result, null, 2));
    console.log(
      `\nfiles bench: upload ${result.upload.mbPerSecond} MB/s, download ${result.download.mbPerSecond} MB/s, server RSS +${result.serverRssMb.growth} MB (target ≤ ${TARGET_GROWTH_MB}) → ${result.pass ? 'PASS' : 'FAIL'}`,
    );
    if (!result.pass) process.exitCode = 1;
  } finally {
    if (sampler) clearInterval(sampler);
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
