// Demo company (CONTRACT.md "Demo data"): users, responsibilities, suppliers and business rows,
// created once on an empty database unless SRM_DEMO=0.
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { hashPassword } from '../auth/password.js';
import { BANKS, MATERIALS, REQUISITIONS, REQUISITION_PERMITS, SUPPLIERS } from './demoData.js';
import { seedOrgDemo } from './seedOrgDemo.js';
import { seedGridSamples } from './gridSamples.js';

type Grant = { menus: string[] | '*'; resources?: Record<string, string[]> };

const RESPONSIBILITIES: { code: string; names: [string, string, string, string]; userType: string; grant: Grant }[] = [
  { code: 'SYS_ADMIN', names: ['系统管理员', 'System administrator', 'ผู้ดูแลระบบ', 'Quản trị hệ thống'], userType: 'INTERNAL', grant: { menus: '*' } },
  {
    code: 'BUYER', names: ['采购员', 'Buyer', 'ผู้จัดซื้อ', 'Nhân viên mua hàng'], userType: 'INTERNAL',
    grant: {
      menus: ['BANK', 'MATERIAL', 'MATERIAL_PERMIT', 'EXCHANGE_RATE', 'REQUISITION', 'SUPPLIER_LIST', 'MY_EXPORTS'],
      resources: {
        BANK: ['btnAdd', 'btnEdit', 'btnView', 'btnSave', 'btnDelete', 'btnExport', 'btnImport'],
        MATERIAL: ['btnAdd', 'btnEdit', 'btnView', 'btnSave', 'btnDelete', 'btnExport', 'btnImport'],
        MATERIAL_PERMIT: ['btnView'],
        EXCHANGE_RATE: ['btnAdd', 'btnEdit', 'btnView', 'btnSave', 'btnDelete'],
        REQUISITION: ['btnAdd', 'btnEdit', 'btnView', 'btnSave', 'btnDelete', 'btnSubmit', 'btnUploadAttachment', 'btnPreviewAttachment', 'btnDownloadAttachment', 'btnDelAttachment', 'btnExport'],
        SUPPLIER_LIST: ['btnView', 'btnPreviewAttachment', 'btnDownloadAttachment', 'btnExport'],
      },
    },
  },
  {
    code: 'PR_APPROVER', names: ['采购申请审批人', 'Requisition approver', 'ผู้อนุมัติใบขอซื้อ', 'Người duyệt yêu cầu mua'], userType: 'INTERNAL',
    grant: { menus: ['REQUISITION'], resources: { REQUISITION: ['btnView', 'btnApprove', 'btnReject', 'btnPreviewAttachment', 'btnDownloadAttachment'] } },
  },
  {
    code: 'SUPPLIER_PORTAL', names: ['供应商门户', 'Supplier portal', 'พอร์ทัลผู้จัดจำหน่าย', 'Cổng nhà cung cấp'], userType: 'EXTERNAL',
    grant: { menus: ['MY_COMPANY'], resources: { MY_COMPANY: ['btnView', 'btnEdit', 'btnSave', 'btnUploadAttachment', 'btnPreviewAttachment', 'btnDownloadAttachment', 'btnDelAttachment', 'btnExport'] } },
  },
  {
    code: 'DESIGNER', names: ['设计人员', 'Designer', 'ผู้ออกแบบ', 'Nhà thiết kế'], userType: 'INTERNAL',
    grant: { menus: ['DEVTOOLS', 'DESIGNER', 'DEVTOOLS_GENERATOR', 'DEVTOOLS_DATABASE', 'DEVTOOLS_API', 'DEVTOOLS_API_DOCS'] },
  },
];

const USERS: { name: string; full: string; type: 'INTERNAL' | 'EXTERNAL'; supplier?: string; resps: string[]; email: string }[] = [
  { name: 'admin', full: '系统管理员', type: 'INTERNAL', resps: ['SYS_ADMIN'], email: 'admin@srm.example.com' },
  { name: 'buyer01', full: '张采购', type: 'INTERNAL', resps: ['BUYER'], email: 'buyer01@srm.example.com' },
  { name: 'approver01', full: '李审批', type: 'INTERNAL', resps: ['PR_APPROVER'], email: 'approver01@srm.example.com' },
  { name: 'designer01', full: '陈设计', type: 'INTERNAL', resps: ['DESIGNER'], email: 'designer01@srm.example.com' },
  { name: 'supplier01', full: '王建国', type: 'EXTERNAL', supplier: 'S-0001', resps: ['SUPPLIER_PORTAL'], email: 'supplier01@hd-steel.example.com' },
  { name: 'supplier02', full: 'Somchai P.', type: 'EXTERNAL', supplier: 'S-0002', resps: ['SUPPLIER_PORTAL'], email: 'supplier02@siam-ec.example.com' },
];

