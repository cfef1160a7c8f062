// Demo orders in every state (docs/order.md "Demo"): supplier01's draft, pending approval (above 50,000 CNY,
// approver01's task: workflow's poApproval step), released awaiting confirmation, a change to review,
// confirmed with a changed date (revision 1, the old kept), partly delivered (a shipped note), partly
// received (a receipt with a rejected quantity and a return), closed; supplier02's released and confirmed.
// Quantities are written as the rules would have left them: open = quantity − received (+ reopened returns).
import type { DemoStep } from '../../../server/modules/types.js';
import type { Db } from '../../../server/db/connect.js';
import { auditInsert } from '../../../server/db/typed.js';
import { setDocumentCounter } from '../../../server/rest/numbering.js';
import { po } from '../server/store.js';

type LineSpec = { qty: number; price: number; received?: number; status: string; promised?: string; proposed?: string; returned?: number; open?: number };
type OrderSpec = { title: string; supplier: 'S-0001' | 'S-0002'; status: string; revision?: number; lines: LineSpec[]; reason?: string };

const ORDERS: OrderSpec[] = [
  { title: '冷轧钢板补库（草稿）', supplier: 'S-0001', status: 'DRAFT', lines: [{ qty: 200, price: 48, status: 'OPEN' }] },
  { title: '年度不锈钢框架首批', supplier: 'S-0001', status: 'SUBMITTED', lines: [{ qty: 1200, price: 52.5, status: 'OPEN' }] },
  {
    title: '镀锌钢卷 12 月交付',
    supplier: 'S-0001',
    status: 'RELEASED',
    lines: [
      { qty: 300, price: 45, status: 'OPEN' },
      { qty: 150, price: 61, status: 'OPEN' },
    ],
  },
  { title: '钢带试制订单', supplier: 'S-0001', status: 'CHANGE_PENDING', lines: [{ qty: 80, price: 70, status: 'CHANGE_REQUESTED', proposed: '2027-01-08' }] },
  {
    title: '冲压件原料（交期已调整）',
    supplier: 'S-0001',
    status: 'CONFIRMED',
    revision: 1,
    lines: [
      { qty: 100, price: 50, status: 'CONFIRMED', promised: '2026-12-20' },
      { qty: 60, price: 55, status: 'CONFIRMED', promised: '2026-12-30' },
    ],
  },
  { title: '卷板分批送货', supplier: 'S-0001', status: 'CONFIRMED', lines: [{ qty: 500, price: 46, status: 'CONFIRMED', promised: '2026-12-15' }] },
  {
    title: '模具钢部分到货',
    supplier: 'S-0001',
    status: 'CONFIRMED',
    lines: [{ qty: 100, price: 88, status: 'CONFIRMED', promised: '2026-12-10', received: 57, returned: 3, open: 43 }],
  },
  {
    title: '11 月钢材采购（已结清）',
    supplier: 'S-0001',
    status: 'CLOSED',
    lines: [{ qty: 50, price: 47, status: 'RECEIVED', promised: '2026-11-20', received: 50, open: 0 }],
  },
  { title: 'PCB connectors December', supplier: 'S-0002', status: 'RELEASED', lines: [{ qty: 1000, price: 3.2, status: 'OPEN' }] },
  { title: 'Relay modules Q1', supplier: 'S-0002', status: 'CONFIRMED', lines: [{ qty: 400, price: 12.5, status: 'CONFIRMED', promised: '2027-01-15' }] },
];

const number = (prefix: string, i: number) => `${prefix}-2026-${String(i).padStart(6, '0')}`;

