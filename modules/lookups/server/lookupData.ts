// The lookups module answers the platform's lookup cache (server/modules/services.ts LookupData): it owns
// the lookup types and values the cache is filled from and the seeding of the types modules ship.
import type { NotNull } from 'kysely';
import { typed } from '../../../server/db/typed.js';
import type { LookupData } from '../../../server/modules/services.js';
import type { LookupsTables } from '../generated/tables.js';
import { seedLookups } from './lookupSeed.js';

export const lookupData: LookupData = {
  async rows(db, type) {
    return (
      typed<LookupsTables>(db)
        .selectFrom('base_lookup_values')
        .select([
          'lookup_values_id as lookupValuesId',
          'lookup_code as lookupCode',
          'meaning',
          'meaning_en as meaningEn',
          'meaning_th as meaningTh',
          'meaning_vn as meaningVn',
          'enabled_flag as enabledFlag',
          'seq_num as seqNum',
          'parent_lookup_values_id as parentLookupValuesId',
          'description',
        ])
        .where('lookup_type', '=', type)
        .orderBy('seq_num', (ob) => ob.nullsLast())
        .orderBy('lookup_code')
        // enabled_flag is nullable but defaults to 'Y'; the cache's LookupRow has it as text.
        .$narrowType<{ enabledFlag: NotNull }>()
        .execute()
    );
  },
  async types(db) {
    const rows = await typed<LookupsTables>(db).selectFrom('base_lookup_values').select('lookup_type').distinct().execute();
    return rows.map((r) => r.lookup_type);
  },
  seed: seedLookups,
};
