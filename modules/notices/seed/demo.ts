// Demo notices in every state a reader meets: public ones in each language (the login page's list),
// supplier-only ones for all suppliers, for supplier01 alone, for supplier02 alone and for a category, an
// internal one, a draft, a withdrawn one and an expired one. Dates are relative to the seeding day, so
// the demo stays current. buyer01 (BUYER) writes and publishes them.
import { auditInsert, typed } from '../../../server/db/typed.js';
import type { DemoStep } from '../../../server/modules/types.js';
import type { NoticesTables } from '../generated/tables.js';
import { today } from '../server/visibility.js';

const day = (offset: number) => today(new Date(Date.now() + offset * 86_400_000));

interface DemoNotice {
  title: string;
  type: 'NOTICE' | 'NOTIFICATION';
  audience: 'ALL_SUPPLIERS' | 'SUPPLIERS' | 'CATEGORIES' | 'INTERNAL';
  public: boolean;
  lang: 'CN' | 'EN' | 'TH' | 'VN';
  status: 'DRAFT' | 'PUBLISHED' | 'WITHDRAWN';
  from: number;
  to: number | null;
  content: string;
  suppliers?: string[];
  categories?: string[];
}

const NOTICES: DemoNotice[] = [
  {
    title: '关于2027年度供应商年度评审的公告',
    type: 'NOTICE',
    audience: 'ALL_SUPPLIERS',
    public: true,
    lang: 'CN',
    status: 'PUBLISHED',
    from: -10,
    to: 180,
    content:
      '<h3>年度评审安排</h3><p>各供应商：2027 年度评审将于<strong>下月</strong>开始，请于月底前在供应商门户更新资质文件。</p><ul><li>营业执照</li><li>质量体系证书</li></ul>',
  },
  {
    title: 'Annual supplier review 2027',
    type: 'NOTICE',
    audience: 'ALL_SUPPLIERS',
    public: true,
    lang: 'EN',
    status: 'PUBLISHED',
    from: -10,
    to: 180,
    content:
      '<h3>Review schedule</h3><p>Dear suppliers, the 2027 review starts <strong>next month</strong>. Please update your certificates in the supplier portal before the end of this month.</p>',
  },
  {
    title: 'การประเมินผู้จัดจำหน่ายประจำปี 2027',
    type: 'NOTICE',
    audience: 'ALL_SUPPLIERS',
    public: true,
    lang: 'TH',
    status: 'PUBLISHED',
    from: -10,
    to: 180,
    content: '<p>เรียนผู้จัดจำหน่าย การประเมินประจำปี 2027 จะเริ่มใน<strong>เดือนหน้า</strong> โปรดปรับปรุงเอกสารรับรองในพอร์ทัลผู้จัดจำหน่ายก่อนสิ้นเดือนนี้</p>',
  },
  {
    title: 'Đánh giá nhà cung cấp thường niên 2027',
    type: 'NOTICE',
    audience: 'ALL_SUPPLIERS',
    public: true,
    lang: 'VN',
    status: 'PUBLISHED',
    from: -10,
    to: 180,
    content:
      '<p>Kính gửi các nhà cung cấp, đợt đánh giá năm 2027 bắt đầu vào <strong>tháng sau</strong>. Vui lòng cập nhật chứng chỉ trên cổng nhà cung cấp trước cuối tháng này.</p>',
  },
  {
    title: '春节期间收货安排通知',
    type: 'NOTIFICATION',
    audience: 'ALL_SUPPLIERS',
    public: false,
    lang: 'CN',
    status: 'PUBLISHED',
    from: -3,
    to: 60,
    content: '<p>春节期间（除夕至初七）仓库暂停收货，请合理安排发货计划。</p>',
  },
  {
    title: '华东精密钢材：钢板交期调整确认',
    type: 'NOTIFICATION',
    audience: 'SUPPLIERS',
    public: false,
    lang: 'CN',
    status: 'PUBLISHED',
    from: -1,
    to: 30,
    suppliers: ['S-0001'],
    content: '<p>请确认 12 月批次钢板的新交期，并在订单中回复。</p>',
  },
  {
    title: 'Siam Electronic: new packaging labels',
    type: 'NOTIFICATION',
    audience: 'SUPPLIERS',
    public: false,
    lang: 'EN',
    status: 'PUBLISHED',
    from: -1,
    to: 30,
    suppliers: ['S-0002'],
    content: '<p>From next month every carton carries the new barcode label. The template is attached to the order.</p>',
  },
  {
    title: '电子元器件品类：RoHS 声明更新',
    type: 'NOTICE',
    audience: 'CATEGORIES',
    public: false,
    lang: 'CN',
    status: 'PUBLISHED',
    from: -2,
    to: 90,
    categories: ['ELEC'],
    content: '<p>电子元器件供应商请于本季度内提交最新的 RoHS 符合性声明。</p>',
  },
  {
    title: '内部：供应商公告发布规范',
    type: 'NOTIFICATION',
    audience: 'INTERNAL',
    public: false,
    lang: 'CN',
    status: 'PUBLISHED',
    from: -30,
    to: null,
    content: '<p>对外公告须经采购经理审核后发布；涉及价格的内容不得公开。</p>',
  },
  {
    title: '（草稿）2027年招标计划预告',
    type: 'NOTICE',
    audience: 'ALL_SUPPLIERS',
    public: true,
    lang: 'CN',
    status: 'DRAFT',
    from: 5,
    to: 120,
    content: '<p>草稿：2027 年第一季度招标计划。</p>',
  },
  {
    title: '（已撤回）系统维护通知',
    type: 'NOTIFICATION',
    audience: 'ALL_SUPPLIERS',
    public: true,
    lang: 'CN',
    status: 'WITHDRAWN',
    from: -5,
    to: 30,
    content: '<p>维护时间已取消。</p>',
  },
  {
    title: '（已过期）2026年第三季度对账安排',
    type: 'NOTICE',
    audience: 'ALL_SUPPLIERS',
    public: true,
    lang: 'CN',
    status: 'PUBLISHED',
    from: -120,
    to: -5,
    content: '<p>第三季度对账已结束。</p>',
  },
];

