import { Redis } from 'ioredis';
import type { CacheStore } from './store.js';

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
  async close() {
    await this.redis.quit();
  }
}
