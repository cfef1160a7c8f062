// One hub per running server (AppContext): the /srm-ws sockets this process holds, by user, and the
// transport that numbers, keeps and fans out frames (Redis with REDIS_URL, else memory). A frame any
// process publishes reaches each socket of its users here, after the replay a reconnecting socket asked
// for, never twice and in seq order per socket.
import { createHash } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { AppContext } from '../../../server/context.js';
import type { Session } from '../../../server/auth/session.js';
import type { PushApi, UserFrame } from '../api.js';
import { MemoryTransport } from './memoryTransport.js';
import { CLOSE, pushOptionsFromEnv, type PushOptions } from './options.js';
import { RedisTransport } from './redisTransport.js';
import type { Frame, PushTransport } from './transport.js';

/** Frames the hub itself sends (not numbered per user: `seq` there is the socket's latest data seq). */
export const CONTROL_TYPES = ['hello', 'pong', 'reset'] as const;
const TYPE = /^[A-Za-z][\w.-]{0,39}$/;
/** A client that reads slower than frames come is dropped (it reconnects and replays) instead of growing memory. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** What goes on the wire for a frame: its JSON, as text or already UTF-8 (one encoding for all of a user's sockets). */
type Payload = string | Buffer;

class Connection {
  lastSent = 0;
  replaying = true;
  alive = true;
  private readonly pending: { frame: Frame; payload?: Payload }[] = [];
  private windowStart = 0;
  private inWindow = 0;

  constructor(
    readonly socket: WebSocket,
    readonly session: Session,
  ) {}

  write(frame: Frame, payload?: Payload): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.socket.close(1013, 'slow consumer');
      return;
    }
    // A text frame either way (a Buffer payload is the same JSON, encoded once for every socket of the user).
    this.socket.send(payload ?? JSON.stringify(frame), { binary: false });
  }

  deliver(frame: Frame, payload?: Payload): void {
    if (this.replaying) this.pending.push({ frame, payload });
    else if (frame.seq > this.lastSent) {
      this.lastSent = frame.seq;
      this.write(frame, payload);
    }
  }

  /** After the replay: what arrived meanwhile, in order, skipping what the replay already sent. */
  flush(): void {
    this.replaying = false;
    for (const p of this.pending.sort((a, b) => a.frame.seq - b.frame.seq)) this.deliver(p.frame, p.payload);
    this.pending.length = 0;
  }

  /** True while the client stays under the frame budget of the window. */
  count(now: number, opts: PushOptions): boolean {
    if (now - this.windowStart > opts.floodWindowMs) {
      this.windowStart = now;
      this.inWindow = 0;
    }
    this.inWindow += 1;
    return this.inWindow <= opts.floodFrames;
  }
}

export class PushHub implements PushApi {
  readonly options: PushOptions = pushOptionsFromEnv();
  /** The clock of tickets and floods (tests move it). */
  now: () => number = Date.now;
  readonly transport: PushTransport;
  private readonly sockets = new Map<number, Set<Connection>>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(private readonly app: AppContext) {
    const cfg = app.config;
    // Seqs and buffers belong to the users of one database: processes sharing it share them, test servers
    // on other databases (same user ids) never meet on a shared Redis.
    const namespace = `srm-push:${createHash('sha1')
      .update(cfg.databaseUrl ?? cfg.dataDir)
      .digest('hex')
      .slice(0, 12)}:`;
    this.transport = cfg.redisUrl ? new RedisTransport(cfg.redisUrl, namespace, this.options) : new MemoryTransport(this.options.replayFrames);
    this.transport.onFrame((userId, frame, text) => {
      const set = this.sockets.get(userId);
      if (!set) return;
      // Serialised (and, for several sockets, UTF-8 encoded) once per user, not once per socket.
      const payload = text === undefined ? JSON.stringify(frame) : text;
      const wire = set.size > 1 ? Buffer.from(payload) : payload;
      for (const c of set) c.deliver(frame, wire);
    });
  }

