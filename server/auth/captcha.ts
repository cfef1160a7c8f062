// The verification image asked for after three failed sign-ins, kept once-only in the cache store for
// five minutes. The characters are not in the markup: each is drawn from a hand-made stroke outline
// (GLYPHS, a 10 × 14 grid) as a <path> whose every point is scaled, rotated and jittered per character,
// among noise paths of the same kind in shuffled order, so no element, attribute or text names a
// character (docs/security.md "Captcha"). A validate key is spent by the first sign-in attempt that
// presents it, whatever the outcome (`takeCaptcha`: one atomic read-and-delete).
import { randomBytes, randomInt } from 'node:crypto';
import type { CacheStore } from '../cache/store.js';

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const TTL = 300;

type Stroke = [number, number][];

/** Stroke outlines of the alphabet on a 10 (wide) × 14 (high) grid, y downwards: points `x,y`, strokes split by `|`. */
const OUTLINES: Record<string, string> = {
  A: '0,14 5,0 10,14|2,9 8,9',
  B: '0,14 0,0 7,0 9,2 9,5 7,7 0,7|7,7 10,9 10,12 8,14 0,14',
  C: '10,2 8,0 2,0 0,2 0,12 2,14 8,14 10,12',
  D: '0,0 0,14 6,14 10,10 10,4 6,0 0,0',
  E: '10,0 0,0 0,14 10,14|0,7 7,7',
  F: '10,0 0,0 0,14|0,7 7,7',
  G: '10,2 8,0 2,0 0,2 0,12 2,14 8,14 10,12 10,8 6,8',
  H: '0,0 0,14|10,0 10,14|0,7 10,7',
  J: '10,0 10,11 7,14 3,14 0,11',
  K: '0,0 0,14|10,0 0,8|3,6 10,14',
  M: '0,14 0,0 5,8 10,0 10,14',
  N: '0,14 0,0 10,14 10,0',
  P: '0,14 0,0 8,0 10,2 10,5 8,7 0,7',
  Q: '2,0 8,0 10,2 10,12 8,14 2,14 0,12 0,2 2,0|6,10 10,14',
  R: '0,14 0,0 8,0 10,2 10,5 8,7 0,7|5,7 10,14',
  S: '10,2 8,0 2,0 0,2 0,5 2,7 8,7 10,9 10,12 8,14 2,14 0,12',
  T: '0,0 10,0|5,0 5,14',
  U: '0,0 0,12 2,14 8,14 10,12 10,0',
  V: '0,0 5,14 10,0',
  W: '0,0 2,14 5,6 8,14 10,0',
  X: '0,0 10,14|10,0 0,14',
  Y: '0,0 5,7 10,0|5,7 5,14',
  Z: '0,0 10,0 0,14 10,14',
  '2': '0,3 2,0 8,0 10,3 10,5 0,14 10,14',
  '3': '0,1 3,0 8,0 10,2 10,5 7,7 3,7|7,7 10,9 10,12 8,14 2,14 0,13',
  '4': '8,14 8,0 0,10 10,10',
  '5': '10,0 1,0 0,6 7,6 10,8 10,12 8,14 2,14 0,12',
  '6': '9,1 7,0 3,0 0,3 0,12 2,14 8,14 10,12 10,9 8,7 2,7 0,9',
  '7': '0,0 10,0 4,14',
  '8': '5,7 1,5 1,2 3,0 7,0 9,2 9,5 5,7 0,9 0,12 2,14 8,14 10,12 10,9 5,7',
  '9': '10,5 8,7 2,7 0,5 0,2 2,0 8,0 10,2 10,11 7,14 2,14 0,13',
};

export const GLYPHS: Record<string, Stroke[]> = Object.fromEntries(
  Object.entries(OUTLINES).map(([c, o]) => [c, o.split('|').map((s) => s.split(' ').map((p) => p.split(',').map(Number) as [number, number]))]),
);

const W = 120;
const H = 40;
/** A random number in [a, b) with 0.01 steps (crypto-strong). */
const rnd = (a: number, b: number) => a + randomInt(0, Math.round((b - a) * 100)) / 100;
const fmt = (n: number) => n.toFixed(1);
const color = (l: number) => `hsl(${randomInt(0, 360)},${randomInt(40, 70)}%,${l}%)`;
const path = (d: string, stroke: string, width: number) =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${fmt(width)}" stroke-linecap="round" stroke-linejoin="round"/>`;

/** One character's strokes, scaled, rotated and jittered point by point around its slot's centre. */
function glyphPath(c: string, slot: number): string {
  const scale = rnd(1.55, 1.95);
  const angle = (rnd(-25, 25) * Math.PI) / 180;
  const cx = 17 + slot * 29 + rnd(-2, 2);
  const cy = H / 2 + rnd(-3, 3);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const skew = rnd(-0.25, 0.25);
  const d = GLYPHS[c]
    .map((stroke) =>
      stroke
        .map(([gx, gy], i) => {
          const x = (gx - 5 + skew * (gy - 7)) * scale + rnd(-0.7, 0.7);
          const y = (gy - 7) * scale + rnd(-0.7, 0.7);
          return `${i === 0 ? 'M' : 'L'}${fmt(cx + x * cos - y * sin)} ${fmt(cy + x * sin + y * cos)}`;
        })
        .join(''),
    )
    .join('');
  return path(d, color(randomInt(25, 40)), rnd(1.8, 2.6));
}

/** A noise stroke: a curve or a short zigzag across the image, drawn like the characters. */
function noisePath(): string {
  const p = () => `${fmt(rnd(0, W))} ${fmt(rnd(0, H))}`;
  const d = randomInt(0, 2) === 0 ? `M${p()}Q${p()} ${p()}` : `M${p()}L${p()}L${p()}`;
  return path(d, color(randomInt(50, 72)), rnd(0.6, 1.5));
}

function shuffle<T>(xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

export function captchaSvg(code: string): string {
  const parts = shuffle([...code.split('').map((c, i) => glyphPath(c, i)), ...Array.from({ length: randomInt(6, 10) }, noisePath)]);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><rect width="100%" height="100%" fill="#f2f3f5"/>${parts.join('')}</svg>`;
}

export async function createCaptcha(cache: CacheStore): Promise<{ validateKey: string; image: string; code: string }> {
  const code = Array.from({ length: 4 }, () => ALPHABET[randomInt(0, ALPHABET.length)]).join('');
  const validateKey = randomBytes(16).toString('hex');
  await cache.set(`captcha:${validateKey}`, code, TTL);
  return { validateKey, code, image: `data:image/svg+xml;base64,${Buffer.from(captchaSvg(code)).toString('base64')}` };
}

/** The code of a validate key, spent by this call (atomic: of two concurrent callers, one gets it). */
export async function takeCaptcha(cache: CacheStore, validateKey: unknown): Promise<string | null> {
  if (typeof validateKey !== 'string' || !/^[0-9a-f]{32}$/.test(validateKey)) return null;
  return cache.take(`captcha:${validateKey}`);
}

/** True when the code matches; a key is used once whatever the outcome. */
export async function checkCaptcha(cache: CacheStore, validateKey: unknown, validateCode: unknown): Promise<boolean> {
  const code = await takeCaptcha(cache, validateKey);
  return matches(code, validateCode);
}

/** Whether a taken code matches what the user typed (case-insensitive, trimmed). */
export function matches(code: string | null, validateCode: unknown): boolean {
  return !!code && typeof validateCode === 'string' && code.toUpperCase() === validateCode.trim().toUpperCase();
}
