// Pure request-signing functions of CONTRACT.md ("Signing"). Kept free of axios and of any state so
// that the server team and the tests can check them against independent implementations.
import MD5 from 'crypto-js/md5';
import HmacSHA256 from 'crypto-js/hmac-sha256';
import Hex from 'crypto-js/enc-hex';

/** How many times appsign hashes the timestamp: derived from the timestamp's own digits. */
export function appSignRounds(timestamp: string): number {
  if (!/^\d{2,}$/.test(timestamp)) throw new Error(`timestamp must be a decimal string: ${timestamp}`);
  const d = Array.from(timestamp, (c) => Number(c));
  const L = (d[d.length - 2] % 4) + 1;
  let sum = 0;
  for (let i = 0; i < L; i++) sum += d[i];
  return (sum % 4) + 1;
}

/** Lower-case hex MD5 applied k times, starting from the timestamp string. */
export function appSign(timestamp: string): string {
  let value = timestamp;
  for (let i = appSignRounds(timestamp); i > 0; i--) value = MD5(value).toString(Hex);
  return value;
}

/** HMAC-SHA256 (hex) keyed with signKey over timestamp, randomNum, path and the exact body text. */
export function parameterSignature(signKey: string, timestamp: string, randomNum: string, path: string, body: string): string {
  const message = `${timestamp}\n${randomNum}\n${path}\n${body}`;
  return HmacSHA256(message, signKey).toString(Hex);
}

const RANDOM_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A fresh nonce from the platform CSPRNG; Math.random would make replays guessable. */
export function randomNum(length = 24): string {
  if (length < 16) throw new Error('randomNum must have at least 16 characters');
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  // 62 does not divide 256, the small bias is irrelevant for a nonce that only has to be unique.
  return Array.from(bytes, (b) => RANDOM_ALPHABET[b % RANDOM_ALPHABET.length]).join('');
}

/** The path part that is signed: no origin, no query, no fragment. */
export function signedPath(url: string): string {
  const parsed = new URL(url, 'http://signing.invalid');
  return parsed.pathname;
}
