// Request signing exactly as the wire contract defines it.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export function appsign(timestamp: string): string {
  const d = timestamp.split('').map(Number);
  const L = (d[d.length - 2] % 4) + 1;
  let sum = 0;
  for (let i = 0; i < L; i++) sum += d[i];
  const k = (sum % 4) + 1;
  let v = timestamp;
  for (let i = 0; i < k; i++) v = createHash('md5').update(v, 'utf8').digest('hex');
  return v;
}

export function parameterSignature(signKey: string, timestamp: string, randomNum: string, path: string, body: string): string {
  return createHmac('sha256', Buffer.from(signKey, 'utf8')).update(`${timestamp}\n${randomNum}\n${path}\n${body}`, 'utf8').digest('hex');
}

export function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}
