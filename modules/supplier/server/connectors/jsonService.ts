// One call to a third-party JSON service (the business-information service's risk signals and company
// data, the licence recogniser): the API key header, the timeout, the answer parsed into its agreed shape
// or the failure named, and the duration. The callers keep their own result shapes and words; this is the
// HTTP part they share, so a timeout or an unreadable answer reads the same in every interface log.

export type ServiceFailure = 'timeout' | 'down' | 'unreadable';

export type ServiceAnswer<T, F extends string> =
  | { ok: true; httpStatus: number; durationMs: number; value: T }
  | { ok: false; failure: ServiceFailure | F; httpStatus: number | null; message: string; durationMs: number };

export interface ServiceRequest<F extends string> {
  url: URL;
  /** Sent as `X-Api-Key` when not empty. */
  key: string;
  timeoutMs: number;
  /** A POST of these bytes; without it a GET. */
  body?: { bytes: Buffer; contentType: string };
  /** HTTP statuses that mean something of their own (404: unknown company; 422: not a licence). */
  statusFailures?: Partial<Record<number, F>>;
}

export async function callJsonService<T, F extends string = never>(req: ServiceRequest<F>, parse: (json: unknown) => T | null): Promise<ServiceAnswer<T, F>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (req.key) headers['x-api-key'] = req.key;
  if (req.body) headers['content-type'] = req.body.contentType;
  const started = performance.now();
  const failed = (failure: ServiceFailure | F, httpStatus: number | null, message: string): ServiceAnswer<T, F> => ({
    ok: false,
    failure,
    httpStatus,
    message: message.slice(0, 400),
    durationMs: Math.round(performance.now() - started),
  });
  try {
    const res = await fetch(req.url, {
      method: req.body ? 'POST' : 'GET',
      headers,
      ...(req.body ? { body: new Uint8Array(req.body.bytes) } : {}),
      signal: AbortSignal.timeout(req.timeoutMs),
    });
    const text = await res.text();
    const own = req.statusFailures?.[res.status];
    if (own) return failed(own, res.status, text || res.statusText);
    if (!res.ok) return failed('down', res.status, text || res.statusText);
    let value: T | null = null;
    try {
      value = parse(JSON.parse(text));
    } catch {
      value = null;
    }
    if (value === null) return failed('unreadable', res.status, `unreadable answer: ${text.slice(0, 300)}`);
    return { ok: true, httpStatus: res.status, durationMs: Math.round(performance.now() - started), value };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    if (e.name === 'TimeoutError') return failed('timeout', null, `timeout after ${req.timeoutMs} ms`);
    return failed('down', null, String(e.cause?.code ?? e.message));
  }
}
