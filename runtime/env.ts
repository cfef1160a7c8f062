// The one injected environment through which the runtime causes side effects (amis' env idea):
// pages, cells, widgets and actions never import axios, the router or Arco's Message directly.
import { createContext, useContext } from 'react';

export type Language = 'CN' | 'EN' | 'TH' | 'VN';

/** The answer envelope of CONTRACT.md. */
export interface Envelope<T> {
  status: 'S' | 'E';
  msg: string;
  data: T;
  page?: { count: number; curIndex: number; pageRows: number; estimated?: boolean; after?: string };
}

/** Thrown by `api` for status E answers and HTTP errors; `msg` is already in the user's language. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
    readonly envelope?: Envelope<unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface TransferOptions {
  /** Bytes sent (upload) or received (download) so far, and the total when known (else 0). */
  onProgress?(loaded: number, total: number): void;
  signal?: AbortSignal;
}

export interface DownloadOptions extends TransferOptions {
  method?: 'GET' | 'POST';
  /** A JSON body for a POST that answers a file (the Excel export); signed like any call. */
  body?: unknown;
}

export interface DownloadResult {
  blob: Blob;
  /** From Content-Disposition, when the server sent one. */
  fileName?: string;
  contentType: string;
}

export interface RuntimeEnv {
  /** POST a signed JSON call to `/api/{path}` and return the whole envelope (status S only; E throws ApiError). */
  api<T>(path: string, body?: unknown): Promise<Envelope<T>>;
  /** A toast; 4 s unless `durationMs` says otherwise (SPEC §8: upload errors 2.5 s). */
  notify(kind: 'success' | 'error' | 'info' | 'warning', message: string, durationMs?: number): void;
  confirm(message: string): Promise<boolean>;
  navigate(to: string, options?: { replace?: boolean }): void;
  t(key: string, options?: Record<string, unknown>): string;
  language: Language;
  /** Whether the current user holds `resourceCode` on the menu of the current route (refine's can()). */
  can(resourceCode: string): boolean;
  /** Signed multipart POST to `/api/{path}` with upload progress (attachments). Optional: tests and hosts without files omit it. */
  upload?<T>(path: string, form: FormData, options?: TransferOptions): Promise<Envelope<T>>;
  /** Signed binary download from `/api/{path}`; a JSON `{status:"E"}` body throws ApiError. */
  download?(path: string, options?: DownloadOptions): Promise<DownloadResult>;
}

export const RuntimeEnvContext = createContext<RuntimeEnv | null>(null);

export function useRuntimeEnv(): RuntimeEnv {
  const env = useContext(RuntimeEnvContext);
  if (!env) throw new Error('RuntimeEnvContext is not provided');
  return env;
}
