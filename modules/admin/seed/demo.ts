// Demo company (CONTRACT.md "Demo data"), administration's part: responsibilities with their grants,
// the demo users, and buyer01's user authorisation; or, without the demo, the first administrator.
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import { hashPassword } from '../../../server/auth/password.js';
import type { ServerConfig } from '../../../server/config.js';
import type { DemoStep } from '../../../server/modules/types.js';
import type { AdminTables } from '../generated/tables.js';

type Grant = { menus: string[] | '*'; resources?: Record<string, string[]> };

const RESPONSIBILITIES: { code: string; names: [string, string, string, string]; userType: string; grant: Grant }[] = [
  { code: 'SYS_ADMIN', names: ['系统管理员', 'System administrator', 'ผู้ดูแลระบบ', 'Quản trị hệ thống'], userType: 'INTERNAL', grant: { menus: '*' } },
  {
    code: 'BUYER',
    names: ['采购员', 'Buyer', 'ผู้จัดซื้อ', 'Nhân viên mua hàng'],
    userType: 'INTERNAL',
    grant: {
      menus: ['BANK', 'MATERIAL', 'MATERIAL_PERMIT', 'EXCHANGE_RATE', 'REQUISITION', 'SUPPLIER_LIST', 'MY_EXPORTS', 'MY_TODO', 'MY_DONE', 'MY_STARTED'],
      resources: {
        BANK: ['btnAdd', 'btnEdit', 'btnView', 'btnSave', 'btnDelete', 'btnExport', 'btnImport'],
        MATERIAL: ['btnAdd', 'btnEdit', 'btnView', 'btnSave', 'btnDelete', 'btnExport', 'btnImport'],
        MATERIAL_PERMIT: ['btnView'],
        EXCHANGE_RATE: ['btnAdd', 'btnEdit', 'btnView', 'btnSave', 'btnDelete'],
        REQUISITION: [
          'btnAdd',
          'btnEdit',
          'btnView',
          'btnSave',
          'btnDelete',
          'btnSubmit',
          'btnUploadAttachment',
          'btnPreviewAttachment',
          'btnDownloadAttachment',
          'btnDelAttachment',
          'btnExport',
        ],
        SUPPLIER_LIST: ['btnView', 'btnPreviewAttachment', 'btnDownloadAttachment', 'btnExport'],
      },
    },
  },
  {
    code: 'PR_APPROVER',
    names: ['采购申请审批人', 'Requisition approver', 'ผู้อนุมัติใบขอซื้อ', 'Người duyệt yêu cầu mua'],
    userType: 'INTERNAL',
    grant: {
      menus: ['REQUISITION', 'MY_TODO', 'MY_DONE', 'MY_STARTED'],
      resources: { REQUISITION: ['btnView', 'btnApprove', 'btnReject', 'btnPreviewAttachment', 'btnDownloadAttachment'] },
    },
  },
  {
    code: 'SUPPLIER_PORTAL',
    names: ['供应商门户', 'Supplier portal', 'พอร์ทัลผู้จัดจำหน่าย', 'Cổng nhà cung cấp'],
    userType: 'EXTERNAL',
    grant: {
      menus: ['MY_COMPANY'],
      resources: {
        MY_COMPANY: ['btnView', 'btnPreviewAttachment', 'btnDownloadAttachment', 'btnExport'],
      },
    },
  },
  {
    code: 'DESIGNER',
    names: ['设计人员', 'Designer', 'ผู้ออกแบบ', 'Nhà thiết kế'],
    userType: 'INTERNAL',
    grant: { menus: ['DEVTOOLS', 'DESIGNER', 'DEVTOOLS_GENERATOR', 'DEVTOOLS_DATABASE', 'DEVTOOLS_API', 'DEVTOOLS_API_DOCS'] },
  },
];

const USERS: { name: string; full: string; type: 'INTERNAL' | 'EXTERNAL'; supplier?: string; resps: string[]; email: string }[] = [
  { name: 'admin', full: '系统管理员', type: 'INTERNAL', resps: ['SYS_ADMIN'], email: 'admin@srm.example.com' },
  { name: 'buyer01', full: '张采购', type: 'INTERNAL', resps: ['BUYER'], email: 'buyer01@srm.example.com' },
  { name: 'approver01', full: '李审批', type: 'INTERNAL', resps: ['PR_APPROVER'], email: 'approver01@srm.example.com' },
  { name: 'approver02', full: '赵经理', type: 'INTERNAL', resps: ['PR_APPROVER'], email: 'approver02@srm.example.com' },
  { name: 'designer01', full: '陈设计', type: 'INTERNAL', resps: ['DESIGNER'], email: 'designer01@srm.example.com' },
  { name: 'supplier01', full: '王建国', type: 'EXTERNAL', supplier: 'S-0001', resps: ['SUPPLIER_PORTAL'], email: 'supplier01@hd-steel.example.com' },
  { name: 'supplier02', full: 'Somchai P.', type: 'EXTERNAL', supplier: 'S-0002', resps: ['SUPPLIER_PORTAL'], email: 'supplier02@siam-ec.example.com' },
];

