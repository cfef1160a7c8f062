// Demo question bank and templates (texts in four languages): what a buyer asks a new supplier before
// qualifying it, and what a yearly satisfaction survey asks every supplier.
type Text4 = [string, string, string, string];
export interface DemoQuestion {
  code: string;
  type: 'SINGLE' | 'MULTI' | 'SCALE' | 'TEXT' | 'FILE';
  text: Text4;
  maxScore: number;
  scaleMax?: number;
  options?: [string, Text4, number][];
}

export const QUESTIONS: DemoQuestion[] = [
  {
    code: 'Q-ISO9001',
    type: 'SINGLE',
    maxScore: 10,
    text: ['是否通过 ISO 9001 质量体系认证？', 'Are you ISO 9001 certified?', 'ได้รับการรับรอง ISO 9001 หรือไม่', 'Đã đạt chứng nhận ISO 9001 chưa?'],
    options: [
      ['A', ['是，证书有效', 'Yes, certificate valid', 'ใช่ ใบรับรองยังใช้ได้', 'Có, chứng chỉ còn hiệu lực'], 10],
      ['B', ['正在认证中', 'Certification in progress', 'อยู่ระหว่างการรับรอง', 'Đang chứng nhận'], 5],
      ['C', ['否', 'No', 'ไม่', 'Không'], 0],
    ],
  },
  {
    code: 'Q-CAPACITY',
    type: 'SINGLE',
    maxScore: 10,
    text: [
      '月产能可满足我司需求的比例',
      'Share of our monthly demand your capacity covers',
      'สัดส่วนความต้องการรายเดือนที่กำลังการผลิตรองรับได้',
      'Tỷ lệ nhu cầu hàng tháng mà công suất đáp ứng',
    ],
    options: [
      ['A', ['100% 以上', 'Over 100%', 'มากกว่า 100%', 'Trên 100%'], 10],
      ['B', ['50%–100%', '50%–100%', '50%–100%', '50%–100%'], 6],
      ['C', ['不足 50%', 'Under 50%', 'ต่ำกว่า 50%', 'Dưới 50%'], 2],
    ],
  },
  {
    code: 'Q-TESTING',
    type: 'MULTI',
    maxScore: 10,
    text: [
      '具备哪些检测能力？（可多选）',
      'Which testing do you do in house? (several)',
      'มีความสามารถในการทดสอบใดบ้าง (เลือกได้หลายข้อ)',
      'Có năng lực kiểm tra nào? (chọn nhiều)',
    ],
    options: [
      ['A', ['来料检验', 'Incoming inspection', 'ตรวจรับวัตถุดิบ', 'Kiểm tra đầu vào'], 3],
      ['B', ['过程检验', 'In-process inspection', 'ตรวจระหว่างผลิต', 'Kiểm tra trong quá trình'], 3],
      ['C', ['出厂检验', 'Final inspection', 'ตรวจก่อนส่งมอบ', 'Kiểm tra xuất xưởng'], 4],
    ],
  },
  {
    code: 'Q-QUALITY-CULTURE',
    type: 'SCALE',
    maxScore: 10,
    scaleMax: 5,
    text: [
      '质量管理成熟度自评（1–5）',
      'Quality management maturity, self-rated (1–5)',
      'ประเมินความพร้อมการจัดการคุณภาพด้วยตนเอง (1–5)',
      'Tự đánh giá mức độ quản lý chất lượng (1–5)',
    ],
  },
  {
    code: 'Q-MAIN-CUSTOMERS',
    type: 'TEXT',
    maxScore: 10,
    text: [
      '请列出前三大客户及年供货额',
      'Name your three largest customers and yearly sales to them',
      'ระบุลูกค้ารายใหญ่สามรายและยอดขายต่อปี',
      'Liệt kê ba khách hàng lớn nhất và doanh số năm',
    ],
  },
  {
    code: 'Q-LICENCE',
    type: 'FILE',
    maxScore: 10,
    text: [
      '请上传营业执照及质量体系证书',
      'Upload your business licence and quality certificates',
      'อัปโหลดใบอนุญาตประกอบธุรกิจและใบรับรองคุณภาพ',
      'Tải lên giấy phép kinh doanh và chứng chỉ chất lượng',
    ],
  },
  {
    code: 'Q-SAT-DELIVERY',
    type: 'SCALE',
    maxScore: 10,
    scaleMax: 5,
    text: [
      '您对我司付款及时性的满意度（1–5）',
      'How satisfied are you with our payment punctuality? (1–5)',
      'ความพึงพอใจต่อการชำระเงินตรงเวลาของเรา (1–5)',
      'Mức hài lòng về việc thanh toán đúng hạn (1–5)',
    ],
  },
  {
    code: 'Q-SAT-FORECAST',
    type: 'SINGLE',
    maxScore: 10,
    text: [
      '我司需求预测的准确性如何？',
      'How accurate are our demand forecasts?',
      'การพยากรณ์ความต้องการของเราแม่นยำเพียงใด',
      'Dự báo nhu cầu của chúng tôi chính xác thế nào?',
    ],
    options: [
      ['A', ['很准确', 'Very accurate', 'แม่นยำมาก', 'Rất chính xác'], 10],
      ['B', ['一般', 'Fair', 'พอใช้', 'Trung bình'], 6],
      ['C', ['不准确', 'Inaccurate', 'ไม่แม่นยำ', 'Không chính xác'], 2],
    ],
  },
  {
    code: 'Q-SAT-SUGGEST',
    type: 'TEXT',
    maxScore: 10,
    text: ['对我司的改进建议', 'What should we do better?', 'ข้อเสนอแนะเพื่อการปรับปรุง', 'Góp ý cải tiến cho chúng tôi'],
  },
];

export const TEMPLATES: { code: string; name: string; purpose: 'QUALIFICATION' | 'SURVEY'; passScore: number; items: [string, string, number, 'Y' | 'N'][] }[] =
  [
    {
      code: 'QT-QUAL-GENERAL',
      name: '新供应商资格认证问卷（通用）',
      purpose: 'QUALIFICATION',
      passScore: 70,
      items: [
        ['体系与资质', 'Q-ISO9001', 2, 'Y'],
        ['体系与资质', 'Q-LICENCE', 1, 'N'],
        ['产能与检测', 'Q-CAPACITY', 2, 'Y'],
        ['产能与检测', 'Q-TESTING', 1, 'Y'],
        ['产能与检测', 'Q-QUALITY-CULTURE', 1, 'Y'],
        ['经营情况', 'Q-MAIN-CUSTOMERS', 1, 'Y'],
      ],
    },
    {
      code: 'QT-SURVEY-ANNUAL',
      name: '年度供应商满意度调查',
      purpose: 'SURVEY',
      passScore: 60,
      items: [
        ['合作满意度', 'Q-SAT-DELIVERY', 1, 'Y'],
        ['合作满意度', 'Q-SAT-FORECAST', 1, 'Y'],
        ['建议', 'Q-SAT-SUGGEST', 1, 'N'],
      ],
    },
  ];
