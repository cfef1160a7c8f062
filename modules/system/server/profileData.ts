// The system module answers the platform's profile cache (server/modules/services.ts ProfileData): it
// owns the profile rows.
import { typed } from '../../../server/db/typed.js';
import type { ProfileData } from '../../../server/modules/services.js';
import type { SystemTables } from '../generated/tables.js';

export const profileData: ProfileData = {
  async read(db, code) {
    const row = await typed<SystemTables>(db)
      .selectFrom('base_profile')
      .select(['value_type', 'profile_value'])
      .where('profile_code', '=', code)
      .where('enabled_flag', '=', 'Y')
      .executeTakeFirst();
    return row ? { type: row.value_type, value: row.profile_value } : null;
  },
};
