// Shared request plumbing of the designer's services: the session, the designer check, the body.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../server/context.js';
import { forbidden, refuse, unauthorized } from '../../../server/errors.js';
import type { Session } from '../../../server/auth/session.js';

/** The menu whose holders may use the designer, the code generator, the database browser and API management. */
export const DESIGNER_MENU = 'DESIGNER';

export type Body = Record<string, unknown>;

export function sessionOf(req: FastifyRequest): Session {
  if (!req.session) throw unauthorized('auth.noSession');
  return req.session;
}

export async function designerSession(app: AppContext, req: FastifyRequest): Promise<Session> {
  const s = sessionOf(req);
  const grants = await app.acl.grants(s);
  if (!grants.menus.has(DESIGNER_MENU)) throw forbidden('auth.forbidden');
  return s;
}

export function bodyOf(req: FastifyRequest): Body {
  return req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Body) : {};
}

export function stringArg(body: Body, key: string, max = 200): string {
  const v = body[key];
  if (typeof v !== 'string' || v.trim() === '') throw refuse('definition.argRequired', { name: key });
  if (v.length > max) throw refuse('definition.argTooLong', { name: key, max });
  return v.trim();
}

export function optionalString(body: Body, key: string, max = 500): string | null {
  const v = body[key];
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string') throw refuse('definition.argRequired', { name: key });
  if (v.length > max) throw refuse('definition.argTooLong', { name: key, max });
  return v;
}

export const baseServerPaths = (family: string): string[] => [`/api/baseServer/v1/${family}`, `/api/zuul/baseServer/v1/${family}`];
