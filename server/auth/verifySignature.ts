// Refuses every /api call that is not signed by a live session as the wire contract says.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../errors.js';
import type { AppContext } from '../context.js';
import { appsign, parameterSignature, safeEqualHex } from './signing.js';
import { sessionForTicket } from './tickets.js';
import type { Session } from './session.js';
import { PUBLIC_PASSWORD_PATHS } from './passwordRoutes.js';

/** Paths reachable without a signature (CONTRACT.md: the four login calls, health and the API document). */
export const UNSIGNED_PATHS = new Set([
  '/api/baseServer/v1/baseLoginService/getPublicKey',
  '/api/baseServer/v1/baseLoginService/generateRandomValidate',
  '/api/baseServer/v1/baseLoginService/login',
  '/api/baseServer/v1/baseLoginService/logout',
  '/api/health',
  '/api/openapi.json',
  ...PUBLIC_PASSWORD_PATHS,
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
  app.addHook('preHandler', async (req) => {
    const path = req.url.split('?')[0];
    if (!path.startsWith('/api/') || UNSIGNED_PATHS.has(unzuul(path))) return;
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
    const session = await ctx.sessions.get(header(req, 'AuthorizationCode'));
    if (!session) throw unauthorized('auth.noSession');
    const timestamp = header(req, 'timestamp');
    const randomNum = header(req, 'randomNum');
    if (!/^\d{13}$/.test(timestamp) || Math.abs(Date.now() - Number(timestamp)) > ctx.config.signatureWindowSeconds * 1000) {
      throw unauthorized('auth.staleTimestamp');
    }
    if (randomNum.length < 16 || randomNum.length > 128) throw unauthorized('auth.badSignature');
    if (!safeEqualHex(header(req, 'appsign'), appsign(timestamp))) throw unauthorized('auth.badSignature');
    const isJson = (req.headers['content-type'] ?? '').startsWith('application/json');
    const body = req.method === 'GET' || !isJson ? '' : req.rawBody;
    const expected = parameterSignature(session.signKey, timestamp, randomNum, path, body);
    if (!safeEqualHex(header(req, 'parameterSignature'), expected)) throw unauthorized('auth.badSignature');
    // Remembered a little longer than the clock window, so a replay inside the window always meets it.
    const fresh = await ctx.cache.setIfAbsent(`nonce:${session.authorizationCode}:${randomNum}`, '1', ctx.config.signatureWindowSeconds * 2 + 10);
    if (!fresh) throw unauthorized('auth.replay');
    await assertActive(ctx, session);
    await ctx.sessions.touch(session.authorizationCode);
    req.session = session;
  });
}

/** A disabled (or deleted) user's sessions end on their very next request. */
async function assertActive(ctx: AppContext, session: Session): Promise<void> {
  if ((await ctx.acl.grants(session)).active) return;
  await ctx.sessions.endAllOf(session.userId);
  throw unauthorized('auth.accountDisabled');
}
