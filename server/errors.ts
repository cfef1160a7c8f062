// Typed refusals. Each carries an i18n message key; the error handler turns it into the envelope
// in the request's language with the HTTP status CONTRACT.md assigns to its kind.
export type MessageParams = Record<string, string | number>;

export class AppError extends Error {
  constructor(
    readonly httpStatus: 200 | 400 | 401 | 403 | 404 | 413 | 429 | 503,
    readonly key: string,
    readonly params: MessageParams = {},
    readonly data: unknown = null,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

/** Validation, state conflict, stale version: HTTP 200, status E. */
export const refuse = (key: string, params?: MessageParams, data?: unknown) => new AppError(200, key, params, data);
export const badRequest = (key: string, params?: MessageParams) => new AppError(400, key, params);
export const unauthorized = (key: string, params?: MessageParams) => new AppError(401, key, params);
export const forbidden = (key: string, params?: MessageParams) => new AppError(403, key, params);
export const notFound = (key: string, params?: MessageParams) => new AppError(404, key, params);
export const tooMany = (key: string, params?: MessageParams) => new AppError(429, key, params);
/** Too large for this call (a body over its route's limit). */
export const tooLarge = (key: string, params?: MessageParams) => new AppError(413, key, params);
/** A service the call needs (cache, database, a worker slot) is not available now: HTTP 503, status E. */
export const unavailable = (key: string, params?: MessageParams) => new AppError(503, key, params);

/** Saturated rather than down (a full database queue): 503 with Retry-After, so clients back off. */
export class RetryLater extends AppError {
  constructor(
    key: string,
    readonly retryAfterSeconds: number,
  ) {
    super(503, key);
    this.name = 'RetryLater';
  }
}
