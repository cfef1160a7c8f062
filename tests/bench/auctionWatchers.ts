// The auction bench's 500 watchers, in a worker thread of their own (started through the sandbox's
// bootstrap, server/worker/bootstrap.mjs, which registers tsx). In the bench's main thread the 200 bidders'
// signed calls held each frame in the queue for up to 200 ms before it was stamped, which the figure then
// charged to the server; the watchers stand for 500 other people's browsers, so they get their own loop.
//
// Protocol (main ↔ worker): the worker opens every socket and posts `opened`; `watch {auctionId}` starts
// keeping that auction's frames (and forgets the earlier ones); `dump` answers what was kept; `stop` closes
// the sockets and ends the task.
import { parentPort, Worker } from 'node:worker_threads';
import WebSocket from 'ws';
import type { Received } from './auctionBenchData.js';

export type ToWatchers = { type: 'watch'; auctionId: number } | { type: 'dump' } | { type: 'stop' };
export type FromWatchers = { type: 'opened'; sockets: number } | { type: 'dump'; watchers: Received[]; leads: { logSeq: number; lead: number | null }[] };

interface Frame {
  type: string;
  data?: { auctionId?: number; logSeq?: number; leadPrice?: number | null };
}

const wallNow = () => performance.timeOrigin + performance.now();

/** Runs in the worker: `urls[0]` is the buyer's socket (its frames carry the lead price). */
export async function runWatchers(input: { urls: string[] }): Promise<null> {
  const port = parentPort!;
  let auctionId = 0;
  const got: Received[] = input.urls.map(() => ({ at: [], logSeq: [] }));
  const leads: { logSeq: number; lead: number | null }[] = [];
  const sockets: WebSocket[] = [];
  const open = (url: string, i: number) =>
    new Promise<void>((ok, fail) => {
      const ws = new WebSocket(url);
      sockets.push(ws);
      ws.on('message', (raw) => {
        const at = wallNow();
        const f = JSON.parse(raw.toString()) as Frame;
        if (f.type !== 'auction' || Number(f.data?.auctionId) !== auctionId) return;
        const logSeq = Number(f.data?.logSeq ?? 0);
        got[i].at.push(at);
        got[i].logSeq.push(logSeq);
        if (i === 0) leads.push({ logSeq, lead: f.data?.leadPrice ?? null });
      });
      ws.once('open', () => ok());
      ws.once('error', fail);
    });
  for (let i = 0; i < input.urls.length; i += 25) await Promise.all(input.urls.slice(i, i + 25).map((u, j) => open(u, i + j)));
  port.postMessage({ type: 'opened', sockets: sockets.length } satisfies FromWatchers);
  await new Promise<void>((done) => {
    port.on('message', (m: ToWatchers) => {
      if (m.type === 'watch') {
        auctionId = m.auctionId;
        for (const w of got) [w.at, w.logSeq] = [[], []];
        leads.length = 0;
      } else if (m.type === 'dump') port.postMessage({ type: 'dump', watchers: got, leads } satisfies FromWatchers);
      else {
        for (const ws of sockets) ws.terminate();
        port.removeAllListeners('message');
        done();
      }
    });
  });
  return null;
}

/** The main thread's side: starts the worker, answers once every socket is open. */
export async function startWatchers(urls: string[]) {
  const worker = new Worker(new URL('../../server/worker/bootstrap.mjs', import.meta.url), {
    workerData: { module: new URL('./auctionWatchers.ts', import.meta.url).href, export: 'runWatchers', input: { urls } },
  });
  const next = <T extends FromWatchers['type']>(type: T) =>
    new Promise<Extract<FromWatchers, { type: T }>>((ok, fail) => {
      const onMessage = (m: FromWatchers | { failure: string }) => {
        if ('failure' in m) return fail(new Error(`watchers: ${m.failure}`));
        if (m.type !== type) return;
        worker.off('message', onMessage);
        ok(m as Extract<FromWatchers, { type: T }>);
      };
      worker.on('message', onMessage);
      worker.once('error', fail);
    });
  const send = (m: ToWatchers) => worker.postMessage(m);
  const opened = await next('opened');
  return {
    sockets: opened.sockets,
    watch: (auctionId: number) => send({ type: 'watch', auctionId }),
    dump: async () => {
      const answer = next('dump');
      send({ type: 'dump' });
      return answer;
    },
    // The worker's task answers once its sockets are closed; the thread itself is ended here (the sandbox
    // bootstrap leaves that to its parent: waiting for it to exit alone hung the bench after its figures).
    stop: async () => {
      const answered = new Promise((ok) => worker.once('message', ok));
      send({ type: 'stop' });
      await answered;
      await worker.terminate();
    },
  };
}
