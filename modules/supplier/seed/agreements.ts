// Demo agreements of supplier01's and supplier02's companies (S-0001 华东精密钢材, S-0002 Siam Electronic) in
// every state: a draft with its variables still open, one sent to sign on each portal, one signed (signer,
// time, its signed PDF stored through the files module and the SHA-256 of those bytes: the late step
// agreementFiles), one refused with its reason and one expired. Written as the operations would.
import { auditInsert, typed } from '../../../server/db/typed.js';
import type { DemoStep } from '../../../server/modules/types.js';
import { nextDocumentNumber } from '../../../server/rest/numbering.js';
import type { FilesApi } from '../../files/api.js';
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
/** The CN names of lookup AGREEMENT_TYPE (lookups.json), as the PDF prints the type. */
const TYPE_NAMES: Record<Kind, string> = { QUALITY: '质量协议', INTEGRITY: '廉洁协议', FRAMEWORK: '框架协议' };
const stamp = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 19).replace('T', ' ') : String(v ?? '').slice(0, 19));
const day = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v ?? '')).slice(0, 10);
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
      const inserted = await t
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
          ...auditInsert(buyer),
        })
        .returning('agreement_id')
        .executeTakeFirstOrThrow();
      if (signedAt) demo.ids.set('signedAgreement', number, inserted.agreement_id);
    }
  },
};

/** The signed PDF of each signed demo agreement, printed in CN as the supplier's signature would have printed
 *  it and stored through the files module as the agreement's file: its hash is that of the stored bytes. */
export const agreementFiles: DemoStep = {
  name: 'agreementFiles',
  after: ['supplier:agreements'],
  late: true,
  async run(db, demo) {
    const t = typed<SupplierTables>(db);
    const files = demo.api<FilesApi>('files');
    for (const agreementId of demo.ids.all('signedAgreement')) {
      const a = await t
        .selectFrom('srm_pos_agreement as a')
        .innerJoin('srm_pos_supplier_info as s', 's.supplier_id', 'a.supplier_id')
        .select([
          'a.agreement_number',
          'a.agreement_type',
          'a.title',
          'a.content',
          'a.valid_from',
          'a.valid_to',
          'a.signed_by',
          'a.signed_at',
          's.supplier_name',
          's.tax_number',
        ])
        .where('a.agreement_id', '=', agreementId)
        .executeTakeFirstOrThrow();
      const number = a.agreement_number ?? String(agreementId);
      const bytes = await renderAgreementPdf(
        {
          agreementNumber: number,
          agreementType: a.agreement_type,
          title: a.title,
          content: a.content,
          validFrom: day(a.valid_from),
          validTo: day(a.valid_to),
          supplierName: a.supplier_name,
          creditCode: a.tax_number ?? '',
          signerName: a.signed_by ?? '',
          signedAt: stamp(a.signed_at),
        },
        'CN',
        TYPE_NAMES[a.agreement_type as Kind] ?? a.agreement_type,
      );
      const signer = demo.ids.get('user', a.signed_by ?? 'supplier01');
      const file = await files.storeBytes(
        db,
        { bytes, fileName: `${number}-signed.pdf`, contentType: 'application/pdf', functionId: 'srmPosAgreement', businessId: agreementId },
        signer,
      );
      await t.updateTable('srm_pos_agreement').set({ document_sha256: file.sha256, pdf_file_id: file.id }).where('agreement_id', '=', agreementId).execute();
    }
  },
};