const notices: DemoStep = {
  name: 'notices',
  after: ['admin:users', 'supplier:suppliers', 'base:data'],
  async run(db, demo) {
    const buyer = demo.ids.get('user', 'buyer01');
    const t = typed<NoticesTables>(db);
    for (const n of NOTICES) {
      const published = n.status !== 'DRAFT';
      const row = await t
        .insertInto('srm_notice')
        .values({
          title: n.title,
          notice_type: n.type,
          audience: n.audience,
          public_flag: n.public ? 'Y' : 'N',
          language_code: n.lang,
          valid_from: day(n.from),
          valid_to: n.to === null ? null : day(n.to),
          content: n.content,
          status: n.status,
          publish_date: published ? `${day(Math.min(n.from, 0))} 09:00:00` : null,
          published_by: published ? buyer : null,
          ...auditInsert(buyer),
        })
        .returning('notice_id')
        .executeTakeFirstOrThrow();
      for (const s of n.suppliers ?? [])
        await t
          .insertInto('srm_notice_supplier')
          .values({ notice_id: row.notice_id, supplier_id: demo.ids.get('supplier', s), ...auditInsert(buyer) })
          .execute();
      for (const c of n.categories ?? [])
        await t
          .insertInto('srm_notice_category')
          .values({ notice_id: row.notice_id, category_id: demo.ids.get('purchaseCategory', c), ...auditInsert(buyer) })
          .execute();
    }
    await demo.grant('BUYER', 'NOTICE', [
      'btnAdd',
      'btnEdit',
      'btnView',
      'btnSave',
      'btnDelete',
      'btnPublish',
      'btnWithdraw',
      'btnUploadAttachment',
      'btnPreviewAttachment',
      'btnDownloadAttachment',
      'btnDelAttachment',
    ]);
  },
};

export const noticesDemo: readonly DemoStep[] = [notices];
