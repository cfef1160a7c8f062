// Typed refusals. Each carries an i18n message key; the error handler turns it into the envelope
// in the request's language with the HTTP status CONTRACT.md assigns to its kind.
export type MessageParams = Record<string, string | number>;

export class AppError extends Error {
  constructor(
    readonly httpStatus: 200 | 400 | 401 | 403 | 404 | 429,
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
