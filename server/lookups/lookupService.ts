// Lookup values by type code, cached in the cache store (memory or Redis) and dropped when a
// lookup row changes, answered with the meaning in the request's language.
import { sql } from 'kysely';
import type { CacheStore } from '../cache/store.js';
import type { Db } from '../db/connect.js';
import type { Language } from '../i18n/messages.js';

interface LookupRow {
  lookupValuesId: number;
  lookupCode: string;
  meaning: string;
  meaningEn: string | null;
  meaningTh: string | null;
  meaningVn: string | null;
  enabledFlag: string;
  seqNum: number | null;
  parentLookupValuesId: number | null;
  description: string | null;
}

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
  constructor(private readonly db: Db, private readonly cache: CacheStore) {}

  private async rows(type: string, db: Db = this.db): Promise<LookupRow[]> {
    const hit = await this.cache.get(PREFIX + type);
    if (hit) return JSON.parse(hit) as LookupRow[];
    const res = await sql<LookupRow>`
      select lookup_values_id as "lookupValuesId", lookup_code as "lookupCode", meaning,
        meaning_en as "meaningEn", meaning_th as "meaningTh", meaning_vn as "meaningVn",
        enabled_flag as "enabledFlag", seq_num as "seqNum", parent_lookup_values_id as "parentLookupValuesId", description
      from base_lookup_values where lookup_type = ${type} order by seq_num nulls last, lookup_code`.execute(db);
    await this.cache.set(PREFIX + type, JSON.stringify(res.rows), TTL);
    return res.rows;
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
    const types = await sql<{ t: string }>`select distinct lookup_type as t from base_lookup_values`.execute(this.db);
    for (const { t } of types.rows) await this.rows(t);
    return types.rows.length;
  }

  async invalidate(type?: string): Promise<void> {
    if (type) await this.cache.del(PREFIX + type);
    else await this.cache.del(...(await this.cache.keys(PREFIX)));
  }
}
