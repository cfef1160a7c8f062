// Live push across server processes: a frame's seq and its replay copy are written to Redis in one
// script per user (so seq order and buffer order agree), then one PUBLISH tells every process, each of
// which hands the frame to the sockets it holds. The publishing process hands its own sockets the frames
// as soon as their seqs are back, and skips its own PUBLISH when it comes round on the subscription: a
// frame to a local watcher waits for no second round trip and no parse of the batch (the auction's
// accept → frame). Two connections: a subscribed ioredis connection can run no other command.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { replayOf, type Frame, type FrameListener, type PushTransport } from './transport.js';

// KEYS: seq, buffer. ARGV: type (JSON), data (JSON), buffer ttl, buffer bound. Returns the new seq.
const APPEND = `
local seq = redis.call('INCR', KEYS[1])
local frame = '{"type":' .. ARGV[1] .. ',"seq":' .. seq .. ',"data":' .. ARGV[2] .. '}'
redis.call('RPUSH', KEYS[2], frame)
redis.call('LTRIM', KEYS[2], -tonumber(ARGV[4]), -1)
redis.call('EXPIRE', KEYS[2], ARGV[3])
return seq`;

/** One published message on the channel: the frame's type and data once, each user's seq. */
interface Fanout {
  origin: string;
  type: string;
  data: unknown;
  seqs: [number, number][];
}

/**
 * A published batch of `publishEach` is not JSON: `EACH_MARK`, the publishing process's origin and a line
 * break, then one line per frame, `userId seq text`
 * (the frame's JSON text, already numbered; JSON text holds no raw line break). A subscriber cuts the
 * lines and hands each text to the sockets as it is: no parse of the batch, no parse and re-serialise of
 * every frame (at an auction's pace that was most of a process's frame cost).
 */
const EACH_MARK = 'E ';

/** The publishing process of an EACH_MARK batch. */
export function originOf(text: string): string {
  return text.slice(EACH_MARK.length, text.indexOf('\n', EACH_MARK.length));
}

/** The frames of an EACH_MARK batch. */
export function* eachFrames(text: string): Generator<{ userId: number; seq: number; text: string }> {
  let at = text.indexOf('\n', EACH_MARK.length) + 1;
  while (at < text.length) {
    const end = text.indexOf('\n', at);
    const line = text.slice(at, end < 0 ? text.length : end);
    at = end < 0 ? text.length : end + 1;
    const a = line.indexOf(' ');
    const b = line.indexOf(' ', a + 1);
    if (a < 0 || b < 0) continue;
    yield { userId: Number(line.slice(0, a)), seq: Number(line.slice(a + 1, b)), text: line.slice(b + 1) };
  }
}

/** A batch's PUBLISH stays about this size: one huge message would stall every subscriber's parser at once. */
export const BATCH_BYTES = 1024 * 1024;

type AppendCommand = (seqKey: string, bufferKey: string, type: string, data: string, ttl: number, bound: number) => Promise<number>;

const connect = (url: string) => {
  const r = new Redis(url, { maxRetriesPerRequest: 2, connectTimeout: 2000, retryStrategy: (times) => Math.min(times * 200, 2000) });
  // Errors surface per command (publish refuses); without a listener ioredis logs every reconnect attempt.
  r.on('error', () => undefined);
  return r;
};

export class RedisTransport implements PushTransport {
  readonly kind = 'redis' as const;
  private readonly cmd: Redis;
  private readonly sub: Redis;
  private readonly listeners: FrameListener[] = [];
  private readonly channel: string;
  /** This process's mark on what it publishes (its own frames reach its sockets before the PUBLISH). */
  private readonly origin = randomBytes(8).toString('hex');

  /** `namespace` separates installations (and test databases) sharing one Redis. */
  constructor(
    url: string,
    private readonly namespace: string,
    private readonly opts: { replayFrames: number; replaySeconds: number },
  ) {
    this.cmd = connect(url);
    this.sub = connect(url);
    this.cmd.defineCommand('srmPushAppend', { numberOfKeys: 2, lua: APPEND });
    this.channel = `${namespace}frames`;
    this.sub.on('message', (channel: string, text: string) => {
      if (channel !== this.channel) return;
      if (text.startsWith(EACH_MARK)) {
        if (originOf(text) === this.origin) return;
        for (const f of eachFrames(text)) this.hand(f.userId, f.seq, f.text);
        return;
      }
      const m = JSON.parse(text) as Fanout;
      if (m.origin !== this.origin) this.handAll(m);
    });
  }

