// The templates of the contract hand-overs (modules/contract/server/notify.ts sends them): in-app only, in
// the four languages; administrators may add e-mail texts on 消息模板.
type Texts = Record<'CN' | 'EN' | 'TH' | 'VN', [string, string]>;

function contract(code: string, name: string, site: Texts) {
  return {
    code,
    name,
    description: `合同管理：${name}`,
    variables: [['documentNumber', 'STRING', true, '合同编号'] as [string, 'STRING', boolean, string]],
    contents: { SITE: site },
    source: { code, name, module: 'contract', event: code.toLowerCase(), optional: true },
    config: { site: true, mail: false, sms: false },
  };
}

export const CONTRACT_TEMPLATES = [
  contract('CON_SENT', '合同待确认', {
    CN: ['合同 {{documentNumber}} 待您确认', '采购合同 {{documentNumber}} 已发送给您，请确认或说明理由拒绝。'],
    EN: ['Contract {{documentNumber}} to confirm', 'Contract {{documentNumber}} was sent to you: please confirm it or refuse it with a reason.'],
    TH: ['สัญญา {{documentNumber}} รอการยืนยัน', 'สัญญา {{documentNumber}} ถูกส่งถึงคุณแล้ว กรุณายืนยันหรือปฏิเสธพร้อมเหตุผล'],
    VN: ['Hợp đồng {{documentNumber}} chờ xác nhận', 'Hợp đồng {{documentNumber}} đã được gửi: vui lòng xác nhận hoặc từ chối kèm lý do.'],
  }),
  contract('CON_CONFIRMED', '供应商确认合同', {
    CN: ['合同 {{documentNumber}} 已确认', '供应商已确认合同 {{documentNumber}}，可以签署。'],
    EN: ['Contract {{documentNumber}} confirmed', 'The supplier confirmed contract {{documentNumber}}: it can be signed.'],
    TH: ['ยืนยันสัญญา {{documentNumber}} แล้ว', 'ผู้จัดจำหน่ายยืนยันสัญญา {{documentNumber}} แล้ว ลงนามได้'],
    VN: ['Hợp đồng {{documentNumber}} đã xác nhận', 'Nhà cung cấp đã xác nhận hợp đồng {{documentNumber}}: có thể ký.'],
  }),
  contract('CON_REFUSED', '供应商拒绝合同', {
    CN: ['合同 {{documentNumber}} 被拒绝', '供应商拒绝了合同 {{documentNumber}}，请查看拒绝原因。'],
    EN: ['Contract {{documentNumber}} refused', 'The supplier refused contract {{documentNumber}}: see the reason.'],
    TH: ['สัญญา {{documentNumber}} ถูกปฏิเสธ', 'ผู้จัดจำหน่ายปฏิเสธสัญญา {{documentNumber}} ดูเหตุผล'],
    VN: ['Hợp đồng {{documentNumber}} bị từ chối', 'Nhà cung cấp đã từ chối hợp đồng {{documentNumber}}: xem lý do.'],
  }),
  contract('CON_SIGNED', '合同签署', {
    CN: ['合同 {{documentNumber}} 已签署', '合同 {{documentNumber}} 已有一方或双方签署，请查看。'],
    EN: ['Contract {{documentNumber}} signed', 'Contract {{documentNumber}} was signed (by one side or both): see it.'],
    TH: ['สัญญา {{documentNumber}} ลงนามแล้ว', 'สัญญา {{documentNumber}} ได้รับการลงนาม (ฝ่ายเดียวหรือทั้งสองฝ่าย)'],
    VN: ['Hợp đồng {{documentNumber}} đã ký', 'Hợp đồng {{documentNumber}} đã được ký (một bên hoặc cả hai): xem chi tiết.'],
  }),
  contract('CON_TERMINATED', '合同终止', {
    CN: ['合同 {{documentNumber}} 已终止', '采购方已终止合同 {{documentNumber}}，请查看终止原因。'],
    EN: ['Contract {{documentNumber}} terminated', 'The buyer terminated contract {{documentNumber}}: see the reason.'],
    TH: ['สัญญา {{documentNumber}} ถูกยกเลิก', 'ผู้ซื้อยกเลิกสัญญา {{documentNumber}} ดูเหตุผล'],
    VN: ['Hợp đồng {{documentNumber}} đã chấm dứt', 'Bên mua đã chấm dứt hợp đồng {{documentNumber}}: xem lý do.'],
  }),
];