export async function createResponsibility(db: Db, r: (typeof RESPONSIBILITIES)[number]): Promise<number> {
  const admin = typed<AdminTables>(db);
  const { resp_id } = await admin
    .insertInto('base_responsibility')
    .values({ resp_code: r.code, resp_name: r.names[0], resp_name_en: r.names[1], resp_name_th: r.names[2], resp_name_vn: r.names[3], user_type: r.userType })
    .returning('resp_id')
    .executeTakeFirstOrThrow();
  const menus = r.grant.menus;
  await admin
    .insertInto('base_resp_menu')
    .columns(['resp_id', 'menu_id'])
    .expression((eb) => {
      const all = eb.selectFrom('base_menu').select((eb) => [eb.val(resp_id).as('resp_id'), 'menu_id']);
      return menus === '*' ? all : all.where('menu_code', 'in', menus);
    })
    .execute();
  if (r.grant.menus === '*') {
    await admin
      .insertInto('base_resp_resource')
      .columns(['resp_id', 'resource_id'])
      .expression((eb) => eb.selectFrom('base_resource').select((eb) => [eb.val(resp_id).as('resp_id'), 'resource_id']))
      .execute();
  } else {
    for (const [menu, codes] of Object.entries(r.grant.resources ?? {})) {
      await admin
        .insertInto('base_resp_resource')
        .columns(['resp_id', 'resource_id'])
        .expression((eb) =>
          eb
            .selectFrom('base_resource as res')
            .innerJoin('base_menu as m', 'm.menu_id', 'res.menu_id')
            .select((eb) => [eb.val(resp_id).as('resp_id'), 'res.resource_id'])
            .where('m.menu_code', '=', menu)
            .where('res.resource_code', 'in', codes),
        )
        .execute();
    }
  }
  return resp_id;
}

export async function createUser(
  db: Db,
  u: { name: string; full: string; type: string; supplierId?: number | null; institutionId?: number | null; email?: string },
  password: string,
): Promise<number> {
  const { user_id } = await typed<AdminTables>(db)
    .insertInto('base_users')
    .values({
      user_name: u.name,
      user_full_name: u.full,
      user_type: u.type,
      supplier_id: u.supplierId ?? null,
      institution_id: u.institutionId ?? null,
      email: u.email ?? null,
      password_hash: await hashPassword(password),
    })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  return user_id;
}

/** Responsibilities and users: internal users belong to HQ, supplier users to their supplier. */
const users: DemoStep = {
  name: 'users',
  after: ['org:hq', 'supplier:suppliers'],
  async run(db, demo) {
    const respIds = new Map<string, number>();
    for (const r of RESPONSIBILITIES) respIds.set(r.code, await createResponsibility(db, r));
    for (const u of USERS) {
      const id = await createUser(
        db,
        {
          ...u,
          supplierId: u.supplier ? demo.ids.get('supplier', u.supplier) : null,
          institutionId: u.type === 'INTERNAL' ? demo.ids.get('institution', 'HQ') : null,
        },
        demo.password,
      );
      demo.ids.set('user', u.name, id);
      for (const r of u.resps)
        await typed<AdminTables>(db)
          .insertInto('base_user_resp')
          .values({ user_id: id, resp_id: respIds.get(r)!, start_date: '2026-01-01' })
          .execute();
    }
    demo.users.push(...USERS.map((u) => u.name));
  },
};

/** buyer01's user authorisation: HQ, categories RAW and ELEC, group G01. */
const permits: DemoStep = {
  name: 'permits',
  after: ['admin:users', 'base:data'],
  async run(db, demo) {
    const buyer = demo.ids.get('user', 'buyer01');
    const admin = typed<AdminTables>(db);
    await admin
      .insertInto('base_user_org_permit')
      .values({ user_id: buyer, institution_id: demo.ids.get('institution', 'HQ') })
      .execute();
    for (const c of ['RAW', 'ELEC'])
      await admin
        .insertInto('base_user_category_permit')
        .values({ user_id: buyer, category_id: demo.ids.get('purchaseCategory', c) })
        .execute();
    await admin
      .insertInto('base_user_group_permit')
      .values({ user_id: buyer, group_id: demo.ids.get('purchaseGroup', 'G01') })
      .execute();
  },
};

export const adminDemo: readonly DemoStep[] = [users, permits];

/** SRM_DEMO=0 on an empty database: the system administrator only, with SRM_ADMIN_PASSWORD. */
export async function seedFirstAdmin(db: Db, config: ServerConfig): Promise<void> {
  if (!config.adminPassword) throw new Error('SRM_DEMO=0 on an empty database: set SRM_ADMIN_PASSWORD for the first admin');
  const respId = await createResponsibility(db, RESPONSIBILITIES[0]);
  const id = await createUser(db, { name: 'admin', full: 'Administrator', type: 'INTERNAL' }, config.adminPassword);
  await typed<AdminTables>(db).insertInto('base_user_resp').values({ user_id: id, resp_id: respId }).execute();
}
