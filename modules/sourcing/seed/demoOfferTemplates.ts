// Demo offer templates: STANDARD (the default: price and delivery days required, CONTRACT.md's shape), LADDER
// (ladder prices and validity required, no freight or files), FULL (delivery days, validity, freight and tax
// rate required) and a disabled old one. The demo inquiries use the first three.
import { auditInsert, typed } from '../../../server/db/typed.js';
import type { DemoStep } from '../../../server/modules/types.js';
import type { SourcingTables } from '../generated/tables.js';
import { rulesOfTemplate, type OfferRules } from '../server/offerRules.js';

type Mode = 'HIDDEN' | 'OPTIONAL' | 'REQUIRED';
const T = (code: string, name: string, enabled: boolean, m: [Mode, Mode, Mode, Mode, Mode, Mode, Mode], description: string) => ({
  template_code: code,
  template_name: name,
  enabled_flag: (enabled ? 'Y' : 'N') as 'Y' | 'N',
  ladder_mode: m[0],
  delivery_days_mode: m[1],
  valid_to_mode: m[2],
  freight_mode: m[3],
  tax_rate_mode: m[4],
  remark_mode: m[5],
  attachment_mode: m[6],
  description,
});

//                     ladders      delivery    validTo     freight     taxRate     remark      attachments
const TEMPLATES = [
  T('STANDARD', '标准报价', true, ['OPTIONAL', 'REQUIRED', 'OPTIONAL', 'OPTIONAL', 'OPTIONAL', 'OPTIONAL', 'OPTIONAL'], '单价与交货天数必填，其余选填'),
  T(
    'LADDER',
    '阶梯报价',
    true,
    ['REQUIRED', 'REQUIRED', 'REQUIRED', 'HIDDEN', 'OPTIONAL', 'OPTIONAL', 'HIDDEN'],
    '按数量阶梯报价，须注明报价有效期；不收运费与附件',
  ),
  T(
    'FULL',
    '完整报价（含运费税率）',
    true,
    ['OPTIONAL', 'REQUIRED', 'REQUIRED', 'REQUIRED', 'REQUIRED', 'OPTIONAL', 'OPTIONAL'],
    '交货天数、有效期、运费、税率均必填',
  ),
  T('OLD2025', '2025版报价模板（停用）', false, ['HIDDEN', 'OPTIONAL', 'OPTIONAL', 'HIDDEN', 'HIDDEN', 'OPTIONAL', 'HIDDEN'], '已停用，仅作历史参考'),
];

export const demoOfferTemplates: DemoStep = {
  name: 'offerTemplates',
  after: ['admin:users'],
  async run(db, demo) {
    const buyer = demo.ids.get('user', 'buyer01');
    const rules: Record<string, { id: number; rules: OfferRules }> = {};
    for (const t of TEMPLATES) {
      const row = await typed<SourcingTables>(db)
        .insertInto('srm_src_offer_template')
        .values({ ...t, ...auditInsert(buyer) })
        .returning('offer_template_id')
        .executeTakeFirstOrThrow();
      rules[t.template_code] = { id: Number(row.offer_template_id), rules: rulesOfTemplate(t) };
    }
    demo.share('sourcing.offerTemplates', rules);
  },
};
