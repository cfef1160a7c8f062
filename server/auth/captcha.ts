// The verification image asked for after three failed sign-ins: an SVG of distorted characters,
// kept once-only in the cache store for five minutes.
import { randomBytes, randomInt } from 'node:crypto';
import type { CacheStore } from '../cache/store.js';

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const TTL = 300;

function svg(code: string): string {
  const w = 120;
  const h = 40;
  const chars = code
    .split('')
    .map((c, i) => {
      const x = 14 + i * 26 + randomInt(-3, 4);
      const y = 28 + randomInt(-4, 5);
      const rot = randomInt(-25, 26);
      const color = `hsl(${randomInt(0, 360)},60%,35%)`;
      return `<text x="${x}" y="${y}" transform="rotate(${rot} ${x} ${y})" fill="${color}" font-size="24" font-family="monospace" font-weight="bold">${c}</text>`;
    })
    .join('');
  const noise = Array.from({ length: 5 }, () => {
    const color = `hsl(${randomInt(0, 360)},50%,60%)`;
    return `<line x1="${randomInt(0, w)}" y1="${randomInt(0, h)}" x2="${randomInt(0, w)}" y2="${randomInt(0, h)}" stroke="${color}" stroke-width="1.5"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="100%" height="100%" fill="#f2f3f5"/>${noise}${chars}</svg>`;
}

export async function createCaptcha(cache: CacheStore): Promise<{ validateKey: string; image: string; code: string }> {
  const code = Array.from({ length: 4 }, () => ALPHABET[randomInt(0, ALPHABET.length)]).join('');
  const validateKey = randomBytes(16).toString('hex');
  await cache.set(`captcha:${validateKey}`, code, TTL);
  return { validateKey, code, image: `data:image/svg+xml;base64,${Buffer.from(svg(code)).toString('base64')}` };
}

/** True when the code matches; a key is used once whatever the outcome. */
export async function checkCaptcha(cache: CacheStore, validateKey: unknown, validateCode: unknown): Promise<boolean> {
  if (typeof validateKey !== 'string' || typeof validateCode !== 'string' || !/^[0-9a-f]{32}$/.test(validateKey)) return false;
  const code = await cache.get(`captcha:${validateKey}`);
  await cache.del(`captcha:${validateKey}`);
  return !!code && code.toUpperCase() === validateCode.trim().toUpperCase();
}
