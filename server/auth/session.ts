// Sessions live in the cache store (shared by every process) and slide: each signed call renews them.
import { randomBytes } from 'node:crypto';
import type { CacheStore } from '../cache/store.js';

export interface Session {
  authorizationCode: string;
  signKey: string;
  userId: number;
  userName: string;
  userType: 'INTERNAL' | 'EXTERNAL';
  supplierId: number | null;
  createdAt: number;
}

const key = (code: string) => `session:${code}`;
const userIndex = (userId: number) => `user-sessions:${userId}`;

export class SessionStore {
  constructor(
    private readonly cache: CacheStore,
    private readonly ttlSeconds: number,
  ) {}

  async create(user: Omit<Session, 'authorizationCode' | 'signKey' | 'createdAt'>): Promise<Session> {
    const s: Session = { ...user, authorizationCode: randomBytes(24).toString('hex'), signKey: randomBytes(24).toString('hex'), createdAt: Date.now() };
    await this.cache.set(key(s.authorizationCode), JSON.stringify(s), this.ttlSeconds);
    const codes = JSON.parse((await this.cache.get(userIndex(user.userId))) ?? '[]') as string[];
    await this.cache.set(userIndex(user.userId), JSON.stringify([...codes, s.authorizationCode].slice(-50)), this.ttlSeconds);
    return s;
  }

  async get(code: string): Promise<Session | null> {
    const k = SessionStore.keyOf(code);
    return k ? SessionStore.fromText(await this.cache.get(k)) : null;
  }

  /** The cache key of a session code; null for a code that cannot be one (never looked up). */
  static keyOf(code: string): string | null {
    return /^[0-9a-f]{48}$/.test(code) ? key(code) : null;
  }

  /** A session as the cache holds it (read together with other keys: verifySignature.ts). */
  static fromText(raw: string | null): Session | null {
    return raw ? (JSON.parse(raw) as Session) : null;
  }

  /** When this process last renewed each session: a renewal within a tenth of the lifetime is skipped. */
  private readonly touched = new Map<string, number>();

  /**
   * Renews the session's lifetime. Renewed again only once a tenth of it (at most a minute) has passed
   * since this process last did: a busy client (an auction bidder, 5 calls a second) would otherwise cost
   * one cache write per call to move an expiry by milliseconds. The session may end that much earlier,
   * never later.
   */
  async touch(code: string): Promise<void> {
    const now = Date.now();
    const every = Math.min(60_000, this.ttlSeconds * 100);
    const last = this.touched.get(code);
    if (last !== undefined && now - last < every) return;
    if (this.touched.size >= 10_000) this.touched.clear();
    await this.cache.expire(key(code), this.ttlSeconds);
    this.touched.set(code, now);
  }

  async end(code: string): Promise<void> {
    await this.cache.del(key(code));
  }

  /** Ends every session of a user (disabled user, password change), except `keep` when given. */
  async endAllOf(userId: number, keep?: string): Promise<void> {
    const codes = JSON.parse((await this.cache.get(userIndex(userId))) ?? '[]') as string[];
    const ended = codes.filter((c) => c !== keep);
    await this.cache.del(...ended.map(key));
    if (keep && codes.includes(keep)) await this.cache.set(userIndex(userId), JSON.stringify([keep]), this.ttlSeconds);
    else await this.cache.del(userIndex(userId));
  }
}
