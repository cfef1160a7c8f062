// What a module's hand-written route reads from its request: the signed-in session (401 without one) and
// the JSON body as an object ({} when absent or not an object; its fields are checked by the route).
import type { FastifyRequest } from 'fastify';
import type { Session } from '../auth/session.js';
import { unauthorized } from '../errors.js';

export function sessionOf(req: FastifyRequest): Session {
  if (!req.session) throw unauthorized('auth.noSession');
  return req.session;
}

export function bodyOf(req: FastifyRequest): Record<string, unknown> {
  return req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
}
