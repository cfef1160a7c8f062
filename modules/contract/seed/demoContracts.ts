// Demo contracts in every state (docs/contract.md "Demo"): supplier01's draft, pending approval (above
// 100,000: approver01's task, workflow's CON_APPROVAL), approved, sent, confirmed, refused (with its
// reason), half signed, signed, terminated, and a changed one (version 2 sent again, version 1 kept);
// supplier02's sent and signed. Texts are the templates' with their variables filled; signatures carry the
// SHA-256 of the document as the built-in provider computes it.
import type { DemoStep } from '../../../server/modules/types.js';
import type { Db } from '../../../server/db/connect.js';
import { auditInsert } from '../../../server/db/typed.js';
import { setDocumentCounter } from '../../../server/rest/numbering.js';
import { con } from '../server/store.js';
import { renderTemplate } from '../server/render.js';
import { documentText, sha256 } from '../server/esign.js';

type Spec = {
  title: string;
  supplier: 'S-0001' | 'S-0002';
  status: string;
  template: string;
  lines: [number, number][];
  signed?: ('BUYER' | 'SUPPLIER')[];
  refuse?: string;
  terminate?: string;
  change?: string;
};

const SPECS: Spec[] = [
  { title: '冷轧钢板年度采购合同（草稿）', supplier: 'S-0001', status: 'DRAFT', template: 'TPL-PURCHASE', lines: [[200, 48]] },
  { title: '不锈钢年度框架协议', supplier: 'S-0001', status: 'APPROVING', template: 'TPL-FRAME', lines: [[6000, 60]] },
  { title: '镀锌钢卷采购合同', supplier: 'S-0001', status: 'APPROVED', template: 'TPL-PURCHASE', lines: [[300, 45]] },
  { title: '钢带试制合同', supplier: 'S-0001', status: 'SENT', template: 'TPL-PURCHASE', lines: [[80, 70]] },
  {
    title: '冲压件原料框架协议',
    supplier: 'S-0001',
    status: 'CONFIRMED',
    template: 'TPL-FRAME',
    lines: [
      [100, 50],
      [60, 55],
    ],
  },
  { title: '模具钢采购合同', supplier: 'S-0001', status: 'REFUSED', template: 'TPL-PURCHASE', lines: [[100, 80]], refuse: '单价低于原材料成本，请重新报价' },
  { title: '卷板分批采购合同', supplier: 'S-0001', status: 'SIGNING', template: 'TPL-PURCHASE', lines: [[500, 46]], signed: ['SUPPLIER'] },
  { title: '2026 年钢材框架协议', supplier: 'S-0001', status: 'SIGNED', template: 'TPL-FRAME', lines: [[1000, 47]], signed: ['SUPPLIER', 'BUYER'] },
  {
    title: '11 月钢材采购合同',
    supplier: 'S-0001',
    status: 'TERMINATED',
    template: 'TPL-PURCHASE',
    lines: [[50, 47]],
    signed: ['SUPPLIER', 'BUYER'],
    terminate: '供应商产能调整，双方协商终止',
  },
  { title: '冷轧卷长期供货合同（已变更）', supplier: 'S-0001', status: 'SENT', template: 'TPL-FRAME', lines: [[800, 52]], change: '延长有效期并调整单价' },
  { title: 'PCB connectors supply contract', supplier: 'S-0002', status: 'SENT', template: 'TPL-SERVICE', lines: [[1000, 3.2]] },
  {
    title: 'Relay modules service contract',
    supplier: 'S-0002',
    status: 'SIGNED',
    template: 'TPL-SERVICE',
    lines: [[400, 12.5]],
    signed: ['SUPPLIER', 'BUYER'],
  },
];

const number = (i: number) => `CT-2026-${String(i).padStart(6, '0')}`;
const at = (day: number, hour = 10) => `2026-11-${String(day).padStart(2, '0')} ${String(hour).padStart(2, '0')}:00:00`;
const AFTER: Record<string, string[]> = {
  APPROVING: ['submitted_date'],
  APPROVED: ['submitted_date', 'approved_date'],
  SENT: ['submitted_date', 'approved_date', 'sent_date'],
  REFUSED: ['submitted_date', 'approved_date', 'sent_date'],
  CONFIRMED: ['submitted_date', 'approved_date', 'sent_date', 'confirmed_date'],
};
AFTER.SIGNING = AFTER.CONFIRMED;
AFTER.SIGNED = AFTER.CONFIRMED;
AFTER.TERMINATED = AFTER.CONFIRMED;

