// Lookup values by type code, cached in the cache store (memory or Redis) and dropped when a
// lookup row changes, answered with the meaning in the request's language. The rows come from the
// module owning them (services.ts LookupData).
import type { CacheStore } from '../cache/store.js';
import type { Db } from '../db/connect.js';
import type { Language } from '../i18n/messages.js';
import type { LookupData, LookupRow } from '../modules/services.js';

export interface LookupValue {
  lookupValuesId: number;
  lookupType: string;
  lookupCode: string;
  meaning: string;
  enabledFlag: string;
  seqNum: number | null;
  parentLookupValuesId: number | null;
  description: string | null;
}

const PREFIX = 'lookup:';
const TTL = 3600;

export class LookupService {
  constructor(
    private readonly db: Db,
    private readonly cache: CacheStore,
    private readonly source: LookupData,
  ) {}

  private async rows(type: string, db: Db = this.db): Promise<LookupRow[]> {
    const hit = await this.cache.get(PREFIX + type);
    if (hit) return JSON.parse(hit) as LookupRow[];
    const rows = await this.source.rows(db, type);
    await this.cache.set(PREFIX + type, JSON.stringify(rows), TTL);
    return rows;
  }

  /** `db`: the caller's transaction, when inside one (PGlite has a single connection). */
  async findDic(type: string, lang: Language, db?: Db): Promise<LookupValue[]> {
    const pick = (r: LookupRow) => (lang === 'EN' ? r.meaningEn : lang === 'TH' ? r.meaningTh : lang === 'VN' ? r.meaningVn : null) || r.meaning;
    return (await this.rows(type, db)).map((r) => ({
      lookupValuesId: r.lookupValuesId,
      lookupType: type,
      lookupCode: r.lookupCode,
      meaning: pick(r),
      enabledFlag: r.enabledFlag,
      seqNum: r.seqNum,
      parentLookupValuesId: r.parentLookupValuesId,
      description: r.description,
    }));
  }

  /** The codes of a type, or undefined when the type has no values at all (not configured yet). */
  async codes(type: string, db?: Db): Promise<Map<string, string> | undefined> {
    const rows = await this.rows(type, db);
    return rows.length ? new Map(rows.map((r) => [r.lookupCode, r.enabledFlag])) : undefined;
  }

  /** createLookupRedisCache: drops every cached type and loads each type present in the table again. */
  async rebuild(): Promise<number> {
    await this.invalidate();
    const types = await this.source.types(this.db);
    for (const t of types) await this.rows(t);
    return types.length;
  }

  async invalidate(type?: string): Promise<void> {
    if (type) await this.cache.del(PREFIX + type);
    else await this.cache.del(...(await this.cache.keys(PREFIX)));
  }
}
