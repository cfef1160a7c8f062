// Tickets for GET calls a browser cannot sign (a link, an <img>): bound to one user's live session
// and one purpose (e.g. "file:42"), kept at most 5 minutes (CONTRACT.md "Signing"). A route accepts them
// by declaring `config: { ticket: 'file' }`; the signature check then takes the ticket instead.
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context.js';
import type { Session } from './session.js';

export const TICKET_MAX_SECONDS = 300;

const key = (ticket: string) => `ticket:${ticket}`;

export async function issueTicket(ctx: AppContext, session: Session, purpose: string, ttlSeconds = TICKET_MAX_SECONDS): Promise<string> {
  const ticket = randomBytes(24).toString('hex');
  await ctx.cache.set(
    key(ticket),
    JSON.stringify({ code: session.authorizationCode, userId: session.userId, purpose }),
    Math.min(ttlSeconds, TICKET_MAX_SECONDS),
  );
  return ticket;
}

/** The session a ticket stands for, when it is well-formed, unexpired, for this purpose and its session still lives. */
export async function sessionForTicket(ctx: AppContext, ticket: string, purpose: string): Promise<Session | null> {
  if (!/^[0-9a-f]{48}$/.test(ticket)) return null;
  const raw = await ctx.cache.get(key(ticket));
  const t = raw ? (JSON.parse(raw) as { code: string; userId: number; purpose: string }) : null;
  if (!t || t.purpose !== purpose) return null;
  const session = await ctx.sessions.get(t.code);
  return session && session.userId === t.userId ? session : null;
}
