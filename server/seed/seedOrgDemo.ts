// Demo organisation: a group with companies and a factory, departments, position levels, jobs,
// positions, employees with their positions, a few profiles, articles and reminder rules.
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

const one = async <T>(db: Db, q: ReturnType<typeof sql<T>>) => (await q.execute(db)).rows[0];

export async function seedOrgDemo(db: Db, hqId: number, adminId: number): Promise<void> {
  await sql`update base_institution set level_num = 1, institution_type = 'GROUP', seq_num = 10 where institution_id = ${hqId}`.execute(db);
  const inst = async (code: string, name: string, type: string, parent: number, level: number, seq: number) =>
    (await one(db, sql<{ id: number }>`insert into base_institution (institution_code, institution_name, institution_type, parent_institution_id, level_num, seq_num, created_by, last_updated_by)
      values (${code}, ${name}, ${type}, ${parent}, ${level}, ${seq}, ${adminId}, ${adminId}) returning institution_id as id`)).id;
  const east = await inst('HQ-EAST', '华东制造有限公司', 'COMPANY', hqId, 2, 10);
  const siam = await inst('HQ-TH', 'Demo Manufacturing (Thailand) Co., Ltd.', 'COMPANY', hqId, 2, 20);
  const plant = await inst('HQ-EAST-P1', '苏州一厂', 'FACTORY', east, 3, 10);

  const dept = async (code: string, name: string, institution: number, parent: number | null, level: number, manager: string) =>
    (await one(db, sql<{ id: number }>`insert into base_department (department_code, department_name, institution_id, parent_department_id, level_num, manager_name, created_by, last_updated_by)
      values (${code}, ${name}, ${institution}, ${parent}, ${level}, ${manager}, ${adminId}, ${adminId}) returning department_id as id`)).id;
  const purchase = await dept('D-PUR', '采购部', east, null, 1, '张采购');
  const sourcing = await dept('D-PUR-SRC', '寻源组', east, purchase, 2, '刘寻源');
  const quality = await dept('D-QA', '质量部', plant, null, 1, '赵质量');
  const thPurchase = await dept('D-TH-PUR', 'Purchasing (TH)', siam, null, 1, 'Somsak K.');

  const level = async (code: string, name: string, parent: number | null, depth: number, seq: number) =>
    (await one(db, sql<{ id: number }>`insert into base_position_level (level_code, level_name, parent_level_id, level_num, seq_num, created_by, last_updated_by)
      values (${code}, ${name}, ${parent}, ${depth}, ${seq}, ${adminId}, ${adminId}) returning position_level_id as id`)).id;
  const mgmt = await level('M', '管理序列', null, 1, 10);
  const m1 = await level('M1', '经理', mgmt, 2, 10);
  const prof = await level('P', '专业序列', null, 1, 20);
  const p2 = await level('P2', '高级专员', prof, 2, 10);
  await level('P1', '专员', prof, 2, 20);

  const job = async (code: string, name: string, department: number, area: string) =>
    (await one(db, sql<{ id: number }>`insert into base_job (job_code, job_name, department_id, allocation_area, created_by, last_updated_by)
      values (${code}, ${name}, ${department}, ${area}, ${adminId}, ${adminId}) returning job_id as id`)).id;
  const buyerJob = await job('J-BUYER', '采购员', purchase, '华东,华南');
  const qaJob = await job('J-QE', '质量工程师', quality, '苏州');
  const thBuyerJob = await job('J-TH-BUYER', 'Buyer (TH)', thPurchase, 'Bangkok,Rayong');

  const position = async (code: string, name: string, department: number, lvl: number, j: number, headcount: number) =>
    (await one(db, sql<{ id: number }>`insert into base_position (position_code, position_name, department_id, position_level_id, job_id, headcount, created_by, last_updated_by)
      values (${code}, ${name}, ${department}, ${lvl}, ${j}, ${headcount}, ${adminId}, ${adminId}) returning position_id as id`)).id;
  const purMgr = await position('P-PUR-MGR', '采购经理', purchase, m1, buyerJob, 1);
  const buyerPos = await position('P-PUR-BUYER', '高级采购员', sourcing, p2, buyerJob, 4);
  const qePos = await position('P-QA-QE', '质量工程师', quality, p2, qaJob, 3);
  const thBuyerPos = await position('P-TH-BUYER', 'Senior buyer (TH)', thPurchase, p2, thBuyerJob, 2);

  const users = new Map((await sql<{ user_name: string; user_id: number }>`select user_name, user_id from base_users`.execute(db)).rows.map((r) => [r.user_name, r.user_id]));
  const people: [string, string, string, number, number, string | null, number, string][] = [
    ['E0001', '张采购', 'M', east, purchase, 'buyer01', purMgr, '2019-03-01'],
    ['E0002', '李审批', 'F', east, purchase, 'approver01', buyerPos, '2020-07-15'],
    ['E0003', '刘寻源', 'M', east, sourcing, null, buyerPos, '2021-01-04'],
    ['E0004', '赵质量', 'F', plant, quality, null, qePos, '2018-09-10'],
    ['E0005', 'Somsak K.', 'M', siam, thPurchase, null, thBuyerPos, '2022-02-01'],
  ];
  for (const [num, name, sex, institution, department, user, pos, hired] of people) {
    const e = (await one(db, sql<{ id: number }>`insert into base_employee (employee_number, employee_name, sex, institution_id, department_id, user_id, email, hire_date, created_by, last_updated_by)
      values (${num}, ${name}, ${sex}, ${institution}, ${department}, ${user ? users.get(user) ?? null : null}, ${`${num.toLowerCase()}@demo-mfg.example.com`}, ${hired}, ${adminId}, ${adminId}) returning employee_id as id`)).id;
    const d = (await one(db, sql<{ department_id: number; institution_id: number }>`select p.department_id, d.institution_id from base_position p join base_department d on d.department_id = p.department_id where p.position_id = ${pos}`));
    await sql`insert into base_position_allot (employee_id, position_id, department_id, institution_id, primary_flag, start_date, created_by, last_updated_by)
      values (${e}, ${pos}, ${d.department_id}, ${d.institution_id}, 'Y', ${hired}, ${adminId}, ${adminId})`.execute(db);
  }

  const profiles: [string, string, string, string, string][] = [
    ['SYSTEM_NAME', '系统名称', 'STRING', '示范制造 SRM', '页面标题显示的系统名称'],
    ['PASSWORD_MIN_LENGTH', '密码最小长度', 'NUMBER', '8', '用户密码的最小长度'],
    ['SUPPLIER_SELF_REGISTER', '允许供应商自助注册', 'BOOLEAN', 'Y', 'Y 允许，N 关闭'],
    ['FISCAL_YEAR_START', '财年开始日期', 'DATE', '2026-01-01', ''],
    ['EXPORT_LIMITS', '导出限制', 'JSON', '{"sheetMaxRow":50000,"pageRows":20000}', '导出 Excel 的行数限制'],
  ];
  for (const [code, name, type, value, desc] of profiles) {
    await sql`insert into base_profile (profile_code, profile_name, value_type, profile_value, description, created_by, last_updated_by)
      values (${code}, ${name}, ${type}, ${value}, ${desc || null}, ${adminId}, ${adminId})`.execute(db);
  }

  await sql`insert into base_article (title, category, content, status, publish_date, published_by, created_by, last_updated_by) values
    ('供应商门户上线通知', 'NEWS', '<p>供应商门户已于 <strong>2026 年 11 月</strong> 正式上线，请各供应商使用分配的账号登录。</p>', 'PUBLISHED', '2026-11-01 09:00:00', ${adminId}, ${adminId}, ${adminId}),
    ('采购管理制度（2026 版）', 'POLICY', '<h2>总则</h2><p>本制度适用于集团各公司的采购活动。</p><ul><li>公开透明</li><li>货比三家</li></ul>', 'DRAFT', null, null, ${adminId}, ${adminId})`.execute(db);

  await sql`insert into base_reminder_setting (reminder_name, business_type, days_before, recipients, channel, description, created_by, last_updated_by) values
    ('合同到期提醒', 'CONTRACT_EXPIRY', 30, 'buyer01,approver01', 'MAIL', '合同到期前 30 天邮件提醒采购员和审批人', ${adminId}, ${adminId}),
    ('资质到期提醒', 'QUALIFICATION_EXPIRY', 15, 'buyer01', 'SITE', null, ${adminId}, ${adminId})`.execute(db);
}
