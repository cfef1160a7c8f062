// The signed axios client of CONTRACT.md. The body is serialised once; that exact string is both
// signed and sent (axios' own transformRequest is disabled so it cannot re-serialise it).
import axios, { type AxiosAdapter, type AxiosInstance, type AxiosResponse } from 'axios';
import { ApiError, type DownloadOptions, type DownloadResult, type Envelope, type Language, type TransferOptions } from '../env';
import { parseErrorText } from '../attachments/rules';
import { appSign, parameterSignature, randomNum, signedPath } from './signing';

export interface SessionCredentials {
  authorizationCode: string;
  signKey: string;
  gatewayTag: string;
}

export type FallbackMessageKind = 'network' | 'http' | 'format';

export interface HttpClientOptions {
  appId: string;
  getCredentials(): SessionCredentials | null;
  getLanguage(): Language;
  /** Called on HTTP 401: the caller clears its session and goes to the login page. */
  onUnauthorized(): void;
  /** Text for failures that carry no server `msg` (the runtime has no i18n of its own here). */
  fallbackMessage(kind: FallbackMessageKind, httpStatus: number): string;
  baseURL?: string;
  now?: () => number;
  /** Replaces the transport; tests use it to look at the exact bytes that would be sent. */
  adapter?: AxiosAdapter;
}

export interface HttpClient {
  /** Signed POST of a JSON body to `/api/{path}`; resolves with status S envelopes only. */
  api<T>(path: string, body?: unknown): Promise<Envelope<T>>;
  /** Unsigned POST for login and the public notice/registration calls. */
  publicApi<T>(path: string, body?: unknown): Promise<Envelope<T>>;
  /** Signed multipart POST (the signature covers an empty body), with upload progress. */
  upload<T>(path: string, form: FormData, options?: TransferOptions): Promise<Envelope<T>>;
  /**
   * Signed binary download (POST with an empty body unless `method: 'GET'`). A body that is really a
   * JSON `{status:"E"}` envelope, or any HTTP error, throws ApiError with the server's msg.
   */
  download(path: string, options?: DownloadOptions): Promise<DownloadResult>;
  readonly axios: AxiosInstance;
}

