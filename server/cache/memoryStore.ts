import { globToRegExp, type CacheStore, type KeyInfo } from './store.js';

interface Entry {
  value: string;
  expiresAt: number;
}

export class MemoryStore implements CacheStore {
  readonly kind = 'memory' as const;
  private readonly map = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    // Expired entries are also dropped on read; the sweep keeps memory bounded for keys never read again (nonces).
    this.sweeper = setInterval(() => this.sweep(), 30_000);
    this.sweeper.unref();
  }

  private live(key: string): Entry | undefined {
    const e = this.map.get(key);
    if (e && e.expiresAt <= this.now()) {
      this.map.delete(key);
      return undefined;
    }
    return e;
  }
  private sweep(): void {
    const t = this.now();
    for (const [k, e] of this.map) if (e.expiresAt <= t) this.map.delete(k);
  }
  private expiry(ttlSeconds?: number): number {
    return ttlSeconds ? this.now() + ttlSeconds * 1000 : Number.POSITIVE_INFINITY;
  }

  async get(key: string) {
    return this.live(key)?.value ?? null;
  }
  async ping() {
    return true;
  }
  async take(key: string) {
    const v = this.live(key)?.value ?? null;
    this.map.delete(key);
    return v;
  }
  async set(key: string, value: string, ttlSeconds?: number) {
    this.map.set(key, { value, expiresAt: this.expiry(ttlSeconds) });
  }
  async setIfAbsent(key: string, value: string, ttlSeconds: number) {
    if (this.live(key)) return false;
    this.map.set(key, { value, expiresAt: this.expiry(ttlSeconds) });
    return true;
  }
  async getMany(keys: readonly string[]) {
    return keys.map((k) => this.live(k)?.value ?? null);
  }
  async paced(key: string, nowMs: number, perSecond: number, burst: number) {
    const interval = 1000 / perSecond;
    const tat = Math.max(Number(this.live(key)?.value ?? nowMs), nowMs);
    if (tat - nowMs > interval * (burst - 1)) return false;
    this.map.set(key, { value: String(tat + interval), expiresAt: Date.now() + (tat + interval - nowMs) + 1000 });
    return true;
  }
  async incr(key: string, ttlSeconds: number) {
    const e = this.live(key);
    const n = (e ? Number(e.value) : 0) + 1;
    this.map.set(key, { value: String(n), expiresAt: e?.expiresAt ?? this.expiry(ttlSeconds) });
    return n;
  }
  async ttl(key: string) {
    const e = this.live(key);
    if (!e) return -2;
    return Number.isFinite(e.expiresAt) ? Math.ceil((e.expiresAt - this.now()) / 1000) : -1;
  }
  async expire(key: string, ttlSeconds: number) {
    const e = this.live(key);
    if (e) e.expiresAt = this.expiry(ttlSeconds);
  }
  async del(...keys: string[]) {
    for (const k of keys) this.map.delete(k);
  }
  async keys(prefix: string) {
    return [...this.map.keys()].filter((k) => k.startsWith(prefix) && this.live(k));
  }
  async scan(pattern: string, cursor: string, count: number) {
    // Like Redis SCAN: a numeric cursor into the key order; keys added meanwhile may or may not show.
    const re = globToRegExp(pattern);
    const all = [...this.map.keys()];
    const start = Number(cursor) || 0;
    const end = Math.min(all.length, start + count);
    const keys = all.slice(start, end).filter((k) => re.test(k) && this.live(k));
    return { cursor: end >= all.length ? '0' : String(end), keys };
  }
  async inspect(key: string, maxBytes: number): Promise<KeyInfo | null> {
    const e = this.live(key);
    if (!e) return null;
    const bytes = Buffer.byteLength(e.value);
    const value = bytes > maxBytes ? Buffer.from(e.value).subarray(0, maxBytes).toString('utf8') : e.value;
    return { type: 'string', ttl: await this.ttl(key), size: bytes, value, truncated: bytes > maxBytes };
  }
  async close() {
    clearInterval(this.sweeper);
    this.map.clear();
  }
}