async function insertOrder(db: Db, o: OrderSpec, i: number, supplierId: number, buyer: number, materials: number[]) {
  const total = o.lines.reduce((s, l) => s + l.qty * l.price, 0);
  const live = !['DRAFT', 'SUBMITTED'].includes(o.status);
  const row = await po(db)
    .insertInto('srm_po_order')
    .values({
      order_number: number('PO', i + 1),
      title: o.title,
      supplier_id: supplierId,
      status: o.status,
      currency_code: 'CNY',
      order_date: '2026-11-18',
      revision: o.revision ?? 0,
      total_amount: total,
      submitted_date: o.status === 'DRAFT' ? null : '2026-11-18 10:00:00',
      approved_date: live ? '2026-11-18 10:00:00' : null,
      released_date: live ? '2026-11-18 11:00:00' : null,
      confirmed_date: live && o.status !== 'RELEASED' ? '2026-11-19 09:30:00' : null,
      change_reason: o.revision ? 'SUPPLIER_CHANGE' : null,
      ...auditInsert(buyer),
    })
    .returning('order_id')
    .executeTakeFirstOrThrow();
  const lineIds: number[] = [];
  for (const [n, l] of o.lines.entries()) {
    const r = await po(db)
      .insertInto('srm_po_order_line')
      .values({
        order_id: row.order_id,
        supplier_id: supplierId,
        line_number: (n + 1) * 10,
        material_id: materials[(i + n) % materials.length],
        quantity: l.qty,
        price: l.price,
        required_date: '2026-12-20',
        tolerance_percent: n === 0 ? 5 : 0,
        promised_date: l.promised ?? null,
        proposed_date: l.proposed ?? null,
        received_quantity: l.received ?? 0,
        returned_quantity: l.returned ?? 0,
        open_quantity: l.open ?? l.qty,
        line_status: l.status,
        supplier_comment: l.proposed ? '设备检修，交期顺延' : null,
        ...auditInsert(buyer),
      })
      .returning('order_line_id')
      .executeTakeFirstOrThrow();
    lineIds.push(r.order_line_id);
  }
  return { orderId: row.order_id, lineIds };
}

