import type { Language } from '../i18n/messages.js';
import type { Session } from '../auth/session.js';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    rawBody: string;
    session: Session | null;
  }
  interface FastifyContextConfig {
    /** This GET also accepts `?ticket=` of this kind instead of a signature (server/auth/tickets.ts). */
    ticket?: string;
    /** This POST only reads: no operation-log row (server/logs/auditHook.ts). Family routes always say. */
    reads?: boolean;
  }
}
export {};
