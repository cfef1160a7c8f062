import { Redis } from 'ioredis';
import { unavailable } from '../errors.js';
import type { CacheStore, KeyInfo } from './store.js';

// paced() in one script (store.ts). KEYS: the key. ARGV: now (ms), interval (ms), burst. The key holds the
// theoretical arrival time and lives until it has passed.
const PACED = `
local now = tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local tat = math.max(tonumber(redis.call('GET', KEYS[1]) or now), now)
if tat - now > interval * (tonumber(ARGV[3]) - 1) then return 0 end
redis.call('SET', KEYS[1], tostring(tat + interval), 'PX', math.ceil(tat + interval - now) + 1000)
return 1`;
type Paced = (key: string, nowMs: number, intervalMs: number, burst: number) => Promise<number>;

/** How long one Redis command may take before the call fails (503) instead of waiting. */
const COMMAND_TIMEOUT_MS = 1500;

// Redis going away must not hang every call: no offline queue (a command while disconnected fails at
// once), a bounded command time, one retry; the client reconnects in the background. Every failure
// becomes a 503 "cache unavailable" in the caller's language — and never a skipped check: a session,
// nonce or limit that cannot be read refuses the call (fail closed). docs/security.md "Outages".
export class RedisStore implements CacheStore {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;

  /** `namespace` keeps test runs and several deployments on one Redis apart. */
  constructor(
    url: string,
    private readonly namespace = 'srm:',
  ) {
    this.redis = new Redis(url, {
      lazyConnect: false,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: 2000,
      retryStrategy: (times) => Math.min(times * 200, 2000),
      // No auto-pipelining: it saves a write per command, but keeps one pipeline in flight per connection,
      // so under load every command waits for the previous batch's round trip (the auction bench: p99
      // accept → frame 555 → 920 ms, last-500-ms bids accepted 160 → 48 of 200). Plain commands pipeline
      // on the socket by themselves.
    });
    this.redis.defineCommand('pacedScript', { numberOfKeys: 1, lua: PACED });
    // Connection errors are reported per command; without a listener ioredis would log each retry.
    this.redis.on('error', () => undefined);
    return new Proxy(this, {
      get(target, prop, receiver) {
        const v = Reflect.get(target, prop, receiver) as unknown;
        if (typeof v !== 'function' || prop === 'constructor' || prop === 'close' || prop === 'k' || prop === 'ready' || prop === 'ping') return v;
        return async (...args: unknown[]) => {
          try {
            return await (v as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          } catch {
            throw unavailable('error.cacheDown');
          }
        };
      },
    });
  }
  /** Waits (at most `ms`) for the first connection, so that start-up commands meet a ready client. */
  async ready(ms = 5000): Promise<boolean> {
    if (this.redis.status === 'ready') return true;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => done(false), ms);
      const done = (v: boolean) => {
        clearTimeout(timer);
        this.redis.off('ready', onReady);
        resolve(v);
      };
      const onReady = () => done(true);
      this.redis.once('ready', onReady);
    });
  }
  /** A bounded PING (health). */
  async ping(): Promise<boolean> {
    if (this.redis.status !== 'ready') return false;
    try {
      return (await this.redis.ping()) === 'PONG';
    } catch {
      return false;
    }
  }
  private k(key: string) {
    return this.namespace + key;
  }
  async get(key: string) {
    return this.redis.get(this.k(key));
  }
  async getMany(keys: readonly string[]) {
    return keys.length ? this.redis.mget(keys.map((k) => this.k(k))) : [];
  }
  async paced(key: string, nowMs: number, perSecond: number, burst: number) {
    return (await (this.redis as unknown as { pacedScript: Paced }).pacedScript(this.k(key), nowMs, 1000 / perSecond, burst)) === 1;
  }
  async take(key: string) {
    // GET + DEL in one MULTI: atomic on every Redis version (GETDEL needs 6.2).
    const [[, value]] = (await this.redis.multi().get(this.k(key)).del(this.k(key)).exec()) as [[null, string | null], [null, number]];
    return value;
  }
  async set(key: string, value: string, ttlSeconds?: number) {
    if (ttlSeconds) await this.redis.set(this.k(key), value, 'EX', ttlSeconds);
    else await this.redis.set(this.k(key), value);
  }
  async setIfAbsent(key: string, value: string, ttlSeconds: number) {
    return (await this.redis.set(this.k(key), value, 'EX', ttlSeconds, 'NX')) === 'OK';
  }
  async incr(key: string, ttlSeconds: number) {
    const [[, n]] = (await this.redis.multi().incr(this.k(key)).expire(this.k(key), ttlSeconds, 'NX').exec()) as [[null, number]];
    return n;
  }
  async ttl(key: string) {
    return this.redis.ttl(this.k(key));
  }
  async expire(key: string, ttlSeconds: number) {
    await this.redis.expire(this.k(key), ttlSeconds);
  }
  async del(...keys: string[]) {
    if (keys.length) await this.redis.del(...keys.map((k) => this.k(k)));
  }
  async keys(prefix: string) {
    const out: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await this.redis.scan(cursor, 'MATCH', `${this.k(prefix)}*`, 'COUNT', 500);
      cursor = next;
      out.push(...batch.map((b) => b.slice(this.namespace.length)));
    } while (cursor !== '0');
    return out;
  }
  async scan(pattern: string, cursor: string, count: number) {
    // SCAN, never KEYS: one bounded step; only this store's namespace is ever visible.
    const [next, batch] = await this.redis.scan(cursor, 'MATCH', this.k(pattern), 'COUNT', count);
    return { cursor: next, keys: batch.map((b) => b.slice(this.namespace.length)) };
  }
  async inspect(key: string, maxBytes: number, maxItems: number): Promise<KeyInfo | null> {
    const k = this.k(key);
    const type = await this.redis.type(k);
    if (type === 'none') return null;
    const ttl = await this.redis.ttl(k);
    const cut = (text: string) => {
      const bytes = Buffer.byteLength(text);
      return bytes > maxBytes ? { value: Buffer.from(text).subarray(0, maxBytes).toString('utf8'), truncated: true } : { value: text, truncated: false };
    };
    if (type === 'string') {
      const size = await this.redis.strlen(k);
      const text = await this.redis.getrange(k, 0, maxBytes - 1);
      return { type, ttl, size, value: text, truncated: size > maxBytes };
    }
    const n = maxItems - 1;
    if (type === 'hash') {
      const size = await this.redis.hlen(k);
      const [, flat] = await this.redis.hscan(k, '0', 'COUNT', maxItems);
      const obj: Record<string, string> = {};
      for (let i = 0; i + 1 < flat.length && i / 2 < maxItems; i += 2) obj[flat[i]] = flat[i + 1];
      const c = cut(JSON.stringify(obj));
      return { type, ttl, size, ...c, truncated: c.truncated || size > Object.keys(obj).length };
    }
    if (type === 'list') {
      const size = await this.redis.llen(k);
      const c = cut(JSON.stringify(await this.redis.lrange(k, 0, n)));
      return { type, ttl, size, ...c, truncated: c.truncated || size > maxItems };
    }
    if (type === 'set') {
      const size = await this.redis.scard(k);
      const [, members] = await this.redis.sscan(k, '0', 'COUNT', maxItems);
      const c = cut(JSON.stringify(members.slice(0, maxItems)));
      return { type, ttl, size, ...c, truncated: c.truncated || size > Math.min(members.length, maxItems) };
    }
    if (type === 'zset') {
      const size = await this.redis.zcard(k);
      const c = cut(JSON.stringify(await this.redis.zrange(k, '0', String(n), 'WITHSCORES')));
      return { type, ttl, size, ...c, truncated: c.truncated || size > maxItems };
    }
    return { type: 'other', ttl, size: 0, value: '', truncated: false };
  }
  async close() {
    // quit() waits for a reply that a Redis gone away never sends.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}