const one = async <T>(db: Db, q: ReturnType<typeof sql<T>>) => (await q.execute(db)).rows[0];

export async function createResponsibility(db: Db, r: (typeof RESPONSIBILITIES)[number]): Promise<number> {
  const { resp_id } = await one(db, sql<{ resp_id: number }>`insert into base_responsibility (resp_code, resp_name, resp_name_en, resp_name_th, resp_name_vn, user_type)
    values (${r.code}, ${r.names[0]}, ${r.names[1]}, ${r.names[2]}, ${r.names[3]}, ${r.userType}) returning resp_id`);
  const menuFilter = r.grant.menus === '*' ? sql`true` : sql`menu_code in (${sql.join(r.grant.menus)})`;
  await sql`insert into base_resp_menu (resp_id, menu_id) select ${resp_id}, menu_id from base_menu where ${menuFilter}`.execute(db);
  if (r.grant.menus === '*') {
    await sql`insert into base_resp_resource (resp_id, resource_id) select ${resp_id}, resource_id from base_resource`.execute(db);
  } else {
    for (const [menu, codes] of Object.entries(r.grant.resources ?? {})) {
      await sql`insert into base_resp_resource (resp_id, resource_id)
        select ${resp_id}, res.resource_id from base_resource res join base_menu m on m.menu_id = res.menu_id
        where m.menu_code = ${menu} and res.resource_code in (${sql.join(codes)})`.execute(db);
    }
  }
  return resp_id;
}

export async function createUser(db: Db, u: { name: string; full: string; type: string; supplierId?: number | null; institutionId?: number | null; email?: string }, password: string): Promise<number> {
  const { user_id } = await one(db, sql<{ user_id: number }>`insert into base_users (user_name, user_full_name, user_type, supplier_id, institution_id, email, password_hash)
    values (${u.name}, ${u.full}, ${u.type}, ${u.supplierId ?? null}, ${u.institutionId ?? null}, ${u.email ?? null}, ${await hashPassword(password)}) returning user_id`);
  return user_id;
}

