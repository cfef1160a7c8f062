// Every failure leaves as the envelope, in the request's language, never with a stack trace or SQL.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, RetryLater } from '../errors.js';
import { message } from '../i18n/messages.js';
import { isDatabaseDown } from '../db/connect.js';

/** `spa`: unknown GET paths outside /api get the front end's index.html (client-side routes). */
export function installErrorHandler(app: FastifyInstance, spa = false): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, req: FastifyRequest, reply: FastifyReply) => {
    const lang = req.lang ?? 'CN';
    if (err instanceof AppError) {
      if (err instanceof RetryLater) reply.header('Retry-After', String(err.retryAfterSeconds));
      return reply.code(err.httpStatus).send({ status: 'E', msg: message(lang, err.key, err.params), data: err.data });
    }
    const fe = err as FastifyError;
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.code(400).send({ status: 'E', msg: message(lang, 'error.unsupportedBody'), data: null });
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = Math.max(1, Math.floor((req.routeOptions.bodyLimit ?? 0) / 1024));
      return reply.code(413).send({ status: 'E', msg: message(lang, 'error.bodyTooLarge', { limit }), data: null });
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      const key = fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.name === 'SyntaxError' ? 'error.bodyNotJson' : 'error.malformed';
      return reply.code(fe.statusCode === 413 ? 413 : 400).send({ status: 'E', msg: message(lang, key, { detail: fe.code ?? 'bad request' }), data: null });
    }
    // The database unreachable: 503 with a clear message, not a generic 500 (docs/security.md "Outages").
    if (isDatabaseDown(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply.code(503).send({ status: 'E', msg: message(lang, 'error.databaseDown'), data: null });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ status: 'E', msg: message(lang, 'error.internal'), data: null });
  });
  app.setNotFoundHandler((req, reply) => {
    // A missing asset (an old hashed bundle name) must stay a 404, not become the app's HTML.
    if (spa && req.method === 'GET' && !req.url.startsWith('/api/') && !req.url.startsWith('/assets/')) {
      // The designer is its own page (designer/index.html): /designer and its client routes get it.
      const page = /^\/designer(\/|\?|$)/.test(req.url) ? 'designer/index.html' : 'index.html';
      return reply.header('Cache-Control', 'no-cache').sendFile(page);
    }
    return reply.code(404).send({ status: 'E', msg: message(req.lang ?? 'CN', 'error.notFoundRoute', { path: req.url.split('?')[0] }), data: null });
  });
}
