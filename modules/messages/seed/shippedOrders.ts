// The templates of the order collaboration's hand-overs (modules/order/server/notify.ts sends them): in-app
// only, in the four languages; administrators may add e-mail texts on 消息模板.
type Texts = Record<'CN' | 'EN' | 'TH' | 'VN', [string, string]>;
const doc = (name: string): [string, 'STRING', boolean, string] => [name, 'STRING', true, name === 'documentNumber' ? '单据编号' : '订单号'];

function order(code: string, name: string, site: Texts, variables = [doc('documentNumber')]) {
  return {
    code,
    name,
    description: `订单协同：${name}`,
    variables,
    contents: { SITE: site },
    source: { code, name, module: 'order', event: code.toLowerCase(), optional: true },
    config: { site: true, mail: false, sms: false },
  };
}

export const ORDER_TEMPLATES = [
  order('PO_RELEASED', '采购订单下发', {
    CN: ['新采购订单 {{documentNumber}}', '采购订单 {{documentNumber}} 已下发，请逐行确认交期与数量。'],
    EN: ['New purchase order {{documentNumber}}', 'Purchase order {{documentNumber}} was released to you: please confirm each line.'],
    TH: ['ใบสั่งซื้อใหม่ {{documentNumber}}', 'ใบสั่งซื้อ {{documentNumber}} ถูกส่งถึงคุณแล้ว กรุณายืนยันทีละรายการ'],
    VN: ['Đơn mua hàng mới {{documentNumber}}', 'Đơn mua hàng {{documentNumber}} đã được gửi: vui lòng xác nhận từng dòng.'],
  }),
  order('PO_CONFIRMED', '供应商确认订单', {
    CN: ['订单 {{documentNumber}} 已确认', '供应商已确认采购订单 {{documentNumber}}。'],
    EN: ['Order {{documentNumber}} confirmed', 'The supplier confirmed purchase order {{documentNumber}}.'],
    TH: ['ยืนยันใบสั่งซื้อ {{documentNumber}} แล้ว', 'ผู้จัดจำหน่ายยืนยันใบสั่งซื้อ {{documentNumber}} แล้ว'],
    VN: ['Đơn {{documentNumber}} đã xác nhận', 'Nhà cung cấp đã xác nhận đơn mua hàng {{documentNumber}}.'],
  }),
  order('PO_CHANGED', '订单变更', {
    CN: ['订单 {{documentNumber}} 有变更', '采购订单 {{documentNumber}} 有变更，请查看。'],
    EN: ['Order {{documentNumber}} changed', 'Purchase order {{documentNumber}} changed: please review it.'],
    TH: ['ใบสั่งซื้อ {{documentNumber}} มีการเปลี่ยนแปลง', 'ใบสั่งซื้อ {{documentNumber}} มีการเปลี่ยนแปลง กรุณาตรวจสอบ'],
    VN: ['Đơn {{documentNumber}} đã thay đổi', 'Đơn mua hàng {{documentNumber}} có thay đổi: vui lòng xem lại.'],
  }),
  order('PO_SHIPPED', '供应商发货', {
    CN: ['送货单 {{documentNumber}} 已发货', '供应商已按送货单 {{documentNumber}} 发货，请准备收货。'],
    EN: ['Delivery {{documentNumber}} shipped', 'The supplier shipped delivery note {{documentNumber}}: get ready to receive it.'],
    TH: ['จัดส่งใบส่งของ {{documentNumber}} แล้ว', 'ผู้จัดจำหน่ายจัดส่งตามใบส่งของ {{documentNumber}} แล้ว กรุณาเตรียมรับสินค้า'],
    VN: ['Phiếu giao {{documentNumber}} đã gửi', 'Nhà cung cấp đã gửi hàng theo phiếu {{documentNumber}}: chuẩn bị nhận hàng.'],
  }),
  order('PO_RECEIVED', '采购收货', {
    CN: ['收货单 {{documentNumber}}', '采购方已收货（收货单 {{documentNumber}}），请查看收货与检验结果。'],
    EN: ['Goods receipt {{documentNumber}}', 'The buyer received your goods (receipt {{documentNumber}}): see the quantities and inspection.'],
    TH: ['ใบรับของ {{documentNumber}}', 'ผู้ซื้อรับสินค้าแล้ว (ใบรับของ {{documentNumber}}) ดูจำนวนและผลการตรวจ'],
    VN: ['Phiếu nhận {{documentNumber}}', 'Bên mua đã nhận hàng (phiếu {{documentNumber}}): xem số lượng và kết quả kiểm tra.'],
  }),
  order('PO_RETURNED', '退货', {
    CN: ['退货单 {{documentNumber}}', '退货单 {{documentNumber}} 已批准，不合格品将退回。'],
    EN: ['Return {{documentNumber}}', 'Return {{documentNumber}} was approved: the rejected goods come back to you.'],
    TH: ['ใบคืนสินค้า {{documentNumber}}', 'ใบคืนสินค้า {{documentNumber}} ได้รับอนุมัติ สินค้าที่ไม่ผ่านจะถูกส่งคืน'],
    VN: ['Phiếu trả {{documentNumber}}', 'Phiếu trả hàng {{documentNumber}} đã duyệt: hàng không đạt sẽ được trả lại.'],
  }),
  order('PO_OVERDUE', '订单逾期交货提醒', {
    CN: ['订单 {{documentNumber}} 已逾期', '采购订单 {{documentNumber}} 有逾期未交的行，请尽快安排送货或更新交期。'],
    EN: ['Order {{documentNumber}} is overdue', 'Purchase order {{documentNumber}} has overdue lines: please ship or update the promised dates.'],
    TH: ['ใบสั่งซื้อ {{documentNumber}} เลยกำหนด', 'ใบสั่งซื้อ {{documentNumber}} มีรายการที่เลยกำหนดส่ง กรุณาจัดส่งหรือปรับวันที่สัญญาส่ง'],
    VN: ['Đơn {{documentNumber}} quá hạn', 'Đơn mua hàng {{documentNumber}} có dòng quá hạn: vui lòng giao hàng hoặc cập nhật ngày cam kết.'],
  }),
];