export async function seedDemo(db: Db, password: string): Promise<string[]> {
  const { institution_id } = await one(db, sql<{ institution_id: number }>`insert into base_institution (institution_code, institution_name, institution_type)
    values ('HQ', '示范制造集团有限公司', 'COMPANY') returning institution_id`);
  const supplierIds = new Map<string, number>();
  for (const [num, name, tax, contact, phone, email] of SUPPLIERS) {
    const { supplier_id } = await one(db, sql<{ supplier_id: number }>`insert into srm_pos_supplier_info (supplier_number, supplier_name, tax_number, contact_name, contact_phone, email, supplier_status)
      values (${num}, ${name}, ${tax}, ${contact}, ${phone}, ${email}, 'QUALIFIED') returning supplier_id`);
    supplierIds.set(num, supplier_id);
  }
  const respIds = new Map<string, number>();
  for (const r of RESPONSIBILITIES) respIds.set(r.code, await createResponsibility(db, r));
  const userIds = new Map<string, number>();
  for (const u of USERS) {
    const id = await createUser(db, { ...u, supplierId: u.supplier ? supplierIds.get(u.supplier) : null, institutionId: u.type === 'INTERNAL' ? institution_id : null }, password);
    userIds.set(u.name, id);
    for (const r of u.resps) await sql`insert into base_user_resp (user_id, resp_id, start_date) values (${id}, ${respIds.get(r)!}, date '2026-01-01')`.execute(db);
  }
  const buyer = userIds.get('buyer01')!;
  await seedPurchasePermits(db, buyer, institution_id);
  for (const [code, name, swift, country] of BANKS) {
    await sql`insert into srm_base_bank (bank_code, bank_name, swift_code, country_code, created_by, last_updated_by) values (${code}, ${name}, ${swift}, ${country}, ${buyer}, ${buyer})`.execute(db);
  }
  const materialIds: number[] = [];
  for (const [i, [name, spec, uom, cat, price]] of MATERIALS.entries()) {
    const { material_id } = await one(db, sql<{ material_id: number }>`insert into srm_base_material (material_code, material_name, specification, uom_code, category_code, unit_price, created_by, last_updated_by)
      values (${`M-${String(i + 1).padStart(4, '0')}`}, ${name}, ${spec}, ${uom}, ${cat}, ${price}, ${buyer}, ${buyer}) returning material_id`);
    materialIds.push(material_id);
  }
  const rates: [string, number][] = [['USD', 7.1], ['EUR', 7.72], ['THB', 0.198], ['VND', 0.00028]];
  for (let d = 0; d < 5; d++) {
    for (const [cur, rate] of rates) {
      const day = `2026-11-${String(17 + d).padStart(2, '0')}`;
      await sql`insert into srm_base_exchange_rate (from_currency, to_currency, rate_date, rate, created_by, last_updated_by)
        values (${cur}, 'CNY', ${day}, ${+(rate * (1 + (d - 2) * 0.002)).toFixed(6)}, ${buyer}, ${buyer})`.execute(db);
    }
  }
  // Currencies have no shipped page: the designer's end-to-end test builds their screen (symbol empty on two rows).
  const currencies: [string, string, string | null, number][] = [['CNY', '人民币', '¥', 1200000], ['USD', 'US Dollar', '$', 350000], ['EUR', 'Euro', '€', 120000.5], ['THB', 'Thai Baht', null, 80000], ['VND', 'Vietnamese Dong', null, 0.25]];
  for (const [code, name, symbol, volume] of currencies) {
    await sql`insert into srm_base_currency (currency_code, currency_name, symbol, decimal_places, monthly_volume, created_by, last_updated_by)
      values (${code}, ${name}, ${symbol}, ${code === 'VND' ? 0 : 2}, ${volume}, ${buyer}, ${buyer})`.execute(db);
  }
  for (const [i, [title, status, date]] of REQUISITIONS.entries()) {
    const approved = status === 'APPROVED' ? userIds.get('approver01')! : null;
    const { requisition_id } = await one(db, sql<{ requisition_id: number }>`insert into srm_po_requisition
      (requisition_number, title, status, request_date, currency_code, submitted_date, approved_by, approved_date, created_by, last_updated_by)
      values (${`PR-2026-${String(i + 1).padStart(6, '0')}`}, ${title}, ${status}, ${date}, 'CNY',
        ${status === 'DRAFT' ? null : `${date} 10:00:00`}, ${approved}, ${approved ? `${date} 16:30:00` : null}, ${buyer}, ${buyer}) returning requisition_id`);
    for (let l = 0; l < 2; l++) {
      const m = MATERIALS[(i * 3 + l) % MATERIALS.length];
      await sql`insert into srm_po_requisition_line (requisition_id, line_number, material_id, quantity, uom_code, need_by_date, created_by, last_updated_by)
        values (${requisition_id}, ${(l + 1) * 10}, ${materialIds[(i * 3 + l) % materialIds.length]}, ${(l + 1) * 50 + i * 10}, ${m[2]}, '2026-12-15', ${buyer}, ${buyer})`.execute(db);
    }
  }
  await sql`insert into srm_document_sequence (doc_type, period, last_value) values ('PR', '2026', ${REQUISITIONS.length})
    on conflict (doc_type) do update set last_value = excluded.last_value, period = excluded.period`.execute(db);
  await seedGridSamples(db, buyer, materialIds);
  await seedOrgDemo(db, institution_id, userIds.get('admin')!);
  // After the organisation demo: some requisitions belong to its companies.
  for (const [i, [org, group]] of REQUISITION_PERMITS.entries()) {
    await sql`update srm_po_requisition set
        institution_id = (select institution_id from base_institution where institution_code = ${org}),
        purchase_group_id = (select group_id from srm_base_purchase_group where group_code = ${group})
      where requisition_number = ${`PR-2026-${String(i + 1).padStart(6, '0')}`}`.execute(db);
  }
  return USERS.map((u) => u.name);
}

export async function seedAdminOnly(db: Db, password: string): Promise<void> {
  const respId = await createResponsibility(db, RESPONSIBILITIES[0]);
  const id = await createUser(db, { name: 'admin', full: 'Administrator', type: 'INTERNAL' }, password);
  await sql`insert into base_user_resp (user_id, resp_id) values (${id}, ${respId})`.execute(db);
}

/** Purchase categories and groups, and buyer01's user authorisation: HQ, categories RAW and ELEC, group G01. */
async function seedPurchasePermits(db: Db, buyer: number, institutionId: number): Promise<void> {
  const categories: [string, string][] = [['RAW', '原材料'], ['ELEC', '电子元器件'], ['PACK', '包装材料'], ['MRO', '辅料及MRO']];
  for (const [code, name] of categories) {
    await sql`insert into srm_base_purchase_category (category_code, category_name) values (${code}, ${name}) on conflict do nothing`.execute(db);
  }
  for (const [code, name] of [['G01', '生产物料采购组'], ['G02', '间接物料采购组']]) {
    await sql`insert into srm_base_purchase_group (group_code, group_name) values (${code}, ${name}) on conflict do nothing`.execute(db);
  }
  await sql`insert into base_user_org_permit (user_id, institution_id) values (${buyer}, ${institutionId})`.execute(db);
  await sql`insert into base_user_category_permit (user_id, category_id)
    select ${buyer}, category_id from srm_base_purchase_category where category_code in ('RAW', 'ELEC')`.execute(db);
  await sql`insert into base_user_group_permit (user_id, group_id) select ${buyer}, group_id from srm_base_purchase_group where group_code = 'G01'`.execute(db);
}
