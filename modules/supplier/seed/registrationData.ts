// The demo company's supplier registrations, one or more in every state; two SUBMITTED ones wait for
// approver01 (the workflow's demo writes their review processes), approved ones became suppliers whose
// lifecycle continues in lifecycleData.ts.
export interface DemoRegistration {
  company: string;
  creditCode: string;
  contact: string;
  email: string;
  phone: string;
  address: string;
  language: 'CN' | 'EN' | 'TH' | 'VN';
  categories: string[];
  status: 'DRAFT' | 'SUBMITTED' | 'APPROVED' | 'REJECTED' | 'WITHDRAWN';
  submitted: string | null;
  rejectReason?: string;
  bank: [bank: string, account: string, currency: string];
  certificates: [name: string, number: string, expiry: string][];
}

/** Purchase category names of the base demo (modules/base/seed/demo.ts), by code, for the review screen. */
export const CATEGORY_NAMES: Record<string, string> = { RAW: '原材料', ELEC: '电子元器件', PACK: '包装材料', MRO: '辅料及MRO' };

export const REGISTRATIONS: DemoRegistration[] = [
  {
    company: '昆山精工模具有限公司',
    creditCode: '91320583MA1X00101A',
    contact: '沈立',
    email: 'shenli@ks-mould.example.com',
    phone: '0512-5788-0101',
    address: '江苏省昆山市玉山镇模具城 18 号',
    language: 'CN',
    categories: ['RAW'],
    status: 'DRAFT',
    submitted: null,
    bank: ['中国工商银行昆山支行', '1102 0201 0900 0101 001', 'CNY'],
    certificates: [],
  },
  {
    company: '杭州绿源包装科技有限公司',
    creditCode: '91330106MA2B00102B',
    contact: '许佳',
    email: 'xujia@lvyuan-pack.example.com',
    phone: '0571-8866-0102',
    address: '浙江省杭州市西湖区文三路 90 号',
    language: 'CN',
    categories: ['PACK', 'MRO'],
    status: 'SUBMITTED',
    submitted: '2026-11-20 09:30:00',
    bank: ['招商银行杭州分行', '5719 0102 0210 102', 'CNY'],
    certificates: [
      ['营业执照', '91330106MA2B00102B', '2036-05-31'],
      ['ISO 9001 质量管理体系认证', 'CN-Q-2024-0102', '2027-08-15'],
    ],
  },
  {
    company: 'Bangkok Precision Parts Co., Ltd.',
    creditCode: '0105566000103',
    contact: 'Nattapong S.',
    email: 'nattapong@bkk-precision.example.com',
    phone: '+66-2-555-0103',
    address: '88 Rama IV Road, Khlong Toei, Bangkok 10110',
    language: 'TH',
    categories: ['RAW', 'MRO'],
    status: 'SUBMITTED',
    submitted: '2026-11-22 14:10:00',
    bank: ['Bangkok Bank', '101-2-34567-0', 'THB'],
    certificates: [['Company registration certificate', '0105566000103', '2030-12-31']],
  },
  {
    company: '东莞立信五金制品有限公司',
    creditCode: '91441900MA4W00104C',
    contact: '黄志强',
    email: 'huangzq@lixin-hw.example.com',
    phone: '0769-2288-0104',
    address: '广东省东莞市长安镇五金工业园 6 栋',
    language: 'CN',
    categories: ['RAW', 'MRO'],
    status: 'APPROVED',
    submitted: '2026-10-12 10:00:00',
    bank: ['中国银行东莞分行', '6868 0104 0000 1040', 'CNY'],
    certificates: [['营业执照', '91441900MA4W00104C', '2035-01-31']],
  },
  {
    company: 'Hanoi Cable Manufacturing JSC',
    creditCode: '0101000105',
    contact: 'Trần Thị Hoa',
    email: 'hoa.tran@hanoi-cable.example.com',
    phone: '+84-24-3900-0105',
    address: 'Lô 12, KCN Thăng Long, Đông Anh, Hà Nội',
    language: 'VN',
    categories: ['ELEC'],
    status: 'APPROVED',
    submitted: '2026-09-02 08:45:00',
    bank: ['Vietcombank', '0011 0001 05105', 'VND'],
    certificates: [['Giấy chứng nhận đăng ký doanh nghiệp', '0101000105', '2031-06-30']],
  },
  {
    company: '无锡旭日金属材料有限公司',
    creditCode: '91320200MA1Q00106D',
    contact: '钱峰',
    email: 'qianfeng@xuri-metal.example.com',
    phone: '0510-8222-0106',
    address: '江苏省无锡市惠山区钢材市场 2 区',
    language: 'CN',
    categories: ['RAW'],
    status: 'APPROVED',
    submitted: '2026-08-18 16:00:00',
    bank: ['江苏银行无锡分行', '3201 0106 0000 1060', 'CNY'],
    certificates: [['营业执照', '91320200MA1Q00106D', '2034-03-31']],
  },
  {
    company: '上海宏达贸易有限公司',
    creditCode: '91310115MA1H00107E',
    contact: '孙伟',
    email: 'sunwei@hongda-trade.example.com',
    phone: '021-6888-0107',
    address: '上海市浦东新区张杨路 500 号',
    language: 'CN',
    categories: ['ELEC'],
    status: 'REJECTED',
    submitted: '2026-11-03 11:20:00',
    rejectReason: '贸易商无原厂授权书，请补充授权文件后重新提交',
    bank: ['交通银行上海分行', '3100 0107 0180 1070', 'CNY'],
    certificates: [['营业执照', '91310115MA1H00107E', '2032-09-30']],
  },
  {
    company: 'Chiang Mai Textile Co., Ltd.',
    creditCode: '0505560000108',
    contact: 'Kanya W.',
    email: 'kanya@cm-textile.example.com',
    phone: '+66-53-555-0108',
    address: '21 Nimmanhaemin Road, Chiang Mai 50200',
    language: 'TH',
    categories: ['PACK'],
    status: 'WITHDRAWN',
    submitted: '2026-10-28 13:00:00',
    bank: ['Kasikornbank', '023-1-08108-8', 'THB'],
    certificates: [['Company registration certificate', '0505560000108', '2029-04-30']],
  },
];
