// The cache / nonce / rate-limit store: in memory by default, Redis when REDIS_URL is set, so that
// several server processes share sessions, nonces and limits.
export interface CacheStore {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  /** Reads and deletes in one step: of concurrent callers, only one gets the value (single-use codes). */
  take(key: string): Promise<string | null>;
  /** Sets only when absent; true when this call set it (nonce refusal, single use). */
  setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  /** Several keys in one round trip (a signed call's session and the ACL epoch), in the order asked. */
  getMany(keys: readonly string[]): Promise<(string | null)[]>;
  /**
   * A rate of `perSecond` with bursts of up to `burst` (GCRA: each allowed call moves the key's
   * "theoretical arrival time" one interval on; a call that would put it more than burst − 1 intervals
   * ahead of `nowMs` is refused and moves nothing). Unlike counting per calendar second, a caller at the
   * rate whose calls arrive unevenly (network jitter) is not refused. True when allowed.
   */
  paced(key: string, nowMs: number, perSecond: number, burst: number): Promise<boolean>;
  /** Increments a counter; the first increment starts its time to live. */
  incr(key: string, ttlSeconds: number): Promise<number>;
  ttl(key: string): Promise<number>;
  expire(key: string, ttlSeconds: number): Promise<void>;
  del(...keys: string[]): Promise<void>;
  keys(prefix: string): Promise<string[]>;
  /** One SCAN step over keys matching a glob (`*`, `?`, `[…]`); cursor "0" starts and ends (cache management). */
  scan(pattern: string, cursor: string, count: number): Promise<{ cursor: string; keys: string[] }>;
  /** Type-aware look at one key, at most `maxBytes` of value text and `maxItems` elements. */
  inspect(key: string, maxBytes: number, maxItems: number): Promise<KeyInfo | null>;
  /** Waits (bounded) for a first connection; true when connected (stores without one: absent). */
  ready?(ms?: number): Promise<boolean>;
  /** Whether the store answers now (bounded; /api/health). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface KeyInfo {
  type: 'string' | 'hash' | 'list' | 'set' | 'zset' | 'other';
  /** Seconds to live; -1 without expiry. */
  ttl: number;
  /** Bytes of a string, elements of a collection. */
  size: number;
  /** A string's text, or a collection's first elements as JSON; cut at the caps. */
  value: string;
  truncated: boolean;
}

/** Redis MATCH glob → RegExp (for the in-memory store). */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*') re += '.*';
    else if (c === '?') re += '.';
    else if (c === '\\' && i + 1 < glob.length) re += glob[++i].replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
    else if (c === '[') {
      const end = glob.indexOf(']', i + 1);
      if (end < 0) re += '\\[';
      else {
        const body = glob.slice(i + 1, end).replace(/\\/g, '\\\\');
        re += `[${body.startsWith('^') ? '^' + body.slice(1) : body}]`;
        i = end;
      }
    } else re += c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  }
  return new RegExp(`^${re}$`, 's');
}
