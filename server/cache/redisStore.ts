import { Redis } from 'ioredis';
import type { CacheStore, KeyInfo } from './store.js';

export class RedisStore implements CacheStore {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;

  /** `namespace` keeps test runs and several deployments on one Redis apart. */
  constructor(url: string, private readonly namespace = 'srm:') {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  }
  private k(key: string) {
    return this.namespace + key;
  }
  async get(key: string) {
    return this.redis.get(this.k(key));
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
    await this.redis.quit();
  }
}
