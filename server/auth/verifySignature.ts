// Refuses every /api call that is not signed by a live session as the wire contract says.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, unauthorized } from '../errors.js';
import type { AppContext } from '../context.js';
import { appsign, parameterSignature, safeEqualHex } from './signing.js';
import { sessionForTicket } from './tickets.js';
import { SessionStore, type Session } from './session.js';
import { EPOCH_KEY } from '../acl/acl.js';

/** Paths reachable without a signature (CONTRACT.md: the four login calls, health and the API document);
 *  modules add their public pages' calls (the password reset by code: admin's publicPaths). */
export const UNSIGNED_PATHS = new Set([
  '/api/baseServer/v1/baseLoginService/getPublicKey',
  '/api/baseServer/v1/baseLoginService/generateRandomValidate',
  '/api/baseServer/v1/baseLoginService/login',
  '/api/baseServer/v1/baseLoginService/logout',
  '/api/health',
  '/api/openapi.json',
]);

function header(req: FastifyRequest, name: string): string {
  const v = req.headers[name.toLowerCase()];
  return (Array.isArray(v) ? v[0] : v) ?? '';
}

export function unzuul(path: string): string {
  return path.startsWith('/api/zuul/') ? '/api/' + path.slice('/api/zuul/'.length) : path;
}

export function installSignatureCheck(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('session', null);
  // Public pages' calls that modules declare (ModuleRegistry.publicPaths).
  const modulePublic = new Set(ctx.modules.publicPaths);
  app.addHook('preHandler', async (req) => {
    const path = req.url.split('?')[0];
    if (!path.startsWith('/api/') || UNSIGNED_PATHS.has(unzuul(path)) || modulePublic.has(unzuul(path))) return;
    // A GET route that accepts tickets (a download opened as a link) takes one instead of a signature.
    const ticketKind = req.routeOptions.config?.ticket;
    const query = (req.query ?? {}) as Record<string, unknown>;
    if (req.method === 'GET' && ticketKind && query.ticket !== undefined) {
      const session = await sessionForTicket(ctx, String(query.ticket), `${ticketKind}:${String(query.id ?? '')}`);
      if (!session) throw unauthorized('auth.badTicket');
      await assertActive(ctx, session);
      req.session = session;
      return;
    }
    const code = header(req, 'AuthorizationCode');
    const sessionKey = SessionStore.keyOf(code);
    if (!sessionKey) throw unauthorized('auth.noSession');
    const timestamp = header(req, 'timestamp');
    const randomNum = header(req, 'randomNum');
    // The session and the ACL epoch in one round trip (the grants then need no read of their own).
    const [stored, epoch] = await ctx.cache.getMany([sessionKey, EPOCH_KEY]);
    const session = SessionStore.fromText(stored);
    if (!session) throw unauthorized('auth.noSession');
    ctx.acl.primeEpoch(session, epoch);
    if (!/^\d{13}$/.test(timestamp) || Math.abs(Date.now() - Number(timestamp)) > ctx.config.signatureWindowSeconds * 1000) {
      throw unauthorized('auth.staleTimestamp');
    }
    if (randomNum.length < 16 || randomNum.length > 128) throw unauthorized('auth.badSignature');
    if (!safeEqualHex(header(req, 'appsign'), appsign(timestamp))) throw unauthorized('auth.badSignature');
    const body = signedBody(req);
    const expected = parameterSignature(session.signKey, timestamp, randomNum, path, body);
    if (!safeEqualHex(header(req, 'parameterSignature'), expected)) throw unauthorized('auth.badSignature');
    // Claimed only once the signature holds: a tampered copy must not use up the real call's randomNum.
    // Remembered a little longer than the clock window, so a replay inside the window always meets it.
    const fresh = await ctx.cache.setIfAbsent(`nonce:${session.authorizationCode}:${randomNum}`, '1', ctx.config.signatureWindowSeconds * 2 + 10);
    if (!fresh) throw unauthorized('auth.replay');
    await assertActive(ctx, session);
    await ctx.sessions.touch(session.authorizationCode);
    req.session = session;
  });
}

/**
 * The text the signature must cover, from what the body parser consumed (not from the header): a JSON
 * body's exact text; nothing for no body. A multipart or raw stream body is signed as empty (CONTRACT.md)
 * and so is taken only by the routes that declare it (`config.streamBody`); any other call carrying
 * one is refused, so no body a handler reads escapes the signature.
 */
export function signedBody(req: FastifyRequest): string {
  const multipart = typeof req.isMultipart === 'function' && req.isMultipart();
  const kind = req.bodyKind ?? (multipart ? 'multipart' : null);
  if (kind === 'json') return req.rawBody;
  if (kind === 'multipart' || kind === 'stream') {
    if (!req.routeOptions.config?.streamBody?.includes(kind)) throw badRequest('error.unsupportedBody');
    return '';
  }
  return '';
}

/** A disabled (or deleted) user's sessions end on their very next request. */
async function assertActive(ctx: AppContext, session: Session): Promise<void> {
  if ((await ctx.acl.grants(session)).active) return;
  await ctx.sessions.endAllOf(session.userId);
  throw unauthorized('auth.accountDisabled');
}
