// JSON bodies are kept as the exact text received: the request signature is computed over it.
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.js';

export function installJsonBody(app: FastifyInstance): void {
  app.decorateRequest('rawBody', '');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 10 * 1024 * 1024 }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    req.rawBody = text;
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest('error.bodyNotJson'), undefined);
    }
  });
}
