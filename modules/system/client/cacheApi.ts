// Calls of the cache management screens (server/system/cacheAdmin.ts).
import type { RuntimeEnv } from '../../../runtime/env';
import { callOf } from '../../../src/app/callOf';
import { shellClient } from '../../../src/generated/clients';

export type StoreKind = 'memory' | 'redis';

export interface CacheInfo {
  store: StoreKind;
  lookupKeys: number;
  profileKeys: number;
}

export interface KeyRow {
  key: string;
  protected: boolean;
  ttl: number;
}

export interface KeyPage {
  store: StoreKind;
  cursor: string;
  done: boolean;
  keys: KeyRow[];
}

export interface KeyValue {
  key: string;
  type: string;
  ttl: number;
  size: number;
  value: string;
  truncated: boolean;
}

const base = 'baseServer/v1/baseRedisRestful';

export const cacheApi = (env: RuntimeEnv) => ({
  info: async () => (await env.api<CacheInfo>(`${base}/info`, {})).data,
  keys: async (pattern: string, cursor: string) => (await env.api<KeyPage>(`${base}/findKeys`, { pattern, cursor, pageRows: 50 })).data,
  value: async (key: string) => (await env.api<KeyValue>(`${base}/findValue`, { key })).data,
  remove: async (key: string) => void (await env.api<null>(`${base}/deleteKey`, { key })),
  rebuild: () => shellClient(callOf(env)).createLookupRedisCache(),
});

export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
