// Lookup values cached per type code and language: in memory, and in localStorage under one base lookup
// key (SPEC §3 "Lookup value") so a reload does not refetch every list's codes. The values come from the
// module that keeps the lookups (service slot `lookupValues`, runtime/registry/services.ts).
import type { Language, RuntimeEnv } from '../env.js';
import { service } from '../registry/services.js';

export interface LookupValue {
  lookupCode: string;
  meaning: string;
  enabledFlag: string;
  seqNum?: number;
  parentLookupValuesId?: number | string | null;
  description?: string | null;
}

/** Reads the values of one lookup type, meanings in `env.language`; the cache sorts and keeps them. */
export interface LookupValuesService {
  find(env: Pick<RuntimeEnv, 'api' | 'language'>, lookupType: string): Promise<LookupValue[]>;
}

export const LOOKUP_STORAGE_KEY = 'srm.baseLookup';

const memory = new Map<string, LookupValue[]>();
const inflight = new Map<string, Promise<LookupValue[]>>();

const cacheKey = (language: Language, typeCode: string) => `${language}:${typeCode}`;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // disabled storage (privacy mode) must not break the page
  }
}

function readStored(): Record<string, LookupValue[]> {
  const raw = storage()?.getItem(LOOKUP_STORAGE_KEY);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, LookupValue[]>) : {};
  } catch {
    return {};
  }
}

function writeStored(key: string, values: LookupValue[]): void {
  const s = storage();
  if (!s) return;
  try {
    s.setItem(LOOKUP_STORAGE_KEY, JSON.stringify({ ...readStored(), [key]: values }));
  } catch {
    // quota exceeded: the memory cache still works
  }
}

function sortValues(values: LookupValue[]): LookupValue[] {
  return [...values].sort((a, b) => (a.seqNum ?? 0) - (b.seqNum ?? 0));
}

/** Synchronous read of what is cached already (grids draw synchronously). */
export function peekLookup(language: Language, typeCode: string): LookupValue[] | undefined {
  const key = cacheKey(language, typeCode);
  const hit = memory.get(key);
  if (hit) return hit;
  const stored = readStored()[key];
  if (Array.isArray(stored)) {
    memory.set(key, stored);
    return stored;
  }
  return undefined;
}

export function loadLookup(env: Pick<RuntimeEnv, 'api' | 'language'>, typeCode: string): Promise<LookupValue[]> {
  const key = cacheKey(env.language, typeCode);
  const cached = peekLookup(env.language, typeCode);
  if (cached) return Promise.resolve(cached);
  const pending = inflight.get(key);
  if (pending) return pending;
  const p = service('lookupValues')
    .find(env, typeCode)
    .then((found) => {
      const values = sortValues(Array.isArray(found) ? found : []);
      memory.set(key, values);
      writeStored(key, values);
      return values;
    })
    .finally(() => inflight.delete(key));
  inflight.set(key, p);
  return p;
}

/** Drop cached lookups: all of them (language switch, lookup maintenance) or one type code. */
export function clearLookupCache(typeCode?: string): void {
  if (typeCode === undefined) {
    memory.clear();
    storage()?.removeItem(LOOKUP_STORAGE_KEY);
    return;
  }
  const suffix = `:${typeCode}`;
  for (const k of [...memory.keys()]) if (k.endsWith(suffix)) memory.delete(k);
  const stored = readStored();
  const kept = Object.fromEntries(Object.entries(stored).filter(([k]) => !k.endsWith(suffix)));
  storage()?.setItem(LOOKUP_STORAGE_KEY, JSON.stringify(kept));
}

export function lookupMeaning(values: readonly LookupValue[] | undefined, code: unknown): string | undefined {
  if (code === undefined || code === null || code === '' || !values) return undefined;
  const c = String(code);
  return values.find((v) => v.lookupCode === c)?.meaning;
}

export function enabledValues(values: readonly LookupValue[] | undefined): LookupValue[] {
  return (values ?? []).filter((v) => v.enabledFlag === 'Y');
}
