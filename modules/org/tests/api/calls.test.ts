// Departments, positions, jobs, employees and allotment through their families, and the GET calls of
// SPEC §7 (people, enterprises, organisations, by-department and by-job lookups): signed, shapes
// documented in docs/organisation.md, refused without a signature and to non-administrators.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';
import { ALLOT, DEPARTMENT, EMPLOYEE, FUNC_RES, INSTITUTION, JOB, POSITION, signedGet } from '../../../../tests/support/orgHelpers.js';

for (const backend of await backends()) {
  describe(`organisation data and GET calls on ${backend}`, () => {
    let t: TestServer;
    let admin: SignedClient;
    const ids: Record<string, number> = {};
    let allotted: Rec;

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = await signIn(t.url, 'admin', 'EN');
      const save = async (family: string, body: Rec, key: string) => expectOk(await admin.call<Rec>(`${family}/saveOrUpdate`, body))[key] as number;
      ids.company = await save(INSTITUTION, { institutionCode: uniq('CO'), institutionName: 'Test Company', institutionType: 'COMPANY' }, 'institutionId');
      ids.plant = await save(
        INSTITUTION,
        { institutionCode: uniq('PL'), institutionName: 'Test Plant', institutionType: 'FACTORY', parentInstitutionId: ids.company },
        'institutionId',
      );
      ids.dept = await save(DEPARTMENT, { departmentCode: uniq('D'), departmentName: 'Test Purchasing', institutionId: ids.plant }, 'departmentId');
      ids.job = await save(JOB, { jobCode: uniq('J'), jobName: 'Test Buyer', departmentId: ids.dept, allocationArea: 'North, South；West' }, 'jobId');
      ids.pos = await save(
        POSITION,
        { positionCode: uniq('P'), positionName: 'Test Senior Buyer', departmentId: ids.dept, jobId: ids.job, headcount: 2 },
        'positionId',
      );
      ids.emp = await save(
        EMPLOYEE,
        { employeeNumber: uniq('E'), employeeName: 'Zhang Test', sex: 'M', institutionId: ids.plant, departmentId: ids.dept },
        'employeeId',
      );
      // The employee holds the position: every test below relies on it, whatever order they run in.
      allotted = expectOk(
        await admin.call<Rec>(`${ALLOT}/saveOrUpdate`, {
          employeeId: ids.emp,
          positionId: ids.pos,
          departmentId: 1,
          institutionId: 1,
          startDate: '2026-11-01',
        }),
      );
    });
    afterAll(async () => t?.stop());

    it('allots a position: department and organisation come from the position, never from the client', async () => {
      const a = allotted;
      expect([a.departmentId, a.institutionId]).toEqual([ids.dept, ids.plant]);
      expect(a.employeeIdDisplay).toMatch(/Zhang Test$/);
      expectRefusal(await admin.call(`${ALLOT}/saveOrUpdate`, { employeeId: ids.emp, positionId: ids.pos }), 200, 'This employee already holds this position');
      const list = expectOk(await admin.call<Rec[]>(`${ALLOT}/listByPage`, { params: { employeeId: ids.emp }, pageIndex: 1, pageRows: 20 }));
      expect(list).toHaveLength(1);
    });

    it('staff inquiry filters by organisation, department and position', async () => {
      for (const params of [{ institutionId: ids.plant }, { departmentId: ids.dept }, { positionId: ids.pos }]) {
        const rows = expectOk(await admin.call<Rec[]>(`${ALLOT}/listByPage`, { params, pageIndex: 1, pageRows: 20 }));
        expect(rows.map((r) => r.employeeId)).toEqual([ids.emp]);
      }
      expect(expectOk(await admin.call<Rec[]>(`${ALLOT}/listByPage`, { params: { institutionId: ids.company }, pageIndex: 1, pageRows: 20 }))).toEqual([]);
    });

    it('refuses a reference to a missing department, and deleting a department still used', async () => {
      expectRefusal(
        await admin.call(`${POSITION}/saveOrUpdate`, { positionCode: uniq('P'), positionName: 'x', departmentId: 99999999 }),
        200,
        /does not exist/,
      );
      expectRefusal(await admin.call(`${DEPARTMENT}/delete`, { id: ids.dept }), 200, 'This record is used by other documents and cannot be deleted');
    });

    it('srmFuncResPersonList pages people, filtered by keyword, organisation, department or position', async () => {
      const a = await signedGet<Rec[]>(admin, `${FUNC_RES}/srmFuncResPersonList?keyword=zhang%20test&pageIndex=1&pageRows=5`);
      expect(expectOk(a).map((p) => p.employeeId)).toEqual([ids.emp]);
      expect(a.page).toEqual({ count: 1, curIndex: 1, pageRows: 5 });
      for (const q of [`institutionId=${ids.plant}`, `departmentId=${ids.dept}`, `positionId=${ids.pos}`]) {
        expect(expectOk(await signedGet<Rec[]>(admin, `${FUNC_RES}/srmFuncResPersonList?${q}`)).map((p) => p.employeeId)).toEqual([ids.emp]);
      }
      // The seeded demo people are there too (5), plus ours.
      const all = expectOk(await signedGet<Rec[]>(admin, `${FUNC_RES}/srmFuncResPersonListAll`));
      expect(all.length).toBe(6);
      expect(Object.keys(all[0])).toEqual(
        expect.arrayContaining([
          'employeeId',
          'employeeNumber',
          'employeeName',
          'institutionId',
          'institutionIdDisplay',
          'departmentId',
          'departmentIdDisplay',
        ]),
      );
      // A keyword with LIKE wildcards matches them literally.
      expect(expectOk(await signedGet<Rec[]>(admin, `${FUNC_RES}/srmFuncResPersonListAll?keyword=%25`))).toEqual([]);
    });

    it('enterprise and organisation lists and findById', async () => {
      const enterprises = expectOk(await signedGet<Rec[]>(admin, `${FUNC_RES}/srmFuncResEnterpriseList`));
      expect(enterprises.every((e) => e.institutionType === 'GROUP' || e.institutionType === 'COMPANY')).toBe(true);
      expect(enterprises.map((e) => e.institutionId)).toContain(ids.company);
      expect(enterprises.map((e) => e.institutionId)).not.toContain(ids.plant);
      const orgs = expectOk(await signedGet<Rec[]>(admin, `${FUNC_RES}/srmFuncResOrgList?parentInstitutionId=${ids.company}`));
      expect(orgs.map((o) => o.institutionId)).toEqual([ids.plant]);
      const company = expectOk(await signedGet<Rec>(admin, `${FUNC_RES}/enterprise/findById?id=${ids.company}`));
      expect((company.children as Rec[]).map((c) => c.institutionId)).toEqual([ids.plant]);
      expectRefusal(await signedGet(admin, `${FUNC_RES}/enterprise/findById?id=${ids.plant}`), 200, 'Organisation does not exist or has been deleted');
      expect(expectOk(await signedGet<Rec>(admin, `${FUNC_RES}/org/findById?id=${ids.plant}`)).levelNum).toBe(2);
      const person = expectOk(await signedGet<Rec>(admin, `${FUNC_RES}/personal/findById?id=${ids.emp}`));
      expect((person.positions as Rec[]).map((p) => p.positionId)).toEqual([ids.pos]);
    });

    it('positions and jobs by department, allocation area by job', async () => {
      expect(
        expectOk(await signedGet<Rec[]>(admin, `baseServer/v1/basePositionRestful/findByDepartmentId?departmentId=${ids.dept}`)).map((p) => p.positionId),
      ).toEqual([ids.pos]);
      expect(expectOk(await signedGet<Rec[]>(admin, `baseServer/v1/baseJobRestful/findByDepartmentId?departmentId=${ids.dept}`)).map((j) => j.jobId)).toEqual([
        ids.job,
      ]);
      const area = expectOk(await signedGet<Rec>(admin, `baseServer/v1/baseJobRestful/findAllocationAreaByJobId?jobId=${ids.job}`));
      expect(area).toMatchObject({ jobId: ids.job, allocationArea: 'North, South；West', areas: ['North', 'South', 'West'] });
      // Also reachable through zuul.
      expect(expectOk(await signedGet<Rec[]>(admin, `zuul/baseServer/v1/baseJobRestful/findByDepartmentId?departmentId=${ids.dept}`))).toHaveLength(1);
    });

    it('refuses bad ids exactly', async () => {
      for (const q of ['departmentId=abc', 'departmentId=-1', 'departmentId=', 'departmentId=1%20or%201=1']) {
        expectRefusal(await signedGet(admin, `baseServer/v1/basePositionRestful/findByDepartmentId?${q}`), 200, 'id is missing');
      }
      expectRefusal(await signedGet(admin, `${FUNC_RES}/srmFuncResPersonList?pageRows=5000`), 200, 'Malformed request: pageIndex/pageRows');
    });

    it('refuses unsigned calls (401) and other users (403)', async () => {
      const res = await fetch(`${t.url}/api/${FUNC_RES}/srmFuncResPersonListAll`);
      expect(res.status).toBe(401);
      for (const user of ['buyer01', 'supplier01']) {
        const c = await signIn(t.url, user, 'EN');
        // The organisation lists need the reading right of organisations, which a buyer holds through the requisition's organisation.
        const orgList = user === 'buyer01' ? [] : [`${FUNC_RES}/srmFuncResOrgList`];
        for (const path of [
          `${FUNC_RES}/srmFuncResPersonListAll`,
          ...orgList,
          `${FUNC_RES}/personal/findById?id=${ids.emp}`,
          `baseServer/v1/baseJobRestful/findByDepartmentId?departmentId=${ids.dept}`,
        ]) {
          expectRefusal(await signedGet(c, path), 403, 'You are not permitted to do this');
        }
        expectRefusal(await c.call(`${EMPLOYEE}/listByPage`, { params: {}, pageIndex: 1, pageRows: 20 }), 403, 'You are not permitted to do this');
      }
    });
  });
}