const orders: DemoStep = {
  name: 'orders',
  after: ['admin:users', 'base:data', 'supplier:suppliers'],
  async run(db, demo) {
    const buyer = demo.ids.get('user', 'buyer01');
    const s1user = demo.ids.get('user', 'supplier01');
    const materials = demo.ids.all('material');
    const made: { orderId: number; lineIds: number[] }[] = [];
    for (const [i, o] of ORDERS.entries()) made.push(await insertOrder(db, o, i, demo.ids.get('supplier', o.supplier), buyer, materials));
    const s1 = demo.ids.get('supplier', 'S-0001');
    // The changed date, kept: revision 0 promised 2026-12-20 on its second line.
    await po(db)
      .insertInto('srm_po_order_version')
      .values({
        order_id: made[4].orderId,
        revision: 0,
        change_reason: 'SUPPLIER_CHANGE',
        snapshot: JSON.stringify({ header: { revision: 0 }, lines: [{ line_number: 20, promised_date: '2026-12-20' }] }),
        ...auditInsert(buyer),
      })
      .execute();
    const note = async (n: number, orderId: number, lines: [number, number, number][], status: string) => {
      const d = await po(db)
        .insertInto('srm_po_delivery')
        .values({
          delivery_number: number('DN', n),
          order_id: orderId,
          supplier_id: s1,
          status,
          carrier: '顺丰速运',
          waybill_number: `SF10${n}8866${n}`,
          ship_date: '2026-12-05',
          expected_arrival: '2026-12-08',
          shipped_date: '2026-12-05 16:00:00',
          ...auditInsert(s1user),
        })
        .returning('delivery_id')
        .executeTakeFirstOrThrow();
      const ids: number[] = [];
      for (const [k, [lineId, q, received]] of lines.entries()) {
        const r = await po(db)
          .insertInto('srm_po_delivery_line')
          .values({
            delivery_id: d.delivery_id,
            line_number: (k + 1) * 10,
            order_line_id: lineId,
            material_id: materials[0],
            quantity: q,
            batch_number: `B2612${n}${k}`,
            received_quantity: received,
            ...auditInsert(s1user),
          })
          .returning('delivery_line_id')
          .executeTakeFirstOrThrow();
        ids.push(r.delivery_line_id);
      }
      return { deliveryId: d.delivery_id, lineIds: ids };
    };
    // Partly delivered: 200 of 500 on their way.
    await note(1, made[5].orderId, [[made[5].lineIds[0], 200, 0]], 'SHIPPED');
    // Partly received: 60 shipped, 60 received (3 rejected, returned with replacement) → received 57, open 43.
    const received = await note(2, made[6].orderId, [[made[6].lineIds[0], 60, 60]], 'RECEIVED');
    const closed = await note(3, made[7].orderId, [[made[7].lineIds[0], 50, 50]], 'RECEIVED');
    const receipt = async (n: number, deliveryId: number, orderId: number, lines: [number, number, number, number, number][]) => {
      const r = await po(db)
        .insertInto('srm_po_receipt')
        .values({
          receipt_number: number('GR', n),
          delivery_id: deliveryId,
          order_id: orderId,
          supplier_id: s1,
          status: 'INSPECTED',
          receipt_date: '2026-12-08',
          ...auditInsert(buyer),
        })
        .returning('receipt_id')
        .executeTakeFirstOrThrow();
      const ids: number[] = [];
      for (const [k, [deliveryLineId, orderLineId, q, rejected, returned]] of lines.entries()) {
        const x = await po(db)
          .insertInto('srm_po_receipt_line')
          .values({
            receipt_id: r.receipt_id,
            line_number: (k + 1) * 10,
            delivery_line_id: deliveryLineId,
            order_line_id: orderLineId,
            material_id: materials[0],
            quantity: q,
            accepted_quantity: q - rejected,
            rejected_quantity: rejected,
            returned_quantity: returned,
            ...auditInsert(buyer),
          })
          .returning('receipt_line_id')
          .executeTakeFirstOrThrow();
        ids.push(x.receipt_line_id);
      }
      return { receiptId: r.receipt_id, lineIds: ids, orderId };
    };
    const gr = await receipt(1, received.deliveryId, made[6].orderId, [[received.lineIds[0], made[6].lineIds[0], 60, 5, 3]]);
    await receipt(2, closed.deliveryId, made[7].orderId, [[closed.lineIds[0], made[7].lineIds[0], 50, 0, 0]]);
    const ret = async (n: number, status: string, q: number, reason: string) => {
      const r = await po(db)
        .insertInto('srm_po_return')
        .values({
          return_number: number('RT', n),
          receipt_id: gr.receiptId,
          order_id: gr.orderId,
          supplier_id: s1,
          status,
          reason,
          replace_flag: 'Y',
          submitted_date: status === 'DRAFT' ? null : '2026-12-09 10:00:00',
          approved_date: status === 'APPROVED' ? '2026-12-09 15:00:00' : null,
          ...auditInsert(buyer),
        })
        .returning('return_id')
        .executeTakeFirstOrThrow();
      await po(db)
        .insertInto('srm_po_return_line')
        .values({
          return_id: r.return_id,
          line_number: 10,
          receipt_line_id: gr.lineIds[0],
          order_line_id: made[6].lineIds[0],
          material_id: materials[0],
          quantity: q,
          ...auditInsert(buyer),
        })
        .execute();
    };
    await ret(1, 'APPROVED', 3, '表面划伤，退回补货');
    await ret(2, 'DRAFT', 2, '硬度不合格');
    await setDocumentCounter(db, 'PO', '2026', ORDERS.length);
    await setDocumentCounter(db, 'DN', '2026', 3);
    await setDocumentCounter(db, 'GR', '2026', 2);
    await setDocumentCounter(db, 'RT', '2026', 2);
    // The order above 50,000 CNY waits for approver01 in PO_APPROVAL (processes/PO_APPROVAL.bpmn).
    await demo.process({
      modelKey: 'PO_APPROVAL',
      entity: 'srmPoOrder',
      businessId: made[1].orderId,
      documentNumber: number('PO', 2),
      title: ORDERS[1].title,
      initiator: { user: 'buyer01', name: '张采购' },
      start: '2026-11-18 10:00:00',
      steps: [{ node: 'approve01', name: '采购订单审批', assignee: { user: 'approver01', name: '李审批' } }],
    });
  },
};

export const demoOrders: readonly DemoStep[] = [orders];
