// The lookup types and values modules ship (lookups.json, demo lookups): only what is missing is added,
// so an administrator's edits survive an upgrade.
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import type { LookupTypeSeed } from '../../../server/modules/types.js';
import type { LookupsTables } from '../generated/tables.js';

/** Lookup types and values that are missing (an administrator's edits survive an upgrade). */
export async function seedLookups(db: Db, types: readonly LookupTypeSeed[]): Promise<void> {
  const lookups = typed<LookupsTables>(db);
  for (const t of types) {
    await lookups
      .insertInto('base_lookup_type')
      .values({ lookup_type: t.lookupType, meaning: t.meaning, system_code: t.systemCode })
      .onConflict((oc) => oc.column('lookup_type').doNothing())
      .execute();
    const { lookup_type_id: typeId } = await lookups
      .selectFrom('base_lookup_type')
      .select('lookup_type_id')
      .where('lookup_type', '=', t.lookupType)
      .executeTakeFirstOrThrow();
    for (const v of t.values) {
      await lookups
        .insertInto('base_lookup_values')
        .values({
          lookup_type_id: typeId,
          lookup_type: t.lookupType,
          lookup_code: v.lookupCode,
          meaning: v.meaning,
          meaning_en: v.meaningEn,
          meaning_th: v.meaningTh,
          meaning_vn: v.meaningVn,
          seq_num: v.seqNum,
          system_code: t.systemCode,
          enabled_flag: v.enabledFlag ?? 'Y',
        })
        .onConflict((oc) => oc.columns(['lookup_type', 'lookup_code']).doNothing())
        .execute();
    }
  }
}