  /** One frame whose data stays text: a socket writes it as it is (hub.ts), the frame object only orders it. */
  private hand(userId: number, seq: number, text: string): void {
    const frame: Frame = { type: '', seq, data: null };
    for (const l of this.listeners) l(userId, frame, text);
  }

  private handAll(m: Fanout): void {
    for (const [userId, seq] of m.seqs) {
      const frame: Frame = { type: m.type, seq, data: m.data };
      for (const l of this.listeners) l(userId, frame);
    }
  }

  private seqKey = (userId: number) => `${this.namespace}seq:${userId}`;
  private bufferKey = (userId: number) => `${this.namespace}buf:${userId}`;

  async start(): Promise<void> {
    await this.sub.subscribe(this.channel);
  }

  async publish(userIds: readonly number[], type: string, data: unknown): Promise<void> {
    if (userIds.length === 0) return;
    const typeJson = JSON.stringify(type);
    const dataJson = JSON.stringify(data ?? null);
    const pipe = this.cmd.pipeline();
    const append = (pipe as unknown as { srmPushAppend: AppendCommand }).srmPushAppend.bind(pipe);
    for (const userId of userIds) void append(this.seqKey(userId), this.bufferKey(userId), typeJson, dataJson, this.opts.replaySeconds, this.opts.replayFrames);
    const results = (await pipe.exec()) ?? [];
    const seqs: [number, number][] = [];
    results.forEach(([err, seq], i) => {
      if (err) throw err;
      seqs.push([userIds[i], Number(seq)]);
    });
    const message: Fanout = { origin: this.origin, type, data: data ?? null, seqs };
    this.handAll(message);
    await this.cmd.publish(this.channel, JSON.stringify(message));
  }

  /** One pipeline appends every frame (seq and replay copy per user); then the numbered frames go out in
   *  PUBLISHes of about BATCH_BYTES each, in one more pipeline. */
  async publishEach(frames: readonly { userId: number; type: string; data: unknown }[]): Promise<void> {
    if (frames.length === 0) return;
    const pipe = this.cmd.pipeline();
    const append = (pipe as unknown as { srmPushAppend: AppendCommand }).srmPushAppend.bind(pipe);
    const texts = frames.map((f) => [JSON.stringify(f.type), JSON.stringify(f.data ?? null)] as const);
    frames.forEach(
      (f, i) => void append(this.seqKey(f.userId), this.bufferKey(f.userId), texts[i][0], texts[i][1], this.opts.replaySeconds, this.opts.replayFrames),
    );
    const results = (await pipe.exec()) ?? [];
    const out = this.cmd.pipeline();
    const head = `${EACH_MARK}${this.origin}\n`;
    let batch = head;
    const flush = () => {
      if (batch === head) return;
      void out.publish(this.channel, batch);
      batch = head;
    };
    for (const [err] of results) if (err) throw err;
    results.forEach(([, seq], i) => {
      // The same text the Lua script keeps for replay.
      const frame = `{"type":${texts[i][0]},"seq":${Number(seq)},"data":${texts[i][1]}}`;
      this.hand(frames[i].userId, Number(seq), frame);
      batch += `${frames[i].userId} ${Number(seq)} ${frame}\n`;
      if (batch.length >= BATCH_BYTES) flush();
    });
    flush();
    for (const [err] of (await out.exec()) ?? []) if (err) throw err;
  }

  async since(userId: number, seq: number | null) {
    const [[, last], [, items]] = (await this.cmd.multi().get(this.seqKey(userId)).lrange(this.bufferKey(userId), 0, -1).exec()) as [
      [null, string | null],
      [null, string[]],
    ];
    const buffer = seq === null ? [] : items.map((t) => JSON.parse(t) as Frame);
    return replayOf(buffer, seq, Number(last ?? 0));
  }

  onFrame(listener: FrameListener): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {
    this.sub.disconnect();
    this.cmd.disconnect();
  }
}