async function insertContract(
  db: Db,
  s: Spec,
  i: number,
  ids: { supplier: number; supplierName: string; buyer: number; supplierUser: number; template: number; materials: number[] },
) {
  const total = s.lines.reduce((sum, [q, p]) => sum + q * p, 0);
  const head = {
    contractNumber: number(i + 1),
    title: s.title,
    supplierId: ids.supplier,
    currencyCode: 'CNY',
    totalAmount: total,
    startDate: '2026-12-01',
    endDate: '2027-11-30',
  };
  const version = s.change ? 2 : 1;
  const filled = (await renderTemplate(db, ids.template, { ...head, supplierName: ids.supplierName, totalAmount: total.toFixed(2), sourceNumber: '' }))!;
  const stamps = Object.fromEntries((AFTER[s.status] ?? []).map((k, n) => [k, at(18 + n)]));
  const row = await con(db)
    .insertInto('srm_con_contract')
    .values({
      contract_number: head.contractNumber,
      title: s.title,
      supplier_id: ids.supplier,
      status: s.status,
      template_id: ids.template,
      watermark_id: filled.watermarkId,
      currency_code: 'CNY',
      total_amount: total,
      start_date: head.startDate,
      end_date: head.endDate,
      content: filled.text,
      version_no: version,
      change_reason: s.change ?? null,
      refuse_reason: s.refuse ?? null,
      terminate_reason: s.terminate ?? null,
      terminated_date: s.terminate ? at(26) : null,
      ...stamps,
      ...auditInsert(ids.buyer),
    })
    .returning('contract_id')
    .executeTakeFirstOrThrow();
  const id = Number(row.contract_id);
  const lines = s.lines.map(([q, p], n) => ({ lineNumber: (n + 1) * 10, materialId: ids.materials[(i + n) % ids.materials.length], quantity: q, price: p }));
  for (const l of lines)
    await con(db)
      .insertInto('srm_con_contract_line')
      .values({
        contract_id: id,
        supplier_id: ids.supplier,
        line_number: l.lineNumber,
        material_id: l.materialId,
        quantity: l.quantity,
        price: l.price,
        amount: l.quantity * l.price,
        ...auditInsert(ids.buyer),
      })
      .execute();
  const hash = sha256(documentText({ ...head, versionNo: version, content: filled.text }, lines));
  for (const [n, side] of (s.signed ?? []).entries()) {
    const buyer = side === 'BUYER';
    const who = buyer ? 'buyer01' : s.supplier === 'S-0001' ? 'supplier01' : 'supplier02';
    await con(db)
      .insertInto('esign_sign')
      .values({
        document_type: 'CONTRACT',
        document_id: id,
        document_number: head.contractNumber,
        version_no: version,
        supplier_id: ids.supplier,
        sign_side: side,
        signer_id: buyer ? ids.buyer : ids.supplierUser,
        signer_name: who,
        sign_date: at(22 + n, 15),
        document_hash: hash,
        provider: 'BUILTIN',
        ...auditInsert(buyer ? ids.buyer : ids.supplierUser),
      })
      .execute();
    await con(db)
      .updateTable('srm_con_contract')
      .set(buyer ? { buyer_signed_name: who, buyer_signed_date: at(22 + n, 15) } : { supplier_signed_name: who, supplier_signed_date: at(22 + n, 15) })
      .set({ document_hash: hash })
      .where('contract_id', '=', id)
      .execute();
  }
  if (s.change) {
    // Version 1 as it was signed, kept when the buyer changed it.
    const before = { ...head, contractId: id, versionNo: 1, status: 'SIGNED', endDate: '2027-05-31', content: filled.text, lines };
    await con(db)
      .insertInto('srm_con_contract_version')
      .values({
        contract_id: id,
        supplier_id: ids.supplier,
        version_no: 1,
        status: 'SIGNED',
        change_reason: s.change,
        snapshot: JSON.stringify(before),
        ...auditInsert(ids.buyer),
      })
      .execute();
  }
  return id;
}

export const demoContracts: DemoStep = {
  name: 'contracts',
  after: ['admin:users', 'base:data', 'supplier:suppliers', 'contract:library'],
  async run(db, demo) {
    const library = demo.shared<{ templates: Record<string, number> }>('contract.library');
    const buyer = demo.ids.get('user', 'buyer01');
    const materials = demo.ids.all('material');
    const names: Record<string, string> = { 'S-0001': '华东精密钢材有限公司', 'S-0002': 'Siam Electronic Components Co., Ltd.' };
    const made: number[] = [];
    for (const [i, s] of SPECS.entries())
      made.push(
        await insertContract(db, s, i, {
          supplier: demo.ids.get('supplier', s.supplier),
          supplierName: names[s.supplier],
          buyer,
          supplierUser: demo.ids.get('user', s.supplier === 'S-0001' ? 'supplier01' : 'supplier02'),
          template: library.templates[s.template],
          materials,
        }),
      );
    await setDocumentCounter(db, 'CT', '2026', SPECS.length);
    // The contract above 100,000 waits for approver01 in CON_APPROVAL (processes/CON_APPROVAL.bpmn).
    await demo.process({
      modelKey: 'CON_APPROVAL',
      entity: 'srmConContract',
      businessId: made[1],
      documentNumber: number(2),
      title: SPECS[1].title,
      initiator: { user: 'buyer01', name: '张采购' },
      start: '2026-11-18 10:00:00',
      steps: [{ node: 'approve01', name: '采购合同审批', assignee: { user: 'approver01', name: '李审批' } }],
    });
  },
};
