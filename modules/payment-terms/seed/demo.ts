// Demo payment terms, one disabled; buyer01 keeps them (the BUYER responsibility gets the menu).
import type { DemoStep } from '../../../server/modules/types.js';
import { auditInsert, typed } from '../../../server/db/typed.js';
import type { PaymentTermsTables } from '../generated/tables.js';

const TERMS: [string, string, number, number | null, number | null, 'Y' | 'N'][] = [
  ['IMMEDIATE', '货到即付 / Due on receipt', 0, null, null, 'Y'],
  ['NET30', '月结 30 天 / Net 30', 30, null, null, 'Y'],
  ['2-10-NET30', '10 天内付款折扣 2%，30 天到期 / 2/10 net 30', 30, 10, 2, 'Y'],
  ['NET60', '月结 60 天 / Net 60', 60, null, null, 'Y'],
  ['NET90', '月结 90 天 / Net 90', 90, null, null, 'N'],
];

const terms: DemoStep = {
  name: 'terms',
  after: ['admin:users'],
  async run(db, demo) {
    const buyer = demo.ids.get('user', 'buyer01');
    const rows = TERMS.map(([code, name, net, discountDays, percent, enabled]) => ({
      term_code: code,
      term_name: name,
      net_days: net,
      discount_days: discountDays,
      discount_percent: percent,
      enabled_flag: enabled,
      ...auditInsert(buyer),
    }));
    await typed<PaymentTermsTables>(db).insertInto('srm_base_payment_term').values(rows).execute();
    await demo.grant('BUYER', 'PAYMENT_TERM', ['btnAdd', 'btnEdit', 'btnView', 'btnSave', 'btnDelete', 'btnExport', 'btnImport']);
  },
};

export const paymentTermsDemo: readonly DemoStep[] = [terms];
