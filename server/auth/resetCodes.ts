// One-time codes for a forgotten password: six digits, kept only as an HMAC in the cache store for ten
// minutes, at most five wrong tries, one code per user at a time (a new one replaces the old).
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { CacheStore } from '../cache/store.js';

export const CODE_TTL_SECONDS = 600;
export const MAX_CODE_ATTEMPTS = 5;

interface Stored {
  salt: string;
  mac: string;
  attempts: number;
  userId: number;
}

const key = (userName: string) => `reset-code:${userName.toLowerCase()}`;
const mac = (salt: string, code: string) => createHmac('sha256', salt).update(code).digest('hex');

export async function issueCode(cache: CacheStore, userName: string, userId: number): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(16).toString('hex');
  const stored: Stored = { salt, mac: mac(salt, code), attempts: 0, userId };
  await cache.set(key(userName), JSON.stringify(stored), CODE_TTL_SECONDS);
  return code;
}

/**
 * The user id the code was issued for when it matches; null otherwise. A wrong try counts; the
 * fifth wrong try, or `consume`, deletes the code.
 */
export async function checkCode(cache: CacheStore, userName: string, code: unknown, consume: boolean): Promise<number | null> {
  const raw = await cache.get(key(userName));
  if (!raw || typeof code !== 'string' || !/^\d{6}$/.test(code.trim())) {
    if (raw) await countMiss(cache, userName, JSON.parse(raw) as Stored);
    return null;
  }
  const s = JSON.parse(raw) as Stored;
  const good = timingSafeEqual(Buffer.from(mac(s.salt, code.trim()), 'hex'), Buffer.from(s.mac, 'hex'));
  if (!good) {
    await countMiss(cache, userName, s);
    return null;
  }
  if (consume) await cache.del(key(userName));
  return s.userId;
}

async function countMiss(cache: CacheStore, userName: string, s: Stored): Promise<void> {
  const attempts = s.attempts + 1;
  if (attempts >= MAX_CODE_ATTEMPTS) return cache.del(key(userName));
  const ttl = await cache.ttl(key(userName));
  await cache.set(key(userName), JSON.stringify({ ...s, attempts }), Math.max(ttl, 1));
}
