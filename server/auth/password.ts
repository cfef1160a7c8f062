// Passwords are stored as scrypt (memory-hard) hashes: scrypt$N$r$p$salt$hash, all base64.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost (2^14: 16 MB, tens of milliseconds a check); a test server may lower it (setPasswordWorkFactor). */
export const DEFAULT_WORK_FACTOR = 16384;
let N = DEFAULT_WORK_FACTOR;
const R = 8;
const P = 1;
const KEYLEN = 32;

function scrypt(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFC'), salt, KEYLEN, { ...opts, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * The cost of new hashes and of the unknown-user check, for this process. Only test harnesses call it
 * (BuildOptions.passwordWorkFactor: their thousands of sign-ins spent minutes in scrypt); a stored hash
 * is always checked with the cost written in it, so a real server reads test hashes and the reverse.
 */
export function setPasswordWorkFactor(n: number): void {
  if (!Number.isInteger(n) || n < 2 || (n & (n - 1)) !== 0) throw new Error(`scrypt work factor must be a power of two, not ${n}`);
  N = n;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    // Spend the same time as a real check so that unknown users cannot be told apart by timing.
    await scrypt(password, Buffer.alloc(16), { N, r: R, p: P });
    return false;
  }
  const [, n, r, p, salt, hash] = parts;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
