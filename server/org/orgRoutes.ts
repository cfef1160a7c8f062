// The GET calls of SPEC §7 "Other": people, enterprises and organisations for pickers, and positions,
// jobs and allocation areas by department or job. Signed like every call; each needs the read right of
// the entity it answers with (held through the organisation menus), checked by the server.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { columnName } from '../../meta/definitions.js';
import type { AppContext } from '../context.js';
import { forbidden, refuse, unauthorized } from '../errors.js';
import { ok } from '../http/envelope.js';
import type { Session } from '../auth/session.js';
import type { DbRecord } from '../rest/actionContext.js';
import { rowToRecord, selectColumns } from '../rest/records.js';
import { addReferenceDisplays } from '../rest/references.js';
import { entityLabel } from '../rest/labels.js';

const BASES = ['/api/baseServer/v1', '/api/zuul/baseServer/v1'];
/** ListAll answers at most this many rows (a picker, not an export). */
export const LIST_ALL_CAP = 2000;
const ENTERPRISE_TYPES = ['GROUP', 'COMPANY'];

type Query = Record<string, string | undefined>;

function idParam(q: Query, name: string, required: true): number;
function idParam(q: Query, name: string, required: false): number | null;
function idParam(q: Query, name: string, required: boolean): number | null {
  const raw = q[name];
  if (raw === undefined || raw === '') {
    if (required) throw refuse('rest.idRequired');
    return null;
  }
  if (!/^\d{1,15}$/.test(raw) || Number(raw) <= 0) throw refuse('rest.idRequired');
  return Number(raw);
}

