// A profile's value must fit its declared type (STRING, NUMBER, BOOLEAN as Y/N, DATE, JSON).
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import { refuse } from '../../../server/errors.js';
import type { ActionContext } from '../../../server/rest/actionContext.js';
import { checkProfileValue } from '../../../server/system/profiles.js';
import type { SystemTables } from '../generated/tables.js';

export async function profileBeforeSave(_ctx: ActionContext, db: Db, values: Record<string, unknown>, id: number | null): Promise<void> {
  let type = values.value_type as string | undefined;
  let value = values.profile_value as string | null | undefined;
  if (id !== null && (type === undefined || value === undefined)) {
    const row = await typed<SystemTables>(db)
      .selectFrom('base_profile')
      .select(['value_type', 'profile_value'])
      .where('profile_id', '=', id)
      .executeTakeFirst();
    type ??= row?.value_type;
    if (value === undefined) value = row?.profile_value ?? null;
  }
  if (value === null || value === undefined || value === '') return;
  if (!checkProfileValue(type ?? 'STRING', value)) throw refuse('profile.badValue', { type: type ?? 'STRING' });
}
