// A profile's value must fit its declared type (STRING, NUMBER, BOOLEAN as Y/N, DATE, JSON).
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { refuse } from '../errors.js';
import type { ActionContext } from '../rest/actionContext.js';
import { checkProfileValue } from './profiles.js';

export async function profileBeforeSave(_ctx: ActionContext, db: Db, values: Record<string, unknown>, id: number | null): Promise<void> {
  let type = values.value_type as string | undefined;
  let value = values.profile_value as string | null | undefined;
  if (id !== null && (type === undefined || value === undefined)) {
    const row = (await sql<{ value_type: string; profile_value: string | null }>`select value_type, profile_value from base_profile where profile_id = ${id}`.execute(db)).rows[0];
    type ??= row?.value_type;
    if (value === undefined) value = row?.profile_value ?? null;
  }
  if (value === null || value === undefined || value === '') return;
  if (!checkProfileValue(type ?? 'STRING', value)) throw refuse('profile.badValue', { type: type ?? 'STRING' });
}
