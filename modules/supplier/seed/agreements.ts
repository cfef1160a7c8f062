// Demo agreements of supplier01's and supplier02's companies (S-0001 华东精密钢材, S-0002 Siam Electronic) in
// every state: a draft with its variables still open, one sent to sign on each portal, one signed (signer,
// time and the SHA-256 of the PDF printed for it; the demo keeps no file of it: a PDF is stored when a
// supplier signs in the app), one refused with its reason and one expired. Written as the operations would.
import { createHash } from 'node:crypto';
import { auditInsert, typed } from '../../../server/db/typed.js';
import type { DemoStep } from '../../../server/modules/types.js';
import { nextDocumentNumber } from '../../../server/rest/numbering.js';
import type { SupplierTables } from '../generated/tables.js';
import { fillVariables } from '../server/agreements/rules.js';
import { renderAgreementPdf } from '../server/agreements/pdf.js';

const dayPlus = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const stampPlus = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');

export const AGREEMENT_TEXTS = {
  QUALITY: [
    '供应商质量保证协议',
    '甲方：SRM 示范集团\n乙方：{{companyName}}（统一社会信用代码 {{creditCode}}）\n\n1. 乙方按双方确认的图纸、规格和检验标准供货，批次合格率不低于 99.5%。\n2. 乙方出现质量问题须在 24 小时内回复并在 7 日内提交 8D 报告。\n3. 因乙方质量问题造成的损失由乙方承担。\n\n签订日期：{{date}}',
  ],
  INTEGRITY: [
    'Integrity agreement',
    'Supplier: {{companyName}} (registration no. {{creditCode}})\n\n1. The supplier offers no gift, payment or benefit to any employee of the buyer.\n2. Any request for such a benefit is reported to compliance@srm-demo.example.com.\n3. A breach ends every open order and may put the supplier on the blacklist.\n\nDate: {{date}}',
  ],
  FRAMEWORK: [
    '年度采购框架协议',
    '乙方：{{companyName}}（{{creditCode}}）\n\n本协议约定 {{validFrom}} 至 {{validTo}} 期间的采购价格机制、交付与付款条件；具体数量以采购订单为准。\n\n签订日期：{{date}}',
  ],
} as const;

type Kind = keyof typeof AGREEMENT_TEXTS;
type State = 'DRAFT' | 'SENT' | 'SIGNED' | 'REFUSED' | 'EXPIRED';

export const agreements: DemoStep = {
  name: 'agreements',
  after: ['supplier:suppliers', 'admin:users'],
  async run(db, demo) {
    const t = typed<SupplierTables>(db);
    const buyer = demo.ids.get('user', 'buyer01');
    const plan: [string, Kind, State, string][] = [
      ['S-0001', 'FRAMEWORK', 'DRAFT', ''],
      ['S-0001', 'QUALITY', 'SENT', ''],
      ['S-0001', 'INTEGRITY', 'SIGNED', 'supplier01'],
      ['S-0001', 'FRAMEWORK', 'EXPIRED', ''],
      ['S-0002', 'INTEGRITY', 'SENT', ''],
      ['S-0002', 'QUALITY', 'REFUSED', ''],
      ['S-0002', 'FRAMEWORK', 'SIGNED', 'supplier02'],
    ];
    for (const [supplierNumber, kind, state, signer] of plan) {
      const supplierId = demo.ids.get('supplier', supplierNumber);
      const s = await t
        .selectFrom('srm_pos_supplier_info')
        .select(['supplier_name', 'tax_number'])
        .where('supplier_id', '=', supplierId)
        .executeTakeFirstOrThrow();
      const [title, template] = AGREEMENT_TEXTS[kind];
      const validFrom = state === 'EXPIRED' ? dayPlus(-400) : dayPlus(-30);
      const validTo = state === 'EXPIRED' ? dayPlus(-35) : dayPlus(335);
      const sent = state !== 'DRAFT';
      const content = sent
        ? fillVariables(template, { companyName: s.supplier_name, creditCode: s.tax_number ?? '', date: dayPlus(-20), validFrom, validTo })
        : template;
      const number = await nextDocumentNumber(db, 'AG');
      const signedAt = state === 'SIGNED' || state === 'EXPIRED' ? stampPlus(-10) : null;
      const signedBy = signedAt ? signer || 'supplier01' : null;
      const hash =
        signedAt && signedBy
          ? createHash('sha256')
              .update(
                await renderAgreementPdf(
                  {
                    agreementNumber: number,
                    agreementType: kind,
                    title,
                    content,
                    validFrom,
                    validTo,
                    supplierName: s.supplier_name,
                    creditCode: s.tax_number ?? '',
                    signerName: signedBy,
                    signedAt,
                  },
                  'CN',
                  kind,
                ),
              )
              .digest('hex')
          : null;
      await t
        .insertInto('srm_pos_agreement')
        .values({
          agreement_number: number,
          supplier_id: supplierId,
          agreement_type: kind,
          title,
          content,
          valid_from: validFrom,
          valid_to: validTo,
          status: state,
          sent_date: sent ? stampPlus(-20) : null,
          refuse_reason: state === 'REFUSED' ? 'Clause 3 (liability) must be capped at the order value; please revise.' : null,
          signed_by: signedBy,
          signed_at: signedAt,
          document_sha256: hash,
          ...auditInsert(buyer),
        })
        .execute();
    }
  },
};
