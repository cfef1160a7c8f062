// Demo company, suppliers: six qualified suppliers in three countries (supplier01 and supplier02 sign in
// as the first two), registrations in every state with the suppliers they became, certificate warnings, business risk
// signals with every supplier's risk score (risk.ts), agreements, buyer01 as every supplier's responsible
// buyer, supplier01's and supplier02's certificates (portalCertificates.ts), and the grants.
import { typed } from '../../../server/db/typed.js';
import type { DemoStep } from '../../../server/modules/types.js';
import type { SupplierTables } from '../generated/tables.js';
import { registrations } from './registrations.js';
import { warnings } from './warnings.js';
import { changes } from './changes.js';
import { qualification } from './qualification.js';
import { risk } from './risk.js';
import { agreementFiles, agreements } from './agreements.js';
import { schedules } from './schedules.js';
import { portalCertificateScans, portalCertificates } from './portalCertificates.js';

export const SUPPLIERS: [string, string, string, string, string, string][] = [
  ['S-0001', '华东精密钢材有限公司', '91310000MA1FL0001X', '王建国', '021-5888-0001', 'sales@hd-steel.example.com'],
  ['S-0002', 'Siam Electronic Components Co., Ltd.', '0105560000002', 'Somchai P.', '+66-2-555-0002', 'contact@siam-ec.example.com'],
  ['S-0003', '深圳创芯电子科技有限公司', '91440300MA5F00003K', '李明', '0755-8666-0003', 'info@cx-elec.example.com'],
  ['S-0004', 'Saigon Packaging JSC', '0312000004', 'Nguyễn Văn An', '+84-28-3800-0004', 'sales@sgpack.example.com'],
  ['S-0005', '苏州恒达包装材料有限公司', '91320500MA1M00005P', '陈芳', '0512-6777-0005', 'hd-pack@example.com'],
  ['S-0006', '宁波海工机械配件厂', '91330200MA2H00006Q', '周涛', '0574-8755-0006', 'hg-parts@example.com'],
];
const suppliers: DemoStep = {
  name: 'suppliers',
  async run(db, demo) {
    for (const [num, name, tax, contact, phone, email] of SUPPLIERS) {
      const row = await typed<SupplierTables>(db)
        .insertInto('srm_pos_supplier_info')
        .values({
          supplier_number: num,
          supplier_name: name,
          tax_number: tax,
          contact_name: contact,
          contact_phone: phone,
          email,
          supplier_status: 'QUALIFIED',
        })
        .returning('supplier_id')
        .executeTakeFirstOrThrow();
      demo.ids.set('supplier', num, row.supplier_id);
    }
  },
};

/** CONTRACT.md demo facts: every demo supplier (supplier01's and supplier02's among them) is QUALIFIED for every demo category. */
const categories: DemoStep = {
  name: 'categories',
  after: ['supplier:suppliers', 'base:data'],
  async run(db, demo) {
    const rows = demo.ids
      .all('supplier')
      .flatMap((supplierId) =>
        demo.ids.all('purchaseCategory').map((categoryId) => ({ supplier_id: supplierId, category_id: categoryId, status: 'QUALIFIED' })),
      );
    await typed<SupplierTables>(db).insertInto('srm_pos_supplier_category').values(rows).execute();
  },
};

/** Every demo supplier (those typed in and those registrations created) has buyer01 as its responsible buyer. */
const responsibleBuyer: DemoStep = {
  name: 'responsibleBuyer',
  after: ['admin:users', 'supplier:registrations'],
  async run(db, demo) {
    const buyer = demo.ids.get('user', 'buyer01');
    await typed<SupplierTables>(db).updateTable('srm_pos_supplier_info').set({ buyer_user_id: buyer }).where('buyer_user_id', 'is', null).execute();
  },
};

/** The review screen for buyers and approvers (approver01 decides registrations from it); status changes
 *  asked by buyers and decided by approvers. */
const grants: DemoStep = {
  name: 'grants',
  after: ['admin:users'],
  async run(_db, demo) {
    await demo.grant('BUYER', 'SUPPLIER_REGISTER_REVIEW', ['btnView', 'btnExport']);
    await demo.grant('PR_APPROVER', 'SUPPLIER_REGISTER_REVIEW', ['btnView', 'btnExport']);
    await demo.grant('BUYER', 'SUPPLIER_LIFECYCLE', ['btnAdd', 'btnEdit', 'btnView', 'btnSave', 'btnDelete', 'btnSubmit', 'btnExport']);
    await demo.grant('PR_APPROVER', 'SUPPLIER_LIFECYCLE', ['btnView', 'btnApprove', 'btnReject', 'btnExport']);
    await demo.grant('BUYER', 'SUPPLIER_WARNING', ['btnView', 'btnExport']);
    // Buyers keep the supplier's master (the responsible buyer, the attachments among it) on 供应商列表 → 编辑: the
    // supplier's own 企业信息 is read-only, its changes come through approved change requests.
    await demo.grant('BUYER', 'SUPPLIER_LIST', ['btnEdit', 'btnSave', 'btnSync', 'btnUploadAttachment', 'btnDelAttachment']);
    await demo.grant('BUYER', 'SUPPLIER_CHANGE_REVIEW', ['btnView', 'btnApprove', 'btnReject']);
    await demo.grant('SUPPLIER_PORTAL', 'MY_SUPPLIER_CHANGE', ['btnAdd', 'btnEdit', 'btnView', 'btnSave', 'btnDelete', 'btnSubmit']);
    // Qualification: buyers run it, the approver decides its status change (SUPPLIER_LIFECYCLE above).
    const crud = ['btnAdd', 'btnEdit', 'btnView', 'btnSave', 'btnDelete', 'btnExport'];
    const files = ['btnUploadAttachment', 'btnPreviewAttachment', 'btnDownloadAttachment', 'btnDelAttachment'];
    await demo.grant('BUYER', 'SUPPLIER_QUESTION_BANK', crud);
    await demo.grant('BUYER', 'SUPPLIER_QN_TEMPLATE', crud);
    await demo.grant('BUYER', 'SUPPLIER_QUALIFICATION', [...crud, 'btnSubmit', 'btnSend', 'btnFail']);
    await demo.grant('BUYER', 'SUPPLIER_QUESTIONNAIRE', ['btnView', 'btnExport', 'btnScore', 'btnClose', 'btnPreviewAttachment', 'btnDownloadAttachment']);
    await demo.grant('BUYER', 'SUPPLIER_SURVEY', [...crud, 'btnSend', 'btnClose']);
    await demo.grant('SUPPLIER_PORTAL', 'MY_QUESTIONNAIRE', ['btnView', 'btnEdit', 'btnSave', 'btnSubmit', 'btnExport', ...files]);
    // Agreements: buyers draft and send them, the supplier's portal reads, signs or refuses its own.
    await demo.grant('BUYER', 'SUPPLIER_AGREEMENT', [...crud, 'btnSend']);
    await demo.grant('SUPPLIER_PORTAL', 'MY_AGREEMENT', ['btnView', 'btnExport', 'btnSign', 'btnRefuse']);
  },
};

export const supplierDemo: readonly DemoStep[] = [
  suppliers,
  categories,
  registrations,
  portalCertificates,
  responsibleBuyer,
  warnings,
  changes,
  qualification,
  risk,
  agreements,
  grants,
  agreementFiles,
  portalCertificateScans,
  schedules,
];
