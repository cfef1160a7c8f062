// Position allotment: department and organisation are taken from the position (never from the client),
// and an employee holds a position once.
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { refuse } from '../errors.js';
import type { ActionContext } from '../rest/actionContext.js';

export async function allotBeforeSave(_ctx: ActionContext, db: Db, values: Record<string, unknown>, id: number | null): Promise<void> {
  let positionId = values.position_id as number | undefined;
  let employeeId = values.employee_id as number | undefined;
  if (id !== null && (positionId === undefined || employeeId === undefined)) {
    const row = (await sql<{ position_id: number; employee_id: number }>`select position_id, employee_id from base_position_allot where allot_id = ${id}`.execute(db)).rows[0];
    positionId ??= row?.position_id;
    employeeId ??= row?.employee_id;
  }
  if (positionId === undefined || employeeId === undefined) return;
  const pos = (await sql<{ department_id: number | null; institution_id: number | null }>`
    select p.department_id, d.institution_id from base_position p left join base_department d on d.department_id = p.department_id
    where p.position_id = ${positionId}`.execute(db)).rows[0];
  values.department_id = pos?.department_id ?? null;
  values.institution_id = pos?.institution_id ?? null;
  const twice = await sql`select 1 from base_position_allot where employee_id = ${employeeId} and position_id = ${positionId}
    and allot_id <> ${id ?? -1} limit 1`.execute(db);
  if (twice.rows.length) throw refuse('org.allotTwice');
}
