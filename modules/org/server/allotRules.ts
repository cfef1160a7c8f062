// Position allotment: department and organisation are taken from the position (never from the client),
// and an employee holds a position once.
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import { refuse } from '../../../server/errors.js';
import type { ActionContext } from '../../../server/rest/actionContext.js';
import type { OrgTables } from '../generated/tables.js';

export async function allotBeforeSave(_ctx: ActionContext, db: Db, values: Record<string, unknown>, id: number | null): Promise<void> {
  const org = typed<OrgTables>(db);
  let positionId = values.position_id as number | undefined;
  let employeeId = values.employee_id as number | undefined;
  if (id !== null && (positionId === undefined || employeeId === undefined)) {
    const row = await org.selectFrom('base_position_allot').select(['position_id', 'employee_id']).where('allot_id', '=', id).executeTakeFirst();
    positionId ??= row?.position_id;
    employeeId ??= row?.employee_id;
  }
  if (positionId === undefined || employeeId === undefined) return;
  const pos = await org
    .selectFrom('base_position as p')
    .leftJoin('base_department as d', 'd.department_id', 'p.department_id')
    .select(['p.department_id', 'd.institution_id'])
    .where('p.position_id', '=', positionId)
    .executeTakeFirst();
  values.department_id = pos?.department_id ?? null;
  values.institution_id = pos?.institution_id ?? null;
  const twice = await org
    .selectFrom('base_position_allot')
    .select('allot_id')
    .where('employee_id', '=', employeeId)
    .where('position_id', '=', positionId)
    .where('allot_id', '<>', id ?? -1)
    .limit(1)
    .executeTakeFirst();
  if (twice) throw refuse('org.allotTwice');
}
