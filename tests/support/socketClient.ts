// A /srm-ws client for tests and the bench (the `ws` package: Node 20 has no global WebSocket): takes a
// ticket through the signed call, opens the socket, collects frames, and waits for conditions.
import WebSocket from 'ws';
import type { SignedClient } from './signedClient.js';

export const TICKET = 'messageServer/v1/msgReceiveRestful/getSocketTicket';

export interface Frame {
  type: string;
  seq: number;
  data: unknown;
}

export interface TestSocket {
  ws: WebSocket;
  frames: Frame[];
  /** Resolves with the close code (and reason) once the server or the client closed the socket. */
  closed: Promise<{ code: number; reason: string }>;
  /** Waits until some frame satisfies `pred` (bounded), returning it. */
  waitFor(pred: (f: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  send(value: unknown): void;
  close(): void;
}

export async function ticketOf(c: SignedClient): Promise<string> {
  const a = await c.call<{ ticket: string }>(TICKET, {});
  if (a.status !== 'S') throw new Error(`getSocketTicket: ${a.msg}`);
  return a.data.ticket;
}

export const socketUrl = (baseUrl: string, ticket: string, seq?: number) =>
  `${baseUrl.replace(/^http/, 'ws')}/srm-ws?ticket=${encodeURIComponent(ticket)}${seq === undefined ? '' : `&seq=${seq}`}`;

/** Opens a socket; rejects with `HTTP <status>` when the server refuses the upgrade. */
export function openSocket(url: string): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const frames: Frame[] = [];
    const waiters = new Set<() => void>();
    ws.on('message', (raw) => {
      frames.push(JSON.parse(raw.toString()) as Frame);
      for (const w of [...waiters]) w();
    });
    const closed = new Promise<{ code: number; reason: string }>((done) => ws.on('close', (code, reason) => done({ code, reason: reason.toString() })));
    ws.on('unexpected-response', (_req, res) => {
      reject(new Error(`HTTP ${res.statusCode}`));
      res.resume();
      ws.terminate();
    });
    ws.on('error', (err) => reject(err));
    ws.on('open', () =>
      resolve({
        ws,
        frames,
        closed,
        send: (v) => ws.send(typeof v === 'string' ? v : JSON.stringify(v)),
        close: () => ws.close(),
        waitFor: (pred, timeoutMs = 10_000) =>
          new Promise<Frame>((ok, fail) => {
            const check = () => {
              const hit = frames.find(pred);
              if (!hit) return;
              waiters.delete(check);
              clearTimeout(timer);
              ok(hit);
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no such frame within ${timeoutMs} ms; got ${JSON.stringify(frames.slice(-5))}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          }),
      }),
    );
  });
}

/** A fresh ticket and a socket for a signed-in client. */
export async function connect(c: SignedClient, seq?: number): Promise<TestSocket> {
  return openSocket(socketUrl(c.baseUrl, await ticketOf(c), seq));
}
