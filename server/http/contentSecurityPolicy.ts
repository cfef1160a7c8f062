// The app's pages run no code that was not shipped as a file: script-src has no 'unsafe-eval' (forms
// validate with precompiled validators) and no 'unsafe-inline'. Styles stay inline-capable because Arco
// and glide position popups and overlays with style attributes.
import type { FastifyInstance } from 'fastify';

export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** Every HTML answer (the SPA and its fallback) carries the policy; file answers keep their own sandbox. */
export function installContentSecurityPolicy(server: FastifyInstance): void {
  server.addHook('onSend', async (_req, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) reply.header('Content-Security-Policy', APP_CSP);
    return payload;
  });
}
