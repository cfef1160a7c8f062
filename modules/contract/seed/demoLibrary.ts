// Demo terms, watermarks and templates: a framework agreement and a purchase contract template in Chinese
// (with variables and terms), an English service template; the default watermark and a tiled one.
import type { DemoStep } from '../../../server/modules/types.js';
import { auditInsert } from '../../../server/db/typed.js';
import { con } from '../server/store.js';

const TERMS: [string, string, string, string][] = [
  ['T-PAY', '付款条款', 'COMMERCIAL', '买方在收到合格货物及有效发票后 30 日内付款。'],
  ['T-DELIVERY', '交货条款', 'COMMERCIAL', '卖方按订单约定的日期将货物送至买方指定地点，运费由卖方承担。'],
  ['T-QUALITY', '质量条款', 'QUALITY', '货物须符合双方确认的技术规格；不合格品由卖方负责退换。'],
  ['T-WARRANTY', 'Warranty', 'QUALITY', 'The seller warrants the goods free of defects for 12 months from acceptance.'],
  ['T-LAW', '争议解决', 'LEGAL', '因本合同引起的争议，双方协商解决；协商不成的，提交买方所在地人民法院诉讼解决。'],
  ['T-OLD', '旧版违约条款（停用）', 'LEGAL', '已停用的条款，仅作历史参考。'],
];

const TEMPLATES = [
  {
    code: 'TPL-FRAME',
    name: '年度框架采购协议',
    type: 'FRAME',
    body: '甲方（买方）与乙方（{{supplierName}}）就 {{title}} 达成如下协议：合同编号 {{contractNumber}}，合同金额 {{totalAmount}} {{currencyCode}}，有效期自 {{startDate}} 至 {{endDate}}。',
    terms: ['T-PAY', 'T-DELIVERY', 'T-QUALITY', 'T-LAW'],
    watermark: 0,
  },
  {
    code: 'TPL-PURCHASE',
    name: '标准采购合同',
    type: 'PURCHASE',
    body: '合同编号：{{contractNumber}}\n供应商：{{supplierName}}\n标的：{{title}}\n金额：{{totalAmount}} {{currencyCode}}\n来源：{{sourceNumber}}\n有效期：{{startDate}} 至 {{endDate}}',
    terms: ['T-PAY', 'T-QUALITY', 'T-WARRANTY'],
    watermark: 0,
  },
  {
    code: 'TPL-SERVICE',
    name: 'Service contract (EN)',
    type: 'SERVICE',
    body: 'Contract {{contractNumber}} between the buyer and {{supplierName}} for {{title}}, amount {{totalAmount}} {{currencyCode}}, valid from {{startDate}} to {{endDate}}.',
    terms: ['T-WARRANTY', 'T-PAY'],
    watermark: 1,
  },
];

export const demoLibrary: DemoStep = {
  name: 'library',
  after: ['admin:users'],
  async run(db, demo) {
    const admin = demo.ids.get('user', 'buyer01');
    const termIds = new Map<string, number>();
    for (const [code, name, category, content] of TERMS) {
      const r = await con(db)
        .insertInto('srm_con_term')
        .values({ term_code: code, term_name: name, category, content, enabled_flag: code === 'T-OLD' ? 'N' : 'Y', ...auditInsert(admin) })
        .returning('term_id')
        .executeTakeFirstOrThrow();
      termIds.set(code, Number(r.term_id));
    }
    const marks: number[] = [];
    for (const w of [
      {
        watermark_name: '默认水印',
        watermark_text: 'CONFIDENTIAL - SRM',
        font_size: 44,
        opacity: 0.15,
        rotation: 45,
        color_hex: '#888888',
        repeat_flag: 'Y' as const,
        default_flag: 'Y' as const,
      },
      {
        watermark_name: '受控副本',
        watermark_text: 'CONTROLLED COPY',
        font_size: 60,
        opacity: 0.2,
        rotation: 30,
        color_hex: '#1f5fbf',
        repeat_flag: 'N' as const,
        default_flag: 'N' as const,
      },
      {
        watermark_name: '草稿（停用）',
        watermark_text: 'DRAFT',
        font_size: 80,
        opacity: 0.1,
        rotation: 45,
        color_hex: '#cc0000',
        repeat_flag: 'N' as const,
        default_flag: 'N' as const,
      },
    ]) {
      const r = await con(db)
        .insertInto('srm_con_watermark')
        .values({ ...w, enabled_flag: w.watermark_text === 'DRAFT' ? 'N' : 'Y', ...auditInsert(admin) })
        .returning('watermark_id')
        .executeTakeFirstOrThrow();
      marks.push(Number(r.watermark_id));
    }
    const templates: Record<string, number> = {};
    for (const t of TEMPLATES) {
      const r = await con(db)
        .insertInto('srm_con_template')
        .values({
          template_code: t.code,
          template_name: t.name,
          contract_type: t.type,
          body: t.body,
          watermark_id: marks[t.watermark],
          enabled_flag: 'Y',
          ...auditInsert(admin),
        })
        .returning('template_id')
        .executeTakeFirstOrThrow();
      templates[t.code] = Number(r.template_id);
      for (const [i, code] of t.terms.entries())
        await con(db)
          .insertInto('srm_con_template_term')
          .values({ template_id: r.template_id, line_number: (i + 1) * 10, term_id: termIds.get(code)!, ...auditInsert(admin) })
          .execute();
    }
    demo.share('contract.library', { templates, watermarks: marks });
  },
};
