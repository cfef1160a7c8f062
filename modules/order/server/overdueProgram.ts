// PO_OVERDUE_REMIND: a scheduled program (调度管理 → 提交请求, or by cron) that reminds each supplier of its
// overdue order lines: confirmed lines whose promised date (else required date) is before `asOf` (default
// today) and that still have open quantity not on its way. One message per order to the supplier's
// contacts. Harmless to run again: it only reads and sends.
import type { ScheduledProgram } from '../../../server/modules/types.js';
import type { MessagesApi } from '../../messages/api.js';
import { inTransit, po, units } from './store.js';

export const overdueProgram: ScheduledProgram = {
  code: 'PO_OVERDUE_REMIND',
  names: {
    CN: '订单逾期交货提醒',
    EN: 'Remind suppliers of overdue order lines',
    TH: 'แจ้งเตือนผู้จัดจำหน่ายรายการสั่งซื้อที่เลยกำหนด',
    VN: 'Nhắc nhà cung cấp dòng đơn quá hạn',
  },
  paramsSchema: {
    type: 'object',
    properties: {
      asOf: { type: 'string', maxLength: 10, title: { CN: '截止日期 yyyy-MM-dd', EN: 'As of yyyy-MM-dd', TH: 'ณ วันที่ yyyy-MM-dd', VN: 'Tính đến yyyy-MM-dd' } },
    },
  },
  async run(app, params, run) {
    const asOf = typeof params.asOf === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(params.asOf) ? params.asOf : new Date().toISOString().slice(0, 10);
    const lines = await po(app.db)
      .selectFrom('srm_po_order_line as l')
      .innerJoin('srm_po_order as o', 'o.order_id', 'l.order_id')
      .select(['l.order_line_id', 'l.open_quantity', 'l.promised_date', 'l.required_date', 'o.order_id', 'o.order_number', 'o.supplier_id'])
      .where('l.line_status', '=', 'CONFIRMED')
      .where('o.status', 'in', ['CONFIRMED', 'CHANGE_PENDING'])
      .where('l.open_quantity', '>', 0)
      .execute();
    const late = lines.filter((l) => (l.promised_date ?? l.required_date) < asOf);
    const transit = await inTransit(
      app.db,
      late.map((l) => l.order_line_id),
      null,
    );
    const orders = new Map<number, { number: string; supplierId: number }>();
    for (const l of late)
      if (units(l.open_quantity) > (transit.get(l.order_line_id) ?? 0)) orders.set(l.order_id, { number: l.order_number ?? '', supplierId: l.supplier_id });
    for (const [orderId, o] of orders) {
      run?.signal.throwIfAborted();
      await app.modules.api<MessagesApi>('messages').send({
        sourceType: 'PO_OVERDUE',
        variables: { documentNumber: o.number },
        recipients: [{ supplierId: o.supplierId }],
        route: `/main/order/supplierOrderEdit?id=${orderId}&mode=view`,
      });
    }
    run?.log(`overdue orders reminded: ${orders.size} (as of ${asOf})`);
  },
};
