// The cache / nonce / rate-limit store: in memory by default, Redis when REDIS_URL is set, so that
// several server processes share sessions, nonces and limits.
export interface CacheStore {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  /** Sets only when absent; true when this call set it (nonce refusal, single use). */
  setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  /** Increments a counter; the first increment starts its time to live. */
  incr(key: string, ttlSeconds: number): Promise<number>;
  ttl(key: string): Promise<number>;
  expire(key: string, ttlSeconds: number): Promise<void>;
  del(...keys: string[]): Promise<void>;
  keys(prefix: string): Promise<string[]>;
  close(): Promise<void>;
}
