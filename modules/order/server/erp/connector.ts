// The outbound ERP connector: one document pushed, one result. The interface lets a site plug another
// transport (a message queue, a vendor SDK); the shipped one is HTTP, configured by system settings
// (profiles) so an administrator changes the target without a restart:
//   SRM_ERP_URL (STRING, empty: the connector is off and documents wait), SRM_ERP_SECRET (STRING: the
//   HMAC-SHA256 key of the `X-SRM-Signature: sha256=<hex>` header over the exact body), SRM_ERP_TIMEOUT_MS
//   (NUMBER, default 10000). The environment variables of the same names are the fallback.
import { createHmac } from 'node:crypto';
import type { AppContext } from '../../../../server/context.js';

export interface ErpDocument {
  /** The outbox row: the receiver's idempotency key (a retried document carries the same id). */
  outboxId: number;
  eventType: string;
  documentNumber: string;
  payload: string;
}

export interface ErpResult {
  ok: boolean;
  /** The HTTP status, null when no answer came (refused, timed out). */
  httpStatus: number | null;
  /** The answer's start or the error. */
  message: string;
  durationMs: number;
}

export interface ErpConnector {
  /** Where documents go (shown in the interface log); null when the connector is not configured. */
  readonly target: string | null;
  push(doc: ErpDocument): Promise<ErpResult>;
}

export interface HttpErpSettings {
  url: string;
  secret: string;
  timeoutMs: number;
}

export const signBody = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

export class HttpErpConnector implements ErpConnector {
  constructor(private readonly s: HttpErpSettings) {}

  get target(): string {
    return this.s.url;
  }

  async push(doc: ErpDocument): Promise<ErpResult> {
    const body = doc.payload;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-srm-event': doc.eventType,
      'x-srm-delivery': String(doc.outboxId),
    };
    if (this.s.secret) headers['x-srm-signature'] = signBody(this.s.secret, body);
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    try {
      const res = await fetch(this.s.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(this.s.timeoutMs) });
      const text = (await res.text()).slice(0, 400);
      return { ok: res.ok, httpStatus: res.status, message: text || res.statusText, durationMs: took() };
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      const why = e.name === 'TimeoutError' ? `timeout after ${this.s.timeoutMs} ms` : (e.cause?.code ?? e.message);
      return { ok: false, httpStatus: null, message: String(why).slice(0, 400), durationMs: took() };
    }
  }
}

async function setting(app: AppContext, code: string, fallback: string): Promise<string> {
  const v = await app.profiles.getProfile(code, null);
  return v === null || v === '' ? (process.env[code] ?? fallback) : String(v);
}

/** The connector the current settings describe (read per run: a changed setting applies at once). */
export async function erpConnector(app: AppContext): Promise<ErpConnector> {
  const url = await setting(app, 'SRM_ERP_URL', '');
  if (!url) return { target: null, push: async () => ({ ok: false, httpStatus: null, message: 'not configured', durationMs: 0 }) };
  const timeoutMs = Number(await setting(app, 'SRM_ERP_TIMEOUT_MS', '10000')) || 10000;
  return new HttpErpConnector({ url, secret: await setting(app, 'SRM_ERP_SECRET', ''), timeoutMs });
}

/** Backoff base and attempt limit (profiles SRM_ERP_RETRY_SECONDS, default 60; SRM_ERP_MAX_ATTEMPTS, default 6). */
export async function retryPolicy(app: AppContext): Promise<{ baseSeconds: number; maxAttempts: number }> {
  const baseSeconds = Math.max(1, Number(await setting(app, 'SRM_ERP_RETRY_SECONDS', '60')) || 60);
  const maxAttempts = Math.max(1, Number(await setting(app, 'SRM_ERP_MAX_ATTEMPTS', '6')) || 6);
  return { baseSeconds, maxAttempts };
}
