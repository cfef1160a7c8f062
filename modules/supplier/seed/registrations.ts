// Demo company, supplier registrations in every state (registrationData.ts) with their bank accounts and
// certificates; the approved ones became suppliers (SR{id}) whose lifecycle history and current state come
// from lifecycleData.ts. Each submitted one went through the review process (DemoContext.process:
// approver01's open tasks, the decided and withdrawn ones).
import { auditInsert, typed } from '../../../server/db/typed.js';
import type { Db } from '../../../server/db/connect.js';
import type { DemoContext, DemoProcess, DemoStep } from '../../../server/modules/types.js';
import { setDocumentCounter } from '../../../server/rest/numbering.js';
import { duplicateKey } from '../server/register/normalise.js';
import type { SupplierTables } from '../generated/tables.js';
import { CATEGORY_NAMES, REGISTRATIONS, type DemoRegistration } from './registrationData.js';
import { LIFECYCLE } from './lifecycleData.js';

/** What the workflow's demo needs of a registration under review or decided. */
export interface SharedRegistration {
  id: number;
  company: string;
  status: string;
  submitted: string;
  rejectReason: string | null;
}

export const registrations: DemoStep = {
  name: 'registrations',
  after: ['supplier:suppliers', 'base:data', 'admin:users'],
  async run(db, demo) {
    const shared: SharedRegistration[] = [];
    let changeCount = 0;
    for (const r of REGISTRATIONS) {
      const id = await insertRegistration(db, demo, r);
      if (r.submitted) shared.push({ id, company: r.company, status: r.status, submitted: r.submitted, rejectReason: r.rejectReason ?? null });
      if (r.status === 'APPROVED') changeCount = await supplierOf(db, demo, id, r, changeCount);
    }
    await setDocumentCounter(db, 'SC', '2026', changeCount);
    for (const r of shared) {
      const p = reviewOf(r);
      if (p) await demo.process(p);
    }
  },
};

async function insertRegistration(db: Db, demo: DemoContext, r: DemoRegistration): Promise<number> {
  const t = typed<SupplierTables>(db);
  const ids = r.categories.map((c) => demo.ids.get('purchaseCategory', c));
  const row = await t
    .insertInto('srm_pos_supplier_register')
    .values({
      company_name: r.company,
      credit_code: r.creditCode,
      contact_name: r.contact,
      email: r.email,
      phone: r.phone,
      address: r.address,
      category_ids: ids.join(','),
      category_names: r.categories.map((c) => `${c} ${CATEGORY_NAMES[c]}`).join(', '),
      language_code: r.language,
      status: r.status,
      submitted_date: r.submitted,
      reject_reason: r.rejectReason ?? null,
      name_key: duplicateKey(r.company),
      credit_key: duplicateKey(r.creditCode),
      // No link token: the demo registrants' links were never mailed.
      token_expires: null,
    })
    .returning('register_id')
    .executeTakeFirstOrThrow();
  const id = Number(row.register_id);
  const [bank, account, currency] = r.bank;
  await t
    .insertInto('srm_pos_supplier_register_bank')
    .values({ register_id: id, line_number: 1, bank_name: bank, account_name: r.company, account_number: account, currency_code: currency })
    .execute();
  for (const [i, [name, number, expiry]] of r.certificates.entries()) {
    await t
      .insertInto('srm_pos_supplier_register_cert')
      .values({ register_id: id, line_number: i + 1, cert_name: name, cert_number: number, expiry_date: expiry })
      .execute();
  }
  return id;
}

/** The supplier an approved registration created, its categories and its lifecycle so far. */
async function supplierOf(db: Db, demo: DemoContext, registerId: number, r: DemoRegistration, changeCount: number): Promise<number> {
  const t = typed<SupplierTables>(db);
  const life = LIFECYCLE[r.company];
  const buyer = demo.ids.get('user', 'buyer01');
  const approver = demo.ids.get('user', 'approver01');
  const number = `SR${String(registerId).padStart(6, '0')}`;
  const s = await t
    .insertInto('srm_pos_supplier_info')
    .values({
      supplier_number: number,
      supplier_name: r.company,
      tax_number: r.creditCode,
      contact_name: r.contact,
      contact_phone: r.phone,
      email: r.email,
      address: r.address,
      supplier_status: life?.now ?? 'POTENTIAL',
    })
    .returning('supplier_id')
    .executeTakeFirstOrThrow();
  const supplierId = Number(s.supplier_id);
  demo.ids.set('supplier', number, supplierId);
  await t.updateTable('srm_pos_supplier_register').set({ supplier_id: supplierId }).where('register_id', '=', registerId).execute();
  await t
    .insertInto('srm_pos_supplier_category')
    .values(
      r.categories.map((c) => ({
        supplier_id: supplierId,
        category_id: demo.ids.get('purchaseCategory', c),
        status: life?.qualified.includes(c) ? 'QUALIFIED' : 'POTENTIAL',
      })),
    )
    .execute();
  for (const c of life?.changes ?? []) {
    changeCount += 1;
    await t
      .insertInto('srm_pos_supplier_lifecycle')
      .values({
        change_number: `SC-2026-${String(changeCount).padStart(6, '0')}`,
        supplier_id: supplierId,
        change_type: c.change,
        category_id: c.category ? demo.ids.get('purchaseCategory', c.category) : null,
        from_status: c.from,
        to_status: c.to,
        reason: c.reason,
        end_date: c.endDate ?? null,
        status: c.status,
        submitted_date: c.date,
        approved_by: c.status === 'APPROVED' ? approver : null,
        approved_date: c.status === 'APPROVED' ? c.date : null,
        ...auditInsert(buyer),
      })
      .execute();
  }
  return changeCount;
}

const ADMIN = { user: 'admin', name: '系统管理员' };
const REVIEW = { node: 'review', name: '供应商准入审核', assignee: { user: 'approver01', name: '李审批' } };

/** The SUPPLIER_REGISTER_APPROVAL review (processes/) of a submitted registration: running with approver01's
 *  task, completed, rejected with the reason, or stopped when the registrant withdrew. */
function reviewOf(r: SharedRegistration): DemoProcess | null {
  const base = {
    modelKey: 'SUPPLIER_REGISTER_APPROVAL',
    entity: 'srmPosSupplierRegister',
    businessId: r.id,
    documentNumber: `REG-${r.id}`,
    title: r.company,
    initiator: ADMIN,
    start: r.submitted,
  };
  const ended = `${r.submitted.slice(0, 10)} 17:00:00`;
  switch (r.status) {
    case 'SUBMITTED':
      return { ...base, steps: [REVIEW] };
    case 'APPROVED':
      return { ...base, steps: [{ ...REVIEW, outcome: 'APPROVED', comment: '资料齐全，同意准入', at: ended }], end: { state: 'COMPLETED', at: ended } };
    case 'REJECTED':
      return {
        ...base,
        steps: [{ ...REVIEW, outcome: 'REJECTED', comment: r.rejectReason, at: ended }],
        end: { state: 'REJECTED', at: ended, reason: r.rejectReason },
      };
    case 'WITHDRAWN':
      return { ...base, steps: [REVIEW], end: { state: 'STOPPED', at: ended, reason: '注册人撤回', by: ADMIN } };
    default:
      return null;
  }
}
