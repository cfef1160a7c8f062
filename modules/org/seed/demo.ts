// Demo organisation: a group with companies and a factory, departments, position levels, jobs,
// positions, employees with their positions.
import type { Db } from '../../../server/db/connect.js';
import { auditInsert, typed } from '../../../server/db/typed.js';
import type { DemoStep } from '../../../server/modules/types.js';
import type { OrgTables } from '../generated/tables.js';

async function seedStructure(db: Db, hqId: number, adminId: number, users: ReadonlyMap<string, number>, institutions: Map<string, number>): Promise<void> {
  const org = typed<OrgTables>(db);
  const audit = auditInsert(adminId);
  await org.updateTable('base_institution').set({ level_num: 1, institution_type: 'GROUP', seq_num: 10 }).where('institution_id', '=', hqId).execute();
  const inst = async (code: string, name: string, type: string, parent: number, level: number, seq: number) =>
    (
      await org
        .insertInto('base_institution')
        .values({
          institution_code: code,
          institution_name: name,
          institution_type: type,
          parent_institution_id: parent,
          level_num: level,
          seq_num: seq,
          ...audit,
        })
        .returning('institution_id')
        .executeTakeFirstOrThrow()
    ).institution_id;
  const east = await inst('HQ-EAST', '华东制造有限公司', 'COMPANY', hqId, 2, 10);
  const siam = await inst('HQ-TH', 'Demo Manufacturing (Thailand) Co., Ltd.', 'COMPANY', hqId, 2, 20);
  const plant = await inst('HQ-EAST-P1', '苏州一厂', 'FACTORY', east, 3, 10);
  institutions.set('HQ-EAST', east).set('HQ-TH', siam).set('HQ-EAST-P1', plant);

  // A head is a user (the workflow's assignee rule "deptHead"); the sourcing team has none of its own, so its
  // people's documents go to the head of the purchasing department above it.
  const head = (user: string) => users.get(user) ?? null;
  const dept = async (code: string, name: string, institution: number, parent: number | null, level: number, manager: string, headUserId: number | null) =>
    (
      await org
        .insertInto('base_department')
        .values({
          department_code: code,
          department_name: name,
          institution_id: institution,
          parent_department_id: parent,
          level_num: level,
          manager_name: manager,
          head_user_id: headUserId,
          ...audit,
        })
        .returning('department_id')
        .executeTakeFirstOrThrow()
    ).department_id;
  const purchase = await dept('D-PUR', '采购部', east, null, 1, '李审批', head('approver01'));
  const sourcing = await dept('D-PUR-SRC', '寻源组', east, purchase, 2, '刘寻源', null);
  const quality = await dept('D-QA', '质量部', plant, null, 1, '赵经理', head('approver02'));
  const thPurchase = await dept('D-TH-PUR', 'Purchasing (TH)', siam, null, 1, '赵经理', head('approver02'));

  const level = async (code: string, name: string, parent: number | null, depth: number, seq: number) =>
    (
      await org
        .insertInto('base_position_level')
        .values({ level_code: code, level_name: name, parent_level_id: parent, level_num: depth, seq_num: seq, ...audit })
        .returning('position_level_id')
        .executeTakeFirstOrThrow()
    ).position_level_id;
  const mgmt = await level('M', '管理序列', null, 1, 10);
  const m1 = await level('M1', '经理', mgmt, 2, 10);
  const prof = await level('P', '专业序列', null, 1, 20);
  const p2 = await level('P2', '高级专员', prof, 2, 10);
  await level('P1', '专员', prof, 2, 20);

  const job = async (code: string, name: string, department: number, area: string) =>
    (
      await org
        .insertInto('base_job')
        .values({ job_code: code, job_name: name, department_id: department, allocation_area: area, ...audit })
        .returning('job_id')
        .executeTakeFirstOrThrow()
    ).job_id;
  const buyerJob = await job('J-BUYER', '采购员', purchase, '华东,华南');
  const qaJob = await job('J-QE', '质量工程师', quality, '苏州');
  const thBuyerJob = await job('J-TH-BUYER', 'Buyer (TH)', thPurchase, 'Bangkok,Rayong');

  const position = async (code: string, name: string, department: number, lvl: number, j: number, headcount: number) =>
    (
      await org
        .insertInto('base_position')
        .values({ position_code: code, position_name: name, department_id: department, position_level_id: lvl, job_id: j, headcount, ...audit })
        .returning('position_id')
        .executeTakeFirstOrThrow()
    ).position_id;
  const purMgr = await position('P-PUR-MGR', '采购经理', purchase, m1, buyerJob, 1);
  const buyerPos = await position('P-PUR-BUYER', '高级采购员', sourcing, p2, buyerJob, 4);
  const qePos = await position('P-QA-QE', '质量工程师', quality, p2, qaJob, 3);
  const thBuyerPos = await position('P-TH-BUYER', 'Senior buyer (TH)', thPurchase, p2, thBuyerJob, 2);

  const people: [string, string, string, number, number, string | null, number, string][] = [
    ['E0001', '张采购', 'M', east, purchase, 'buyer01', purMgr, '2019-03-01'],
    ['E0002', '李审批', 'F', east, purchase, 'approver01', buyerPos, '2020-07-15'],
    ['E0003', '刘寻源', 'M', east, sourcing, null, buyerPos, '2021-01-04'],
    ['E0004', '赵质量', 'F', plant, quality, null, qePos, '2018-09-10'],
    ['E0005', 'Somsak K.', 'M', siam, thPurchase, null, thBuyerPos, '2022-02-01'],
  ];
  for (const [num, name, sex, institution, department, user, pos, hired] of people) {
    const e = (
      await org
        .insertInto('base_employee')
        .values({
          employee_number: num,
          employee_name: name,
          sex,
          institution_id: institution,
          department_id: department,
          user_id: user ? (users.get(user) ?? null) : null,
          email: `${num.toLowerCase()}@demo-mfg.example.com`,
          hire_date: hired,
          ...audit,
        })
        .returning('employee_id')
        .executeTakeFirstOrThrow()
    ).employee_id;
    const d = await org
      .selectFrom('base_position as p')
      .innerJoin('base_department as d', 'd.department_id', 'p.department_id')
      .select(['p.department_id', 'd.institution_id'])
      .where('p.position_id', '=', pos)
      .executeTakeFirstOrThrow();
    await org
      .insertInto('base_position_allot')
      .values({
        employee_id: e,
        position_id: pos,
        department_id: d.department_id,
        institution_id: d.institution_id,
        primary_flag: 'Y',
        start_date: hired,
        ...audit,
      })
      .execute();
  }
}

/** The group's head office, first: users belong to it. */
const hq: DemoStep = {
  name: 'hq',
  async run(db, demo) {
    const row = await typed<OrgTables>(db)
      .insertInto('base_institution')
      .values({ institution_code: 'HQ', institution_name: '示范制造集团有限公司', institution_type: 'COMPANY' })
      .returning('institution_id')
      .executeTakeFirstOrThrow();
    demo.ids.set('institution', 'HQ', row.institution_id);
  },
};

const structure: DemoStep = {
  name: 'structure',
  after: ['org:hq', 'admin:users'],
  async run(db, demo) {
    const users = new Map(['buyer01', 'approver01', 'approver02'].map((u) => [u, demo.ids.get('user', u)]));
    const institutions = new Map<string, number>();
    await seedStructure(db, demo.ids.get('institution', 'HQ'), demo.ids.get('user', 'admin'), users, institutions);
    for (const [code, id] of institutions) demo.ids.set('institution', code, id);
  },
};

export const orgDemo: readonly DemoStep[] = [hq, structure];