  async start(): Promise<void> {
    await this.transport.start();
    this.heartbeat = setInterval(() => void this.beat(), this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  async stop(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const set of this.sockets.values()) for (const c of set) c.socket.close(CLOSE.GOING_AWAY, 'server stopping');
    this.sockets.clear();
    await this.transport.close();
  }

  async publish(userIds: readonly number[], type: string, data: unknown): Promise<void> {
    if (!TYPE.test(type) || (CONTROL_TYPES as readonly string[]).includes(type)) throw new Error(`push: bad frame type "${type}"`);
    const ids = [...new Set(userIds.filter((id) => Number.isSafeInteger(id) && id > 0))];
    await this.transport.publish(ids, type, data);
  }

  async publishEach(frames: readonly UserFrame[]): Promise<void> {
    for (const f of frames)
      if (!TYPE.test(f.type) || (CONTROL_TYPES as readonly string[]).includes(f.type)) throw new Error(`push: bad frame type "${f.type}"`);
    await this.transport.publishEach(frames.filter((f) => Number.isSafeInteger(f.userId) && f.userId > 0));
  }

  /** Sockets this process holds for a user (tests, the bench). */
  connections(userId?: number): number {
    if (userId !== undefined) return this.sockets.get(userId)?.size ?? 0;
    let n = 0;
    for (const set of this.sockets.values()) n += set.size;
    return n;
  }

  /** Takes a socket whose ticket was good: replays what it missed after `lastSeq`, then streams. */
  async attach(socket: WebSocket, session: Session, lastSeq: number | null): Promise<void> {
    const c = new Connection(socket, session);
    const userId = session.userId;
    const set = this.sockets.get(userId) ?? new Set<Connection>();
    set.add(c);
    this.sockets.set(userId, set);
    socket.on('close', () => {
      set.delete(c);
      if (set.size === 0 && this.sockets.get(userId) === set) this.sockets.delete(userId);
    });
    socket.on('pong', () => {
      c.alive = true;
    });
    socket.on('message', (raw, isBinary) => this.received(c, raw.toString(), isBinary));
    const replay = await this.transport.since(userId, lastSeq);
    c.lastSent = replay.last;
    c.write({ type: 'hello', seq: replay.last, data: { heartbeatMs: this.options.heartbeatMs, replayed: replay.frames.length } });
    if (!replay.complete) c.write({ type: 'reset', seq: replay.last, data: { from: lastSeq } });
    for (const f of replay.frames) c.write(f);
    c.flush();
  }

  private received(c: Connection, text: string, isBinary: boolean): void {
    if (!c.count(this.now(), this.options)) {
      c.socket.close(CLOSE.FLOOD, 'too many frames');
      return;
    }
    if (isBinary) return;
    let type: unknown;
    try {
      type = (JSON.parse(text) as { type?: unknown }).type;
    } catch {
      return;
    }
    if (type === 'ping') {
      c.alive = true;
      c.write({ type: 'pong', seq: c.lastSent, data: { serverTime: this.now() } });
      void this.checkSession(c);
    }
  }

  private async checkSession(c: Connection): Promise<void> {
    try {
      const s = await this.app.sessions.get(c.session.authorizationCode);
      if (!s) c.socket.close(CLOSE.SESSION_ENDED, 'session ended');
    } catch {
      // The cache is away: keep the socket; the next beat asks again.
    }
  }

  /** Every heartbeat: a socket that did not answer the last ping is dropped; ended sessions close. */
  private async beat(): Promise<void> {
    for (const set of this.sockets.values())
      for (const c of set) {
        if (!c.alive) {
          c.socket.terminate();
          continue;
        }
        c.alive = false;
        c.socket.ping();
        await this.checkSession(c);
      }
  }
}

const hubs = new WeakMap<AppContext, PushHub>();

export function hubOf(app: AppContext): PushHub {
  let hub = hubs.get(app);
  if (!hub) {
    hub = new PushHub(app);
    hubs.set(app, hub);
  }
  return hub;
}
