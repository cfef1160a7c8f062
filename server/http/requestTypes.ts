import type { Language } from '../i18n/messages.js';
import type { Session } from '../auth/session.js';
import type { BodyKind } from './jsonBody.js';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    rawBody: string;
    /** What a body parser consumed (null: no body was parsed); the signature covers exactly this. */
    bodyKind: BodyKind | null;
    session: Session | null;
  }
  interface FastifyContextConfig {
    /** This GET also accepts `?ticket=` of this kind instead of a signature (server/auth/tickets.ts). */
    ticket?: string;
    /** This POST only reads: no operation-log row (server/logs/auditHook.ts). Family routes always say. */
    reads?: boolean;
    /** Unsigned body kinds this route takes besides signed JSON (CONTRACT.md: multipart bodies are signed as empty). */
    streamBody?: ('multipart' | 'stream')[];
  }
}
export {};
