// Socket tickets (CONTRACT.md "Signing": a websocket cannot carry the signed headers). Issued by the signed
// getSocketTicket call, bound to the caller's session and user, short-lived and single use: the socket
// route takes it out of the cache (of two concurrent uses only one finds it), so a copied or logged URL
// opens nothing. Kept in the shared cache, so a ticket from one process opens a socket on another.
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../../server/context.js';
import type { Session } from '../../../server/auth/session.js';

interface Stored {
  code: string;
  userId: number;
  /** Expiry in ms since the epoch, checked besides the cache's own time to live (clock of the issuer). */
  exp: number;
}

const key = (ticket: string) => `push-ticket:${ticket}`;

export async function issueSocketTicket(app: AppContext, session: Session, ttlSeconds: number, now: number): Promise<string> {
  const ticket = randomBytes(24).toString('hex');
  const stored: Stored = { code: session.authorizationCode, userId: session.userId, exp: now + ttlSeconds * 1000 };
  await app.cache.set(key(ticket), JSON.stringify(stored), ttlSeconds);
  return ticket;
}

/** The live session a ticket stands for, using it up; null when malformed, unknown, used, expired or its session ended. */
export async function takeSocketTicket(app: AppContext, ticket: unknown, now: number): Promise<Session | null> {
  if (typeof ticket !== 'string' || !/^[0-9a-f]{48}$/.test(ticket)) return null;
  const raw = await app.cache.take(key(ticket));
  if (!raw) return null;
  const t = JSON.parse(raw) as Stored;
  if (t.exp < now) return null;
  const session = await app.sessions.get(t.code);
  return session && session.userId === t.userId ? session : null;
}