function keywordParam(q: Query): string | null {
  const k = (q.keyword ?? '').trim();
  if (k.length > 100) throw refuse('error.malformed', { detail: 'keyword' });
  return k ? `%${k.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}

function paging(q: Query): { pageIndex: number; pageRows: number } {
  const pageIndex = q.pageIndex ? Number(q.pageIndex) : 1;
  const pageRows = q.pageRows ? Number(q.pageRows) : 20;
  if (!Number.isSafeInteger(pageIndex) || pageIndex < 1 || !Number.isSafeInteger(pageRows) || pageRows < 1 || pageRows > 1000) {
    throw refuse('error.malformed', { detail: 'pageIndex/pageRows' });
  }
  return { pageIndex, pageRows };
}

export function registerOrgRoutes(server: FastifyInstance, app: AppContext): void {
  const entity = (name: string) => app.defs.entities.get(name)!;
  const guard = async (req: FastifyRequest, entityName: string): Promise<Session> => {
    if (!req.session) throw unauthorized('auth.noSession');
    if (!(await app.acl.allowed(req.session, entityName, 'listByPage'))) throw forbidden('auth.forbidden');
    return req.session;
  };
  const records = async (entityName: string, where: RawBuilder<unknown>, limit: number, offset = 0, order?: RawBuilder<unknown>): Promise<DbRecord[]> => {
    const e = entity(entityName);
    const rows = (await sql<DbRecord>`select ${selectColumns(e)} from ${sql.table(e.table)} t where ${where}
      order by ${order ?? sql.ref(`t.${columnName(e.key)}`)} limit ${limit} offset ${offset}`.execute(app.db)).rows;
    const out = rows.map((r) => rowToRecord(e, r));
    await addReferenceDisplays(app.db, app.defs, e, out);
    return out;
  };
  const count = async (entityName: string, where: RawBuilder<unknown>): Promise<number> => {
    const e = entity(entityName);
    return (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(e.table)} t where ${where}`.execute(app.db)).rows[0].n;
  };

  // People (employees): keyword over number/name, narrowed by organisation, department or position.
  const personWhere = (q: Query) => {
    const kw = keywordParam(q);
    const inst = idParam(q, 'institutionId', false);
    const dept = idParam(q, 'departmentId', false);
    const pos = idParam(q, 'positionId', false);
    return sql`t.enabled_flag = 'Y'
      ${kw ? sql`and (t.employee_number ilike ${kw} or t.employee_name ilike ${kw})` : sql``}
      ${inst ? sql`and t.institution_id = ${inst}` : sql``}
      ${dept ? sql`and t.department_id = ${dept}` : sql``}
      ${pos ? sql`and exists (select 1 from base_position_allot a where a.employee_id = t.employee_id and a.position_id = ${pos} and a.enabled_flag = 'Y')` : sql``}`;
  };
  const orgWhere = (q: Query, enterprisesOnly: boolean) => {
    const kw = keywordParam(q);
    const parent = idParam(q, 'parentInstitutionId', false);
    return sql`t.enabled_flag = 'Y'
      ${enterprisesOnly ? sql`and t.institution_type in (${sql.join(ENTERPRISE_TYPES)})` : sql``}
      ${kw ? sql`and (t.institution_code ilike ${kw} or t.institution_name ilike ${kw})` : sql``}
      ${parent ? sql`and t.parent_institution_id = ${parent}` : sql``}`;
  };
  const orgOrder = sql`t.level_num nulls first, t.seq_num nulls last, t.institution_code`;

  for (const base of BASES) {
    const fr = `${base}/srmFuncResRestful`;
    server.get(`${fr}/srmFuncResPersonList`, async (req) => {
      await guard(req, 'baseEmployee');
      const q = req.query as Query;
      const { pageIndex, pageRows } = paging(q);
      const where = personWhere(q);
      const [rows, n] = await Promise.all([
        records('baseEmployee', where, pageRows, (pageIndex - 1) * pageRows, sql`t.employee_number`),
        count('baseEmployee', where),
      ]);
      return ok(rows, '', { count: n, curIndex: pageIndex, pageRows });
    });
    server.get(`${fr}/srmFuncResPersonListAll`, async (req) => {
      await guard(req, 'baseEmployee');
      return ok(await records('baseEmployee', personWhere(req.query as Query), LIST_ALL_CAP, 0, sql`t.employee_number`));
    });
    server.get(`${fr}/srmFuncResEnterpriseList`, async (req) => {
      await guard(req, 'baseInstitution');
      return ok(await records('baseInstitution', orgWhere(req.query as Query, true), LIST_ALL_CAP, 0, orgOrder));
    });
    server.get(`${fr}/srmFuncResOrgList`, async (req) => {
      await guard(req, 'baseInstitution');
      return ok(await records('baseInstitution', orgWhere(req.query as Query, false), LIST_ALL_CAP, 0, orgOrder));
    });
    server.get(`${fr}/personal/findById`, async (req) => {
      await guard(req, 'baseEmployee');
      const id = idParam(req.query as Query, 'id', true);
      const [person] = await records('baseEmployee', sql`t.employee_id = ${id}`, 1);
      if (!person) throw refuse('rest.notFound', { entity: entityLabel(entity('baseEmployee'), req.lang) });
      person.positions = await records('basePositionAllot', sql`t.employee_id = ${id}`, 200);
      return ok(person);
    });
    for (const [kind, enterprisesOnly] of [['enterprise', true], ['org', false]] as const) {
      server.get(`${fr}/${kind}/findById`, async (req) => {
        await guard(req, 'baseInstitution');
        const id = idParam(req.query as Query, 'id', true);
        const [org] = await records('baseInstitution', sql`t.institution_id = ${id} ${enterprisesOnly ? sql`and t.institution_type in (${sql.join(ENTERPRISE_TYPES)})` : sql``}`, 1);
        if (!org) throw refuse('rest.notFound', { entity: entityLabel(entity('baseInstitution'), req.lang) });
        org.children = await records('baseInstitution', sql`t.parent_institution_id = ${id}`, LIST_ALL_CAP, 0, orgOrder);
        return ok(org);
      });
    }
    server.get(`${base}/baseJobRestful/findAllocationAreaByJobId`, async (req) => {
      await guard(req, 'baseJob');
      const id = idParam(req.query as Query, 'jobId', true);
      const row = (await sql<{ job_id: number; job_code: string; allocation_area: string | null }>`
        select job_id, job_code, allocation_area from base_job where job_id = ${id}`.execute(app.db)).rows[0];
      if (!row) throw refuse('rest.notFound', { entity: entityLabel(entity('baseJob'), req.lang) });
      const areas = (row.allocation_area ?? '').split(/[,，;；]/).map((s) => s.trim()).filter(Boolean);
      return ok({ jobId: row.job_id, jobCode: row.job_code, allocationArea: row.allocation_area, areas });
    });
    for (const [family, entityName, order] of [
      ['basePositionRestful', 'basePosition', sql`t.position_code`],
      ['baseJobRestful', 'baseJob', sql`t.job_code`],
    ] as const) {
      server.get(`${base}/${family}/findByDepartmentId`, async (req) => {
        await guard(req, entityName);
        const id = idParam(req.query as Query, 'departmentId', true);
        return ok(await records(entityName, sql`t.department_id = ${id} and t.enabled_flag = 'Y'`, LIST_ALL_CAP, 0, order));
      });
    }
  }
}