/** `baseServer/v1/x/y`, `/baseServer/...` and `/api/baseServer/...` all mean the same call. */
export function apiUrl(path: string): string {
  const trimmed = path.replace(/^\/+/, '');
  return trimmed.startsWith('api/') ? `/${trimmed}` : `/api/${trimmed}`;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'status' in value;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const instance = axios.create({
    baseURL: options.baseURL ?? '',
    transformRequest: [(data: unknown) => data],
    // Every status is inspected below: the envelope of a 401/403 carries the message to show.
    validateStatus: () => true,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });
  const now = options.now ?? (() => Date.now());

  function commonHeaders(): Record<string, string> {
    return {
      'Content-Type': 'application/json;charset=UTF-8',
      'SAAF-Language': options.getLanguage(),
      appId: options.appId,
    };
  }

  function signedHeaders(url: string, body: string): Record<string, string> {
    const credentials = options.getCredentials();
    if (!credentials) return {};
    const timestamp = String(now());
    const nonce = randomNum();
    return {
      AuthorizationCode: credentials.authorizationCode,
      'Gateway-Tag': credentials.gatewayTag,
      timestamp,
      randomNum: nonce,
      appsign: appSign(timestamp),
      parameterSignature: parameterSignature(credentials.signKey, timestamp, nonce, signedPath(url), body),
    };
  }

  function unwrap<T>(response: AxiosResponse<unknown>): Envelope<T> {
    const { status, data } = response;
    const envelope = isEnvelope(data) ? (data as Envelope<T>) : undefined;
    if (status === 401) {
      options.onUnauthorized();
      throw new ApiError(envelope?.msg || options.fallbackMessage('http', status), status, envelope);
    }
    if (status < 200 || status >= 300) {
      throw new ApiError(envelope?.msg || options.fallbackMessage('http', status), status, envelope);
    }
    if (!envelope) throw new ApiError(options.fallbackMessage('format', status), status);
    if (envelope.status !== 'S') {
      throw new ApiError(envelope.msg || options.fallbackMessage('http', status), status, envelope);
    }
    return envelope;
  }

  async function post<T>(path: string, body: unknown, signed: boolean): Promise<Envelope<T>> {
    const url = apiUrl(path);
    const text = JSON.stringify(body ?? {});
    const headers = { ...commonHeaders(), ...(signed ? signedHeaders(url, text) : {}) };
    let response: AxiosResponse<unknown>;
    try {
      response = await instance.post<unknown>(url, text, { headers, responseType: 'json' });
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw new ApiError(options.fallbackMessage('network', 0), 0);
    }
    return unwrap<T>(response);
  }

  function transferHeaders(url: string): Record<string, string> {
    // No Content-Type: the browser sets multipart/form-data with its boundary (or none for an empty body).
    return { 'SAAF-Language': options.getLanguage(), appId: options.appId, ...signedHeaders(url, '') };
  }

  async function upload<T>(path: string, form: FormData, transfer: TransferOptions = {}): Promise<Envelope<T>> {
    const url = apiUrl(path);
    let response: AxiosResponse<unknown>;
    try {
      response = await instance.post<unknown>(url, form, {
        headers: transferHeaders(url),
        responseType: 'json',
        signal: transfer.signal,
        onUploadProgress: (e) => transfer.onProgress?.(e.loaded, e.total ?? 0),
      });
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw new ApiError(options.fallbackMessage('network', 0), 0);
    }
    return unwrap<T>(response);
  }

  async function download(path: string, transfer: DownloadOptions = {}): Promise<DownloadResult> {
    const url = apiUrl(path);
    // With a JSON body the exact text sent is the text signed (as for api calls); otherwise an empty body.
    const bodyText = transfer.body === undefined ? undefined : JSON.stringify(transfer.body);
    let response: AxiosResponse<Blob>;
    try {
      response = await instance.request<Blob>({
        url,
        method: transfer.method ?? 'POST',
        headers: bodyText === undefined ? transferHeaders(url) : { ...commonHeaders(), ...signedHeaders(url, bodyText) },
        ...(bodyText === undefined ? {} : { data: bodyText }),
        responseType: 'blob',
        signal: transfer.signal,
        onDownloadProgress: (e) => transfer.onProgress?.(e.loaded, e.total ?? 0),
      });
    } catch {
      throw new ApiError(options.fallbackMessage('network', 0), 0);
    }
    const blob = response.data;
    const text = async () => (blob && typeof (blob as Blob).text === 'function' ? await blob.text() : String(blob ?? ''));
    if (response.status === 401) options.onUnauthorized();
    if (response.status < 200 || response.status >= 300) {
      const error = parseErrorText(await text());
      throw new ApiError(error?.msg || options.fallbackMessage('http', response.status), response.status);
    }
    const type = String(response.headers['content-type'] ?? blob?.type ?? '').toLowerCase();
    // A binary endpoint answers its errors as a JSON envelope with status 200 (SPEC §7).
    if (type.includes('json') || (blob && blob.size < 65536 && (type === '' || type.startsWith('text/')))) {
      const error = parseErrorText(await text());
      if (error) throw new ApiError(error.msg || options.fallbackMessage('http', response.status), response.status);
    }
    return { blob, fileName: fileNameOf(String(response.headers['content-disposition'] ?? '')), contentType: type };
  }

  return {
    api: (path, body) => post(path, body, true),
    publicApi: (path, body) => post(path, body, false),
    upload,
    download,
    axios: instance,
  };
}

/** The file name of an RFC 6266 Content-Disposition (filename* preferred), or undefined. */
export function fileNameOf(disposition: string): string | undefined {
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain parameter */
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(disposition);
  if (!plain) return undefined;
  return (plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1]).trim() || undefined;
}
