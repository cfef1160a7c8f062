// The listByPage cursor (`after` in, `page.after` out): the position of a page's last row in the list's
// order, for keyset paging. It is opaque to clients: base64url JSON of the order's values and a
// fingerprint of the list (entity, action, params, sort), then an HMAC of that keyed with the session's
// sign key. The HMAC tells a changed or foreign cursor (another session, another list) from a good one,
// with a clear refusal instead of a wrong page. It is not what protects rows: a position only adds
// "after this row" to the list's own filters and row rules, so even a cursor a client builds itself
// (it knows its sign key) can never show a row the list would not show (docs/decisions.md "Keyset paging").
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { EntityDefinition } from '../../meta/definitions.js';
import { badRequest } from '../errors.js';
import type { OrderKey } from './orderKeys.js';

/** Far longer than any real cursor (five sort values of at most a few hundred characters). */
const MAX_CURSOR = 4096;
const MAX_TEXT = 2000;

/** Keys sorted at every depth: the same params in another key order are the same list. */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object') {
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
    );
  }
  return v;
}

export function listFingerprint(e: EntityDefinition, action: string, params: unknown, keys: readonly OrderKey[]): string {
  const order = keys.map((k) => `${k.column} ${k.desc ? 'desc' : 'asc'}`);
  return createHash('sha256')
    .update(JSON.stringify([e.name, action, canonical(params ?? {}), order]))
    .digest('base64url')
    .slice(0, 22);
}

const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url').slice(0, 22);

export function encodeCursor(secret: string, fingerprint: string, position: readonly unknown[]): string {
  const payload = Buffer.from(JSON.stringify({ f: fingerprint, p: position }), 'utf8').toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const DECIMAL = /^-?\d{1,40}(\.\d{1,20})?$/;

/** A position value of the key's type, as the page query binds it; anything else is no position. */
function validValue(k: OrderKey, v: unknown): boolean {
  if (v === null) return k.nullable;
  switch (k.type) {
    case 'id':
    case 'integer':
      return typeof v === 'number' && Number.isSafeInteger(v);
    case 'decimal':
      return (typeof v === 'string' && DECIMAL.test(v)) || (typeof v === 'number' && Number.isFinite(v));
    case 'date':
      return typeof v === 'string' && DATE.test(v);
    case 'datetime':
      return typeof v === 'string' && DATETIME.test(v);
    default:
      return typeof v === 'string' && v.length <= MAX_TEXT;
  }
}

const refused = () => badRequest('rest.badCursor');

/** The position a cursor names, or a 400 refusal ("start the list again") for anything else. */
export function decodeCursor(secret: string, fingerprint: string, raw: unknown, keys: readonly OrderKey[]): unknown[] {
  if (typeof raw !== 'string' || raw.length > MAX_CURSOR) throw refused();
  const [payload, signature, extra] = raw.split('.');
  if (!payload || !signature || extra !== undefined) throw refused();
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused();
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  const { f, p } = (body ?? {}) as { f?: unknown; p?: unknown };
  if (f !== fingerprint || !Array.isArray(p) || p.length !== keys.length || !keys.every((k, i) => validValue(k, p[i]))) throw refused();
  return p;
}
