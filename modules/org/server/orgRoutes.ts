// The GET calls of SPEC §7 "Other": people, enterprises and organisations for pickers, and positions,
// jobs and allocation areas by department or job. Signed like every call; each needs the read right of
// the entity it answers with (held through the organisation menus), checked by the server.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import type { AppContext } from '../../../server/context.js';
import { typed } from '../../../server/db/typed.js';
import { forbidden, refuse, unauthorized } from '../../../server/errors.js';
import { ok } from '../../../server/http/envelope.js';
import type { Session } from '../../../server/auth/session.js';
import type { DbRecord } from '../../../server/rest/actionContext.js';
import { rowToRecord, visibleColumnRefs } from '../../../server/rest/records.js';
import { addReferenceDisplays } from '../../../server/rest/references.js';
import { entityLabel } from '../../../server/rest/labels.js';
import type { OrgTables } from '../generated/tables.js';

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
  const org = typed<OrgTables>(app.db);
  /** The entity's records (visible columns, reference displays) of a typed query over `{table} as t`, ordered by the caller. */
  const records = async <DB, TB extends keyof DB, O>(
    entityName: string,
    query: SelectQueryBuilder<DB, TB, O>,
    limit: number,
    offset = 0,
  ): Promise<DbRecord[]> => {
    const e = entity(entityName);
    const rows = await query.select(visibleColumnRefs(e)).limit(limit).offset(offset).execute();
    const out = rows.map((r) => rowToRecord(e, r as DbRecord));
    await addReferenceDisplays(app.db, app.defs, e, out);
    return out;
  };

  // People (employees): keyword over number/name, narrowed by organisation, department or position.
  const people = (q: Query) => {
    const kw = keywordParam(q);
    const inst = idParam(q, 'institutionId', false);
    const dept = idParam(q, 'departmentId', false);
    const pos = idParam(q, 'positionId', false);
    let query = org.selectFrom('base_employee as t').where('t.enabled_flag', '=', 'Y');
    if (kw) query = query.where((eb) => eb.or([eb('t.employee_number', 'ilike', kw), eb('t.employee_name', 'ilike', kw)]));
    if (inst) query = query.where('t.institution_id', '=', inst);
    if (dept) query = query.where('t.department_id', '=', dept);
    if (pos) {
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('base_position_allot as a')
            .select('a.allot_id')
            .whereRef('a.employee_id', '=', 't.employee_id')
            .where('a.position_id', '=', pos)
            .where('a.enabled_flag', '=', 'Y'),
        ),
      );
    }
    return query;
  };
  const institutions = () => org.selectFrom('base_institution as t');
  const organisations = (q: Query, enterprisesOnly: boolean) => {
    const kw = keywordParam(q);
    const parent = idParam(q, 'parentInstitutionId', false);
    let query = institutions().where('t.enabled_flag', '=', 'Y');
    if (enterprisesOnly) query = query.where('t.institution_type', 'in', ENTERPRISE_TYPES);
    if (kw) query = query.where((eb) => eb.or([eb('t.institution_code', 'ilike', kw), eb('t.institution_name', 'ilike', kw)]));
    if (parent) query = query.where('t.parent_institution_id', '=', parent);
    return query;
  };
  const inOrgOrder = (query: ReturnType<typeof institutions>) =>
    query
      .orderBy('t.level_num', (ob) => ob.nullsFirst())
      .orderBy('t.seq_num', (ob) => ob.nullsLast())
      .orderBy('t.institution_code');

  for (const base of BASES) {
    const fr = `${base}/srmFuncResRestful`;
    server.get(`${fr}/srmFuncResPersonList`, async (req) => {
      await guard(req, 'baseEmployee');
      const q = req.query as Query;
      const { pageIndex, pageRows } = paging(q);
      const query = people(q);
      const [rows, counted] = await Promise.all([
        records('baseEmployee', query.orderBy('t.employee_number'), pageRows, (pageIndex - 1) * pageRows),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return ok(rows, '', { count: counted.n, curIndex: pageIndex, pageRows });
    });
    server.get(`${fr}/srmFuncResPersonListAll`, async (req) => {
      await guard(req, 'baseEmployee');
      return ok(await records('baseEmployee', people(req.query as Query).orderBy('t.employee_number'), LIST_ALL_CAP));
    });
    server.get(`${fr}/srmFuncResEnterpriseList`, async (req) => {
      await guard(req, 'baseInstitution');
      return ok(await records('baseInstitution', inOrgOrder(organisations(req.query as Query, true)), LIST_ALL_CAP));
    });
    server.get(`${fr}/srmFuncResOrgList`, async (req) => {
      await guard(req, 'baseInstitution');
      return ok(await records('baseInstitution', inOrgOrder(organisations(req.query as Query, false)), LIST_ALL_CAP));
    });
    server.get(`${fr}/personal/findById`, async (req) => {
      await guard(req, 'baseEmployee');
      const id = idParam(req.query as Query, 'id', true);
      const [person] = await records('baseEmployee', org.selectFrom('base_employee as t').where('t.employee_id', '=', id), 1);
      if (!person) throw refuse('rest.notFound', { entity: entityLabel(entity('baseEmployee'), req.lang) });
      person.positions = await records(
        'basePositionAllot',
        org.selectFrom('base_position_allot as t').where('t.employee_id', '=', id).orderBy('t.allot_id'),
        200,
      );
      return ok(person);
    });
    for (const [kind, enterprisesOnly] of [
      ['enterprise', true],
      ['org', false],
    ] as const) {
      server.get(`${fr}/${kind}/findById`, async (req) => {
        await guard(req, 'baseInstitution');
        const id = idParam(req.query as Query, 'id', true);
        let query = institutions().where('t.institution_id', '=', id);
        if (enterprisesOnly) query = query.where('t.institution_type', 'in', ENTERPRISE_TYPES);
        const [found] = await records('baseInstitution', query, 1);
        if (!found) throw refuse('rest.notFound', { entity: entityLabel(entity('baseInstitution'), req.lang) });
        found.children = await records('baseInstitution', inOrgOrder(institutions().where('t.parent_institution_id', '=', id)), LIST_ALL_CAP);
        return ok(found);
      });
    }
    server.get(`${base}/baseJobRestful/findAllocationAreaByJobId`, async (req) => {
      await guard(req, 'baseJob');
      const id = idParam(req.query as Query, 'jobId', true);
      const row = await org.selectFrom('base_job').select(['job_id', 'job_code', 'allocation_area']).where('job_id', '=', id).executeTakeFirst();
      if (!row) throw refuse('rest.notFound', { entity: entityLabel(entity('baseJob'), req.lang) });
      const areas = (row.allocation_area ?? '')
        .split(/[,，;；]/)
        .map((s) => s.trim())
        .filter(Boolean);
      return ok({ jobId: row.job_id, jobCode: row.job_code, allocationArea: row.allocation_area, areas });
    });
    server.get(`${base}/basePositionRestful/findByDepartmentId`, async (req) => {
      await guard(req, 'basePosition');
      const id = idParam(req.query as Query, 'departmentId', true);
      const query = org.selectFrom('base_position as t').where('t.department_id', '=', id).where('t.enabled_flag', '=', 'Y');
      return ok(await records('basePosition', query.orderBy('t.position_code'), LIST_ALL_CAP));
    });
    server.get(`${base}/baseJobRestful/findByDepartmentId`, async (req) => {
      await guard(req, 'baseJob');
      const id = idParam(req.query as Query, 'departmentId', true);
      const query = org.selectFrom('base_job as t').where('t.department_id', '=', id).where('t.enabled_flag', '=', 'Y');
      return ok(await records('baseJob', query.orderBy('t.job_code'), LIST_ALL_CAP));
    });
  }
}
