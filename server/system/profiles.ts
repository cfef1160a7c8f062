// Profiles (system settings): typed values other server modules read with `getProfile(code)`,
// cached in the cache store and dropped when a profile row changes. The rows come from the module
// owning them (services.ts ProfileData).
import type { CacheStore } from '../cache/store.js';
import type { Db } from '../db/connect.js';
import type { ProfileData } from '../modules/services.js';

export type ProfileValue = string | number | boolean | unknown[] | Record<string, unknown> | null;

const PREFIX = 'profile:';
const TTL = 3600;

export function checkProfileValue(type: string, value: string): boolean {
  switch (type) {
    case 'NUMBER':
      return /^-?\d+(\.\d+)?$/.test(value.trim()) && Number.isFinite(Number(value));
    case 'BOOLEAN':
      return value === 'Y' || value === 'N';
    case 'DATE':
      return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
    case 'JSON':
      try {
        JSON.parse(value);
        return true;
      } catch {
        return false;
      }
    default:
      return true;
  }
}

export function typedProfileValue(type: string, value: string | null): ProfileValue {
  if (value === null || value === '') return null;
  if (type === 'NUMBER') return Number(value);
  if (type === 'BOOLEAN') return value === 'Y';
  if (type === 'JSON') return JSON.parse(value) as ProfileValue;
  return value;
}

export class ProfileService {
  constructor(
    private readonly db: Db,
    private readonly cache: CacheStore,
    private readonly source: ProfileData,
  ) {}

  /** The enabled profile's typed value, or `fallback` when it is missing, disabled or empty. */
  async getProfile<T extends ProfileValue>(code: string, fallback: T): Promise<ProfileValue | T> {
    const hit = await this.cache.get(PREFIX + code);
    let entry: { type: string; value: string | null } | null;
    if (hit !== null) entry = JSON.parse(hit) as typeof entry;
    else {
      entry = await this.source.read(this.db, code);
      await this.cache.set(PREFIX + code, JSON.stringify(entry), TTL);
    }
    const v = entry ? typedProfileValue(entry.type, entry.value) : null;
    return v === null ? fallback : v;
  }

  async invalidate(): Promise<void> {
    const keys = await this.cache.keys(PREFIX);
    if (keys.length) await this.cache.del(...keys);
  }
}
