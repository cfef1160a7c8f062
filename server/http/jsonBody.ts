// JSON bodies are kept as the exact text received: the request signature is computed over it.
// This is the only body parser of the root context (Fastify's defaults, text/plain among them, are
// removed): a body of any other type is refused before a handler runs, unless a route's context adds a
// parser for it (multipart uploads, raw chunks) and the route says it takes one (`config.streamBody`).
// Each parser records what it consumed (`req.bodyKind`), and the signature check (verifySignature.ts)
// decides from that record alone what the signature must cover — never from the header text, whose
// media type Fastify compares case-insensitively and without its parameters.
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.js';

export type BodyKind = 'json' | 'multipart' | 'stream';

/** The longest text any field takes (a `text` field's default length): no string of a body may be longer. */
export const MAX_TEXT_CHARS = 1_000_000;
const MAX_DEPTH = 64;

/**
 * Every string of a parsed body, keys included, checked before any handler works with it: no NUL
 * (PostgreSQL cannot store it and no form means it), none longer than MAX_TEXT_CHARS; nesting at most
 * MAX_DEPTH. One pass with an explicit stack. Refusals are 400 in the caller's language.
 */
export function checkBodyText(value: unknown): void {
  const stack: [unknown, number][] = [[value, 0]];
  const text = (s: string) => {
    if (s.length > MAX_TEXT_CHARS) throw badRequest('error.textTooLong', { max: MAX_TEXT_CHARS });
    if (s.includes('\u0000')) throw badRequest('error.nulInText');
  };
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') text(v);
    else if (v !== null && typeof v === 'object') {
      if (depth >= MAX_DEPTH) throw badRequest('error.malformed', { detail: `nesting deeper than ${MAX_DEPTH}` });
      if (Array.isArray(v)) for (const x of v) stack.push([x, depth + 1]);
      else
        for (const [k, x] of Object.entries(v)) {
          text(k);
          stack.push([x, depth + 1]);
        }
    }
  }
}

export function installJsonBody(app: FastifyInstance): void {
  app.decorateRequest('rawBody', '');
  app.decorateRequest('bodyKind', null);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 10 * 1024 * 1024 }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    req.bodyKind = 'json';
    req.rawBody = text;
    if (text.trim() === '') return done(null, {});
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(badRequest('error.bodyNotJson'), undefined);
    }
    try {
      checkBodyText(parsed);
    } catch (err) {
      return done(err as Error, undefined);
    }
    done(null, parsed);
  });
}
