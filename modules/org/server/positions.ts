// Positions as a way to reach people (the workflow's assignee rule "position"): position → today's allotments
// → employees → their users. Only the organisation's own tables, through its typed tables.
import { sql } from 'kysely';
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import type { OrgTables } from '../generated/tables.js';

export async function usersInPositions(db: Db, codes: readonly string[]): Promise<number[]> {
  if (codes.length === 0) return [];
  const rows = await typed<OrgTables>(db)
    .selectFrom('base_position as p')
    .innerJoin('base_position_allot as a', 'a.position_id', 'p.position_id')
    .innerJoin('base_employee as e', 'e.employee_id', 'a.employee_id')
    .select('e.user_id')
    .distinct()
    .where('p.position_code', 'in', [...codes])
    .where('p.enabled_flag', '=', 'Y')
    .where('a.enabled_flag', '=', 'Y')
    .where('e.enabled_flag', '=', 'Y')
    .where('e.user_id', 'is not', null)
    .where((eb) => eb.or([eb('a.start_date', 'is', null), eb('a.start_date', '<=', sql<string>`current_date`)]))
    .where((eb) => eb.or([eb('a.end_date', 'is', null), eb('a.end_date', '>=', sql<string>`current_date`)]))
    .execute();
  return rows.map((r) => Number(r.user_id));
}

export async function knownPositions(db: Db, codes: readonly string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await typed<OrgTables>(db)
    .selectFrom('base_position')
    .select('position_code')
    .where('position_code', 'in', [...codes])
    .where('enabled_flag', '=', 'Y')
    .execute();
  return rows.map((r) => String(r.position_code));
}
